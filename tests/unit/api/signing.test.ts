import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  compiledSignMap,
  createSigner,
  decryptSignMap,
  signedGroupOf,
  type SignMap,
} from '../../../src/api/signing.ts';
import {
  DEV_SIGNING_SECRET,
  deriveMapCipher,
  deriveSignMap,
  encryptSignMap,
} from '../../../server/security/signing.ts';

const DEV_MAP = deriveSignMap(DEV_SIGNING_SECRET);

describe('signature groups (spec §7)', () => {
  it.each([
    ['/site/api/v1/configuration/preInfo', '/site/api'],
    ['/act/api/v1/advertising/queryStationAdList', '/act/api'],
    ['/game/api/v1/venue/launch', '/game/api'],
    ['/fd/api/v1/wallet/balance', '/fd/api'],
    ['/agent/api/v1/team', '/agent/api'],
    // paths containing /component sign as /site/api, paths containing /page/fd as /fd/api
    ['/act/api/component/list', '/site/api'],
    ['/component/v1/x', '/site/api'],
    ['/page/fd/api/v1/deposit', '/fd/api'],
    ['/x/page/fd/y', '/fd/api'],
    ['/site/api/v1/user/member/info?withLockMoney=1', '/site/api'],
  ])('%s signs as %s', (path, group) => {
    expect(signedGroupOf(path)).toBe(group);
  });

  it.each([
    '/api/api-cache/%2Fsite%2Fapi%2Fv1',
    '/api/json-cache/key',
    '/stream/ws/v1/handshake?clientType=web',
    '/improxy/api/mobile/GetSports',
    '/siteapi/v1',
    '/',
    '',
  ])('%s is unsigned (no group)', (path) => {
    expect(signedGroupOf(path)).toBeNull();
  });

  it('leaves the two bootstrap paths unsigned', () => {
    expect(signedGroupOf('/site/api/v1/sec/Hf6dtBdmHx')).toBeNull();
    expect(signedGroupOf('/site/api/v1/configuration/vvPretty')).toBeNull();
    expect(signedGroupOf('/site/api/v1/configuration/vvPretty?t=1')).toBeNull();
  });
});

describe('compiled map', () => {
  it('is the map vitest defines, one signature per group', () => {
    expect(compiledSignMap()).toEqual(DEV_MAP);
    expect(Object.keys(compiledSignMap())).toEqual([
      '/site/api',
      '/act/api',
      '/game/api',
      '/fd/api',
      '/page/fd/api',
      '/agent/api',
    ]);
  });
});

describe('decryptSignMap (vvPretty)', () => {
  it("decrypts the server's encryptSignMap output", async () => {
    const cipher = deriveMapCipher('another-secret');
    const map = deriveSignMap('another-secret');
    const text = encryptSignMap(map, cipher);
    await expect(
      decryptSignMap(text, cipher.key.toString('base64'), cipher.iv.toString('base64')),
    ).resolves.toEqual(map);
  });

  it('decrypts plain aes-128-cbc from node:crypto with random key and iv', async () => {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const map = { '/site/api': 'S', '/act/api': 'A', '/unknown/api': 'dropped' };
    const c = createCipheriv('aes-128-cbc', key, iv);
    const text = Buffer.concat([c.update(JSON.stringify(map), 'utf8'), c.final()]).toString('base64');
    await expect(decryptSignMap(text, key.toString('base64'), iv.toString('base64'))).resolves.toEqual({
      '/site/api': 'S',
      '/act/api': 'A',
    });
  });

  it('throws on a wrong key or a map without groups', async () => {
    const cipher = deriveMapCipher('s');
    const text = encryptSignMap(deriveSignMap('s'), cipher);
    const wrongKey = randomBytes(16).toString('base64');
    await expect(decryptSignMap(text, wrongKey, cipher.iv.toString('base64'))).rejects.toThrow();

    const c = createCipheriv('aes-128-cbc', cipher.key, cipher.iv);
    const empty = Buffer.concat([c.update('{"x":"y"}', 'utf8'), c.final()]).toString('base64');
    await expect(
      decryptSignMap(empty, cipher.key.toString('base64'), cipher.iv.toString('base64')),
    ).rejects.toThrow('names no signature group');
  });
});

describe('createSigner', () => {
  const remote: SignMap = { '/site/api': 'remote-site', '/act/api': 'remote-act' };

  it('uses the compiled map without fetching', async () => {
    const fetchRemote = vi.fn(async () => remote);
    const signer = createSigner({ compiled: DEV_MAP, fetchRemote });
    expect(await signer.signatureFor('/act/api/v1/x')).toBe(DEV_MAP['/act/api']);
    expect(await signer.signatureFor('/page/fd/api/v1/x')).toBe(DEV_MAP['/fd/api']);
    expect(await signer.signatureFor('/api/json-cache/k')).toBeUndefined();
    expect(fetchRemote).not.toHaveBeenCalled();
  });

  it('falls back to one shared fetch when the compiled map is empty', async () => {
    const fetchRemote = vi.fn(async () => remote);
    const signer = createSigner({ compiled: {}, fetchRemote });
    const [a, b] = await Promise.all([
      signer.signatureFor('/site/api/v1/a'),
      signer.signatureFor('/act/api/v1/b'),
    ]);
    expect([a, b]).toEqual(['remote-site', 'remote-act']);
    expect(await signer.signatureFor('/site/api/v1/c')).toBe('remote-site');
    expect(fetchRemote).toHaveBeenCalledTimes(1);
  });

  it('falls back when the compiled map lacks the group, and does not refetch for a group the server lacks', async () => {
    const fetchRemote = vi.fn(async () => remote);
    const signer = createSigner({ compiled: { '/act/api': 'compiled-act' }, fetchRemote });
    expect(await signer.signatureFor('/act/api/v1/x')).toBe('compiled-act');
    expect(fetchRemote).not.toHaveBeenCalled();
    expect(await signer.signatureFor('/site/api/v1/x')).toBe('remote-site');
    expect(await signer.signatureFor('/game/api/v1/x')).toBeUndefined();
    expect(fetchRemote).toHaveBeenCalledTimes(1);
  });

  it('sends unsigned when the fallback fetch fails, and tries again next time', async () => {
    const fetchRemote = vi
      .fn<() => Promise<SignMap>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(remote);
    const signer = createSigner({ compiled: {}, fetchRemote });
    expect(await signer.signatureFor('/site/api/v1/x')).toBeUndefined();
    expect(await signer.signatureFor('/site/api/v1/x')).toBe('remote-site');
  });

  it('never fetches for the bootstrap paths', async () => {
    const fetchRemote = vi.fn(async () => remote);
    const signer = createSigner({ compiled: {}, fetchRemote });
    expect(await signer.signatureFor('/site/api/v1/sec/Hf6dtBdmHx')).toBeUndefined();
    expect(await signer.signatureFor('/site/api/v1/configuration/vvPretty')).toBeUndefined();
    expect(fetchRemote).not.toHaveBeenCalled();
  });

  it('prefers the refreshed map over the compiled one (after a rotation)', async () => {
    const fetchRemote = vi.fn(async () => remote);
    const signer = createSigner({ compiled: DEV_MAP, fetchRemote });
    await signer.refresh();
    expect(await signer.signatureFor('/site/api/v1/x')).toBe('remote-site');
    // a group the server's map lacks keeps the compiled signature
    expect(await signer.signatureFor('/game/api/v1/x')).toBe(DEV_MAP['/game/api']);
  });

  it('rejects refresh when the map cannot be fetched', async () => {
    const signer = createSigner({
      compiled: DEV_MAP,
      fetchRemote: async () => Promise.reject(new Error('down')),
    });
    await expect(signer.refresh()).rejects.toThrow('down');
  });
});
