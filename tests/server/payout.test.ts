// Real-name verification, payout accounts and the fund password (issue 10 §1–3; docs/payout.md, docs/api.md
// "Payout"): every rule and every code, the races (one card bound once, one ID verified once, parallel wrong
// fund passwords never more than FUND_PASSWORD_MAX_TRIES), and `ops kyc reset`. PGlite, and PostgreSQL in
// server-pg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MEMBER_CODE } from '../../src/protocol/member.ts';
import { idCheckChar, luhnValid } from '../../src/protocol/payout-rules.ts';
import {
  FUND_PASSWORD_LOCK_MS,
  FUND_PASSWORD_MAX_TRIES,
  PAYOUT_ACCOUNT_LIMIT,
  PAYOUT_PATH,
  WECHAT_QR_MAX_BYTES,
} from '../../src/protocol/payout.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { findPayoutAccount, payoutAccountForPayout } from '../../server/modules/payout/accounts.ts';
import { checkFundPassword, fundPasswordStatus } from '../../server/modules/payout/fund-password.ts';
import { idNumberHash, kycStatus } from '../../server/modules/payout/kyc.ts';
import type { ApiError } from '../../server/http/envelope.ts';
import { hashPassword } from '../../server/security/password.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('pass1234');
});
afterAll(() => t.close());

interface Player {
  id: number;
  token: string;
  phone: string;
}

async function player(): Promise<Player> {
  seq += 1;
  const phone = `1360000${String(seq).padStart(4, '0')}`;
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
    [`(86)${phone}`, passwordHash, `P${phone.slice(-8)}`],
  );
  const res = await t.call({
    method: 'POST',
    url: '/site/api/v1/user/login',
    payload: { countryCode: '86', phone, password: 'pass1234', remember: false },
  });
  expect(res.body.status_code).toBe(CODE.success);
  return { id: Number(rows[0]!.id), token: res.body.data.token as string, phone };
}

const as = (p: Player, url: string, payload?: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') =>
  t.call({
    method,
    url,
    headers: { 'X-API-TOKEN': p.token },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });

/** Today in China, as the server counts ages. */
function chinaDate(offsetDays = 0): { y: number; m: number; d: number } {
  const d = new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}
const pad = (n: number, w: number) => String(n).padStart(w, '0');

let idSeq = 0;
/** A fresh valid ID number (Beijing Chaoyang) born on that date. */
function idNumber(birth = '19900101'): string {
  idSeq += 1;
  const first17 = `110105${birth}${pad(idSeq % 1000, 3)}`;
  return first17 + idCheckChar(first17);
}

let cardSeq = 0;
/** A fresh valid 16-digit card number. */
function cardNumber(): string {
  cardSeq += 1;
  const body = `62${pad(cardSeq + 4_000_000, 13)}`;
  return body + [...'0123456789'].find((d) => luhnValid(body + d))!;
}

async function verified(name = '张三'): Promise<Player> {
  const p = await player();
  const res = await as(p, PAYOUT_PATH.kycVerify, { realName: name, idNumber: idNumber() });
  expect(res.body.status_code).toBe(CODE.success);
  return p;
}

const bankInput = (account = cardNumber()) => ({
  kind: 'bank',
  account,
  bankCode: 'ICBC',
  province: '广东省',
  city: '深圳市',
});
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const usdtInput = { kind: 'usdt', account: TRC20, network: 'TRC20', label: '我的钱包' };

async function withFundPassword(p: Player, password = '135790'): Promise<void> {
  const res = await as(p, PAYOUT_PATH.fundPasswordSet, { password });
  expect(res.body.status_code).toBe(CODE.success);
}

describe('every payout route is member only', () => {
  it('answers 10004 without a token (a well-formed body: validation runs first)', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      [PAYOUT_PATH.kycVerify]: { realName: '张三', idNumber: '11010519491231002X' },
      [PAYOUT_PATH.addAccount]: usdtInput,
      [PAYOUT_PATH.deleteAccount]: { id: '1' },
      [PAYOUT_PATH.fundPasswordSet]: { password: '123456' },
      [PAYOUT_PATH.fundPasswordChange]: { smsCode: '123456', password: '123456' },
    };
    for (const url of Object.values(PAYOUT_PATH).filter((u) => !u.includes('withdrawal'))) {
      const res = await t.call({ method: 'POST', url, payload: bodies[url] ?? {} });
      expect(res.body.status_code, url).toBe(CODE.tokenInvalid);
    }
    for (const url of [
      PAYOUT_PATH.kycStatus,
      PAYOUT_PATH.banks,
      PAYOUT_PATH.accounts,
      PAYOUT_PATH.fundPasswordStatus,
    ]) {
      expect((await t.call({ method: 'GET', url })).body.status_code, url).toBe(CODE.tokenInvalid);
    }
  });
});

describe('real-name verification (issue 10 §1)', () => {
  it('answers unverified, then verified with the ID masked; GET and POST alike', async () => {
    const p = await player();
    for (const method of ['GET', 'POST'] as const) {
      const res = await as(p, PAYOUT_PATH.kycStatus, undefined, method);
      expect(res.body).toMatchObject({
        status_code: CODE.success,
        data: { verified: false, realName: null, idMasked: null, verifiedAt: null },
      });
    }
    const id = idNumber('19900101');
    const res = await as(p, PAYOUT_PATH.kycVerify, { realName: ' 张三 ', idNumber: id.toLowerCase() });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toMatchObject({
      verified: true,
      realName: '张三',
      idMasked: `${id.slice(0, 3)}***********${id.slice(-4)}`,
    });
    expect(Date.parse(res.body.data.verifiedAt)).toBeGreaterThan(0);
    expect((await as(p, PAYOUT_PATH.kycStatus, undefined, 'GET')).body.data).toEqual(res.body.data);
  });

  it('keeps no full ID number: only its keyed hash and the masked form', async () => {
    const p = await player();
    const id = idNumber('19850615');
    await as(p, PAYOUT_PATH.kycVerify, { realName: '李四', idNumber: id });
    const { rows } = await t.db.query('SELECT * FROM kyc_verifications WHERE member_id = $1', [p.id]);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(JSON.stringify(rows)).not.toContain(id.slice(6, 14));
    expect(rows[0]).toMatchObject({ id_hash: idNumberHash(DEV_SIGNING_SECRET, id) });
  });

  it('takes a foreign name with the middle dot, normalising • and ・ to ·', async () => {
    const p = await player();
    const res = await as(p, PAYOUT_PATH.kycVerify, {
      realName: '阿卜杜拉\u2022买买提',
      idNumber: idNumber(),
    });
    expect(res.body.data.realName).toBe('阿卜杜拉·买买提');
    const q = await player();
    const res2 = await as(q, PAYOUT_PATH.kycVerify, { realName: '玛丽\u30FB安', idNumber: idNumber() });
    expect(res2.body.data.realName).toBe('玛丽·安');
  });

  it('refuses a name that is not a real name (30023)', async () => {
    const p = await player();
    for (const realName of ['张', 'Zhang San', '张三3', '·张三', '张三·', '张'.repeat(21)]) {
      const res = await as(p, PAYOUT_PATH.kycVerify, { realName, idNumber: idNumber() });
      expect(res.body.status_code, realName).toBe(CODE.kycInvalid);
      expect(res.body.message).toMatch(/真实姓名/);
    }
  });

  it('refuses an ID with a wrong check character, length, province or birth date (30023)', async () => {
    const p = await player();
    const good = idNumber('19900101');
    const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const tomorrow = chinaDate(1);
    const future = `110105${tomorrow.y}${pad(tomorrow.m, 2)}${pad(tomorrow.d, 2)}001`;
    const bad = [
      wrongCheck,
      good.slice(0, 17),
      `${good}1`,
      `990105199001010010`.slice(0, 17) + idCheckChar('99010519900101001'),
      '11010518991231001' + idCheckChar('11010518991231001'),
      '11010519900230001' + idCheckChar('11010519900230001'),
      future + idCheckChar(future),
      'abcdefghijklmnopqr',
    ];
    for (const idNumber of bad) {
      const res = await as(p, PAYOUT_PATH.kycVerify, { realName: '张三', idNumber });
      expect(res.body.status_code, idNumber).toBe(CODE.kycInvalid);
      expect(res.body.message).toMatch(/身份证/);
    }
    expect((await as(p, PAYOUT_PATH.kycStatus)).body.data.verified).toBe(false);
  });

  it('needs 18 full years on today (30024): 18 today passes, 18 tomorrow does not', async () => {
    const today = chinaDate();
    const tomorrow = chinaDate(1);
    const born = (d: { y: number; m: number; d: number }) => {
      // 18 years before that date; 29 February falls back to the 28th (still under age tomorrow).
      const day = d.m === 2 && d.d === 29 ? 28 : d.d;
      return `${d.y - 18}${pad(d.m, 2)}${pad(day, 2)}`;
    };
    const p = await player();
    const young = await as(p, PAYOUT_PATH.kycVerify, {
      realName: '王五',
      idNumber: idNumber(born(tomorrow)),
    });
    expect(young.body.status_code).toBe(CODE.kycUnderAge);
    expect(young.body.message).toMatch(/18/);
    const ok = await as(p, PAYOUT_PATH.kycVerify, { realName: '王五', idNumber: idNumber(born(today)) });
    expect(ok.body.status_code).toBe(CODE.success);
  });

  it('cannot be changed once verified (30022)', async () => {
    const p = await verified('赵六');
    const res = await as(p, PAYOUT_PATH.kycVerify, { realName: '钱七', idNumber: idNumber() });
    expect(res.body.status_code).toBe(CODE.kycAlreadyVerified);
    expect((await kycStatus(t.db, p.id)).realName).toBe('赵六');
  });

  it('refuses an ID verified on another account (30025)', async () => {
    const id = idNumber('19800808');
    const a = await player();
    const b = await player();
    expect((await as(a, PAYOUT_PATH.kycVerify, { realName: '孙八', idNumber: id })).body.status_code).toBe(
      CODE.success,
    );
    const res = await as(b, PAYOUT_PATH.kycVerify, { realName: '孙八', idNumber: id.toLowerCase() });
    expect(res.body.status_code).toBe(CODE.kycTaken);
  });

  it('verifies one ID once under parallel requests from five members', async () => {
    const id = idNumber('19750505');
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => player()));
    const codes = (
      await Promise.all(players.map((p) => as(p, PAYOUT_PATH.kycVerify, { realName: '周九', idNumber: id })))
    ).map((r) => r.body.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.kycTaken)).toHaveLength(4);
  });

  it('verifies one member once under parallel requests with different IDs', async () => {
    const p = await player();
    const codes = (
      await Promise.all(
        [1, 2, 3, 4].map(() => as(p, PAYOUT_PATH.kycVerify, { realName: '吴十', idNumber: idNumber() })),
      )
    ).map((r) => r.body.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.kycAlreadyVerified)).toHaveLength(3);
  });

  it('refuses malformed bodies with 10003, never 5xx', async () => {
    const p = await player();
    for (const payload of [
      {},
      { realName: '张三' },
      { realName: 1, idNumber: 2 },
      { realName: '张三', idNumber: 'x'.repeat(99) },
    ]) {
      const res = await as(p, PAYOUT_PATH.kycVerify, payload);
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(CODE.validation);
    }
  });
});

describe('npm run ops -- kyc reset <phone>', () => {
  it('clears the verification and the accounts bound under the name, keeping usdt', async () => {
    const p = await verified('郑一');
    expect((await as(p, PAYOUT_PATH.addAccount, bankInput())).body.status_code).toBe(CODE.success);
    expect((await as(p, PAYOUT_PATH.addAccount, usdtInput)).body.status_code).toBe(CODE.success);
    const out = await runOpsCommand(t.db, ['kyc', 'reset', p.phone]);
    expect(out).toMatch(
      new RegExp(`reset real-name verification of member ${p.id} \\(\\(86\\)${p.phone}\\); 1 payout`),
    );
    expect((await kycStatus(t.db, p.id)).verified).toBe(false);
    const list = (await as(p, PAYOUT_PATH.accounts)).body.data;
    expect(list.accounts.map((a: { kind: string }) => a.kind)).toEqual(['usdt']);
    // Verifiable again, with another name.
    const res = await as(p, PAYOUT_PATH.kycVerify, { realName: '郑二', idNumber: idNumber() });
    expect(res.body.data.realName).toBe('郑二');
  });

  it('says plainly when the member is unknown or not verified, and shows the usage otherwise', async () => {
    expect(await runOpsCommand(t.db, ['kyc', 'reset', '13999999999'])).toBe(
      'no member with phone (86)13999999999: nothing reset',
    );
    const p = await player();
    expect(await runOpsCommand(t.db, ['kyc', 'reset', `(86)${p.phone}`])).toMatch(
      /is not verified: nothing reset/,
    );
    await expect(runOpsCommand(t.db, ['kyc'])).rejects.toThrow(/kyc reset <phone>/);
    await expect(runOpsCommand(t.db, ['kyc', 'reset'])).rejects.toThrow(/kyc reset <phone>/);
    await expect(runOpsCommand(t.db, ['kyc', 'reset', 'abc'])).rejects.toThrow(/kyc reset <phone>/);
  });
});

describe('banks and payout accounts (issue 10 §2)', () => {
  it('lists the banks, GET and POST', async () => {
    const p = await player();
    for (const method of ['GET', 'POST'] as const) {
      const res = await as(p, PAYOUT_PATH.banks, undefined, method);
      expect(res.body.data.banks).toEqual(expect.arrayContaining([{ code: 'ICBC', name: '中国工商银行' }]));
      expect(res.body.data.banks.length).toBeGreaterThanOrEqual(17);
    }
  });

  it('needs real-name verification for every kind but usdt (30021)', async () => {
    const p = await player();
    for (const input of [
      bankInput(),
      { kind: 'alipay', account: '13812341234' },
      { kind: 'wechat', account: 'wx_abc123' },
      { kind: 'ebpay', account: 'EB1234567890123456' },
      { kind: 'koipay', account: 'KP123456789012' },
      { kind: 'sharelife', account: 'SL1234567890' },
      { kind: 'digital', account: '0012345678901234' },
    ]) {
      const res = await as(p, PAYOUT_PATH.addAccount, input);
      expect(res.body.status_code, input.kind).toBe(CODE.kycRequired);
    }
    const res = await as(p, PAYOUT_PATH.addAccount, usdtInput);
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toMatchObject({
      kind: 'usdt',
      holder: null,
      network: 'TRC20',
      label: '我的钱包',
      masked: 'TR7NHq…Lj6t',
    });
  });

  it('binds a card masked, the holder being the verified name, and lists it', async () => {
    const p = await verified('陈小明');
    const card = cardNumber();
    const res = await as(p, PAYOUT_PATH.addAccount, { ...bankInput(card), branch: '深圳南山支行' });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toMatchObject({
      kind: 'bank',
      masked: `**** **** **** ${card.slice(-4)}`,
      holder: '陈小明',
      bankCode: 'ICBC',
      bankName: '中国工商银行',
      province: '广东省',
      city: '深圳市',
      branch: '深圳南山支行',
      network: null,
      label: null,
      hasQr: false,
    });
    const list = await as(p, PAYOUT_PATH.accounts, undefined, 'GET');
    expect(list.body.data).toMatchObject({
      accounts: [res.body.data],
      limits: PAYOUT_ACCOUNT_LIMIT,
      kycVerified: true,
      fundPasswordSet: false,
    });
    expect(JSON.stringify(list.body.data)).not.toContain(card);
    expect(await findPayoutAccount(t.db, p.id, res.body.data.id)).toEqual(res.body.data);
    expect(await payoutAccountForPayout(t.db, p.id, res.body.data.id)).toMatchObject({
      account: card,
      deleted: false,
    });
  });

  it('refuses a field that fails its rule with 30031, naming the field', async () => {
    const p = await verified();
    const cases: Array<[Record<string, unknown>, string]> = [
      [bankInput('6200000000000006'), 'account'],
      [bankInput('620000000000000'), 'account'],
      [{ ...bankInput(), bankCode: 'NOPE' }, 'bankCode'],
      [{ ...bankInput(), bankCode: undefined }, 'bankCode'],
      [{ ...bankInput(), city: '杭州市' }, 'region'],
      [{ ...bankInput(), province: undefined }, 'region'],
      [{ ...bankInput(), branch: '支'.repeat(41) }, 'branch'],
      [{ kind: 'alipay', account: '12345' }, 'account'],
      [{ kind: 'wechat', account: '1abcdef' }, 'account'],
      [{ kind: 'wechat', account: 'wx_abc123', qrImage: 'data:image/gif;base64,R0lGODlh' }, 'qrImage'],
      [{ kind: 'ebpay', account: 'EB123' }, 'account'],
      [{ kind: 'koipay', account: 'KP12345678901' }, 'account'],
      [{ kind: 'sharelife', account: 'SL12345' }, 'account'],
      [{ kind: 'digital', account: '123456789012345' }, 'account'],
      [{ ...usdtInput, account: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'account'],
      [{ ...usdtInput, network: 'ERC20' }, 'account'],
      [{ ...usdtInput, account: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', network: 'ERC20' }, 'account'],
      [{ ...usdtInput, network: undefined }, 'network'],
      [{ ...usdtInput, label: '' }, 'label'],
      [{ ...usdtInput, label: '字'.repeat(21) }, 'label'],
    ];
    for (const [input, field] of cases) {
      const res = await as(p, PAYOUT_PATH.addAccount, JSON.parse(JSON.stringify(input)));
      expect(res.body, JSON.stringify(input)).toMatchObject({
        status_code: CODE.payoutAccountInvalid,
        data: { field },
      });
      expect(res.body.message).toMatch(/不正确/);
    }
    expect((await as(p, PAYOUT_PATH.accounts)).body.data.accounts).toEqual([]);
  });

  it('binds each e-wallet kind, masked', async () => {
    const p = await verified('林一');
    const expected: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'alipay', account: '13812341234' }, '138****1234'],
      [{ kind: 'alipay', account: 'Lin@Example.com' }, 'l***@example.com'],
      [{ kind: 'wechat', account: 'wxid_lin01' }, 'wx****in01'],
      [{ kind: 'ebpay', account: 'EB1234567890123456' }, 'EB****3456'],
      [{ kind: 'koipay', account: 'KP123456789012' }, 'KP****9012'],
      [{ kind: 'sharelife', account: 'SL1234567890' }, 'SL****7890'],
      [{ kind: 'digital', account: '0012345678901234' }, '00****1234'],
      [
        { ...usdtInput, account: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', network: 'ERC20' },
        '0x5aAe…eAed',
      ],
    ];
    for (const [input, masked] of expected) {
      const res = await as(p, PAYOUT_PATH.addAccount, input);
      expect(res.body.status_code, JSON.stringify(input)).toBe(CODE.success);
      expect(res.body.data.masked).toBe(masked);
      expect(res.body.data.holder).toBe(input.kind === 'usdt' ? null : '林一');
    }
  });

  it('keeps the WeChat QR image and never answers it: hasQr', async () => {
    const p = await verified();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    const qrImage = `data:image/png;base64,${png.toString('base64')}`;
    const res = await as(p, PAYOUT_PATH.addAccount, { kind: 'wechat', account: 'wx_qr_001', qrImage });
    expect(res.body.data.hasQr).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('base64');
    const list = await as(p, PAYOUT_PATH.accounts);
    expect(list.body.data.accounts[0].hasQr).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('base64');
    const { rows } = await t.db.query('SELECT qr_image FROM payout_accounts WHERE id = $1', [
      res.body.data.id,
    ]);
    expect(rows[0]).toEqual({ qr_image: qrImage });
    // Too large (decoded): 30031.
    const big = Buffer.concat([png, Buffer.alloc(WECHAT_QR_MAX_BYTES)]).toString('base64');
    const tooBig = await as(p, PAYOUT_PATH.addAccount, {
      kind: 'wechat',
      account: 'wx_qr_002',
      qrImage: `data:image/png;base64,${big}`,
    });
    expect([CODE.payoutAccountInvalid, CODE.validation]).toContain(tooBig.body.status_code);
    // A JPEG whose bytes are a PNG: 30031.
    const lie = await as(p, PAYOUT_PATH.addAccount, {
      kind: 'wechat',
      account: 'wx_qr_003',
      qrImage: `data:image/jpeg;base64,${png.toString('base64')}`,
    });
    expect(lie.body).toMatchObject({ status_code: CODE.payoutAccountInvalid, data: { field: 'qrImage' } });
  });

  it('binds at most PAYOUT_ACCOUNT_LIMIT of a kind (30032: 5 cards)', async () => {
    const p = await verified();
    for (let i = 0; i < PAYOUT_ACCOUNT_LIMIT.bank; i++) {
      expect((await as(p, PAYOUT_PATH.addAccount, bankInput())).body.status_code).toBe(CODE.success);
    }
    const res = await as(p, PAYOUT_PATH.addAccount, bankInput());
    expect(res.body).toMatchObject({ status_code: CODE.payoutAccountLimit, data: { limit: 5 } });
    expect(res.body.message).toBe('银行卡最多可绑定 5 个');
    // Another kind still has room.
    expect(
      (await as(p, PAYOUT_PATH.addAccount, { kind: 'alipay', account: '13812345678' })).body.status_code,
    ).toBe(CODE.success);
  });

  it('holds the limit under parallel adds (8 different cards, 5 bound)', async () => {
    const p = await verified();
    const codes = (
      await Promise.all(Array.from({ length: 8 }, () => as(p, PAYOUT_PATH.addAccount, bankInput())))
    ).map((r) => r.body.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(5);
    expect(codes.filter((c) => c === CODE.payoutAccountLimit)).toHaveLength(3);
  });

  it('binds a card once on the whole site, and an account once per member (30033)', async () => {
    const a = await verified();
    const b = await verified();
    const card = cardNumber();
    expect((await as(a, PAYOUT_PATH.addAccount, bankInput(card))).body.status_code).toBe(CODE.success);
    const spaced = card.replace(/(\d{4})/g, '$1 ').trim();
    const again = await as(a, PAYOUT_PATH.addAccount, { ...bankInput(spaced), bankCode: 'CMB' });
    expect(again.body.status_code).toBe(CODE.payoutAccountTaken);
    const other = await as(b, PAYOUT_PATH.addAccount, bankInput(card));
    expect(other.body).toMatchObject({
      status_code: CODE.payoutAccountTaken,
      message: '该银行卡已被绑定，不能重复绑定',
    });
    // The same e-wallet twice for one member is refused; another member may bind it.
    expect(
      (await as(a, PAYOUT_PATH.addAccount, { kind: 'alipay', account: 'same@x.com' })).body.status_code,
    ).toBe(CODE.success);
    expect(
      (await as(a, PAYOUT_PATH.addAccount, { kind: 'alipay', account: 'SAME@x.com' })).body.status_code,
    ).toBe(CODE.payoutAccountTaken);
    expect(
      (await as(b, PAYOUT_PATH.addAccount, { kind: 'alipay', account: 'same@x.com' })).body.status_code,
    ).toBe(CODE.success);
    // An ERC20 address in another case is the same account.
    expect(
      (
        await as(a, PAYOUT_PATH.addAccount, {
          ...usdtInput,
          account: '0xde709f2102306220921060314715629080e2fb77',
          network: 'ERC20',
        })
      ).body.status_code,
    ).toBe(CODE.success);
    expect(
      (
        await as(a, PAYOUT_PATH.addAccount, {
          ...usdtInput,
          account: '0xDE709F2102306220921060314715629080E2FB77',
          network: 'ERC20',
        })
      ).body.status_code,
    ).toBe(CODE.payoutAccountTaken);
  });

  it('binds one card once when two members add it 20 times in parallel', async () => {
    const a = await verified();
    const b = await verified();
    const card = cardNumber();
    const codes = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => as(i % 2 ? a : b, PAYOUT_PATH.addAccount, bankInput(card))),
      )
    ).map((r) => r.body.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.payoutAccountTaken)).toHaveLength(19);
    const { rows } = await t.db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM payout_accounts WHERE member_id IN ($1, $2) AND kind = 'bank' AND deleted_at IS NULL`,
      [a.id, b.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('deletes an account (30034 when unknown or another member’s); the card can then be bound again', async () => {
    const a = await verified();
    const b = await verified();
    const card = cardNumber();
    const added = (await as(a, PAYOUT_PATH.addAccount, bankInput(card))).body.data;
    expect((await as(b, PAYOUT_PATH.deleteAccount, { id: added.id })).body.status_code).toBe(
      CODE.payoutAccountNotFound,
    );
    for (const id of ['999999999', 'abc', '0', '-1', '1'.repeat(20)]) {
      expect((await as(a, PAYOUT_PATH.deleteAccount, { id })).body.status_code, id).toBeOneOf([
        CODE.payoutAccountNotFound,
        CODE.validation,
      ]);
    }
    expect((await as(a, PAYOUT_PATH.deleteAccount, { id: added.id })).body).toMatchObject({
      status_code: CODE.success,
      data: { id: added.id },
    });
    expect((await as(a, PAYOUT_PATH.deleteAccount, { id: added.id })).body.status_code).toBe(
      CODE.payoutAccountNotFound,
    );
    expect((await as(a, PAYOUT_PATH.accounts)).body.data.accounts).toEqual([]);
    expect(await findPayoutAccount(t.db, a.id, added.id)).toBeNull();
    // A withdrawal still sees the account it was made to.
    expect(await payoutAccountForPayout(t.db, a.id, added.id)).toMatchObject({
      deleted: true,
      account: card,
    });
    expect((await as(b, PAYOUT_PATH.addAccount, bankInput(card))).body.status_code).toBe(CODE.success);
  });

  it('asks for the fund password to add and delete once it is set', async () => {
    const p = await verified();
    const first = (await as(p, PAYOUT_PATH.addAccount, bankInput())).body.data;
    await withFundPassword(p, '246810');
    expect((await as(p, PAYOUT_PATH.accounts)).body.data.fundPasswordSet).toBe(true);
    const missing = await as(p, PAYOUT_PATH.addAccount, bankInput());
    expect(missing.body).toMatchObject({ status_code: CODE.fundPasswordWrong, data: { triesLeft: 4 } });
    const wrong = await as(p, PAYOUT_PATH.addAccount, { ...bankInput(), fundPassword: '111111' });
    expect(wrong.body).toMatchObject({ status_code: CODE.fundPasswordWrong, data: { triesLeft: 3 } });
    expect(wrong.body.message).toBe('资金密码错误，还可以尝试 3 次');
    const right = await as(p, PAYOUT_PATH.addAccount, { ...bankInput(), fundPassword: '246810' });
    expect(right.body.status_code).toBe(CODE.success);
    expect((await fundPasswordStatus(t.db, p.id)).triesLeft).toBe(FUND_PASSWORD_MAX_TRIES);
    expect((await as(p, PAYOUT_PATH.deleteAccount, { id: first.id })).body.status_code).toBe(
      CODE.fundPasswordWrong,
    );
    expect(
      (await as(p, PAYOUT_PATH.deleteAccount, { id: first.id, fundPassword: '246810' })).body.status_code,
    ).toBe(CODE.success);
  });

  it('refuses malformed bodies with 10003', async () => {
    const p = await verified();
    for (const payload of [
      {},
      { kind: 'paypal', account: 'x' },
      { kind: 'bank' },
      { ...bankInput(), extra: 1 },
      { ...usdtInput, network: 'BEP20' },
      { kind: 'alipay', account: 'x'.repeat(200) },
    ]) {
      expect((await as(p, PAYOUT_PATH.addAccount, payload)).body.status_code, JSON.stringify(payload)).toBe(
        CODE.validation,
      );
    }
    expect((await as(p, PAYOUT_PATH.deleteAccount, {})).body.status_code).toBe(CODE.validation);
  });
});

describe('the fund password (issue 10 §3)', () => {
  it('answers its status, is set once (30044), 6 digits only (10003)', async () => {
    const p = await player();
    for (const method of ['GET', 'POST'] as const) {
      expect((await as(p, PAYOUT_PATH.fundPasswordStatus, undefined, method)).body.data).toEqual({
        set: false,
        triesLeft: FUND_PASSWORD_MAX_TRIES,
        lockedUntil: null,
      });
    }
    for (const password of ['12345', '1234567', 'abcdef', '12345a', '', '１２３４５６']) {
      const res = await as(p, PAYOUT_PATH.fundPasswordSet, { password });
      expect(res.body.status_code, password).toBe(CODE.validation);
      expect(res.body.message).toBe('资金密码须为 6 位数字');
    }
    const set = await as(p, PAYOUT_PATH.fundPasswordSet, { password: '123456' });
    expect(set.body).toMatchObject({
      status_code: CODE.success,
      data: { set: true, triesLeft: 5, lockedUntil: null },
    });
    const again = await as(p, PAYOUT_PATH.fundPasswordSet, { password: '654321' });
    expect(again.body.status_code).toBe(CODE.fundPasswordAlreadySet);
    const { rows } = await t.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM fund_passwords WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain('123456');
  });

  it('is set once under parallel sets', async () => {
    const p = await player();
    const codes = (
      await Promise.all(
        ['111111', '222222', '333333'].map((password) => as(p, PAYOUT_PATH.fundPasswordSet, { password })),
      )
    ).map((r) => r.body.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.fundPasswordAlreadySet)).toHaveLength(2);
  });

  it('checkFundPassword: none set refuses when required (30041), passes when not', async () => {
    const p = await player();
    await expect(checkFundPassword(t.db, p.id, undefined, { required: true })).rejects.toMatchObject({
      code: CODE.fundPasswordNotSet,
    });
    await expect(checkFundPassword(t.db, p.id, '123456', { required: false })).resolves.toBeUndefined();
  });

  it('refuses to run inside a transaction (the count must outlive a rollback)', async () => {
    const p = await player();
    await expect(
      t.db.transaction((tx) => checkFundPassword(tx, p.id, '123456', { required: true })),
    ).rejects.toThrow(/outside any transaction/);
  });

  it('locks after FUND_PASSWORD_MAX_TRIES wrong tries for FUND_PASSWORD_LOCK_MS; a right one resets the count', async () => {
    const p = await player();
    await withFundPassword(p, '112233');
    const now = Date.now();
    const attempt = (password: string | undefined, at = now) =>
      checkFundPassword(t.db, p.id, password, { required: true, now: at }).then(
        () => null,
        (e: ApiError) => ({ code: e.code, data: e.data, message: e.message }),
      );
    expect(await attempt('000000')).toMatchObject({ code: CODE.fundPasswordWrong, data: { triesLeft: 4 } });
    expect(await attempt('112233')).toBeNull();
    expect((await fundPasswordStatus(t.db, p.id, now)).triesLeft).toBe(5);
    for (let left = 4; left >= 1; left--) {
      expect(await attempt(left % 2 ? undefined : '999999')).toMatchObject({
        code: CODE.fundPasswordWrong,
        data: { triesLeft: left },
      });
    }
    const locked = await attempt('000001');
    expect(locked).toMatchObject({
      code: CODE.fundPasswordLocked,
      data: { lockedUntil: now + FUND_PASSWORD_LOCK_MS },
    });
    expect(locked!.message).toMatch(/已锁定 30 分钟.*北京时间/);
    expect(await fundPasswordStatus(t.db, p.id, now + 1000)).toEqual({
      set: true,
      triesLeft: 0,
      lockedUntil: now + FUND_PASSWORD_LOCK_MS,
    });
    // Locked: even the right password is refused, and nothing more is counted.
    expect(await attempt('112233', now + 1000)).toMatchObject({ code: CODE.fundPasswordLocked });
    const { rows } = await t.db.query<{ wrong_tries: number }>(
      'SELECT wrong_tries FROM fund_passwords WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.wrong_tries).toBe(FUND_PASSWORD_MAX_TRIES);
    // The lock runs out: the count starts over.
    const later = now + FUND_PASSWORD_LOCK_MS;
    expect(await fundPasswordStatus(t.db, p.id, later)).toEqual({
      set: true,
      triesLeft: 5,
      lockedUntil: null,
    });
    expect(await attempt('000000', later)).toMatchObject({
      code: CODE.fundPasswordWrong,
      data: { triesLeft: 4 },
    });
    expect(await attempt('112233', later)).toBeNull();
  });

  it('says 30043 over HTTP and the status shows the lock', async () => {
    const p = await verified();
    await withFundPassword(p, '445566');
    for (let i = 0; i < FUND_PASSWORD_MAX_TRIES - 1; i++)
      await as(p, PAYOUT_PATH.addAccount, { ...usdtInput, fundPassword: '000000' });
    const res = await as(p, PAYOUT_PATH.addAccount, { ...usdtInput, fundPassword: '000000' });
    expect(res.body.status_code).toBe(CODE.fundPasswordLocked);
    expect(res.body.data.lockedUntil).toBeGreaterThan(Date.now());
    const status = (await as(p, PAYOUT_PATH.fundPasswordStatus)).body.data;
    expect(status).toEqual({ set: true, triesLeft: 0, lockedUntil: res.body.data.lockedUntil });
    expect(
      (await as(p, PAYOUT_PATH.addAccount, { ...usdtInput, fundPassword: '445566' })).body.status_code,
    ).toBe(CODE.fundPasswordLocked);
  });

  it('10 parallel wrong passwords count no more than FUND_PASSWORD_MAX_TRIES', async () => {
    const p = await player();
    await withFundPassword(p, '778899');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkFundPassword(t.db, p.id, pad(i, 6), { required: true }).then(
          () => 0,
          (e: ApiError) => e.code,
        ),
      ),
    );
    expect(results.filter((c) => c === CODE.fundPasswordWrong)).toHaveLength(FUND_PASSWORD_MAX_TRIES - 1);
    expect(results.filter((c) => c === CODE.fundPasswordLocked)).toHaveLength(
      10 - (FUND_PASSWORD_MAX_TRIES - 1),
    );
    const { rows } = await t.db.query<{ wrong_tries: number }>(
      'SELECT wrong_tries FROM fund_passwords WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.wrong_tries).toBe(FUND_PASSWORD_MAX_TRIES);
    // Even the right password is now refused.
    await expect(checkFundPassword(t.db, p.id, '778899', { required: true })).rejects.toMatchObject({
      code: CODE.fundPasswordLocked,
    });
  });

  it('changes with the SMS code sent to the member’s own phone, clearing the lock', async () => {
    const p = await player();
    // Not set yet: 30041.
    expect(
      (await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: '000000', password: '123123' })).body
        .status_code,
    ).toBe(CODE.fundPasswordNotSet);
    await withFundPassword(p, '121212');
    for (let i = 0; i < FUND_PASSWORD_MAX_TRIES; i++)
      await checkFundPassword(t.db, p.id, '000000', { required: true }).catch(() => {});
    expect((await fundPasswordStatus(t.db, p.id)).lockedUntil).not.toBeNull();

    const send = await t.call({
      method: 'POST',
      url: '/site/api/v1/user/sms/send',
      payload: { countryCode: '86', phone: p.phone, purpose: 'fundPassword' },
    });
    expect(send.body.status_code).toBe(CODE.success);
    const { rows } = await t.db.query<{ code: string; purpose: string }>(
      'SELECT code, purpose FROM sms_codes WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [`(86)${p.phone}`],
    );
    expect(rows[0]!.purpose).toBe('fundPassword');
    const code = rows[0]!.code;
    const wrongCode = code === '000000' ? '000001' : '000000';
    expect(
      (await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: wrongCode, password: '343434' })).body
        .status_code,
    ).toBe(MEMBER_CODE.smsCodeWrong);
    expect(
      (await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: code, password: '34343' })).body.status_code,
    ).toBe(CODE.validation);
    const changed = await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: code, password: '343434' });
    expect(changed.body).toMatchObject({
      status_code: CODE.success,
      data: { set: true, triesLeft: 5, lockedUntil: null },
    });
    await expect(checkFundPassword(t.db, p.id, '121212', { required: true })).rejects.toMatchObject({
      code: CODE.fundPasswordWrong,
    });
    await expect(checkFundPassword(t.db, p.id, '343434', { required: true })).resolves.toBeUndefined();
    // The code is spent.
    expect(
      (await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: code, password: '565656' })).body.status_code,
    ).toBe(MEMBER_CODE.smsCodeWrong);
  });

  it('another purpose’s code does not change it, and an unknown phone gets no code', async () => {
    const p = await player();
    await withFundPassword(p, '101010');
    const send = await t.call({
      method: 'POST',
      url: '/site/api/v1/user/sms/send',
      payload: { countryCode: '86', phone: p.phone, purpose: 'reset' },
    });
    expect(send.body.status_code).toBe(CODE.success);
    const { rows } = await t.db.query<{ code: string }>(
      'SELECT code FROM sms_codes WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [`(86)${p.phone}`],
    );
    expect(
      (await as(p, PAYOUT_PATH.fundPasswordChange, { smsCode: rows[0]!.code, password: '202020' })).body
        .status_code,
    ).toBe(MEMBER_CODE.smsCodeWrong);
    const unknown = await t.call({
      method: 'POST',
      url: '/site/api/v1/user/sms/send',
      payload: { countryCode: '86', phone: '13999999998', purpose: 'fundPassword' },
    });
    expect(unknown.body.status_code).toBe(MEMBER_CODE.phoneUnknown);
  });
});
