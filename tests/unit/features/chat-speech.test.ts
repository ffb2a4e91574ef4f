// The live chat's speech rules (issue 5 §3; spec §5 "text length counts characters above code 255 as 2").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatReasonText, speechOf, type SpeechInput } from '../../../src/features/home/chat-speech.ts';
import { t } from '../../../src/i18n/zh-CN.ts';

/** The room's limit in width units: the product constant CHAT_MAX_WIDTH (src/protocol/stream.ts), 120. */
const MAX = 120;

const MAY_SPEAK = { speechReason: null, vipMin: 1, vipMax: 9 } as const;
const member = (text: string, over: Partial<SpeechInput> = {}): SpeechInput => ({
  loginStatus: 'member',
  socketLoggedIn: true,
  loginData: MAY_SPEAK,
  text,
  ...over,
});

describe('who may speak, and why not', () => {
  it('a logged-in member whose socket logged in with no refusal reason may speak', () => {
    const s = speechOf(member('你好'));
    expect(s).toMatchObject({ canSpeak: true, why: null, loginLink: false, message: '你好' });
  });

  it('a visitor reads only and is asked to log in, with a link', () => {
    for (const loginStatus of ['anonymous', 'restoring'] as const) {
      const s = speechOf(member('hi', { loginStatus, socketLoggedIn: false, loginData: null }));
      expect(s).toMatchObject({ why: t.chat.loginToSpeak, loginLink: true, message: null });
    }
  });

  it('a member whose socket has not logged in yet is told it is connecting', () => {
    const s = speechOf(member('hi', { socketLoggedIn: false, loginData: null }));
    expect(s).toMatchObject({ canSpeak: false, why: t.chat.connecting, loginLink: false, message: null });
  });

  it('a muted member, or one outside the VIP range, reads why', () => {
    const muted = speechOf(member('hi', { loginData: { speechReason: 'muted', vipMin: 3, vipMax: 5 } }));
    expect(muted).toMatchObject({ canSpeak: false, why: t.chat.reasons['muted'], message: null });
    const vip = speechOf(member('hi', { loginData: { speechReason: 'vipRange', vipMin: 3, vipMax: 5 } }));
    expect(vip.why).toBe('仅 VIP3 至 VIP5 会员可以发言，您可以观看聊天');
    expect(vip.message).toBeNull();
  });

  it("names a chat error's reason, VIP levels in order (min, then max)", () => {
    expect(chatReasonText('vipRange', { vipMin: 2, vipMax: 7 })).toBe(
      '仅 VIP2 至 VIP7 会员可以发言，您可以观看聊天',
    );
    expect(chatReasonText('tooFast', null)).toBe(t.chat.reasons['tooFast']);
    expect(chatReasonText('no-such-reason', null)).toBe('');
  });
});

describe('the too-long check (spec §5: above code 255 counts 2; limit 120 units)', () => {
  it.each([
    ['a'.repeat(120), 120, false],
    ['a'.repeat(121), 121, true],
    ['长'.repeat(60), 120, false],
    ['长'.repeat(61), 122, true],
    ['长'.repeat(59) + 'ab', 120, false],
    ['长'.repeat(60) + 'a', 121, true],
    // code 255 itself counts 1, code 256 counts 2
    ['ÿ'.repeat(120), 120, false],
    ['Ā'.repeat(61), 122, true],
  ])('%# width %i, too long: %s', (text, width, tooLong) => {
    const s = speechOf(member(text));
    expect(s.width).toBe(width);
    expect(s.tooLong).toBe(tooLong);
    expect(s.sendDisabled).toBe(tooLong);
    expect(s.message).toBe(tooLong ? null : text);
  });

  it('sends the trimmed text; only spaces send nothing and keep the button off', () => {
    expect(speechOf(member('  你好  ')).message).toBe('你好');
    expect(speechOf(member('   '))).toMatchObject({ sendDisabled: true, message: null });
    expect(speechOf(member(''))).toMatchObject({ sendDisabled: true, message: null, width: 0 });
  });

  it('holds for any text: width counts 1 up to code 255 and 2 above, and too long means over 120', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 90 }), (text) => {
        let width = 0;
        for (const ch of text) width += ch.codePointAt(0)! > 255 ? 2 : 1;
        const s = speechOf(member(text));
        expect(s.width).toBe(width);
        expect(s.tooLong).toBe(width > MAX);
        expect(s.message).toBe(width <= MAX && text.trim() ? text.trim() : null);
      }),
    );
  });
});
