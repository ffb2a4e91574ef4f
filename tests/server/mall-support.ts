import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { HEADER } from '../../src/protocol/api.ts';
import type { TestApp } from '../support/test-app.ts';

// Members, sessions and calls for the coins and mall tests (tests/server/coins.test.ts, mall.test.ts).

export interface MallMember {
  id: number;
  token: string;
  phone: string;
}

let seq = 0;

export async function mallMember(t: TestApp, vipLevel = 0): Promise<MallMember> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const phone = `(86)1372${tag}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level) VALUES ($1, 'x', $2, $3) RETURNING id`,
    [phone, `ML${tag}`, vipLevel],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  return { id, token, phone };
}

export async function mallCall(t: TestApp, m: MallMember | null, url: string, payload?: unknown) {
  const res = await t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: m ? { [HEADER.token]: m.token } : {},
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

let betSeq = 0;
/** A settled valid bet of `fen` (as the venues post them). Answers its id. */
export async function validBet(
  t: TestApp,
  memberId: number,
  fen: number,
  settledAt?: string,
): Promise<number> {
  betSeq += 1;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO valid_bets (member_id, venue, bet_id, amount, settled_at) VALUES ($1, 'TEST', $2, $3, coalesce($4::timestamptz, now()))
     RETURNING id`,
    [memberId, `b${process.pid}-${betSeq}-${randomBytes(3).toString('hex')}`, fen, settledAt ?? null],
  );
  return Number(rows[0]!.id);
}

export const rid = () => `r-${randomBytes(8).toString('hex')}`;
