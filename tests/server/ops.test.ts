import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { listRestrictions } from '../../server/modules/access/restrictions.ts';
import { readSiteConfig, SITE_CONFIG_KEYS } from '../../server/modules/site/config.ts';
import { OPS_PATH, OPS_SECRET_HEADER } from '../../server/ops/endpoint.ts';
import { OpsUsageError, runOpsCommand } from '../../server/ops/commands.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const NOTICES = '/site/api/v1/advertising/queryNoticeList';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { opsSecret: 's3cret' });
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCommand(t.db, argv);
const preInfo = async (remoteAddress = '127.0.0.1') => {
  const { body } = await t.call({ method: 'POST', url: PRE_INFO, payload: {}, remoteAddress });
  return body;
};
const noticeTitles = async (category: number) =>
  (await t.call({ method: 'POST', url: NOTICES, payload: { category } })).body.data.map(
    (n: { title: string }) => n.title,
  );

async function expectUsageError(argv: string[], message?: RegExp) {
  const err = await runOpsCommand(t.db, argv).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `ops ${argv.join(' ')}`).toBeInstanceOf(OpsUsageError);
  if (message) expect((err as Error).message).toMatch(message);
}

describe('ops maintenance', () => {
  afterEach(async () => {
    await ops('maintenance', 'off');
  });

  it('on / off / status change what preInfo answers', async () => {
    expect(await ops('maintenance', 'status')).toBe('maintenance is off');
    expect((await preInfo()).data.maintainConfig.status).toBe(1);

    expect(await ops('maintenance', 'on')).toBe('maintenance on: maintainConfig.status = 0');
    expect((await preInfo()).data.maintainConfig.status).toBe(0);
    expect(await ops('maintenance', 'status')).toBe('maintenance is on');

    expect(await ops('maintenance', 'off')).toBe('maintenance off: maintainConfig.status = 1');
    expect((await preInfo()).data.maintainConfig.status).toBe(1);
    expect(await ops('maintenance', 'status')).toBe('maintenance is off');
  });

  it('refuses anything else', async () => {
    await expectUsageError(['maintenance']);
    await expectUsageError(['maintenance', 'maybe']);
    expect((await preInfo()).data.maintainConfig.status).toBe(1);
  });
});

describe('ops restrict', () => {
  afterEach(async () => {
    await t.db.query('DELETE FROM access_restrictions');
  });

  it('add defaults to caveat and takes effect at once', async () => {
    expect(await ops('restrict', 'add', '10.0.0.0/8')).toBe('restricted 10.0.0.0/8 (caveat)');
    expect((await preInfo('10.1.2.3')).status_code).toBe(CODE.accessCaveat);
    expect((await preInfo('11.1.2.3')).status_code).toBe(CODE.success);
  });

  it('add takes a kind and a note of several words; list shows them', async () => {
    expect(await ops('restrict', 'list')).toBe('no restrictions');
    expect(await ops('restrict', 'add', '192.0.2.7', 'blocked', 'abuse', 'report', '42')).toBe(
      'restricted 192.0.2.7/32 (blocked)',
    );
    expect(await ops('restrict', 'add', '198.51.100.0/24', 'alert')).toBe(
      'restricted 198.51.100.0/24 (alert)',
    );
    expect(await ops('restrict', 'list')).toBe(
      '192.0.2.7/32\tblocked\tabuse report 42\n198.51.100.0/24\talert\t',
    );
    expect((await preInfo('192.0.2.7')).status_code).toBe(CODE.accessBlocked);
    expect((await preInfo('198.51.100.1')).status_code).toBe(CODE.accessAlert);
  });

  it('remove lifts a restriction and says when there was none', async () => {
    await ops('restrict', 'add', '10.0.0.0/8', 'blocked');
    expect(await ops('restrict', 'remove', '10.0.0.0/8')).toBe('removed 10.0.0.0/8');
    expect((await preInfo('10.1.2.3')).status_code).toBe(CODE.success);
    expect(await ops('restrict', 'remove', '10.0.0.0/8')).toBe('10.0.0.0/8 was not restricted');
  });

  it.each([
    [['restrict', 'add']],
    [['restrict', 'add', 'not-an-ip']],
    [['restrict', 'add', '300.1.1.1']],
    [['restrict', 'add', '10.0.0.0/33']],
    [['restrict', 'add', '10.0.0.0/8/8']],
    [['restrict', 'add', '10.1.2.3/8']], // host bits set: no network
    [['restrict', 'remove', '10.1.2.3/8']],
    [['restrict', 'remove', 'nope']],
    [['restrict', 'add', '10.0.0.1', 'banned']],
    [['restrict', 'frob', '10.0.0.1']],
    [['restrict']],
  ])('refuses %j with a usage error and changes nothing', async (argv) => {
    await expectUsageError(argv);
    expect(await listRestrictions(t.db)).toEqual([]);
  });
});

describe('ops config', () => {
  it('get prints every key, or one', async () => {
    const all = (await ops('config', 'get')).split('\n');
    expect(all).toHaveLength(Object.keys(SITE_CONFIG_KEYS).length);
    expect(all).toContain('stopLogin = false');
    expect(all).toContain('maintainStatus = 1');
    expect(await ops('config', 'get', 'disablePhones')).toBe('disablePhones = []');
    await expectUsageError(['config', 'get', 'noSuchKey'], /unknown key noSuchKey/);
  });

  it('set a string key (words joined) shows in preInfo', async () => {
    expect(await ops('config', 'set', 'title', '新的', '标题')).toBe(
      `title: ${JSON.stringify(SITE_CONFIG_KEYS.title.default)} -> "新的 标题"`,
    );
    expect((await preInfo()).data.SiteBaseConfigVo.title).toBe('新的 标题');
    expect(await ops('config', 'get', 'title')).toBe('title = "新的 标题"');
    await ops('config', 'set', 'globePhoneNumber', '400-000-0000');
    expect((await preInfo()).data.globePhoneNumber).toBe('400-000-0000');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['on', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['no', false],
  ])('set a boolean key from %s', async (text, value) => {
    expect(await ops('config', 'set', 'stopRegister', text)).toMatch(new RegExp(`-> ${value}$`));
    expect((await preInfo()).data.stopRegister).toBe(value);
  });

  it('set a list key from comma-separated words', async () => {
    await ops('config', 'set', 'disablePhones', '170,171,', '172');
    expect((await preInfo()).data.disablePhones).toEqual(['170', '171', '172']);
    expect((await readSiteConfig(t.db)).disablePhones).toEqual(['170', '171', '172']);
    await ops('config', 'set', 'disablePhones');
    expect((await preInfo()).data.disablePhones).toEqual([]);
  });

  it('set the status key', async () => {
    expect(await ops('config', 'set', 'maintainStatus', '0')).toBe('maintainStatus: 1 -> 0');
    expect((await preInfo()).data.maintainConfig.status).toBe(0);
    expect(await ops('config', 'set', 'maintainStatus', '1')).toBe('maintainStatus: 0 -> 1');
    expect((await preInfo()).data.maintainConfig.status).toBe(1);
  });

  it.each([
    [['config', 'set', 'stopLogin', 'maybe']],
    [['config', 'set', 'stopLogin']],
    [['config', 'set', 'siteVideoSkinOpen', 'TRUE!']],
    [['config', 'set', 'maintainStatus', '2']],
    [['config', 'set', 'maintainStatus', 'on']],
    [['config', 'set', 'maintainStatus']],
    [['config', 'set', 'noSuchKey', 'x']],
    [['config', 'set']],
    [['config', 'frob']],
    [['config']],
  ])('refuses %j with a usage error', async (argv) => {
    const before = await readSiteConfig(t.db);
    await expectUsageError(argv);
    expect(await readSiteConfig(t.db)).toEqual(before);
  });
});

describe('ops notice', () => {
  it('add publishes a marquee notice that queryNoticeList shows', async () => {
    expect(await noticeTitles(1)).toEqual([]);
    expect(await ops('notice', 'add', '运维公告', '今晚 22:00 维护')).toMatch(
      /^notice \d+ published \(category 1\)$/,
    );
    expect(await noticeTitles(1)).toEqual(['运维公告']);
    const { body } = await t.call({ method: 'POST', url: NOTICES, payload: { category: 1 } });
    expect(body.data[0]).toMatchObject({ category: 1, title: '运维公告', content: '今晚 22:00 维护' });
  });

  it('add takes a category', async () => {
    expect(await ops('notice', 'add', '公告二', '内容', '2')).toMatch(/\(category 2\)$/);
    expect(await noticeTitles(2)).toEqual(['公告二']);
    expect(await noticeTitles(1)).not.toContain('公告二');
  });

  it.each([
    [['notice', 'add', '只有标题']],
    [['notice', 'add']],
    [['notice', 'add', 't', 'c', 'x']],
    [['notice', 'add', 't', 'c', '-1']],
    [['notice', 'add', 't', 'c', '1.5']],
    [['notice', 'remove', 't', 'c']],
  ])('refuses %j with a usage error', async (argv) => {
    const before = await t.db.query('SELECT id FROM notices');
    await expectUsageError(argv);
    expect((await t.db.query('SELECT id FROM notices')).rows).toHaveLength(before.rows.length);
  });
});

describe('ops command words', () => {
  it('refuses no command and an unknown one', async () => {
    await expectUsageError([], /no command given/);
    await expectUsageError(['reboot'], /unknown command reboot/);
  });
});

describe('POST /__ops', () => {
  const run = (
    argv: string[],
    opts: { secret?: string | null; remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: OPS_PATH,
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      headers: {
        ...(opts.secret === null ? {} : { [OPS_SECRET_HEADER]: opts.secret ?? 's3cret' }),
        ...(opts.headers ?? {}),
      },
      payload: { argv },
    });

  afterEach(async () => {
    await ops('maintenance', 'off');
  });

  it('runs a command for the right secret from loopback', async () => {
    const res = await run(['maintenance', 'on']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, output: 'maintenance on: maintainConfig.status = 0' });
    expect((await preInfo()).data.maintainConfig.status).toBe(0);
  });

  it.each(['::1', '::ffff:127.0.0.1', '127.0.0.2'])(
    'accepts the loopback address %s',
    async (remoteAddress) => {
      const res = await run(['maintenance', 'status'], { remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, output: 'maintenance is off' });
    },
  );

  it('answers 403 for a wrong or missing secret and runs nothing', async () => {
    for (const secret of ['wrong', 's3cret2', 's3cre', '', null]) {
      const res = await run(['maintenance', 'on'], { secret });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: false, output: 'forbidden' });
    }
    expect((await preInfo()).data.maintainConfig.status).toBe(1);
  });

  it('answers 403 from a non-loopback address even with the secret', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', '2001:db8::1']) {
      const res = await run(['maintenance', 'on'], { remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: false, output: 'forbidden' });
    }
    expect((await preInfo()).data.maintainConfig.status).toBe(1);
  });

  it('answers a usage error with 400 and the message', async () => {
    const res = await run(['maintenance', 'maybe']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, output: 'maintenance takes on, off or status' });
  });
});

describe('POST /__ops behind a trusted proxy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ trustProxy: true }, { opsSecret: 's3cret' });
  });
  afterAll(() => p.close());

  it('judges the socket address, not X-Forwarded-For', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: OPS_PATH,
      remoteAddress: '10.0.0.5',
      headers: { [OPS_SECRET_HEADER]: 's3cret', 'x-forwarded-for': '127.0.0.1' },
      payload: { argv: ['maintenance', 'on'] },
    });
    expect(res.statusCode).toBe(403);
    expect((await readSiteConfig(p.db)).maintainStatus).toBe(1);
  });
});

describe('the ops endpoint is off without a secret', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('answers 404', async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: OPS_PATH,
      headers: { [OPS_SECRET_HEADER]: '' },
      payload: { argv: ['maintenance', 'on'] },
    });
    expect(res.statusCode).toBe(404);
    expect((await readSiteConfig(plain.db)).maintainStatus).toBe(1);
  });
});
