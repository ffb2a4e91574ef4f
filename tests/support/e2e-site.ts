// What the browser tests share (tests/e2e/*.test.ts): the site's API called as the site's client calls it (spec §7
// headers and signature), a new member registered through the SMS sandbox, the operator's credit, a deposit through
// the sandbox cashier, a launch, and
// axe-core's serious and critical findings on a page. (Not a test file: vitest runs *.test.ts only.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { API_VERSION, HEADER, SITE_ID, signGroupOf } from '../../src/protocol/api.ts';
import { GAMES_API, type RoundsResponse } from '../../src/protocol/games.ts';
import type { LaunchResult } from '../../src/protocol/venues.ts';
import { ops } from './ops.ts';

const signMap = deriveSignMap(DEV_SIGNING_SECRET);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The site's API as the site's client calls it; answers data or throws with the code and message. */
export function siteCall<T>(path: string, body: unknown, token?: string): Promise<T> {
  return siteCallAt<T>(inject('baseUrl'), path, body, token);
}

/** The same at a given site (outside vitest too: scripts/screens.ts). */
export async function siteCallAt<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
  /** The caller's address as a proxy forwards it (the e2e server trusts its loopback proxy). */
  from?: string,
): Promise<T> {
  const group = signGroupOf(path);
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER.client]: 'web',
      [HEADER.version]: API_VERSION,
      [HEADER.site]: SITE_ID,
      [HEADER.uuid]: '5f0c6a1e-0000-4000-8000-0000000e2e12',
      ...(group ? { [HEADER.signature]: signMap[group] } : {}),
      ...(token ? { [HEADER.token]: token } : {}),
      ...(from ? { 'X-Forwarded-For': from } : {}),
    },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { status_code: number; message: string; data: T };
  if (env.status_code !== 6000) throw new Error(`${path}: ${env.status_code} ${env.message}`);
  return env.data;
}

/** The password registerMember gives (spec §6 rules). */
export const PASSWORD = 'abc12345';

/** A new member (spec §6: phone, SMS code, password PASSWORD); answers their token. */
export async function registerMember(phone: string): Promise<string> {
  // Each member from an address of its own (from its phone's last four digits), as real visitors come: from one
  // address the suite's registrations would reach the per-address SMS limit (30 an hour).
  const from = `10.19.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2)) + 1}`;
  await siteCallAt(
    inject('baseUrl'),
    '/site/api/v1/user/sms/send',
    { countryCode: '86', phone, purpose: 'register' },
    undefined,
    from,
  );
  const code = (await ops(inject('dataDir'), 'sms', phone)).split('\t')[0]!.trim();
  const auth = await siteCall<{ token: string }>('/site/api/v1/user/register', {
    countryCode: '86',
    phone,
    smsCode: code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return auth.token;
}

/** The operator credits play money to a member's central wallet (`npm run ops -- credit`). */
export const creditMember = (phone: string, yuan: number): Promise<string> =>
  ops(inject('dataDir'), 'credit', phone, String(yuan), 'e2e');

/** A launch as the site sends it (spec §7), with the game of a grid category. */
export function launchVenue(token: string, enName: string, gameCode?: string): Promise<LaunchResult> {
  return siteCall<LaunchResult>(
    '/game/api/v1/venue/launch',
    {
      enName,
      ...(gameCode ? { gameCode } : {}),
      appSendMoney: 1,
      isSure: 1,
      isManualLaunch: 1,
      https: 0,
      isApp: 0,
      siteId: SITE_ID,
    },
    token,
  );
}

/** axe-core's serious and critical findings on a page or a frame as it is now (empty when clean). */
export async function axeFindings(target: Page | Frame): Promise<string[]> {
  await target.evaluate(AXE_SOURCE);
  const results = (await target.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<unknown> } }).axe.run(),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Text without white space (for comparing what a region says). */
export const flat = (s: string | null): string => (s ?? '').replace(/\s+/g, '');

/** Client-side navigation, as a player follows a link inside the site. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The player's rounds at a games venue (GET {GAMES_API}/rounds with the venue credential). */
export async function venueRounds(venueToken: string, game: string): Promise<RoundsResponse['rounds']> {
  const res = await fetch(`${inject('baseUrl')}${GAMES_API}/rounds?game=${game}`, {
    headers: { Authorization: `Bearer ${venueToken}` },
  });
  return ((await res.json()) as { data: RoundsResponse }).data.rounds;
}

/**
 * A credited deposit through the sandbox cashier (issue 9 §3): the order (its caller-made `requestId`), then the
 * cashier's pay button's post; waits until the order is paid. Answers the order id.
 */
export async function depositThroughCashier(token: string, requestId: string, fen: number): Promise<string> {
  const baseUrl = inject('baseUrl');
  const order = await siteCall<{ orderId: string; cashierUrl: string }>(
    '/fd/api/v1/deposit/order',
    { requestId, channel: 'alipay', amount: fen },
    token,
  );
  const url = new URL(order.cashierUrl, baseUrl);
  const res = await fetch(`${baseUrl}${url.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ t: url.searchParams.get('t'), action: 'pay' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const state = async () =>
    (await siteCall<{ state: string }>('/fd/api/v1/deposit/order/detail', { orderId: order.orderId }, token))
      .state;
  await expect.poll(state, { timeout: 15_000 }).toBe('paid');
  return order.orderId;
}
