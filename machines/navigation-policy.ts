// The one navigation and session policy (issue 8 §2): from a route's access, the session and the site gate,
// decide whether the page may render, must wait, or sends the player elsewhere. Pure; the root layout runs it
// before the page renders, so a member page never mounts for a visitor.

/** spec §6 and issue 8 §2: who may see a route. */
export type Access = 'public' | 'member' | 'guestOnly';
/** A page that exists only while the site is in that condition. */
export type OnlyWhen = 'maintenance' | 'restricted';

export const HOME_PATH = '/';
export const LOGIN_PATH = '/user/login';
export const MAINTENANCE_PATH = '/other/maintenance';
export const RESTRICTION_PATH = '/other/restrictionIp';
/** spec §2: the restriction page's `name` query. */
export const ACCESS_CAVEAT = 'access-caveat';
export const ACCESS_ALERT = 'access-alert';
/** spec §8: the restriction page for 6031/6033 (access-caveat) and for 6032 (access-alert). */
export const CAVEAT_PAGE = `${RESTRICTION_PATH}?name=${ACCESS_CAVEAT}`;
export const ALERT_PAGE = `${RESTRICTION_PATH}?name=${ACCESS_ALERT}`;

/** The login state as the session actor's snapshot tells it (see `loginStatus` in session.machine.ts). */
export type LoginStatus = 'anonymous' | 'restoring' | 'member';

/** The site gate as the policy needs it. */
export interface GateFacts {
  /** No pre-info yet, or the gate is re-reading it: pages bound to a condition are not judged meanwhile. */
  settled: boolean;
  maintenance: boolean;
  /** The caller is restricted (6031/6033). */
  restricted: boolean;
  /** The back end flagged an access alert (6032) and the player has not chosen to continue. */
  alert: boolean;
}

export interface PolicyFacts {
  access: Access;
  onlyWhen?: OnlyWhen;
  path: string;
  search: string;
  login: LoginStatus;
  /** The session ended (logout, a session code, a refused stored token) while the player was on this page. */
  endedHere: boolean;
  gate: GateFacts;
}

export type Decision =
  | { kind: 'render' }
  /** Not decidable yet (a stored login is being checked): show the loading placeholder, not the page. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string };

const render: Decision = { kind: 'render' };
const to = (path: string): Decision => ({ kind: 'redirect', to: path });

/**
 * Where `?redirect=` may lead: only a path of this site, never an open redirect. Browsers read '//x', '/\x'
 * (and either with tabs or newlines stripped) as another host, so a second slash or backslash, or any control
 * character, is refused.
 */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  const safe =
    target && /^\/(?![\\/])/.test(target) && ![...target].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
  return safe ? target : HOME_PATH;
}

/** The login page that brings the player back here afterwards (spec §6). */
export const loginFor = (path: string, search: string) =>
  `${LOGIN_PATH}?redirect=${encodeURIComponent(path + search)}`;

export function decide(f: PolicyFacts): Decision {
  // spec §4: a maintained site shows only its maintenance page.
  if (f.gate.maintenance) return f.path === MAINTENANCE_PATH ? render : to(MAINTENANCE_PATH);
  if (f.onlyWhen && f.gate.settled) {
    // issue 8 §2: the maintenance page when the site is up, the restriction page when nothing restricts the
    // caller (any more), send the player home.
    // A restricted caller leaving a page whose condition is gone goes to the caveat page, not home (spec §8
    // 6031/6033): this redirect can be the last word after the catalogue's own navigation to that page (a
    // maintenance page whose re-read is refused renders once more, with the gate restricted, before the router
    // moves on), so it must agree with it.
    const away = f.gate.restricted ? CAVEAT_PAGE : HOME_PATH;
    if (f.onlyWhen === 'maintenance') return to(away);
    const name = new URLSearchParams(f.search).get('name');
    const holds = name === ACCESS_ALERT ? f.gate.alert : f.gate.restricted;
    if (!holds) return to(away);
  }
  switch (f.access) {
    case 'member':
      if (f.login === 'member') return render;
      if (f.login === 'restoring') return { kind: 'wait' };
      // spec §2: a session that ends on a member page sends the player home; otherwise a visitor logs in first
      // and comes back (spec §6).
      return f.endedHere ? to(HOME_PATH) : to(loginFor(f.path, f.search));
    case 'guestOnly':
      // A kept token the server has not confirmed may be refused: the form waits rather than leave at once.
      if (f.login === 'restoring') return { kind: 'wait' };
      // Logged in already: the login and register forms have nothing to do; go where they would lead.
      return f.login === 'anonymous' ? render : to(redirectTarget(f.search));
    case 'public':
      return render;
  }
}
