import { createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, SIGN_GROUPS } from '../../src/protocol/api.ts';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SEC = '/site/api/v1/sec/Hf6dtBdmHx';
const VV = '/site/api/v1/configuration/vvPretty';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decrypt(cipherText: string, k: string, v: string): string {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(k, 'base64'), Buffer.from(v, 'base64'));
  return Buffer.concat([d.update(Buffer.from(cipherText, 'base64')), d.final()]).toString('utf8');
}

async function fetchMap(t: TestApp) {
  const sec = await t.call({ method: 'GET', url: SEC });
  const vv = await t.call({ method: 'GET', url: VV });
  return { sec, vv };
}

describe('signature map bootstrap (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('Hf6dtBdmHx answers k and v, 16 bytes each in base64', async () => {
    const { status, body } = await t.call({ method: 'GET', url: SEC });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(Object.keys(body.data).sort()).toEqual(['k', 'v']);
    expect(body.data.k).toMatch(BASE64);
    expect(body.data.v).toMatch(BASE64);
    expect(Buffer.from(body.data.k, 'base64')).toHaveLength(16);
    expect(Buffer.from(body.data.v, 'base64')).toHaveLength(16);
    expect(body.data.k).not.toBe(body.data.v);
  });

  it('vvPretty answers base64 ciphertext that decrypts to the signature map of all six groups', async () => {
    const { sec, vv } = await fetchMap(t);
    expect(vv.status).toBe(200);
    expect(vv.body.status_code).toBe(CODE.success);
    expect(typeof vv.body.data).toBe('string');
    expect(vv.body.data).toMatch(BASE64);
    expect(Buffer.from(vv.body.data, 'base64').length % 16).toBe(0);
    // Not the map in clear, nor merely base64 of it.
    expect(Buffer.from(vv.body.data, 'base64').toString('latin1')).not.toContain('/site/api');

    const map = JSON.parse(decrypt(vv.body.data, sec.body.data.k, sec.body.data.v)) as Record<string, string>;
    expect(map).toEqual(deriveSignMap(DEV_SIGNING_SECRET));
    expect(Object.keys(map).sort()).toEqual([...SIGN_GROUPS].sort());
  });

  it('is stable between calls', async () => {
    const a = await fetchMap(t);
    const b = await fetchMap(t);
    expect(b.sec.body.data).toEqual(a.sec.body.data);
    expect(b.vv.body.data).toBe(a.vv.body.data);
  });
});

describe('signature map under another secret', () => {
  let t: TestApp;
  let dev: TestApp;
  beforeAll(async () => {
    [t, dev] = await Promise.all([createTestApp({ signingSecret: 'other' }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), dev.close()]);
  });

  it("decrypts to that secret's map, with a different key and ciphertext", async () => {
    const other = await fetchMap(t);
    const base = await fetchMap(dev);
    const map = JSON.parse(decrypt(other.vv.body.data, other.sec.body.data.k, other.sec.body.data.v));
    expect(map).toEqual(deriveSignMap('other'));
    expect(map).not.toEqual(deriveSignMap(DEV_SIGNING_SECRET));
    expect(other.sec.body.data.k).not.toBe(base.sec.body.data.k);
    expect(other.vv.body.data).not.toBe(base.vv.body.data);
  });
});
