// Shared by the payout area's UI model tests (issue 18 §2 on issue 10): the calls as docs/api.md "Payout" and
// "Withdrawals" name them, the demo player's kept login, another member of the site (for "verified on another
// account"), and what other devices do to the reference back end while the page runs (verify a real name, set the
// fund password, bind an account) — sent straight to the server, so none of it counts as what the page sent.
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { UiBackend } from '../support/ui-backend.ts';
import type { UiSeen } from '../support/ui-model.tsx';
import { compiledSignMap, createSigner, fetchRemoteSignMap } from '../../src/api/signing.ts';
import { API_VERSION, CLIENT_WEB, HEADER, SITE_ID } from '../../src/protocol/api.ts';
import type { AuthResponse } from '../../src/protocol/member.ts';
import { CN, DEMO_PLAYER_PHONE, freshPhone, OtherDevice, PASSWORD, readSmsCode } from './accounts.ts';
import { login, OtherTab } from './wallet-support.ts';

/** docs/api.md "Payout" / "Withdrawals": the calls (paths only, as the back end's hold patterns see them). */
export const PAYOUT = {
  kycStatus: /^\/fd\/api\/v1\/kyc\/status$/,
  kycVerify: /^\/fd\/api\/v1\/kyc\/verify$/,
  banks: /^\/fd\/api\/v1\/payout\/banks$/,
  accounts: /^\/fd\/api\/v1\/payout\/accounts$/,
  addAccount: /^\/fd\/api\/v1\/payout\/accounts\/add$/,
  deleteAccount: /^\/fd\/api\/v1\/payout\/accounts\/delete$/,
  fundStatus: /^\/fd\/api\/v1\/fundPassword\/status$/,
  fundSet: /^\/fd\/api\/v1\/fundPassword\/set$/,
  fundChange: /^\/fd\/api\/v1\/fundPassword\/change$/,
  options: /^\/fd\/api\/v1\/withdrawal\/options$/,
  create: /^\/fd\/api\/v1\/withdrawal\/create$/,
  list: /^\/fd\/api\/v1\/withdrawal\/list$/,
  cancel: /^\/fd\/api\/v1\/withdrawal\/cancel$/,
};

/** The same paths as text, for another device's calls. */
export const CALL = {
  kycVerify: '/fd/api/v1/kyc/verify',
  addAccount: '/fd/api/v1/payout/accounts/add',
  fundSet: '/fd/api/v1/fundPassword/set',
  fundChange: '/fd/api/v1/fundPassword/change',
  create: '/fd/api/v1/withdrawal/create',
};

/**
 * A real name and an 18-digit resident ID number that pass GB 11643 (the check character X) and belong to an
 * adult (born 1949-12-31): issue 10 §1. Shown masked as the first 3 and the last 4 characters (docs/api.md
 * KycStatus `"110***********002X"`).
 */
export const REAL_NAME = '张三';
export const ID_NUMBER = '11010519491231002X';
export const ID_MASKED = '110***********002X';

/** The calls of this step (what travelled) to a path. */
export const mine = (seen: UiSeen, re: RegExp) => seen.travelled.filter((c) => re.test(c.url));
/** Every call of the path so far to a path. */
export const callsTo = (seen: UiSeen, re: RegExp) => seen.backend.calls.filter((c) => re.test(c.url));

/** The payout area actor's child that runs the page's flow (no systemId of its own). */
export const payoutChild =
  (id: string) =>
  (get: (id: string) => AnyActorRef | undefined): AnyActorRef | undefined =>
    (get('payout')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[id];

/** A call made by another device with the demo player's session (the page's own login). */
export async function asThePlayer(backend: UiBackend, path: string, body: unknown) {
  const answer = await new OtherDevice(backend).call(path, body, login.token);
  expect(answer.status_code, `${path} by another device: ${answer.message}`).toBe(6000);
  return answer.data;
}

/**
 * Another member of the site, registered once per file (a sandbox code costs one of the address's 30 an hour):
 * its phone and session.
 */
let other: Promise<{ phone: string; token: string }> | null = null;
export function otherMember(backend: UiBackend): Promise<{ phone: string; token: string }> {
  other ??= (async () => {
    const phone = freshPhone();
    const auth = await new OtherDevice(backend).register(phone);
    return { phone, token: auth.token };
  })();
  return other;
}

/** The demo player unverified again (`npm run ops -- kyc reset`; the accounts bound under the name go too). */
export async function resetKyc(backend: UiBackend, phone = DEMO_PLAYER_PHONE): Promise<void> {
  expect(await backend.ops('kyc', 'reset', phone)).toMatch(/^(reset|member .* is not verified|no member)/);
}

// ── a member of its own per path ──

/**
 * An 18-character resident ID number that passes GB 11643 (issue 10 §1): region 110105, born 1990-01-01 (an
 * adult), the sequence `seq` (000–999), then the MOD 11-2 check character — written here from the standard, so
 * each member of a file verifies with a number of its own (docs/api.md 30025: one number, one account).
 */
export function idNumberFor(seq: number): string {
  const body = `11010519900101${String(seq % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** spec §3 local items: the token (X-API-TOKEN, also a cookie), loginInfo.isChecked, userName. */
const TOKEN_KEY = 'X-API-TOKEN';

export interface Member {
  phone: string;
  token: string;
  userName: string;
  /** The ID number it verified with (null when not verified). */
  idNumber: string | null;
}

/** The member the page under test is logged in as (set by `keptLoginOfNewMember`'s back-end step). */
export const member: Member = { phone: '', token: '', userName: '', idNumber: null };

/**
 * The server takes a client's address from X-Forwarded-For when TRUST_PROXY is on (server/config.ts); the payout
 * files turn it on for their server (`trustForwardedFor`) so that each path's new member registers from an address
 * of its own: the sandbox allows 30 codes an hour per address, and a file runs more paths than that.
 */
export function trustForwardedFor(): void {
  process.env['TRUST_PROXY'] = 'true';
}

/** Registers a member as a device at `ip` would (a code read as the sandbox shows it, then the form). */
async function registerFrom(backend: UiBackend, phone: string, ip: string): Promise<AuthResponse> {
  const uuid = `ui-${phone}`;
  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    'x-forwarded-for': ip,
    [HEADER.client]: CLIENT_WEB,
    [HEADER.version]: API_VERSION,
    [HEADER.site]: SITE_ID,
    [HEADER.uuid]: uuid,
  });
  const signer = createSigner({
    compiled: compiledSignMap(),
    fetchRemote: () =>
      fetchRemoteSignMap(async <T>(p: string) => {
        const res = await fetch(`${backend.baseUrl}${p}`, { headers: headers() });
        return ((await res.json()) as { data: T }).data;
      }),
  });
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const h = headers();
    const signature = await signer.signatureFor(p);
    if (signature) h[HEADER.signature] = signature;
    const res = await fetch(`${backend.baseUrl}${p}`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status_code: number; message: string; data: T };
    expect(answer.status_code, `${p}: ${answer.message}`).toBe(6000);
    return answer.data;
  };
  await post('/site/api/v1/user/sms/send', { countryCode: CN, phone, purpose: 'register' });
  const smsCode = await readSmsCode(backend, phone);
  return post<AuthResponse>('/site/api/v1/user/register', {
    countryCode: CN,
    phone,
    smsCode,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
}

let serial = 0;
/** Registers a member now (from an address of its own when the server trusts X-Forwarded-For). */
export async function registerMember(b: UiBackend): Promise<{ phone: string; auth: AuthResponse }> {
  const phone = freshPhone();
  serial += 1;
  const auth =
    process.env['TRUST_PROXY'] === 'true'
      ? await registerFrom(b, phone, `198.51.100.${serial % 250}`)
      : await new OtherDevice(b).register(phone);
  return { phone, auth };
}
/**
 * A device that kept the login of a member registered for this path (remember login ticked: the token cookie and
 * local item, loginInfo.isChecked, userName; spec §3/§5), real-name verified unless `verified: false`, then
 * `prepare` (accounts, the fund password …) done by another device before the page loads. One sandbox code per
 * path (the server allows 30 an hour per address).
 */
export function keptLoginOfNewMember(
  opts: {
    verified?: boolean;
    /** A member registered earlier (e.g. from a pool), instead of one registered now. */
    registered?: (backend: UiBackend) => Promise<{ phone: string; auth: AuthResponse }>;
  } = {},
  prepare?: (backend: UiBackend) => Promise<void>,
) {
  const storage: Record<string, unknown> = {};
  const backend = async (b: UiBackend) => {
    const { phone, auth } = opts.registered ? await opts.registered(b) : await registerMember(b);
    Object.assign(member, { phone, token: auth.token, userName: auth.userName, idNumber: null });
    if (opts.verified !== false) {
      serial += 1;
      const idNumber = idNumberFor(serial);
      await asMember(b, CALL.kycVerify, { realName: REAL_NAME, idNumber });
      member.idNumber = idNumber;
    }
    // WORKAROUND (framework: UiBoot has no cookies), as wallet-support's keptLogin: the token's cookie is set as
    // its local item is written.
    Object.defineProperty(storage, TOKEN_KEY, {
      enumerable: true,
      configurable: true,
      get: () => {
        document.cookie = `${TOKEN_KEY}=${auth.token}; path=/`;
        return auth.token;
      },
    });
    storage['loginInfo'] = { isChecked: true };
    storage['userName'] = auth.userName;
    await prepare?.(b);
  };
  return { storage, backend };
}

/** A call by another device of the path's member; resolves with the whole envelope. */
export function asMemberAnswer(backend: UiBackend, path: string, body: unknown) {
  return new OtherDevice(backend).call<unknown>(path, body, member.token);
}

/** A call by another device of the path's member that must succeed. */
export async function asMember(backend: UiBackend, path: string, body: unknown): Promise<unknown> {
  const answer = await asMemberAnswer(backend, path, body);
  expect(answer.status_code, `${path} by another device: ${answer.message}`).toBe(6000);
  return answer.data;
}

/** The path's member's accounts as the server lists them (another device). */
export async function accountsOfMember(backend: UiBackend): Promise<{
  accounts: Array<{ id: string; kind: string; masked: string }>;
  fundPasswordSet: boolean;
}> {
  const answer = await new OtherDevice(backend).call<never>('/fd/api/v1/payout/accounts', {}, member.token);
  expect(answer.status_code).toBe(6000);
  return answer.data;
}

/**
 * A 19-digit card number passing the Luhn check (issue 10 §2), unique per call in a file (a card is bound once
 * across the site): 622202 + a serial + the check digit, computed here from the rule.
 */
let cards = 0;
export function freshCardNumber(): string {
  cards += 1;
  const body = `622202${String(Date.now() % 1_000_000).padStart(6, '0')}${String(cards).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** A TRC20 address that passes base58check (issue 10 §2), as the account form's model uses it. */
export const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** Another tab of the path's member (its GETs too: withdrawal options, the wallet summary). */
export function memberTab(backend: UiBackend): OtherTab {
  login.token = member.token;
  return new OtherTab(backend);
}
