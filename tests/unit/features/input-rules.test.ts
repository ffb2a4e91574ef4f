// What the auth inputs keep and how long they get (issue 4; docs/api.md: phone digits, 6-digit SMS code,
// passwords 6–16, invite codes 4–16 letters/digits; spec §5 leaves the field rules unstated) and the invite
// code precedence (spec §4: r_code, else i_code, else invite_code).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_INPUT_MAX,
  keepDigits,
  keepInviteCode,
  keepPhone,
  keepSmsCode,
  LOGIN_PASSWORD_INPUT_MAX,
  NEW_PASSWORD_INPUT_MAX,
  PHONE_INPUT_MAX,
  prefilledInviteCode,
  SMS_CODE_INPUT_MAX,
} from '../../../src/features/auth/input-rules.ts';
import { sendCodeProblem } from '../../../src/features/auth/validation.ts';
import { t } from '../../../src/i18n/zh-CN.ts';

describe('lengths', () => {
  it('phone 15 (E.164), SMS code 6, new password 16, login password 32, invite code 16', () => {
    expect(PHONE_INPUT_MAX).toBe(15);
    expect(SMS_CODE_INPUT_MAX).toBe(6);
    expect(NEW_PASSWORD_INPUT_MAX).toBe(16);
    expect(LOGIN_PASSWORD_INPUT_MAX).toBe(32);
    expect(INVITE_CODE_INPUT_MAX).toBe(16);
  });
});

describe('phone and SMS code keep digits only', () => {
  it.each([
    ['138 0013-8000', '13800138000'],
    ['+86 138', '86138'],
    ['１２３', ''], // full-width digits are not ASCII digits
    ['abc', ''],
    ['', ''],
    ['123456', '123456'],
    // The rule keeps every digit; the field's maxLength is what stops typing.
    ['1234567890 1234567890', '12345678901234567890'],
  ])('%j → %j', (raw, kept) => {
    expect(keepPhone(raw)).toBe(kept);
    expect(keepSmsCode(raw)).toBe(kept);
  });

  it('for any text: the result is only 0-9, in the typed order, and every typed 0-9 is kept', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const kept = keepDigits(raw);
        expect(kept).toMatch(/^[0-9]*$/);
        expect(kept).toBe([...raw].filter((c) => c >= '0' && c <= '9').join(''));
      }),
    );
  });

  it('for any text: keeping twice is keeping once, and digits alone pass unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(keepDigits(keepDigits(raw))).toBe(keepDigits(raw));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,15}$/), (digits) => {
        expect(keepDigits(digits)).toBe(digits);
      }),
    );
  });
});

describe('invite code', () => {
  it('drops surrounding spaces only', () => {
    expect(keepInviteCode('  DEMO8888 ')).toBe('DEMO8888');
    expect(keepInviteCode('DE MO')).toBe('DE MO');
  });

  it('for any code of letters and digits: padding with spaces gives the code back', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{4,16}$/),
        fc.stringMatching(/^[ \t]{0,3}$/),
        fc.stringMatching(/^[ \t]{0,3}$/),
        (code, before, after) => {
          expect(keepInviteCode(before + code + after)).toBe(code);
        },
      ),
    );
  });

  it('starts with r_code, else i_code, else invite_code (spec §4)', () => {
    expect(prefilledInviteCode({ r_code: 'R1', i_code: 'I1', invite_code: 'V1' })).toBe('R1');
    expect(prefilledInviteCode({ i_code: 'I1', invite_code: 'V1' })).toBe('I1');
    expect(prefilledInviteCode({ r_code: '', i_code: 'I1', invite_code: 'V1' })).toBe('I1');
    expect(prefilledInviteCode({ invite_code: 'V1' })).toBe('V1');
    expect(prefilledInviteCode({})).toBe('');
  });
});

describe('why no SMS code can be asked for', () => {
  it('registering stopped (pre-info stopRegister) says so, whatever the phone', () => {
    expect(sendCodeProblem({ countryCode: '86', phone: '13800138000', registerStopped: true })).toBe(
      t.auth.registerStopped,
    );
  });

  it('else the phone check: empty, wrong format, disabled prefix, or nothing', () => {
    expect(sendCodeProblem({ countryCode: '86', phone: '' })).toBe(t.auth.errors.phoneRequired);
    expect(sendCodeProblem({ countryCode: '86', phone: '12345' })).toBe(t.auth.errors.phoneFormat);
    expect(sendCodeProblem({ countryCode: '86', phone: '17012345678', disablePhones: ['170'] })).toBe(
      t.auth.errors.phoneDisabled,
    );
    expect(
      sendCodeProblem({ countryCode: '86', phone: '13800138000', disablePhones: ['170'] }),
    ).toBeUndefined();
  });
});
