// issue 9 §6: two server nodes on one PostgreSQL. A balance change made through node A (the ledger on A's
// database, then A's wallet API) reaches the member's socket held by node B as the balance push (msgId 20002)
// with the new balance; a refused transfer pushes nothing. The nodes share nothing but the database: each has
// its own pool and its own LISTEN connection, so the push can only travel by PostgreSQL NOTIFY.
// PostgreSQL only (server-pg: TEST_DB_DRIVER=pg with DATABASE_URL); in the PGlite server project it is skipped.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../../server/db/pg-driver.ts';
import { balanceOf, checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashPassword } from '../../server/security/password.ts';
import { CODE } from '../../src/protocol/api.ts';
import { MSG, type BalanceChange } from '../../src/protocol/stream.ts';
import { clientHeaders } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';
import { sleep, startStreamApp, TestSocket, type StreamApp } from './stream-helpers.ts';

const ON_PG = process.env.TEST_DB_DRIVER === 'pg';
const LOGIN = '/site/api/v1/user/login';
const JWT = '/site/api/v1/user/member/jwt';
const TRANSFER = '/fd/api/v1/wallet/transfer';
const VENUE = 'TWO_NODE_QP';
/** A push crosses PostgreSQL between nodes: allow for a busy machine. */
const PUSH_MS = 5_000;
/** Nothing more arrives: wait a moment for stray pushes. */
const QUIET_MS = 300;

describe.skipIf(!ON_PG)(
  'two nodes on one PostgreSQL (issue 9 §6; skipped unless TEST_DB_DRIVER=pg: runs in server-pg)',
  () => {
    let a: StreamApp;
    let b: StreamApp;
    const sockets: TestSocket[] = [];
    let seq = 0;

    beforeAll(async () => {
      const dbA = await createTestDb();
      const { rows } = await dbA.query<{ s: string }>('SELECT current_schema() AS s');
      // Node B: its own pool and listener on the same schema (not migrated again, not dropped by B).
      const dbB = await openPg(process.env.DATABASE_URL!, rows[0]!.s);
      a = await startStreamApp({}, dbA);
      b = await startStreamApp({}, dbB);
      await a.db.query(
        `INSERT INTO venues (code, platform, name, provider, status) VALUES ($1, 'QP', '两节点棋牌', 'one', 'open')`,
        [VENUE],
      );
    });
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()));
      expect((await checkLedger(a.db)).problems).toEqual([]);
    });
    afterAll(async () => {
      // B first: closing A drops the schema.
      await b?.close();
      await a?.close();
    });

    const inject = async (
      node: StreamApp,
      method: 'GET' | 'POST',
      url: string,
      token?: string,
      payload?: object,
    ) => {
      const res = await node.app.inject({
        method,
        url,
        headers: { ...clientHeaders(url), ...(token ? { 'X-API-TOKEN': token } : {}) },
        ...(payload ? { payload } : {}),
      });
      return res.json() as { status_code: number; message: string; data: any };
    };

    /**
     * A member logged in through node A's API (the token), and a socket of the member logged in on node B with
     * the member jwt fetched from node B (the login lives in the shared database).
     */
    async function memberOnB(): Promise<{ id: number; token: string; socket: TestSocket }> {
      seq += 1;
      const phone = `1380000${String(seq).padStart(4, '0')}`;
      const { rows } = await a.db.query<{ id: string }>(
        'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
        [`(86)${phone}`, await hashPassword('pass1234'), `N${phone.slice(-8)}`],
      );
      const login = await inject(a, 'POST', LOGIN, undefined, {
        countryCode: '86',
        phone,
        password: 'pass1234',
        remember: false,
      });
      expect(login.status_code).toBe(CODE.success);
      const token = login.data.token as string;
      const jwt = await inject(b, 'GET', JWT, token);
      expect(jwt.status_code).toBe(CODE.success);
      const socket = await TestSocket.open(b.url);
      sockets.push(socket);
      expect(await socket.login(jwt.data.jwt as string)).toMatchObject({ ok: true });
      return { id: Number(rows[0]!.id), token, socket };
    }

    const central = (memberId: number) => ({ memberId, kind: 'central' as const });

    it('the nodes share nothing but the database', () => {
      expect(a.db).not.toBe(b.db);
      expect(a.url).not.toBe(b.url);
    });

    it('a deposit on node A (the ledger on its database) pushes the new balance to the socket on node B', async () => {
      const m = await memberOnB();
      const other = await memberOnB();
      await transfer(a.db, {
        id: `two-node-deposit-${m.id}`,
        from: { kind: 'cash_in' },
        to: central(m.id),
        amount: 50_000,
        kind: 'deposit',
      });
      const push = await m.socket.next<BalanceChange>(MSG.balance, PUSH_MS);
      expect(push).toMatchObject({ balance: 50_000, change: 50_000, reason: 'deposit' });
      expect((await balanceOf(b.db, central(m.id))).balance).toBe(50_000);
      await sleep(QUIET_MS);
      expect(m.socket.take(MSG.balance)).toEqual([]);
      expect(other.socket.take(MSG.balance)).toEqual([]);
    });

    it("a transfer through node A's wallet API pushes the new central balance to node B, each way", async () => {
      const m = await memberOnB();
      await transfer(a.db, {
        id: `two-node-seed-${m.id}`,
        from: { kind: 'cash_in' },
        to: central(m.id),
        amount: 10_000,
        kind: 'deposit',
      });
      expect(await m.socket.next<BalanceChange>(MSG.balance, PUSH_MS)).toMatchObject({ balance: 10_000 });

      const into = await inject(a, 'POST', TRANSFER, m.token, {
        requestId: `two-node-in-${m.id}`,
        direction: 'in',
        venue: VENUE,
        amount: 3_000,
      });
      expect(into.status_code).toBe(CODE.success);
      expect(into.data).toMatchObject({ central: 7_000, venue: { venue: VENUE, balance: 3_000 } });
      expect(await m.socket.next<BalanceChange>(MSG.balance, PUSH_MS)).toMatchObject({
        balance: 7_000,
        change: -3_000,
        reason: 'transfer_in',
      });

      const out = await inject(a, 'POST', TRANSFER, m.token, {
        requestId: `two-node-out-${m.id}`,
        direction: 'out',
        venue: VENUE,
        amount: 1_000,
      });
      expect(out.status_code).toBe(CODE.success);
      expect(await m.socket.next<BalanceChange>(MSG.balance, PUSH_MS)).toMatchObject({
        balance: 8_000,
        change: 1_000,
        reason: 'transfer_out',
      });
      // One push per movement of the central wallet: the venue leg pushes nothing.
      await sleep(QUIET_MS);
      expect(m.socket.take(MSG.balance)).toEqual([]);
    });

    it('a transfer refused as insufficient pushes nothing, on either node', async () => {
      const m = await memberOnB();
      const onA = await TestSocket.open(a.url);
      sockets.push(onA);
      const jwt = await inject(a, 'GET', JWT, m.token);
      expect(await onA.login(jwt.data.jwt as string)).toMatchObject({ ok: true });
      await transfer(a.db, {
        id: `two-node-small-${m.id}`,
        from: { kind: 'cash_in' },
        to: central(m.id),
        amount: 1_000,
        kind: 'deposit',
      });
      for (const s of [m.socket, onA])
        expect(await s.next<BalanceChange>(MSG.balance, PUSH_MS)).toMatchObject({ balance: 1_000 });

      const refused = await inject(a, 'POST', TRANSFER, m.token, {
        requestId: `two-node-over-${m.id}`,
        direction: 'in',
        venue: VENUE,
        amount: 1_001,
      });
      expect(refused.status_code).toBe(30001);
      // And the ledger directly on A: refused by the database, nothing stored, nothing published.
      await expect(
        transfer(a.db, {
          id: `two-node-over-ledger-${m.id}`,
          from: central(m.id),
          to: { memberId: m.id, kind: 'venue', venue: VENUE },
          amount: 5_000,
          kind: 'transfer_in',
        }),
      ).rejects.toMatchObject({ refusal: 'insufficient' });
      await sleep(QUIET_MS);
      expect(m.socket.take(MSG.balance)).toEqual([]);
      expect(onA.take(MSG.balance)).toEqual([]);
      expect((await balanceOf(b.db, central(m.id))).balance).toBe(1_000);

      // The channel still works afterwards: the next real change arrives (so the silence above meant something).
      const ok = await inject(a, 'POST', TRANSFER, m.token, {
        requestId: `two-node-fits-${m.id}`,
        direction: 'in',
        venue: VENUE,
        amount: 1_000,
      });
      expect(ok.status_code).toBe(CODE.success);
      expect(await m.socket.next<BalanceChange>(MSG.balance, PUSH_MS)).toMatchObject({
        balance: 0,
        change: -1_000,
      });
    });
  },
);
