// The withdrawal arithmetic the page shows before confirming (issue 10 §3) and the form checks (issue 10 §1–2),
// with the numbers written as literals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deductionOf, feeOf, maxAmount, refusalOf, usdtMicroOf } from '../../../../machines/payout/common.ts';
import { accountProblems } from '../../../../machines/payout/form-rules.ts';
import { kycProblems } from '../../../../machines/payout/kyc.machine.ts';
import { withdrawalProblem } from '../../../../machines/payout/withdrawal.machine.ts';
import type { PayoutAccount, WithdrawalOptions } from '../../../../src/protocol/payout.ts';
import { refusalText } from '../../../../src/features/payout/parts.tsx';

const BANK_METHOD = { kind: 'bank' as const, min: 10_000, max: 5_000_000, feeBp: 100, feeCap: 500 };
const options = (o: Partial<WithdrawalOptions> = {}): WithdrawalOptions => ({
  methods: [BANK_METHOD],
  available: 300_000,
  today: { count: 1, amount: 50_000, countLeft: 4, amountLeft: 200_000 },
  limits: { dailyCount: 5, dailyAmount: 250_000 },
  audit: { required: 0, done: 0, outstanding: 0, policy: 'deduct', deductionBp: 1_000 },
  usdtRate: 720,
  fundPassword: { set: true, triesLeft: 5, lockedUntil: null },
  kycVerified: true,
  ...o,
});
const BANK = { id: 'b1', kind: 'bank' } as PayoutAccount;

describe('withdrawal figures (issue 10 §3)', () => {
  it('the fee is basis points of the amount, cut, and capped', () => {
    expect(feeOf(BANK_METHOD, 10_000)).toBe(100); // 1 % of ¥100 = ¥1
    expect(feeOf(BANK_METHOD, 49_999)).toBe(499); // cut, never rounded up
    expect(feeOf(BANK_METHOD, 200_000)).toBe(500); // capped at ¥5
    expect(feeOf({ ...BANK_METHOD, feeCap: 0 }, 200_000)).toBe(2_000); // a cap of 0 is no cap
  });

  it('the deduction applies only with turnover outstanding and a deducting site', () => {
    expect(deductionOf(options(), 100_000)).toBe(0);
    const outstanding = { required: 200_000, done: 150_000, outstanding: 50_000 };
    expect(
      deductionOf(options({ audit: { ...outstanding, policy: 'deduct', deductionBp: 1_000 } }), 100_000),
    ).toBe(10_000);
    expect(
      deductionOf(options({ audit: { ...outstanding, policy: 'refuse', deductionBp: 1_000 } }), 100_000),
    ).toBe(0);
  });

  it('USDT arrives at the rate: ¥720 at ¥7.20 a USDT is 100 USDT', () => {
    expect(usdtMicroOf(72_000, 720)).toBe(100_000_000);
  });

  it('最高 is min(available, the method max, today’s amount left), and is withdrawable whenever ≥ the min', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (available, amountLeft) => {
          const o = options({ available, today: { count: 0, amount: 0, countLeft: 1, amountLeft } });
          const max = maxAmount(o, BANK_METHOD);
          expect(max).toBe(Math.min(available, 5_000_000, amountLeft));
          const text = `${Math.floor(max / 100)}.${String(max % 100).padStart(2, '0')}`;
          const problem = withdrawalProblem({
            accounts: [BANK],
            accountId: 'b1',
            options: o,
            amountText: text,
          });
          expect(problem).toBe(max <= 0 ? 'noAmount' : max < 10_000 ? 'belowMin' : null);
        },
      ),
    );
  });

  it('no withdrawal once today’s count is used up', () => {
    const o = options({ today: { count: 5, amount: 0, countLeft: 0, amountLeft: 200_000 } });
    expect(withdrawalProblem({ accounts: [BANK], accountId: 'b1', options: o, amountText: '100' })).toBe(
      'dailyCount',
    );
  });
});

describe('form checks (issue 10 §1–2)', () => {
  it('real names: Chinese, foreign names joined by ·; ID numbers by their check character', () => {
    expect(kycProblems({ realName: '张三', idNumber: '11010519491231002X' })).toEqual({});
    expect(kycProblems({ realName: '阿卜杜·热合曼', idNumber: '11010519491231002X' })).toEqual({});
    expect(kycProblems({ realName: 'Tom', idNumber: '110105194912310021' })).toEqual({
      realName: 'nameFormat',
      idNumber: 'idInvalid',
    });
  });

  it('bank cards pass Luhn; USDT addresses their checksum; wallet ids their pattern', () => {
    const base = {
      account: '',
      bankCode: 'ICBC',
      province: '广东省',
      city: '深圳市',
      branch: '',
      network: 'TRC20' as const,
      label: 'x',
      qrImage: null,
    };
    expect(accountProblems('bank', { ...base, account: '6222 0212 3456 7890 128' })).toEqual({});
    expect(accountProblems('bank', { ...base, account: '6222021234567890123' }).account).toBe('cardNumber');
    expect(accountProblems('bank', { ...base, account: '6222021234567890128', city: '北京市' }).city).toBe(
      'region',
    );
    expect(accountProblems('usdt', { ...base, account: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' })).toEqual({});
    expect(accountProblems('usdt', { ...base, account: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9' }).account).toBe(
      'trc20',
    );
    // EIP-55: mixed case must match the checksum; all lower case is accepted.
    const erc = { ...base, network: 'ERC20' as const };
    expect(
      accountProblems('usdt', { ...erc, account: '0x52908400098527886E0F7030069857D2E4169EE7' }),
    ).toEqual({});
    expect(
      accountProblems('usdt', { ...erc, account: '0x52908400098527886e0F7030069857D2E4169EE7' }).account,
    ).toBe('erc20');
    expect(accountProblems('alipay', { ...base, account: 'player@example.com' })).toEqual({});
    expect(accountProblems('ebpay', { ...base, account: 'eb1234567812345678' })).toEqual({});
  });

  it('a refusal keeps the tries left (30042) and the lock time (30043) the server adds', () => {
    const e = Object.assign(new Error('资金密码错误'), {
      type: 'business',
      code: 30042,
      data: { triesLeft: 2 },
    });
    expect(refusalOf(e)).toEqual({ code: 30042, message: '资金密码错误', triesLeft: 2, lockedUntil: null });
    expect(refusalOf(new Error('timeout')).code).toBe('noAnswer');
  });

  it('says the server’s message, else the tries left or the lock from the data, else that nothing answered', () => {
    const base = { triesLeft: null, lockedUntil: null };
    expect(refusalText({ ...base, code: 30042, message: '资金密码错误，还可以尝试 3 次' })).toBe(
      '资金密码错误，还可以尝试 3 次',
    );
    expect(refusalText({ ...base, code: 30042, message: '', triesLeft: 2 })).toBe(
      '资金密码错误，还可尝试 2 次。',
    );
    expect(refusalText({ ...base, code: 'noAnswer', message: '' })).toBe('网络异常，请稍后重试。');
  });
});
