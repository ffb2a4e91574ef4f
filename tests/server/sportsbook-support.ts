// Shared set-up of the sportsbook server tests: venues with their providers, members with funded venue wallets,
// venue credentials, and calls with a credential. (Not a test file: vitest runs *.test.ts only.)
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { transfer } from '../../server/modules/ledger/ledger.ts';

/** The sportsbook's venues with the providers issue 11 gives them, and a venue that is not the sportsbook's. */
export const VENUES: Array<[string, string, string, 'one' | 'two' | 'three']> = [
  ['IMTY', 'TY', 'IM 体育', 'one'],
  ['YBTY', 'TY', 'OB 体育', 'two'],
  ['FBTY', 'TY', 'FB 体育', 'three'],
  ['V188', 'TY', '188 体育', 'one'],
  ['IMDJ', 'DJ', 'IM 电竞', 'one'],
  ['LHDJ', 'DJ', '雷火电竞', 'three'],
  ['KYQP', 'QP', '开元棋牌', 'two'],
];

export async function setUpVenues(db: Db): Promise<void> {
  for (const [code, platform, name, provider] of VENUES) {
    await db.query(
      `INSERT INTO venues (code, platform, name, provider) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET provider = EXCLUDED.provider, name = EXCLUDED.name`,
      [code, platform, name, provider],
    );
  }
}

let members = 0;
/** A member (phone 138xxxxxxxx; each test file has its own database, so a counter is unique). */
export async function newMember(db: Db): Promise<{ id: number; phone: string }> {
  const phone = `138${String(++members).padStart(8, '0')}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
    [`(86)${phone}`, `SB${randomBytes(4).toString('hex')}`],
  );
  return { id: Number(rows[0]!.id), phone };
}

/** Puts play money into a member's venue wallet (from cash_in: a deposit straight into the venue). */
export async function fund(db: Db, memberId: number, venue: string, fen: number): Promise<void> {
  await transfer(db, {
    id: `test-fund:${randomBytes(8).toString('hex')}`,
    from: { kind: 'cash_in' },
    to: { memberId, kind: 'venue', venue },
    amount: fen,
    kind: 'deposit',
  });
}

/** A live venue credential (what a launch issues). */
export async function credential(
  db: Db,
  memberId: number,
  venue: string,
  ttlSeconds = 3600,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO venue_sessions (token, member_id, venue, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision))`,
    [token, memberId, venue, ttlSeconds],
  );
  return token;
}

export const requestId = () => `rq${randomBytes(8).toString('hex')}`;
