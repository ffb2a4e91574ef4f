// Launches and shared parameters of the three providers (spec §3 field lists; defaults CHS, European 3, CMN),
// written here, not taken from the code under test.
import type { LaunchResult, ProviderParams, SportCounts } from '../../../src/protocol/venues.ts';

type Of<P extends ProviderParams['provider']> = Extract<ProviderParams, { provider: P }>;

export const ONE: Of<'one'> = {
  provider: 'one',
  values: {
    LanguageCode: 'CHS',
    OddsType: 3,
    TimeStamp: 1_767_225_600_000,
    origin: 'https://site.test',
    Token: 'tok-one',
    MemberCode: 'm-1001',
  },
};
export const TWO: Of<'two'> = {
  provider: 'two',
  values: {
    cuid: 'cuid-22',
    origin: 'https://site.test',
    requestId: 'req-22',
    resourceUrl: 'https://res.test/two',
    resourceGamingUrl: 'https://res.test/two-gaming',
  },
};
export const THREE: Of<'three'> = {
  provider: 'three',
  values: { origin: 'https://site.test', languageType: 'CMN', Authorization: 'Bearer three-abc' },
};

export function launch(params: ProviderParams, over: Partial<LaunchResult> = {}): LaunchResult {
  const base = { one: '/improxy/api/mobile', two: '/yewu11', three: '/v1' }[params.provider];
  return {
    url: `https://venue.test/${params.provider}/pc`,
    h5Url: `https://venue.test/${params.provider}/h5`,
    activityUrl: '',
    resource: 'https://res.test/',
    token: `https://venue.test/sandbox/sportsbook/count/${params.provider}-token`,
    apiUrl: base,
    params,
    moved: 0,
    ...over,
  };
}

export const COUNTS: SportCounts = {
  venue: 'IMTY',
  sports: [
    { sport: 'football', name: '足球', live: 3, today: 12, early: 40 },
    { sport: 'basketball', name: '篮球', live: 0, today: 5, early: 9 },
  ],
  total: 69,
  at: '2026-01-01T08:00:00.000Z',
};

/** base64 of the UTF-8 JSON, the sandbox's encoding (written out here with Node's Buffer). */
export const encoded = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
