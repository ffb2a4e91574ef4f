// spec §8: the one table of reactions to coded API errors. The app actor consults it; nothing else decides.
import { CODE, SESSION_ENDING_CODES } from '../src/protocol/api.ts';
import { ALERT_PAGE, CAVEAT_PAGE, HOME_PATH, LOGIN_PATH } from './navigation-policy.ts';

/** A coded error as the API client publishes it (pure data, so machines need not import the client). */
export interface ApiErrorInfo {
  type: 'business' | 'network' | 'transport';
  code: number | string;
  message: string;
  data?: unknown;
}

export interface CatalogueFacts {
  /** maintainConfig.status as last known (the error's own pre-info first), null when unknown. */
  maintainStatus: number | null;
  /** The player chose to continue past the access alert this session. */
  alertSkipped: boolean;
  /** The page the player is on: path and query (spec §2 matches on both). */
  location: string;
}

export type Reaction =
  | { kind: 'navigate'; to: string; replace?: boolean }
  /** End the session on this device: clear the token and the cached member (spec §8). */
  | { kind: 'endSession' }
  /** The caller is restricted (spec §8 6031/6033): the site gate keeps it until a re-check clears it. */
  | { kind: 'restricted' }
  /** The back end flagged an access alert (spec §8 6032): the site gate keeps it (the policy shows the page). */
  | { kind: 'alert' }
  /** A dialog with the server's message; OK goes to `okTo` (spec §8 10102 alert, 6001 confirm). */
  | { kind: 'dialog'; dialog: 'alert' | 'confirm'; okTo: string };

export interface CatalogueRow {
  type: ApiErrorInfo['type'];
  codes: ReadonlyArray<number | string>;
  /** The row applies only when this holds. */
  when?: (facts: CatalogueFacts) => boolean;
  reactions: ReadonlyArray<Reaction>;
  why: string;
}

/** spec §2: a session error for a logged-out player on a page whose path contains one of these sends them home. */
export const SESSION_GUARDED_PARTS = [
  '/mine',
  'sport/V188?url=',
  'sport/im?url=',
  'sport/ob?url=',
  'gaming/ybdj?url=',
  'gaming/imdj?url=',
  'gaming/lhdj?url=',
  'registerGuide',
] as const;

export const isSessionGuarded = (location: string) =>
  SESSION_GUARDED_PARTS.some((part) => location.includes(part));

export const ERROR_CATALOGUE: ReadonlyArray<CatalogueRow> = [
  {
    type: 'business',
    codes: [CODE.accessCaveat, CODE.accessBlocked],
    reactions: [{ kind: 'restricted' }, { kind: 'navigate', to: CAVEAT_PAGE, replace: true }],
    why: 'spec §8: 6031, 6033 go to the restriction page (access-caveat)',
  },
  {
    type: 'business',
    codes: [CODE.accessAlert],
    when: (f) => f.maintainStatus !== 0 && !f.alertSkipped,
    reactions: [{ kind: 'alert' }, { kind: 'navigate', to: ALERT_PAGE, replace: true }],
    why: 'spec §8: 6032 goes to the restriction page (access-alert) unless in maintenance or skipped',
  },
  {
    type: 'business',
    codes: [CODE.deviceBlocked],
    reactions: [{ kind: 'endSession' }, { kind: 'dialog', dialog: 'alert', okTo: LOGIN_PATH }],
    why: 'spec §8: 10102 device blocked: clear token and cached user, alert with the message, OK goes to login',
  },
  {
    type: 'business',
    codes: [CODE.loggedInElsewhere],
    // The socket store is cleared by the session's end (the app sends the socket its logout): one road.
    reactions: [{ kind: 'endSession' }, { kind: 'dialog', dialog: 'confirm', okTo: LOGIN_PATH }],
    why: 'spec §8: 6001 logged in elsewhere: clear the socket store and the token, confirm, OK goes to login',
  },
  {
    type: 'business',
    codes: [CODE.tokenRevoked, CODE.tokenInvalid, CODE.tokenExpired],
    reactions: [{ kind: 'endSession' }],
    why: 'spec §8: 10105, 10004, 10104 clear the token',
  },
  {
    type: 'business',
    codes: SESSION_ENDING_CODES,
    when: (f) => isSessionGuarded(f.location),
    reactions: [{ kind: 'navigate', to: HOME_PATH, replace: true }],
    why: 'spec §2: a session error on a member page (or a venue/registerGuide page) sends the player home',
  },
];

/** The reactions for an error: every matching row's, in table order. */
export function reactionsFor(error: ApiErrorInfo, facts: CatalogueFacts): Reaction[] {
  return ERROR_CATALOGUE.filter(
    (row) => row.type === error.type && row.codes.includes(error.code) && (row.when?.(facts) ?? true),
  ).flatMap((row) => row.reactions);
}

/** maintainConfig.status carried by an error's data (6032 carries the pre-info). */
export function maintainStatusOf(data: unknown): number | null {
  const status = (data as { maintainConfig?: { status?: unknown } } | null | undefined)?.maintainConfig
    ?.status;
  return typeof status === 'number' ? status : null;
}
