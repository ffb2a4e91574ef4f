// Shared data of the /mine model tests (issue 13 §1), written from the issue and src/protocol/profile.ts shapes.
import type { Profile } from '../../../src/protocol/profile.ts';

/** A coded refusal as the API client raises it (a BusinessError: type 'business', code, message, data). */
export const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code, data: null });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

/** "Today" of the model tests: 2026-11-26 12:00 China time, epoch ms. */
export const TODAY = Date.UTC(2026, 10, 26, 4, 0, 0);

export const profile = (over: Partial<Profile> = {}): Profile => ({
  phoneMasked: '138****8000',
  nickname: null,
  avatar: 'a1',
  birthday: null,
  realName: { verified: false, name: null },
  fundPasswordSet: false,
  ...over,
});
