// Money at the edges (spec §5 amount input and truncation, §9 two decimals with thousands separators).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanAmountInput, formatFen, yuanToFen } from '../../../src/protocol/money.ts';

describe('amount input (spec §5)', () => {
  it.each([
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['1.239', '1.23'],
    ['.', ''],
    ['00', '0'],
    ['007', '7'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['¥1,234.567', '1234.56'],
    ['', ''],
  ])('%j becomes %j', (raw, cleaned) => {
    expect(cleanAmountInput(raw)).toBe(cleaned);
  });

  it('always leaves digits, at most one point and at most two decimals, and is stable', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = cleanAmountInput(raw);
        expect(once).toMatch(/^(\d*|\d+\.\d{0,2})$/);
        expect(cleanAmountInput(once)).toBe(once);
      }),
    );
  });
});

describe('yuan text to fen, and back (spec §9)', () => {
  it.each([
    ['0.01', 1],
    ['1', 100],
    ['1.5', 150],
    ['1234.56', 123_456],
    ['1.', 100],
  ])('%s yuan is %d fen', (text, fen) => {
    expect(yuanToFen(text)).toBe(fen);
  });

  it.each(['', '1.234', '-1', 'abc', '1e3', '12345678901234'])('%j is not an amount', (text) => {
    expect(yuanToFen(text)).toBeNull();
  });

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [123_456, '1,234.56'],
    [123_456_789_0, '12,345,678.90'],
    [-1_200, '-12.00'],
  ])('%d fen shows as %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('formatting then reading gives the same fen for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (fen) => {
        expect(yuanToFen(formatFen(fen).replace(/,/g, ''))).toBe(fen);
      }),
    );
  });
});
