// Operator commands not walked by ops.test.ts: `member show`, `sms` without a code, the device and config
// refusals, whole-number keys, and a database fault behind POST /__ops and the API guard.
// Behaviour: README "Operator commands"; docs/api.md "Operator endpoint", error catalogue (10001: server fault
// without internals), "Login data" (chatVipMin/chatVipMax).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { readSiteConfig } from '../../server/modules/site/config.ts';
import { OpsUsageError, runOpsCommand } from '../../server/ops/commands.ts';
import { OPS_PATH, OPS_SECRET_HEADER } from '../../server/ops/endpoint.ts';
import { CODE } from '../../src/protocol/api.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCommand(t.db, argv);

async function usageError(argv: string[]): Promise<string> {
  const err = await runOpsCommand(t.db, argv).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `ops ${argv.join(' ')}`).toBeInstanceOf(OpsUsageError);
  return (err as Error).message;
}

async function insertMember(
  phone: string,
  inviteCode: string,
  opts: { inviterId?: number; source?: string; referralBet?: string; status?: string } = {},
): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO members (phone, password_hash, invite_code, inviter_id, invite_source, referral_bet, status)
     VALUES ($1, 'none', $2, $3, $4, $5, $6) RETURNING id`,
    [
      phone,
      inviteCode,
      opts.inviterId ?? null,
      opts.source ?? null,
      opts.referralBet ?? null,
      opts.status ?? 'active',
    ],
  );
  return rows[0]!.id;
}

describe('ops member show <phone>', () => {
  let inviter: number;
  beforeAll(async () => {
    inviter = await insertMember('(86)13700000001', 'INV00001');
  });

  it('shows a member without an inviter', async () => {
    expect(await ops('member', 'show', '13700000001')).toBe(
      [`member ${inviter} (86)13700000001 (active)`, 'invite code INV00001', 'inviter -'].join('\n'),
    );
  });

  it('shows who invited a member and through which landing parameter', async () => {
    const id = await insertMember('(86)13700000002', 'INV00002', { inviterId: inviter, source: 'i_code' });
    expect(await ops('member', 'show', '13700000002')).toBe(
      [
        `member ${id} (86)13700000002 (active)`,
        'invite code INV00002',
        'inviter (86)13700000001 via i_code',
      ].join('\n'),
    );
  });

  it('shows the r_bet a referral carried, and a disabled member as such; a country prefix is kept', async () => {
    const id = await insertMember('(852)91234567', 'INV00003', {
      inviterId: inviter,
      source: 'r_code',
      referralBet: 'b42',
      status: 'disabled',
    });
    expect(await ops('member', 'show', '(852)91234567')).toBe(
      [
        `member ${id} (852)91234567 (disabled)`,
        'invite code INV00003',
        'inviter (86)13700000001 via r_code r_bet b42',
      ].join('\n'),
    );
  });

  it('says when there is no such member (an absent prefix is country 86, spec §3)', async () => {
    expect(await ops('member', 'show', '13799999999')).toBe('no member (86)13799999999');
  });

  it.each([
    [['member']],
    [['member', 'show']],
    [['member', 'list', '13700000001']],
    [['member', 'show', 'abc']],
  ])('refuses %j with the usage', async (argv) => {
    expect(await usageError(argv)).toBe('member show <phone>');
  });
});

describe('ops sms <phone>', () => {
  it('says when no code was sent to the phone', async () => {
    expect(await ops('sms', '13800000009')).toBe('no code was sent to (86)13800000009');
    expect(await ops('sms', '(852)61234567')).toBe('no code was sent to (852)61234567');
  });

  it.each([[['sms']], [['sms', 'phone']], [['sms', '(86)']]])('refuses %j with the usage', async (argv) => {
    expect(await usageError(argv)).toBe('sms <phone> (e.g. 13800138000 or (852)91234567)');
  });
});

describe('ops device', () => {
  it.each([
    [['device', 'block']],
    [['device', 'block', 'short']],
    [['device', 'block', 'has spaces in it']],
    [['device', 'frob', 'test-device-0001']],
    [['device']],
  ])('refuses %j with the usage and blocks nothing', async (argv) => {
    expect(await usageError(argv)).toBe('device block|unblock <uuid> [reason]');
    expect((await t.db.query('SELECT 1 FROM devices WHERE blocked_at IS NOT NULL')).rows).toHaveLength(0);
  });
});

describe('ops config set of a whole-number key (chatVipMin / chatVipMax, defaults 0 and 10)', () => {
  it('takes a whole number, spaces around it allowed', async () => {
    expect(await ops('config', 'set', 'chatVipMin', '3')).toBe('chatVipMin: 0 -> 3');
    expect(await ops('config', 'set', 'chatVipMax', ' 12 ')).toBe('chatVipMax: 10 -> 12');
    const config = await readSiteConfig(t.db);
    expect([config.chatVipMin, config.chatVipMax]).toEqual([3, 12]);
  });

  it.each(['-1', '1.5', 'ten', '', '1234567'])('refuses %j and keeps the value', async (value) => {
    expect(await usageError(['config', 'set', 'chatVipMin', value])).toBe(
      'chatVipMin takes a whole number (0 or more)',
    );
    expect((await readSiteConfig(t.db)).chatVipMin).toBe(3);
  });
});

describe('when the database fails', () => {
  let broken = false;
  let b: TestApp;
  beforeAll(async () => {
    const db = await createTestDb();
    const failing: Db = {
      ...db,
      query: (sql, params) =>
        broken ? Promise.reject(new Error('connection to the database lost')) : db.query(sql, params),
    };
    b = await createTestApp({}, { db: failing, opsSecret: 's3cret' });
  });
  afterAll(async () => {
    broken = false;
    await b.close();
  });

  // Runs first: the hot caches of this app are still empty, so the guard must read the restrictions.
  it('an API call whose restriction check cannot be read answers 500 with the 10001 envelope', async () => {
    broken = true;
    const res = await b.call({ method: 'POST', url: '/site/api/v1/configuration/preInfo', payload: {} });
    broken = false;
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.internal, data: null });
    // The database is back: the same call answers.
    const again = await b.call({ method: 'POST', url: '/site/api/v1/configuration/preInfo', payload: {} });
    expect(again.body.status_code).toBe(CODE.success);
  });

  it('answers 500 with the 10001 envelope and no internals', async () => {
    broken = true;
    const res = await b.app.inject({
      method: 'POST',
      url: OPS_PATH,
      remoteAddress: '127.0.0.1',
      headers: { [OPS_SECRET_HEADER]: 's3cret' },
      payload: { argv: ['restrict', 'list'] },
    });
    broken = false;
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.internal, data: null });
    expect(res.body).not.toContain('connection to the database lost');
  });
});

describe('ops input a database would refuse is a usage error, never a raw database error', () => {
  it('a notice category beyond a PostgreSQL integer, control characters in a notice or a configuration value', async () => {
    await expect(runOpsCommand(t.db, ['notice', 'add', 't', 'c', '99999999999'])).rejects.toBeInstanceOf(
      OpsUsageError,
    );
    await expect(runOpsCommand(t.db, ['notice', 'add', 't\u0000', 'c'])).rejects.toBeInstanceOf(
      OpsUsageError,
    );
    await expect(runOpsCommand(t.db, ['config', 'set', 'title', 'a\u0000b'])).rejects.toBeInstanceOf(
      OpsUsageError,
    );
  });
});
