// spec §8: the one table of reactions to coded API errors. The app actor consults it; nothing else decides.

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
}

export type Reaction = { kind: 'navigate'; to: string; replace?: boolean };

export interface CatalogueRow {
  type: ApiErrorInfo['type'];
  codes: ReadonlyArray<number | string>;
  /** The row applies only when this holds. */
  when?: (facts: CatalogueFacts) => boolean;
  reactions: ReadonlyArray<Reaction>;
  why: string;
}

export const RESTRICTION_PATH = '/other/restrictionIp';
export const ACCESS_CAVEAT = 'access-caveat';
export const ACCESS_ALERT = 'access-alert';

export const ERROR_CATALOGUE: ReadonlyArray<CatalogueRow> = [
  {
    type: 'business',
    codes: [6031, 6033],
    reactions: [{ kind: 'navigate', to: `${RESTRICTION_PATH}?name=${ACCESS_CAVEAT}`, replace: true }],
    why: 'spec §8: 6031, 6033 go to the restriction page (access-caveat)',
  },
  {
    type: 'business',
    codes: [6032],
    when: (f) => f.maintainStatus !== 0 && !f.alertSkipped,
    reactions: [{ kind: 'navigate', to: `${RESTRICTION_PATH}?name=${ACCESS_ALERT}`, replace: true }],
    why: 'spec §8: 6032 goes to the restriction page (access-alert) unless in maintenance or skipped',
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
