// Shared pieces of the member centre's /mine machines (issue 13 §1): what a refusal carries and the paths.
// Pure: xstate-free helpers over the protocol.

export const MINE_PATH = '/mine';
export const USER_INFO_PATH = '/mine/userInfo';

/** The area actor's systemId: the dialog's buttons send to it, and it hands them to the logins list. */
export const MINE_SYSTEM_ID = 'mine';

/** A coded refusal the page shows itself (31001–31005, 6027/6028, 10003), or no answer at all. */
export interface MineRefusal {
  code: number | string;
  message: string;
}

/** The transport failed (no answer): the page says so and offers a retry. */
export const NO_ANSWER_CODE = 'noAnswer';

export function refusalOf(error: unknown): MineRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; type?: string };
  return e.type === 'business'
    ? { code: e.code ?? NO_ANSWER_CODE, message: e.message ?? '' }
    : { code: NO_ANSWER_CODE, message: '' };
}
