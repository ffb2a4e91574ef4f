// The wire constants and rules in src/protocol that only other projects (server, e2e) or the UI tests used to
// check, written here as the spec's and docs/api.md's literals: the socket's path (spec §7), the stream-info call,
// the chat room and its refusal codes (docs/api.md "Stream socket"), the phone countries (docs/api.md "Accounts")
// with a number one digit too long refused for each, the stored-phone form (spec §3), landing codes (spec §4), and
// the money helpers at their edges (spec §5/§9).
//
// Closes survivors of src/protocol/member.ts (109/128), money.ts (70/75) and stream.ts (24/28) of the 2026-11-25
// runs.
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryOf,
  isLandingCode,
  isValidPhone,
  LANDING_CODE_MAX,
  parseStoredPhone,
} from '../../../src/protocol/member.ts';
import { formatFen, yuanToFen } from '../../../src/protocol/money.ts';
import { CHAT_ERROR_CODE, CHAT_ROOM, STREAM_INFO_PATH, STREAM_PATH } from '../../../src/protocol/stream.ts';

describe('the stream socket (spec §7, docs/api.md "Stream socket")', () => {
  it('connects at /stream/ws/v1/handshake and asks where at /site/api/v1/configuration/streamInfo', () => {
    expect(STREAM_PATH).toBe('/stream/ws/v1/handshake');
    expect(STREAM_INFO_PATH).toBe('/site/api/v1/configuration/streamInfo');
  });

  it('has one chat room, live, and the refusal codes 30401–30407', () => {
    expect(CHAT_ROOM).toBe('live');
    expect(CHAT_ERROR_CODE).toEqual({
      notLoggedIn: 30401,
      closed: 30402,
      muted: 30403,
      vipRange: 30404,
      empty: 30405,
      tooLong: 30406,
      tooFast: 30407,
    });
  });
});

describe('phone numbers (docs/api.md "Accounts", spec §3)', () => {
  it('the picker offers the countries 86, 852, 853, 886, 60, 63, 65, 66, 84, in that order, by their Chinese names', () => {
    expect(COUNTRIES.map((c) => c.code)).toEqual(['86', '852', '853', '886', '60', '63', '65', '66', '84']);
    // The zh-CN names of those calling codes' regions and countries (what the player picks from).
    expect(COUNTRIES.map((c) => c.name)).toEqual([
      '中国大陆',
      '中国香港',
      '中国澳门',
      '中国台湾',
      '马来西亚',
      '菲律宾',
      '新加坡',
      '泰国',
      '越南',
    ]);
    expect(countryOf('852')?.name).toBe('中国香港');
  });

  /** A mobile number of each country's numbering plan, and the same with one digit too many in front. */
  const NUMBERS: Array<[string, string]> = [
    ['86', '13800138000'],
    ['852', '91234567'],
    ['853', '61234567'],
    ['886', '912345678'],
    ['63', '9171234567'],
    ['65', '81234567'],
    ['66', '812345678'],
    ['84', '912345678'],
  ];
  it.each(NUMBERS)('country %s: %s is a phone; one digit more in front is not', (code, number) => {
    expect(isValidPhone(code, number)).toBe(true);
    expect(isValidPhone(code, `${number[0]}${number}`)).toBe(false);
  });

  it('a stored phone without prefix is CN 86, spaces around it dropped', () => {
    expect(parseStoredPhone(' 13800138000 ')).toEqual({ countryCode: '86', number: '13800138000' });
    expect(parseStoredPhone('(852)91234567')).toEqual({ countryCode: '852', number: '91234567' });
  });

  it('a landing code (spec §4 i_code, r_code, r_bet, invite_code) is 1–32 characters: empty is none', () => {
    expect(isLandingCode('')).toBe(false);
    expect(isLandingCode('a')).toBe(true);
    expect(isLandingCode('a'.repeat(LANDING_CODE_MAX))).toBe(true);
    expect(LANDING_CODE_MAX).toBe(32);
  });
});

describe('money at the edges (spec §5, §9)', () => {
  it('yuan text typed with spaces around it (an operator’s "12.5") reads as fen', () => {
    expect(yuanToFen(' 12.5 ')).toBe(1_250);
    expect(yuanToFen('12.50')).toBe(1_250);
  });

  it('formatFen refuses what is not a whole number of fen, naming it', () => {
    expect(() => formatFen(0.5)).toThrow('not an amount in fen: 0.5');
    expect(() => formatFen(Number.NaN)).toThrow('not an amount in fen: NaN');
    expect(formatFen(-1_200)).toBe('-12.00');
  });
});
