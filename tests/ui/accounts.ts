// Real accounts on the reference back end for the UI model tests (issue 18 §2): what another device does to the
// same server while the page under test runs (register a member, log in elsewhere, ask for a code), sent
// straight to the server with the protocol's headers (spec §7), so none of it counts as what the page sent.
import { randomUUID } from 'node:crypto';
import { compiledSignMap, createSigner, fetchRemoteSignMap, type Signer } from '../../src/api/signing.ts';
import { API_VERSION, CLIENT_WEB, CODE, HEADER, SITE_ID } from '../../src/protocol/api.ts';
import type { AuthResponse, SmsPurpose } from '../../src/protocol/member.ts';
import type { UiBackend } from '../support/ui-backend.ts';

/** A password that passes the rule (6-16, letters and digits). */
export const PASSWORD = 'pass1234';
/** spec §9: default phone country 86. */
export const CN = '86';
/** The reference back end's seeded member (server/modules/member/members.ts DEMO_PLAYER, README). */
export const DEMO_PLAYER_PHONE = '13800138000';
export const DEMO_PLAYER_PASSWORD = 'demo1234';

const base = (uuid: string): Record<string, string> => ({
  'content-type': 'application/json',
  [HEADER.client]: CLIENT_WEB,
  [HEADER.version]: API_VERSION,
  [HEADER.site]: SITE_ID,
  [HEADER.uuid]: uuid,
});

/** Another device: its own X-API-UUID. */
export class OtherDevice {
  readonly uuid = randomUUID();
  /** Signs as a browser does: the compiled map, else the server's (spec §7 vvPretty). */
  private readonly signer: Signer;
  constructor(private readonly backend: UiBackend) {
    this.signer = createSigner({
      compiled: compiledSignMap(),
      fetchRemote: () =>
        fetchRemoteSignMap(async <T>(path: string) => {
          const res = await fetch(`${backend.baseUrl}${path}`, { headers: base(this.uuid) });
          return ((await res.json()) as { data: T }).data;
        }),
    });
  }

  /** A call as this device makes it; resolves with the envelope (status_code, message, data). */
  async call<T = unknown>(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status_code: number; message: string; data: T }> {
    const headers = base(this.uuid);
    const signature = await this.signer.signatureFor(path);
    if (signature) headers[HEADER.signature] = signature;
    if (token) headers[HEADER.token] = token;
    const res = await fetch(`${this.backend.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await res.json()) as { status_code: number; message: string; data: T };
  }

  private async ok<T>(path: string, body: unknown, token?: string): Promise<T> {
    const answer = await this.call<T>(path, body, token);
    if (answer.status_code !== CODE.success)
      throw new Error(`${path}: ${answer.status_code} ${answer.message}`);
    return answer.data;
  }

  /** Asks for a code for the phone (costs one of the server's codes per address and hour). */
  sendSms(phone: string, purpose: SmsPurpose, countryCode = CN) {
    return this.call('/site/api/v1/user/sms/send', { countryCode, phone, purpose });
  }

  /** Registers a member (a code, read as the sandbox shows it, then the form); returns the session. */
  async register(phone: string, password = PASSWORD): Promise<AuthResponse> {
    await this.ok('/site/api/v1/user/sms/send', { countryCode: CN, phone, purpose: 'register' });
    const smsCode = await readSmsCode(this.backend, phone);
    return this.ok<AuthResponse>('/site/api/v1/user/register', {
      countryCode: CN,
      phone,
      smsCode,
      password,
      confirmPassword: password,
    });
  }

  /** Logs a member in on this device (spec §8 6001: the member's other sessions end). */
  login(phone: string, password = PASSWORD, remember = false): Promise<AuthResponse> {
    return this.ok<AuthResponse>('/site/api/v1/user/login', { countryCode: CN, phone, password, remember });
  }
}

/** The latest sandbox code sent to a phone (`npm run ops -- sms <phone>`). */
export async function readSmsCode(backend: UiBackend, phone: string): Promise<string> {
  const out = await backend.ops('sms', phone);
  const code = /^(\d{6})\t/.exec(out)?.[1];
  if (!code) throw new Error(`no sandbox code for ${phone}: ${out}`);
  return code;
}

let serial = 0;
/**
 * A phone number no other path used (the server keeps members between paths): 86, 1 + 3-9 + 9 digits, unique
 * per run (time-based prefix) and per call.
 */
export function freshPhone(): string {
  serial += 1;
  const stamp = String(Date.now() % 100_000).padStart(5, '0');
  return `17${stamp}${String(serial).padStart(4, '0')}`;
}
