// Shared by the venue tests (tests/server/venue*.test.ts): an app with the demo catalogue, members who logged in
// through the API with money in their central wallet, and calls as them.
import { expect } from 'vitest';
import { seedDemo } from '../../server/db/seed.ts';
import { transfer } from '../../server/modules/ledger/ledger.ts';
import { hashPassword } from '../../server/security/password.ts';
import { CODE } from '../../src/protocol/api.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

export const PATH = {
  lobby: '/game/api/v1/venue/lobby',
  games: '/game/api/v1/venue/games',
  recent: '/game/api/v1/venue/recent',
  launch: '/game/api/v1/venue/launch',
  webTerminal: '/site/api/v1/launcher/webTerminal',
  providerParams: '/game/api/v1/venue/providerParams',
  oddsType: '/game/api/v1/venue/oddsType',
  betRecords: '/game/api/v1/bet/records',
  preInfo: '/site/api/v1/configuration/preInfo',
  summary: '/fd/api/v1/wallet/summary',
  autoTransfer: '/fd/api/v1/wallet/autoTransfer',
} as const;

export interface Player {
  id: number;
  token: string;
  phone: string;
}

/** An app on a fresh database with the demo seed (the venue catalogue of issue 11). */
export async function venueApp(over: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(over);
  expect(await seedDemo(t.db)).toBe(true);
  return t;
}

let seq = 0;
/** A member who logged in through the API, with `fen` deposited into the central wallet. */
export async function player(t: TestApp, fen = 0, prefix = '1390'): Promise<Player> {
  seq += 1;
  const phone = `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
    [`(86)${phone}`, await hashPassword('pass1234'), `V${phone.slice(-8)}`],
  );
  const res = await t.call({
    method: 'POST',
    url: '/site/api/v1/user/login',
    payload: { countryCode: '86', phone, password: 'pass1234', remember: false },
  });
  expect(res.body.status_code).toBe(CODE.success);
  const id = Number(rows[0]!.id);
  if (fen > 0)
    await transfer(t.db, {
      id: `seed-${id}-deposit`,
      from: { kind: 'cash_in' },
      to: { memberId: id, kind: 'central' },
      amount: fen,
      kind: 'deposit',
    });
  return { id, token: res.body.data.token as string, phone };
}

export const as = (
  t: TestApp,
  p: Player,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.call({
    method,
    url,
    headers: { 'X-API-TOKEN': p.token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The member's central and venue balances from the wallet summary. */
export async function balances(
  t: TestApp,
  p: Player,
): Promise<{ central: number; venues: Record<string, number> }> {
  const { body } = await as(t, p, 'GET', PATH.summary);
  expect(body.status_code).toBe(CODE.success);
  return {
    central: body.data.central.balance as number,
    venues: Object.fromEntries(
      (body.data.venues as Array<{ venue: string; balance: number }>).map((v) => [v.venue, v.balance]),
    ),
  };
}
