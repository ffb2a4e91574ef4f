// Shared by the wallet area's UI model tests (issue 18 §2 on issue 9): the demo player's kept login, another tab
// of the same login that moves money on the reference back end (so the balances are what a graph assumes), the
// ledger check every money path ends with, and a getter for the wallet's children that have no systemId.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { compiledSignMap, createSigner, fetchRemoteSignMap } from '../../src/api/signing.ts';
import { API_VERSION, CLIENT_WEB, CODE, HEADER, SITE_ID } from '../../src/protocol/api.ts';
import type { WalletSummary } from '../../src/protocol/wallet.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { DEMO_PLAYER_PASSWORD, DEMO_PLAYER_PHONE, OtherDevice } from './accounts.ts';

/** docs/api.md "Wallet": the calls (paths only, as the back end's hold patterns see them). */
export const PATH = {
  summary: /^\/fd\/api\/v1\/wallet\/summary$/,
  transfer: /^\/fd\/api\/v1\/wallet\/transfer$/,
  recall: /^\/fd\/api\/v1\/wallet\/recall$/,
  autoTransfer: /^\/fd\/api\/v1\/wallet\/autoTransfer$/,
  refresh: /^\/fd\/api\/v1\/wallet\/venue\/refresh$/,
  records: /^\/fd\/api\/v1\/wallet\/records$/,
};

/** spec §3 local items: the token (X-API-TOKEN), the remember-login flag (loginInfo.isChecked), userName. */
const TOKEN_KEY = 'X-API-TOKEN';

/** The demo player's session the page under test uses (set by `keptLogin`'s back-end step). */
export const login = { token: '' };

/**
 * A device that kept the demo player's login ("remember login" ticked, spec §3/§5: the X-API-TOKEN cookie and
 * local item, loginInfo.isChecked, userName), from a real login on the reference back end made before the page
 * loads (by another device: nothing of it counts as what the page sent). `prepare` then sets the back end up
 * (balances) with that session.
 */
export function keptLogin(prepare?: (backend: UiBackend) => Promise<void>) {
  const storage: Record<string, unknown> = {};
  const backend = async (b: UiBackend) => {
    const auth = await new OtherDevice(b).login(DEMO_PLAYER_PHONE, DEMO_PLAYER_PASSWORD, true);
    login.token = auth.token;
    // WORKAROUND (framework: UiBoot has no cookies): the page is prepared (cookies cleared, then the storage
    // written) after this step; the token's cookie is set as its local item is written.
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

/**
 * Another tab of the same login (the same token, its own X-API-UUID), talking straight to the server: what it
 * does is the environment, never what the page sent.
 */
export class OtherTab {
  private readonly uuid = randomUUID();
  private readonly signer;
  constructor(private readonly backend: UiBackend) {
    this.signer = createSigner({
      compiled: compiledSignMap(),
      fetchRemote: () =>
        fetchRemoteSignMap(async <T>(path: string) => {
          const res = await fetch(`${backend.baseUrl}${path}`, { headers: this.headers() });
          return ((await res.json()) as { data: T }).data;
        }),
    });
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      [HEADER.client]: CLIENT_WEB,
      [HEADER.version]: API_VERSION,
      [HEADER.site]: SITE_ID,
      [HEADER.uuid]: this.uuid,
      [HEADER.token]: login.token,
    };
  }

  /** The server's whole answer (envelope), whatever its code. */
  async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const headers = this.headers();
    const signature = await this.signer.signatureFor(path);
    if (signature) headers[HEADER.signature] = signature;
    const res = await fetch(`${this.backend.baseUrl}${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await this.send<T>(method, path, body);
    if (answer.status_code !== CODE.success)
      throw new Error(`other tab ${path}: ${answer.status_code} ${answer.message}`);
    return answer.data;
  }

  summary = () => this.call<WalletSummary>('GET', '/fd/api/v1/wallet/summary');

  transfer = (direction: 'in' | 'out', venue: string, amount: number) =>
    this.call('POST', '/fd/api/v1/wallet/transfer', { requestId: randomUUID(), direction, venue, amount });

  recall = () => this.call('POST', '/fd/api/v1/wallet/recall', { requestId: randomUUID() });

  /** Re-reads a venue wallet (docs/api.md: 6000, or 30004 within 5 s of the last refresh of that venue). */
  refresh = (venue: string) =>
    this.send<{ retryAfterMs?: number }>('POST', '/fd/api/v1/wallet/venue/refresh', { venue });
}

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

/** Where the money the graphs do not use goes (a venue no graph names). */
export const SINK = 'LYQP';

/**
 * The player's money as a graph assumes it, in fen: `central` available in the central wallet, `venues` in those
 * venues, the rest parked in the sink venue (credited by the operator when there is not enough). Done by another
 * tab of the same login (issue 9: the balances are the server's; any tab may move them).
 */
export async function setBalances(
  backend: UiBackend,
  central: number,
  venues: Record<string, number> = {},
): Promise<void> {
  const tab = new OtherTab(backend);
  await tab.recall();
  const before = await tab.summary();
  const wanted = central + Object.values(venues).reduce((s, v) => s + v, 0);
  // Recall skips venues under maintenance: their money stays where it is (none in the demo seed).
  const have = before.central.available;
  if (have < wanted) {
    const fen = wanted - have;
    await backend.ops(
      'credit',
      DEMO_PLAYER_PHONE,
      `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`,
      'ui test',
    );
  } else if (have > wanted) {
    await tab.transfer('in', SINK, have - wanted);
  }
  for (const [venue, fen] of Object.entries(venues)) if (fen > 0) await tab.transfer('in', venue, fen);
  const after = await tab.summary();
  expect(after.central.available, 'central wallet set up').toBe(central);
}

/** issue 9 (what travelled): after a money path the ledger still balances (`npm run ops -- ledger check`). */
export async function expectLedgerOk(backend: UiBackend): Promise<void> {
  expect(await backend.ops('ledger', 'check')).toMatch(/^ledger ok/);
}
