// The frame-URL rule of the embedded venue pages (issue 11 §2: "the url parameter is accepted only for an
// origin of a known venue, never any URL (no open-frame injection)"): isVenueFrameUrl takes an absolute http(s)
// URL whose origin the pre-info lists (venueOrigins) and whose path is under the venues' prefix, and nothing
// else. Each refused URL below breaks one part of that rule; the expectations come from the issue, not the code.
import { describe, expect, it } from 'vitest';
import { EMBEDDED_VENUE_PAGES, isVenueFrameUrl, VENUE_H5_PREFIX } from '../../../src/protocol/venues.ts';

/** What a server at http://127.0.0.1:8080 lists (server/modules/venue/origin.ts): itself and its https twin. */
const ORIGINS = ['http://127.0.0.1:8080', 'https://127.0.0.1:8080'];
const PAGE = 'http://127.0.0.1:8080/sandbox/venue/IMTY/?token=abc&view=pc';

describe('isVenueFrameUrl (issue 11 §2)', () => {
  it('takes a venue page of a listed origin, either scheme listed, any venue, any query', () => {
    for (const url of [
      PAGE,
      'https://127.0.0.1:8080/sandbox/venue/YBTY/?token=x&game=g&view=h5&app=1',
      'http://127.0.0.1:8080/sandbox/venue/V188/',
      'http://127.0.0.1:8080/sandbox/venue/LHDJ/?temporaryParam=%E5%9B%9E%E5%88%B0',
      // The same place written otherwise: the host's case, an explicit default port.
      'HTTP://127.0.0.1:8080/sandbox/venue/IMTY/',
      'https://www.example.com:443/sandbox/venue/FBTY/#top',
    ]) {
      expect(isVenueFrameUrl(url, [...ORIGINS, 'https://www.example.com']), url).toBe(true);
    }
  });

  it('refuses every other origin, however close', () => {
    for (const url of [
      'http://evil.example/sandbox/venue/IMTY/',
      'http://127.0.0.1:8081/sandbox/venue/IMTY/',
      'http://127.0.0.1/sandbox/venue/IMTY/',
      'http://127.0.0.1:8080.evil.example/sandbox/venue/IMTY/',
      'http://127.0.0.2:8080/sandbox/venue/IMTY/',
      'http://localhost:8080/sandbox/venue/IMTY/',
    ]) {
      expect(isVenueFrameUrl(url, ORIGINS), url).toBe(false);
    }
  });

  it('refuses a listed origin outside the venues prefix, also through dot segments', () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://127.0.0.1:8080/sandbox/venue',
      'http://127.0.0.1:8080/sandbox/venues/IMTY/',
      'http://127.0.0.1:8080/sandbox/cashier/123',
      'http://127.0.0.1:8080/sandbox/venue/../cashier/123',
      'http://127.0.0.1:8080/sandbox/venue/%2e%2e/cashier/123',
      'http://127.0.0.1:8080/x/sandbox/venue/IMTY/',
      'http://127.0.0.1:8080/mine/finance/wallet?next=/sandbox/venue/IMTY/',
    ]) {
      expect(isVenueFrameUrl(url, ORIGINS), url).toBe(false);
    }
  });

  it('refuses what is not an absolute http(s) URL without credentials', () => {
    for (const url of [
      '',
      '/sandbox/venue/IMTY/',
      '//127.0.0.1:8080/sandbox/venue/IMTY/',
      'sandbox/venue/IMTY/',
      'javascript:alert(1)//127.0.0.1:8080/sandbox/venue/',
      'data:text/html,<script>alert(1)</script>',
      'ftp://127.0.0.1:8080/sandbox/venue/IMTY/',
      'ws://127.0.0.1:8080/sandbox/venue/IMTY/',
      'blob:http://127.0.0.1:8080/sandbox/venue/IMTY/',
      'http://user:pw@127.0.0.1:8080/sandbox/venue/IMTY/',
      'http://user@127.0.0.1:8080/sandbox/venue/IMTY/',
      'http://',
      'not a url',
    ]) {
      expect(isVenueFrameUrl(url, ORIGINS), url).toBe(false);
    }
  });

  it('frames nothing when the pre-info lists no origin (an older server)', () => {
    expect(isVenueFrameUrl(PAGE, [])).toBe(false);
  });

  it('the embedded pages are the spec §2 paths plus FBTY’s, each framing one venue under the prefix', () => {
    expect(VENUE_H5_PREFIX).toBe('/sandbox/venue/');
    expect(EMBEDDED_VENUE_PAGES.map((p) => [p.path, p.venue])).toEqual([
      ['/sport/V188', 'V188'],
      ['/sport/im', 'IMTY'],
      ['/sport/ob', 'YBTY'],
      ['/sport/fb', 'FBTY'],
      ['/gaming/ybdj', 'YBDJ'],
      ['/gaming/imdj', 'IMDJ'],
      ['/gaming/lhdj', 'LHDJ'],
    ]);
  });
});
