import { describe, expect, it } from 'vitest';
import { textWidth } from '../../../machines/text-width.ts';
import { cookieExpiryDays } from '../../../src/lib/cookie-expiry.ts';
import { hidePhoneDigits, maskMiddle, maskPhone, truncate } from '../../../src/lib/phone-mask.ts';
import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';

describe('text width (spec §5: characters above code 255 count 2)', () => {
  it('counts ASCII as 1 and CJK as 2', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('星耀')).toBe(4);
    expect(textWidth('ÿ')).toBe(1); // code 255 itself counts 1
    expect(textWidth('Ā')).toBe(2); // 256
    expect(textWidth('VIP 等级')).toBe(8);
  });
});

describe('phone masking (spec §5)', () => {
  it('7 digits or fewer hide the first four', () => {
    expect(hidePhoneDigits('1234567')).toBe('****567');
    expect(hidePhoneDigits('12345')).toBe('****5');
    expect(hidePhoneDigits('123')).toBe('***');
  });
  it('longer numbers hide the first seven', () => {
    expect(hidePhoneDigits('12345678')).toBe('*******8');
    expect(hidePhoneDigits('13800138000')).toBe('*******8000');
  });
  it('the masked string shows the first 2 and last 2 characters with ** between', () => {
    expect(maskMiddle('13800138000')).toBe('13**00');
    expect(maskPhone('91234567')).toBe('91**67');
    expect(maskMiddle('abcd')).toBe('abcd');
  });
  it('truncation adds an ellipsis only when it cuts', () => {
    expect(truncate('星耀棋牌欢迎您', 4)).toBe('星耀棋牌…');
    expect(truncate('星耀', 4)).toBe('星耀');
  });
});

describe('cookie expiry units (spec §9)', () => {
  it('years, months of 30 days, days, hours, minutes', () => {
    expect(cookieExpiryDays(1, 'years')).toBe(365);
    expect(cookieExpiryDays(2, 'months')).toBe(60);
    expect(cookieExpiryDays(3, 'days')).toBe(3);
    expect(cookieExpiryDays(12, 'hours')).toBe(0.5);
    expect(cookieExpiryDays(90, 'minutes')).toBeCloseTo(0.0625);
  });
});

describe('stored phone form (spec §3)', () => {
  it('round-trips (countryNumber)number; an absent prefix means CN 86', () => {
    expect(formatStoredPhone('852', '91234567')).toBe('(852)91234567');
    expect(parseStoredPhone('(852)91234567')).toEqual({ countryCode: '852', number: '91234567' });
    expect(parseStoredPhone('13800138000')).toEqual({ countryCode: '86', number: '13800138000' });
  });
});
