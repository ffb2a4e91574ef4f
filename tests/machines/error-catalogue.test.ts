import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  isSessionGuarded,
  maintainStatusOf,
  reactionsFor,
  SESSION_GUARDED_PARTS,
  type ApiErrorInfo,
  type CatalogueFacts,
} from '../../machines/error-catalogue.ts';
import { isSessionEnding, SESSION_ENDING_CODES, TOKEN_CLEARING_CODES } from '../../src/protocol/api.ts';
import {
  ACCESS_ALERT,
  ACCESS_CAVEAT,
  LOGIN_PATH,
  RESTRICTION_PATH,
} from '../../machines/navigation-policy.ts';
import { DOWN, OPEN } from './fixtures.ts';

const business = (code: number | string): ApiErrorInfo => ({ type: 'business', code, message: 'x' });
const facts = (over: Partial<CatalogueFacts> = {}): CatalogueFacts => ({
  maintainStatus: 1,
  alertSkipped: false,
  location: '/game/chess',
  ...over,
});

// spec §8 6031/6033: the caller is restricted (the site gate holds it, issue 8 §2) and goes to the caveat page.
const caveat = [
  { kind: 'restricted' },
  { kind: 'navigate', to: '/other/restrictionIp?name=access-caveat', replace: true },
];
// spec §8 6032: the gate learns of the alert (so the policy lets the page show), and the player goes to it.
const alert = [
  { kind: 'alert' },
  { kind: 'navigate', to: '/other/restrictionIp?name=access-alert', replace: true },
];
const endSession = { kind: 'endSession' };
const home = { kind: 'navigate', to: '/', replace: true };
const alertDialog = { kind: 'dialog', dialog: 'alert', okTo: '/user/login' };
const confirmDialog = { kind: 'dialog', dialog: 'confirm', okTo: '/user/login' };
/** spec §8: the session codes (6001, 10105, 10004, 10104 clear the token; 10102 too). */
const SESSION_ERROR_CODES = [6001, 10004, 10102, 10104, 10105];

/** One location per guarded part of spec §2, as the app builds it (path + search). */
const GUARDED_LOCATIONS = [
  '/mine',
  '/mine/finance/wallet?tab=1',
  '/sport/V188?url=https%3A%2F%2Fv.example',
  '/sport/im?url=x',
  '/sport/ob?url=x',
  '/gaming/ybdj?url=x',
  '/gaming/imdj?url=x',
  '/gaming/lhdj?url=x',
  '/registerGuide',
  '/registerGuide?i_code=AB12',
];
const UNGUARDED_LOCATIONS = [
  '/',
  '/game/chess',
  '/user/login?redirect=%2Fmine',
  // A venue page without its url= query is not one of spec §2's parts.
  '/sport/V188',
  '/sport/V188?tab=url=',
  '/gaming/other?url=x',
];

describe('error catalogue (spec §8)', () => {
  it('names the restriction page and its two variants (spec §2)', () => {
    expect(RESTRICTION_PATH).toBe('/other/restrictionIp');
    expect([ACCESS_CAVEAT, ACCESS_ALERT]).toEqual(['access-caveat', 'access-alert']);
    expect(LOGIN_PATH).toBe('/user/login');
  });

  it('every row cites the spec and reacts', () => {
    expect(ERROR_CATALOGUE.length).toBeGreaterThan(0);
    for (const row of ERROR_CATALOGUE) {
      expect(row.why).toMatch(/^spec §[28]: /);
      expect(row.codes.length).toBeGreaterThan(0);
      expect(row.reactions.length).toBeGreaterThan(0);
    }
  });

  it('no code appears in two unconditional rows of the same type', () => {
    const seen = ERROR_CATALOGUE.filter((row) => !row.when).flatMap((row) =>
      row.codes.map((code) => `${row.type}:${code}`),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the session codes are the ones the session machine ends a session on', () => {
    const sorted = (codes: ReadonlyArray<number>) => [...codes].sort((a, b) => a - b);
    expect(sorted(TOKEN_CLEARING_CODES)).toEqual([6001, 10004, 10104, 10105]);
    expect(sorted(SESSION_ENDING_CODES)).toEqual(SESSION_ERROR_CODES);
    for (const code of SESSION_ERROR_CODES) {
      expect(isSessionEnding(code)).toBe(true);
      expect(isSessionEnding(String(code))).toBe(true);
    }
    for (const code of [6000, 6013, 6031, 10103, null, undefined, 'x'])
      expect(isSessionEnding(code)).toBe(false);
  });

  it.each([6031, 6033])('%i goes to the access caveat whatever the facts', (code) => {
    for (const f of [
      facts(),
      facts({ maintainStatus: 0 }),
      facts({ alertSkipped: true }),
      facts({ maintainStatus: null }),
      facts({ location: '/mine/vip' }),
    ])
      expect(reactionsFor(business(code), f)).toEqual(caveat);
  });

  it('6032 goes to the access alert when maintainConfig.status is not 0 and the skip flag is absent', () => {
    expect(reactionsFor(business(6032), facts({ maintainStatus: 1 }))).toEqual(alert);
    expect(reactionsFor(business(6032), facts({ maintainStatus: null }))).toEqual(alert);
  });

  it('6032 does nothing during maintenance or once skipped', () => {
    expect(reactionsFor(business(6032), facts({ maintainStatus: 0 }))).toEqual([]);
    expect(reactionsFor(business(6032), facts({ alertSkipped: true }))).toEqual([]);
    expect(reactionsFor(business(6032), facts({ maintainStatus: 0, alertSkipped: true }))).toEqual([]);
  });

  it('10102 (device blocked) ends the session and alerts; OK goes to the login page', () => {
    expect(reactionsFor(business(10102), facts())).toEqual([endSession, alertDialog]);
  });

  // The socket store is cleared by the session's end (session.changed → socket.logout, issue 8 §2), not here.
  it('6001 (logged in elsewhere) ends the session and asks to confirm; OK goes to login', () => {
    expect(reactionsFor(business(6001), facts())).toEqual([endSession, confirmDialog]);
  });

  it.each([10105, 10004, 10104])('%i ends the session without a dialog', (code) => {
    expect(reactionsFor(business(code), facts())).toEqual([endSession]);
  });

  it.each(GUARDED_LOCATIONS)('a session error on %s also sends the player home (spec §2)', (location) => {
    expect(isSessionGuarded(location)).toBe(true);
    expect(reactionsFor(business(10004), facts({ location }))).toEqual([endSession, home]);
    expect(reactionsFor(business(10102), facts({ location }))).toEqual([endSession, alertDialog, home]);
    expect(reactionsFor(business(6001), facts({ location }))).toEqual([endSession, confirmDialog, home]);
  });

  it.each(UNGUARDED_LOCATIONS)('a session error on %s stays on the page', (location) => {
    expect(isSessionGuarded(location)).toBe(false);
    for (const code of SESSION_ERROR_CODES)
      expect(reactionsFor(business(code), facts({ location }))).not.toContainEqual(home);
  });

  it('every guarded part of spec §2 is listed', () => {
    expect([...SESSION_GUARDED_PARTS].sort()).toEqual(
      [
        '/mine',
        'sport/V188?url=',
        'sport/im?url=',
        'sport/ob?url=',
        'gaming/ybdj?url=',
        'gaming/imdj?url=',
        'gaming/lhdj?url=',
        'registerGuide',
      ].sort(),
    );
  });

  it('a code outside the session rows does not send a guarded page home', () => {
    expect(reactionsFor(business(6013), facts({ location: '/mine/vip' }))).toEqual([]);
    expect(reactionsFor(business(6031), facts({ location: '/mine/vip' }))).toEqual(caveat);
  });

  it.each([6000, 6002, 6013, 6034, 603, 10103])('%i has no catalogue reaction', (code) => {
    expect(reactionsFor(business(code), facts())).toEqual([]);
    expect(reactionsFor(business(code), facts({ location: '/mine/vip' }))).toEqual([]);
  });

  it('only business errors react: a network or transport error with a catalogue code does not', () => {
    expect(reactionsFor({ type: 'network', code: 6031, message: 'x' }, facts())).toEqual([]);
    expect(reactionsFor({ type: 'transport', code: 6033, message: 'x' }, facts())).toEqual([]);
    const onMine = facts({ location: '/mine/vip' });
    expect(reactionsFor({ type: 'network', code: 6001, message: 'x' }, onMine)).toEqual([]);
    expect(reactionsFor({ type: 'transport', code: 10102, message: 'x' }, onMine)).toEqual([]);
  });

  it('reads maintainConfig.status from error data', () => {
    expect(maintainStatusOf(DOWN)).toBe(0);
    expect(maintainStatusOf(OPEN)).toBe(1);
    expect(maintainStatusOf({ maintainConfig: { status: '0' } })).toBeNull();
    expect(maintainStatusOf({ maintainConfig: {} })).toBeNull();
    expect(maintainStatusOf({})).toBeNull();
    expect(maintainStatusOf(null)).toBeNull();
    expect(maintainStatusOf(undefined)).toBeNull();
    expect(maintainStatusOf('maintenance')).toBeNull();
  });
});
