import { describe, expect, it } from 'vitest';
import {
  ACCESS_ALERT,
  ACCESS_CAVEAT,
  ERROR_CATALOGUE,
  maintainStatusOf,
  reactionsFor,
  RESTRICTION_PATH,
  type ApiErrorInfo,
  type CatalogueFacts,
} from '../../machines/error-catalogue.ts';
import { DOWN, OPEN } from './fixtures.ts';

const business = (code: number | string): ApiErrorInfo => ({ type: 'business', code, message: 'x' });
const facts = (over: Partial<CatalogueFacts> = {}): CatalogueFacts => ({
  maintainStatus: 1,
  alertSkipped: false,
  ...over,
});

const caveat = [{ kind: 'navigate', to: '/other/restrictionIp?name=access-caveat', replace: true }];
const alert = [{ kind: 'navigate', to: '/other/restrictionIp?name=access-alert', replace: true }];

describe('error catalogue (spec §8)', () => {
  it('names the restriction page and its two variants (spec §2)', () => {
    expect(RESTRICTION_PATH).toBe('/other/restrictionIp');
    expect([ACCESS_CAVEAT, ACCESS_ALERT]).toEqual(['access-caveat', 'access-alert']);
  });

  it('every row cites the spec and reacts', () => {
    expect(ERROR_CATALOGUE.length).toBeGreaterThan(0);
    for (const row of ERROR_CATALOGUE) {
      expect(row.why).toMatch(/^spec §8: /);
      expect(row.codes.length).toBeGreaterThan(0);
      expect(row.reactions.length).toBeGreaterThan(0);
    }
  });

  it('no code appears in two rows of the same type', () => {
    const seen = ERROR_CATALOGUE.flatMap((row) => row.codes.map((code) => `${row.type}:${code}`));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.each([6031, 6033])('%i goes to the access caveat whatever the facts', (code) => {
    for (const f of [
      facts(),
      facts({ maintainStatus: 0 }),
      facts({ alertSkipped: true }),
      facts({ maintainStatus: null }),
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

  it.each([6000, 6001, 6013, 10102, 10104, 6034, 603])('%i has no catalogue reaction', (code) => {
    expect(reactionsFor(business(code), facts())).toEqual([]);
  });

  it('only business errors react: a network or transport error with a restriction code does not', () => {
    expect(reactionsFor({ type: 'network', code: 6031, message: 'x' }, facts())).toEqual([]);
    expect(reactionsFor({ type: 'transport', code: 6033, message: 'x' }, facts())).toEqual([]);
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
