// The public origin (docs/venues.md "The frame-URL rule"): the launch's URLs and the pre-info's venueOrigins
// name the same origin — the configured PUBLIC_ORIGIN, else the scheme and host the request came with
// (X-Forwarded-* only under trustProxy) — so a launched page always passes isVenueFrameUrl with the pre-info
// the same browser got, and a Host that is not a host name never reaches a URL. PGlite, and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { CODE } from '../../src/protocol/api.ts';
import { isVenueFrameUrl } from '../../src/protocol/venues.ts';
import type { TestApp } from '../support/test-app.ts';
import { appWithRouteTable } from './route-table.ts';
import { as, PATH, player, venueApp, type Player } from './venue-helpers.ts';

const preInfo = async (t: TestApp, headers: Record<string, string> = {}) =>
  (await t.call({ method: 'POST', url: PATH.preInfo, payload: {}, headers })).body;

async function launchFrom(t: TestApp, p: Player, headers: Record<string, string> = {}) {
  const { body } = await as(t, p, 'POST', PATH.launch, { enName: 'IMTY', isSure: 1 }, headers);
  expect(body.status_code).toBe(CODE.success);
  return body.data as {
    url: string;
    h5Url: string;
    token: string;
    resource: string;
    params: { values: { origin: string } };
  };
}

describe('without PUBLIC_ORIGIN: the request’s own origin', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await venueApp();
    p = await player(t);
  });
  afterAll(() => t.close());

  it('names the Host the browser sent, with its https twin', async () => {
    const headers = { host: 'play.example.com:8080' };
    expect((await preInfo(t, headers)).data.venueOrigins).toEqual([
      'http://play.example.com:8080',
      'https://play.example.com:8080',
    ]);
    const r = await launchFrom(t, p, headers);
    expect(r.url.startsWith('http://play.example.com:8080/sandbox/venue/IMTY/?token=')).toBe(true);
    expect(r.token.startsWith('http://play.example.com:8080/sandbox/sportsbook/count/')).toBe(true);
    expect(r.params.values.origin).toBe('http://play.example.com:8080');
    expect(isVenueFrameUrl(r.url, (await preInfo(t, headers)).data.venueOrigins)).toBe(true);
    // Another host's pre-info does not let this page be framed.
    expect(isVenueFrameUrl(r.url, (await preInfo(t, { host: 'other.example.com' })).data.venueOrigins)).toBe(
      false,
    );
  });

  it('ignores X-Forwarded-* when the proxy is not trusted', async () => {
    const headers = {
      host: 'play.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    };
    expect((await preInfo(t, headers)).data.venueOrigins[0]).toBe('http://play.example.com');
    expect((await launchFrom(t, p, headers)).url.startsWith('http://play.example.com/sandbox/venue/')).toBe(
      true,
    );
  });

  it('never puts a Host that is not a host name into a URL', async () => {
    for (const host of ['evil.example/x?', 'a@b.example', 'bad host', 'x"y', '[zz]', '-leading.example']) {
      const origins = (await preInfo(t, { host })).data.venueOrigins;
      expect(origins[0], host).toBe('http://127.0.0.1');
      expect(
        (await launchFrom(t, p, { host })).url.startsWith('http://127.0.0.1/sandbox/venue/IMTY/'),
        host,
      ).toBe(true);
    }
    expect((await preInfo(t, { host: '[::1]:8080' })).data.venueOrigins[0]).toBe('http://[::1]:8080');
  });

  it('embeds the same venueOrigins in the page’s pre-info', async () => {
    const site = await appWithRouteTable(t.db);
    try {
      const res = await site.app.inject({ method: 'GET', url: '/', headers: { host: 'play.example.com' } });
      const json = /<script type="application\/json" id="pre-info">(.*?)<\/script>/s.exec(res.body)?.[1];
      expect(JSON.parse(json!).venueOrigins).toEqual(['http://play.example.com', 'https://play.example.com']);
    } finally {
      await site.close();
    }
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await venueApp({ trustProxy: true });
    p = await player(t);
  });
  afterAll(() => t.close());

  it('takes the scheme and host the proxy forwards', async () => {
    const headers = {
      host: '10.0.0.5:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'www.example.com',
    };
    expect((await preInfo(t, headers)).data.venueOrigins).toEqual(['https://www.example.com']);
    const r = await launchFrom(t, p, headers);
    expect(r.url.startsWith('https://www.example.com/sandbox/venue/IMTY/')).toBe(true);
    expect(r.resource).toBe('https://www.example.com/sandbox/venue/static/');
  });
});

describe('with PUBLIC_ORIGIN', () => {
  let t: TestApp;
  let p: Player;
  beforeAll(async () => {
    t = await venueApp({
      publicOrigin: configFromEnv({ PUBLIC_ORIGIN: 'https://www.example.com:443/ignored' }).publicOrigin!,
    });
    p = await player(t);
  });
  afterAll(() => t.close());

  it('answers the configured origin whatever the Host', async () => {
    for (const host of ['localhost', 'evil.example']) {
      expect((await preInfo(t, { host })).data.venueOrigins).toEqual(['https://www.example.com']);
      const r = await launchFrom(t, p, { host });
      expect(r.url.startsWith('https://www.example.com/sandbox/venue/IMTY/')).toBe(true);
      expect(r.params.values.origin).toBe('https://www.example.com');
    }
  });

  it('PUBLIC_ORIGIN must be an http(s) origin', () => {
    expect(configFromEnv({ PUBLIC_ORIGIN: 'http://Play.Example.com:80' }).publicOrigin).toBe(
      'http://play.example.com',
    );
    expect(configFromEnv({}).publicOrigin).toBeUndefined();
    for (const bad of ['www.example.com', 'ftp://x.example', 'https://u:p@x.example', 'not a url'])
      expect(() => configFromEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
  });
});
