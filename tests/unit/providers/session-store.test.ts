// The stored sports-venue parameters (spec §3 local items; spec §4 "saved to and loaded from storage").
import { describe, expect, it } from 'vitest';
import {
  clearVenueSessions,
  loadProviderSessions,
  loadVenueSession,
  saveOddsType,
  saveProviderParams,
  saveVenueLaunch,
  VENUE_PARAMS_KEY,
} from '../../../src/api/providers/index.ts';
import type { ProviderParams } from '../../../src/protocol/venues.ts';
import { launch, ONE, THREE, TWO } from './fixtures.ts';

const NOW = 1_767_225_700_000;
const stored = () => JSON.parse(localStorage.getItem(VENUE_PARAMS_KEY) ?? 'null');

describe('stored venue parameters', () => {
  it('a launch round-trips through storage with every spec §3 item', () => {
    const saved = saveVenueLaunch('IMTY', launch(ONE), NOW);
    expect(loadVenueSession('IMTY')).toEqual(saved);
    expect(saved).toEqual({
      venue: 'IMTY',
      provider: 'one',
      url: 'https://venue.test/one/pc',
      h5Url: 'https://venue.test/one/h5',
      apiUrl: '/improxy/api/mobile',
      token: 'https://venue.test/sandbox/sportsbook/count/one-token',
      params: ONE,
      currentTimestamp: NOW,
    });
    saveVenueLaunch('YBTY', launch(TWO), NOW);
    saveVenueLaunch('FBTY', launch(THREE), NOW);
    // spec §3: h5Url, url, TimeStamp, LanguageCode, Token, MemberCode, requestId, Authorization, languageType,
    // currentTimestamp, origin — each is in what storage holds.
    const text = localStorage.getItem(VENUE_PARAMS_KEY)!;
    for (const item of [
      'h5Url',
      'url',
      'TimeStamp',
      'LanguageCode',
      'Token',
      'MemberCode',
      'requestId',
      'Authorization',
      'languageType',
      'currentTimestamp',
      'origin',
    ])
      expect(text).toContain(`"${item}"`);
    expect(Object.keys(stored())).toEqual(['IMTY', 'YBTY', 'FBTY']);
  });

  it('a new launch of a venue replaces its record; the others stay', () => {
    saveVenueLaunch('IMTY', launch(ONE), NOW);
    saveVenueLaunch('V188', launch(ONE, { token: 'v188' }), NOW);
    const again = { ...ONE, values: { ...ONE.values, Token: 'tok-new' } } as ProviderParams;
    saveVenueLaunch('IMTY', launch(again), NOW + 1);
    expect(loadVenueSession('IMTY')).toMatchObject({ params: again, currentTimestamp: NOW + 1 });
    expect(loadVenueSession('V188')?.token).toBe('v188');
    expect(loadProviderSessions('one').map((s) => s.venue)).toEqual(['IMTY', 'V188']);
  });

  it('parameters fetched again are stored on the provider’s venues only, with a new currentTimestamp', () => {
    saveVenueLaunch('YBTY', launch(TWO), NOW);
    saveVenueLaunch('FBTY', launch(THREE), NOW);
    const fresh: ProviderParams = {
      provider: 'two',
      values: { ...TWO.values, cuid: 'cuid-new', requestId: 'r2' },
    };
    const updated = saveProviderParams(fresh, NOW + 5);
    expect(updated.map((s) => s.venue)).toEqual(['YBTY']);
    expect(loadVenueSession('YBTY')).toMatchObject({ params: fresh, currentTimestamp: NOW + 5 });
    expect(loadVenueSession('FBTY')).toMatchObject({ params: THREE, currentTimestamp: NOW });
    // No venue of the provider launched: nothing stored.
    clearVenueSessions('YBTY');
    expect(saveProviderParams(fresh, NOW)).toEqual([]);
    expect(loadVenueSession('YBTY')).toBeNull();
  });

  it('the player’s odds type follows into provider one’s OddsType', () => {
    saveVenueLaunch('IMTY', launch(ONE), NOW);
    saveVenueLaunch('FBTY', launch(THREE), NOW);
    saveOddsType(1);
    expect(loadVenueSession('IMTY')?.params).toEqual({
      provider: 'one',
      values: { ...ONE.values, OddsType: 1 },
    });
    expect(loadVenueSession('FBTY')?.params).toEqual(THREE);
    const before = localStorage.getItem(VENUE_PARAMS_KEY);
    saveOddsType(1);
    expect(localStorage.getItem(VENUE_PARAMS_KEY)).toBe(before);
  });

  it('clears one venue or all of them', () => {
    saveVenueLaunch('IMTY', launch(ONE), NOW);
    saveVenueLaunch('FBTY', launch(THREE), NOW);
    clearVenueSessions('IMTY');
    expect(Object.keys(stored())).toEqual(['FBTY']);
    clearVenueSessions('FBTY');
    expect(localStorage.getItem(VENUE_PARAMS_KEY)).toBeNull();
    saveVenueLaunch('IMTY', launch(ONE), NOW);
    clearVenueSessions();
    expect(loadVenueSession('IMTY')).toBeNull();
    expect(localStorage.getItem(VENUE_PARAMS_KEY)).toBeNull();
  });

  it('nothing stored, or storage that is not JSON, reads as no record', () => {
    expect(loadVenueSession('IMTY')).toBeNull();
    localStorage.setItem(VENUE_PARAMS_KEY, '{not json');
    expect(loadVenueSession('IMTY')).toBeNull();
    localStorage.setItem(VENUE_PARAMS_KEY, '[1,2]');
    expect(loadVenueSession('IMTY')).toBeNull();
    // And a broken item does not stop a launch from being stored.
    saveVenueLaunch('IMTY', launch(ONE), NOW);
    expect(loadVenueSession('IMTY')?.venue).toBe('IMTY');
  });

  it('a record of the wrong shape is dropped, never trusted', () => {
    const good = saveVenueLaunch('IMTY', launch(ONE), NOW);
    const bad = (change: (s: any) => void) => {
      const copy = structuredClone(good) as any;
      change(copy);
      localStorage.setItem(VENUE_PARAMS_KEY, JSON.stringify({ IMTY: copy }));
      return loadVenueSession('IMTY');
    };
    expect(bad(() => {})).toEqual(good);
    expect(bad((s) => delete s.params.values.Token)).toBeNull();
    expect(bad((s) => (s.params.values.OddsType = '3'))).toBeNull();
    expect(bad((s) => (s.params.values.TimeStamp = null))).toBeNull();
    expect(bad((s) => (s.params.provider = 'four'))).toBeNull();
    expect(bad((s) => (s.provider = 'two'))).toBeNull();
    expect(bad((s) => (s.venue = 'YBTY'))).toBeNull();
    expect(bad((s) => delete s.apiUrl)).toBeNull();
    expect(bad((s) => (s.currentTimestamp = 'now'))).toBeNull();
    expect(bad((s) => (s.params.values = 'x'))).toBeNull();
    expect(bad((s) => (s.params = null))).toBeNull();
    // Provider two and three each need every one of their fields.
    saveVenueLaunch('YBTY', launch(TWO), NOW);
    const raw = stored();
    delete raw.YBTY.params.values.resourceGamingUrl;
    localStorage.setItem(VENUE_PARAMS_KEY, JSON.stringify(raw));
    expect(loadVenueSession('YBTY')).toBeNull();
    saveVenueLaunch('FBTY', launch(THREE), NOW);
    const raw3 = stored();
    raw3.FBTY.params.values.Authorization = 7;
    localStorage.setItem(VENUE_PARAMS_KEY, JSON.stringify(raw3));
    expect(loadVenueSession('FBTY')).toBeNull();
  });
});
