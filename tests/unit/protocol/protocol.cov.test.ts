// Pure wire helpers shared by the site and the back end: version comparison (spec §8 10009 old version) and the
// chat refusal messages (spec §5 text width: characters above code 255 count 2).
import { describe, expect, it } from 'vitest';
import { API_MIN_VERSION, API_VERSION, compareVersions } from '../../../src/protocol/api.ts';
import { CHAT_ERROR_REASONS, CHAT_MAX_WIDTH, chatErrorMessage } from '../../../src/protocol/stream.ts';

describe('compareVersions', () => {
  it('orders dotted versions numerically, part by part', () => {
    expect(compareVersions('2.0.0', '2.0.1')).toBeLessThan(0);
    expect(compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.9', '2.0.0')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
  });

  it('reads missing and non-numeric parts as 0', () => {
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
    expect(compareVersions('2.x.1', '2.0.1')).toBe(0);
    expect(compareVersions('2.0.0.1', '2.0.0')).toBeGreaterThan(0);
  });

  it('the site sends a version the back end still serves (spec §7 X-API-VERSION 2.0.0)', () => {
    expect(API_VERSION).toBe('2.0.0');
    expect(compareVersions(API_VERSION, API_MIN_VERSION)).toBeGreaterThanOrEqual(0);
  });
});

describe('chatErrorMessage', () => {
  it('has its own message for every refusal reason', () => {
    const messages = CHAT_ERROR_REASONS.map((r) => chatErrorMessage(r));
    expect(messages.every((m) => m.length > 0)).toBe(true);
    expect(new Set(messages).size).toBe(CHAT_ERROR_REASONS.length);
  });

  it('names the VIP levels that may speak when it knows them', () => {
    const message = chatErrorMessage('vipRange', { vipMin: 3, vipMax: 8 });
    expect(message).toContain('VIP3');
    expect(message).toContain('VIP8');
    expect(chatErrorMessage('vipRange')).not.toMatch(/VIP\d/);
  });

  it('says how long a message may be: 120 width units, i.e. 60 Chinese characters', () => {
    expect(CHAT_MAX_WIDTH).toBe(120);
    const message = chatErrorMessage('tooLong');
    expect(message).toContain('60');
    expect(message).toContain('120');
  });
});
