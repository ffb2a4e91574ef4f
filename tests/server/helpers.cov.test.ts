// Pure helpers of the request path: the path the router matches (routedPath, used to classify a call into its
// signature group) and the member jwt check (verifyJwt).
// Behaviour: docs/api.md "Signature groups" (an escaped path signs like the plain one), "GET user/member/jwt"
// (HS256, key derived from the signing secret, 300 s).
import { describe, expect, it } from 'vitest';
import { routedPath } from '../../server/http/api-guard.ts';
import { hmacSha256 } from '../../server/security/hmac.ts';
import { deriveJwtKey, signJwt, verifyJwt } from '../../server/security/jwt.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';

describe('routedPath', () => {
  it.each([
    ['/site/api/v1/configuration/preInfo', '/site/api/v1/configuration/preInfo'],
    ['/site/api/v1/a?x=1#y', '/site/api/v1/a'],
    ['/site/api/v1/a#frag?x=1', '/site/api/v1/a'],
    ['/%73ite/api/v1/a?x=%41', '/site/api/v1/a'],
    ['/act/api/v1/%E4%BD%A0', '/act/api/v1/你'],
  ])('%s routes as %s', (url, path) => {
    expect(routedPath(url)).toBe(path);
  });

  it('leaves a malformed escape as it is (the router refuses it), never throws', () => {
    expect(routedPath('/site/api/%E0%A4%A')).toBe('/site/api/%E0%A4%A');
    expect(routedPath('/%zz/api?x=1')).toBe('/%zz/api');
  });
});

describe('verifyJwt', () => {
  const key = deriveJwtKey(DEV_SIGNING_SECRET);
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  const signed = (header: string, body: string) =>
    `${header}.${body}.${hmacSha256(key, `${header}.${body}`).toString('base64url')}`;
  const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

  it('answers the payload of a good token, until it expires (300 s)', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const token = signJwt({ sub: 7 }, key, 300, now);
    expect(verifyJwt(token, key, now)).toMatchObject({ sub: 7, iat: now / 1000, exp: now / 1000 + 300 });
    expect(verifyJwt(token, key, now + 299_999)).not.toBeNull();
    expect(verifyJwt(token, key, now + 300_000)).toBeNull();
  });

  it('answers null for a rightly signed body that is no JSON, or has no numeric exp', () => {
    expect(verifyJwt(signed(HEADER, b64('not json')), key)).toBeNull();
    expect(verifyJwt(signed(HEADER, b64(JSON.stringify({ sub: 7 }))), key)).toBeNull();
    expect(verifyJwt(signed(HEADER, b64(JSON.stringify({ sub: 7, exp: '9999999999' }))), key)).toBeNull();
    // The same body with a numeric exp in the future passes: the refusals above are for the body alone.
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(verifyJwt(signed(HEADER, b64(JSON.stringify({ sub: 7, exp }))), key)).toEqual({ sub: 7, exp });
  });

  it('answers null for a token of another key, a changed body, or too few parts', () => {
    const token = signJwt({ sub: 7 }, key, 300);
    expect(verifyJwt(token, deriveJwtKey('another-secret'))).toBeNull();
    const [h, , sig] = token.split('.');
    expect(verifyJwt(`${h}.${b64(JSON.stringify({ sub: 8, exp: 9_999_999_999 }))}.${sig}`, key)).toBeNull();
    expect(verifyJwt(`${h}.${sig}`, key)).toBeNull();
    expect(verifyJwt('', key)).toBeNull();
  });
});
