// The protocol's input rules, written from their design and the public numbering plans, not from the code:
// the phone rule per country of the picker (docs/api.md "Accounts": 86, 852, 853, 886, 60, 63, 65, 66, 84), the
// stored phone form (spec §3), the password, SMS code and invite code rules (docs/api.md "Accounts"), the
// request id of money-moving calls (docs/api.md "Money"), and a deposit rate (issue 9 §3: cut, never rounded
// up, capped). One table each; the mutation run (docs/testing.md) found these rules untried by the unit suite.
import { describe, expect, it } from 'vitest';
import { applyRate } from '../../../src/protocol/deposit.ts';
import {
  INVITE_CODE_PATTERN,
  isValidPhone,
  parseStoredPhone,
  PASSWORD_PATTERN,
  SMS_CODE_PATTERN,
} from '../../../src/protocol/member.ts';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';

/** [country, valid national numbers, invalid ones] — each invalid one breaks one part of the plan. */
const PHONES: Array<[string, string[], string[]]> = [
  // Mainland mobiles: 11 digits, 13x–19x.
  [
    '86',
    ['13800138000', '19912345678'],
    ['12800138000', '1380013800', '138001380001', 'x3800138000', '2380013800'],
  ],
  // Hong Kong mobiles: 8 digits starting 4–9.
  ['852', ['91234567', '41234567'], ['31234567', '9123456', '912345678', '9123456a']],
  // Macau mobiles: 8 digits starting 6.
  ['853', ['61234567'], ['51234567', '6123456', '612345678', '6123456a']],
  // Taiwan mobiles: 9 digits starting 9 (the leading 0 dropped).
  ['886', ['912345678'], ['812345678', '91234567', '9123456789', '91234567a']],
  // Malaysia mobiles: 1 then 8 or 9 digits.
  ['60', ['123456789', '1123456789'], ['223456789', '12345678', '11234567890', '12345678a']],
  // Philippines mobiles: 10 digits starting 9.
  ['63', ['9171234567'], ['8171234567', '917123456', '91712345678', '917123456a']],
  // Singapore mobiles: 8 digits starting 8 or 9.
  ['65', ['81234567', '91234567'], ['71234567', '6123456', '812345678', '8123456a']],
  // Thailand mobiles: 9 digits starting 6, 8 or 9.
  ['66', ['612345678', '812345678', '912345678'], ['712345678', '81234567', '8123456789', '81234567a']],
  // Vietnam mobiles: 9 digits starting 3, 5, 7, 8 or 9.
  ['84', ['312345678', '512345678', '912345678'], ['412345678', '31234567', '3123456789', '31234567a']],
];

describe('phone numbers per country (the picker of the login pages)', () => {
  it.each(PHONES)('%s: the valid ones pass, each broken one fails', (country, valid, invalid) => {
    for (const n of valid) expect(isValidPhone(country, n), `${country} ${n}`).toBe(true);
    for (const n of invalid) expect(isValidPhone(country, n), `${country} ${n}`).toBe(false);
  });

  it('a country not in the picker has no valid number', () => {
    expect(isValidPhone('1', '2025550123')).toBe(false);
    expect(isValidPhone('', '13800138000')).toBe(false);
  });
});

describe('the stored phone form (spec §3: "(countryNumber)number")', () => {
  it.each([
    ['(852)91234567', { countryCode: '852', number: '91234567' }],
    [' (86)13800138000 ', { countryCode: '86', number: '13800138000' }],
    // No prefix: mainland China, 86.
    ['13800138000', { countryCode: '86', number: '13800138000' }],
    // Not the whole string: not a prefix.
    ['x(852)91234567', { countryCode: '86', number: 'x(852)91234567' }],
    ['(852)91234567x', { countryCode: '86', number: '(852)91234567x' }],
    ['(12345)678', { countryCode: '86', number: '(12345)678' }],
  ])('%j', (stored, parsed) => {
    expect(parseStoredPhone(stored)).toEqual(parsed);
  });
});

describe('passwords, SMS codes, invite codes, request ids', () => {
  it.each([
    // 6–16 characters, a letter and a digit, from letters, digits and !@#$%^&*._-
    ['abc123', true],
    ['a1!@#$%^&*._-', true],
    ['abcdefghijklmn12', true],
    ['abc12', false],
    ['abcdefghijklmno12', false],
    ['abcdef', false],
    ['123456', false],
    ['abc 123', false],
    ['abc123中', false],
    ['1abcde', true],
  ])('password %j → %s', (pw, ok) => {
    expect(PASSWORD_PATTERN.test(pw)).toBe(ok);
  });

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['a123456', false],
  ])('SMS code %j → %s', (code, ok) => {
    expect(SMS_CODE_PATTERN.test(code)).toBe(ok);
  });

  it.each([
    ['ab12', true],
    ['ABCDEFGHIJKLMNOP', true],
    ['ab1', false],
    ['ABCDEFGHIJKLMNOPQ', false],
    ['ab-12', false],
    ['-ab12', false],
    ['ab12-', false],
  ])('invite code %j → %s', (code, ok) => {
    expect(INVITE_CODE_PATTERN.test(code)).toBe(ok);
  });

  it.each([
    ['abcd_-12', true],
    ['a'.repeat(48), true],
    ['abcd_-1', false],
    ['a'.repeat(49), false],
    ['abcd efg', false],
    ['!abcdefgh', false],
    ['abcdefgh!', false],
  ])('request id %j → %s', (id, ok) => {
    expect(REQUEST_ID_PATTERN.test(id)).toBe(ok);
  });
});

describe('a deposit rate (issue 9 §3: cut, never rounded up, capped)', () => {
  it.each([
    // no rule: nothing
    [10_000, null, 0],
    // 1 % of ¥100.00
    [10_000, { percentBp: 100, cap: null }, 100],
    // 1 % of ¥0.99 is cut to 0 fen
    [99, { percentBp: 100, cap: null }, 0],
    // 1.5 % of ¥1.99 = 2.985 fen → 2
    [199, { percentBp: 150, cap: null }, 2],
    // capped at ¥188.00
    [100_000_000, { percentBp: 100, cap: 18_800 }, 18_800],
    // under the cap: the rate
    [10_000, { percentBp: 100, cap: 18_800 }, 100],
    // beyond 2^53 in the product: still exact
    [9_000_000_000_000, { percentBp: 9_999, cap: null }, 8_999_100_000_000],
  ])('%d fen at %j → %d fen', (amount, rate, expected) => {
    expect(applyRate(amount, rate)).toBe(expected);
  });
});
