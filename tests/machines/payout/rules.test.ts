// The payout area's pure rules as tables written from issue 10 §3 and spec §2/§5, not from the machines:
// why an amount cannot be withdrawn (each rule alone), the fee and its cap, the administrative deduction,
// "最高", the USDT arrival, the pages' paths and how a refusal reads. The model tests walk the flows; these
// pin each rule's edge so a flipped comparison fails here.
import { describe, expect, it } from 'vitest';
import type { WithdrawalMethod, WithdrawalOptions } from '../../../src/protocol/payout.ts';
import { deductionOf, feeOf, maxAmount, refusalOf, usdtMicroOf } from '../../../machines/payout/common.ts';
import { addPathOf, listPathOf, payoutPageOf } from '../../../machines/payout/paths.ts';
import { withdrawalProblem, yuanText } from '../../../machines/payout/withdrawal.machine.ts';
import { account, NO_ANSWER, refused } from './fixtures.ts';

const bankMethod: WithdrawalMethod = { kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 100, feeCap: 2_000 };

const options = (over: Partial<WithdrawalOptions> = {}): WithdrawalOptions => ({
  methods: [bankMethod],
  available: 1_000_000,
  today: { count: 0, amount: 0, countLeft: 5, amountLeft: 20_000_000 },
  limits: { dailyCount: 5, dailyAmount: 20_000_000 },
  audit: { required: 0, done: 0, outstanding: 0, policy: 'refuse', deductionBp: 0 },
  usdtRate: 720,
  fundPassword: { set: true, lockedUntil: null, triesLeft: 5 },
  kycVerified: true,
  ...over,
});

const card = account('a1', 'bank', '**** 1234');
const ctx = (amountText: string, over: Partial<WithdrawalOptions> = {}, accountId: string | null = 'a1') => ({
  accounts: [card, account('u1', 'usdt', 'TQ…abcd')],
  accountId,
  options: options(over),
  amountText,
});

describe('withdrawalProblem (issue 10 §3): each limit alone, at its edge', () => {
  it.each([
    ['no account chosen', ctx('100', {}, null), 'noAccount'],
    ['the chosen account was removed', ctx('100', {}, 'gone'), 'noAccount'],
    ['no method for the account kind (USDT closed)', ctx('100', {}, 'u1'), 'noMethod'],
    ['nothing typed', ctx(''), 'noAmount'],
    ['zero', ctx('0'), 'noAmount'],
    [
      'no withdrawals left today',
      ctx('100', { today: { count: 5, amount: 0, countLeft: 0, amountLeft: 1e9 } }),
      'dailyCount',
    ],
    ['one fen under the minimum', ctx('99.99'), 'belowMin'],
    ['the minimum itself', ctx('100'), null],
    ['the maximum itself', ctx('50000', { available: 5_000_000 }), null],
    ['one fen over the maximum', ctx('50000.01', { available: 9_000_000 }), 'aboveMax'],
    ['one fen over the available balance', ctx('10000.01'), 'overBalance'],
    ['all of the available balance', ctx('10000'), null],
    [
      'one fen over what is left of today’s amount',
      ctx('200.01', { today: { count: 1, amount: 0, countLeft: 4, amountLeft: 20_000 } }),
      'dailyAmount',
    ],
  ])('%s', (_name, c, expected) => {
    expect(withdrawalProblem(c)).toBe(expected);
  });
});

describe('the money rules of the review', () => {
  it('the fee is basis points of the amount, cut to the fen, and capped (0 = no cap)', () => {
    expect(feeOf(bankMethod, 10_000)).toBe(100); // 1 % of 100 元
    expect(feeOf(bankMethod, 10_099)).toBe(100); // cut, not rounded
    expect(feeOf(bankMethod, 1_000_000)).toBe(2_000); // 1 % would be 100 元: capped at 20 元
    expect(feeOf({ ...bankMethod, feeCap: 0 }, 1_000_000)).toBe(10_000);
    expect(feeOf({ ...bankMethod, feeBp: 0 }, 1_000_000)).toBe(0);
  });

  it('the deduction applies only while turnover is outstanding and the site deducts', () => {
    const audit = (outstanding: number, policy: 'refuse' | 'deduct') => ({
      audit: { required: 100, done: 100 - outstanding, outstanding, policy, deductionBp: 2_000 },
    });
    expect(deductionOf(audit(50, 'deduct'), 10_001)).toBe(2_000); // 20 %, cut
    expect(deductionOf(audit(0, 'deduct'), 10_000)).toBe(0);
    expect(deductionOf(audit(50, 'refuse'), 10_000)).toBe(0);
  });

  it('“最高” is the least of the available balance, the method maximum and today’s amount left', () => {
    expect(maxAmount(options({ available: 300 }), bankMethod)).toBe(300);
    expect(maxAmount(options({ available: 9_000_000 }), bankMethod)).toBe(5_000_000);
    const today = { count: 1, amount: 0, countLeft: 4, amountLeft: 7_000 };
    expect(maxAmount(options({ today }), bankMethod)).toBe(7_000);
    expect(maxAmount(options({ available: -5 }), bankMethod)).toBe(0);
    expect(maxAmount(options(), null)).toBe(0);
  });

  it('the USDT arrival is micro-USDT at fen per USDT, cut; no rate gives nothing', () => {
    expect(usdtMicroOf(72_000, 720)).toBe(100_000_000); // 720 元 at 7.20 → 100 USDT
    expect(usdtMicroOf(1, 720)).toBe(1_388); // cut
    expect(usdtMicroOf(72_000, 0)).toBe(0);
  });

  it('the amount field writes fen with at most two decimals and no trailing .00 (spec §5)', () => {
    expect(yuanText(10_000)).toBe('100');
    expect(yuanText(10_005)).toBe('100.05');
    expect(yuanText(10_050)).toBe('100.50');
  });
});

describe('the pages of spec §2', () => {
  it('every add/list pair and the combined pages map both ways', () => {
    expect(payoutPageOf('/mine/addBankCard')).toEqual({ page: 'accountsWithForm', kind: 'bank' });
    expect(payoutPageOf('/mine/virtualCoinCard')).toEqual({ page: 'accountsWithForm', kind: 'usdt' });
    expect(payoutPageOf('/mine/addwechatCard')).toEqual({ page: 'add', kind: 'wechat' });
    expect(payoutPageOf('/mine/sharelifeAcount')).toEqual({ page: 'list', kind: 'sharelife' });
    expect(payoutPageOf('/help/xnbcqkjc')).toEqual({ page: 'static' });
    expect(listPathOf('bank')).toBe('/mine/addBankCard');
    expect(listPathOf('usdt')).toBe('/mine/virtualCoinCard');
    expect(listPathOf('koipay')).toBe('/mine/koipayAcount');
    expect(addPathOf('bank')).toBe('/mine/addBankCard');
    expect(addPathOf('usdt')).toBe('/mine/virtualCoinCard');
    expect(addPathOf('ebpay')).toBe('/mine/addEBpayCard');
  });
});

describe('refusalOf: a coded answer against no answer', () => {
  it('keeps the code, the message, the tries left and the lock end of a coded answer', () => {
    expect(refusalOf(refused(30042, '资金密码错误', { triesLeft: 3 }))).toEqual({
      code: 30042,
      message: '资金密码错误',
      triesLeft: 3,
      lockedUntil: null,
    });
    expect(refusalOf(refused(30043, '已锁定', { lockedUntil: 1_800_000 })).lockedUntil).toBe(1_800_000);
  });
  it('no answer (or nothing) is noAnswer with no message', () => {
    for (const e of [NO_ANSWER, null, undefined]) {
      expect(refusalOf(e)).toEqual({ code: 'noAnswer', message: '', triesLeft: null, lockedUntil: null });
    }
  });
});
