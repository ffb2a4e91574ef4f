// SiteConfigWatch (server/stream/site-config-watch.ts), driven directly: the hot-cache notifications are handed
// to it by hand and the configuration reads can be held or failed, so the orderings the sockets only meet by
// chance are played out one by one.
// Behaviour: docs/api.md "Stream socket" — 20004 `{ keys }`: the keys whose values changed, `[]` when the change
// was outside the configuration or unknown; changes within 250 ms of the first go out as one push; `hot_cache`
// channel; and the class's own contract (a change heard while a report is read is never missed).
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { readSiteConfig, writeSiteConfig } from '../../server/modules/site/config.ts';
import {
  changedConfigKeys,
  SiteConfigWatch,
  type SiteChange,
} from '../../server/stream/site-config-watch.ts';
import { createTestDb } from '../support/test-db.ts';
import { sleep } from './stream-helpers.ts';

const DEBOUNCE_MS = 40;

let base: Db;
beforeAll(async () => {
  base = await createTestDb();
});
afterAll(() => base.close());

/** A Db whose notifications come from `notify()` and whose site configuration reads can be held or failed. */
function harness() {
  const state = {
    channel: null as string | null,
    handler: null as ((payload: string) => void) | null,
    unlistened: false,
    failReads: false,
    hold: null as Promise<void> | null,
    readsStarted: 0,
  };
  const db: Db = {
    ...base,
    async listen(channel, handler) {
      state.channel = channel;
      state.handler = handler;
      return async () => {
        state.unlistened = true;
        state.handler = null;
      };
    },
    async query(sql, params) {
      if (!/site_config/.test(sql)) return base.query(sql, params);
      state.readsStarted++;
      if (state.failReads) throw new Error('site_config read failed');
      const result = await base.query(sql, params);
      if (state.hold) await state.hold; // the reading is done; its report is not yet
      return result as never;
    },
  };
  const changes: SiteChange[] = [];
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  const watch = new SiteConfigWatch(
    db,
    DEBOUNCE_MS,
    (c) => changes.push(c),
    log as unknown as FastifyBaseLogger,
  );
  const notify = () => state.handler?.('site_config');
  const settled = async (n: number) =>
    vi.waitFor(() => expect(changes.length).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 5 });
  return { state, watch, changes, log, notify, settled };
}

const resetConfig = async () => {
  await base.query('DELETE FROM site_config');
};
afterEach(resetConfig);

describe('changedConfigKeys', () => {
  it('names the keys whose values differ, lists compared by value', async () => {
    const before = await readSiteConfig(base);
    expect(changedConfigKeys(before, { ...before })).toEqual([]);
    expect(
      changedConfigKeys(before, {
        ...before,
        disablePhones: [...before.disablePhones],
        stopLogin: true,
        title: 't',
      }),
    ).toEqual(['title', 'stopLogin']);
  });
});

describe('SiteConfigWatch', () => {
  it('listens on the hot caches’ channel and reports one burst once, with the changed keys', async () => {
    const h = harness();
    await h.watch.start();
    expect(h.state.channel).toBe('hot_cache');
    await writeSiteConfig(base, 'stopLogin', true);
    await writeSiteConfig(base, 'maintainStatus', 0);
    h.notify();
    h.notify();
    h.notify();
    await h.settled(1);
    await sleep(DEBOUNCE_MS * 3);
    expect(h.changes).toEqual([{ keys: ['maintainStatus', 'stopLogin'] }]);
    await h.watch.stop();
  });

  it('a change heard while a report is being read starts the next burst: it is not missed', async () => {
    const h = harness();
    await h.watch.start();
    let release!: () => void;
    h.state.hold = new Promise<void>((r) => (release = r));
    await writeSiteConfig(base, 'title', 'first');
    h.notify();
    const readsBefore = h.state.readsStarted;
    await vi.waitFor(() => expect(h.state.readsStarted).toBe(readsBefore + 1), {
      timeout: 5_000,
      interval: 5,
    });
    // The first report has read the configuration but not reported yet; a second change arrives.
    await writeSiteConfig(base, 'stopRegister', true);
    h.notify();
    h.state.hold = null;
    release();
    await h.settled(2);
    expect(h.changes).toEqual([{ keys: ['title'] }, { keys: ['stopRegister'] }]);
    await h.watch.stop();
  });

  it('a change outside the configuration reports no keys', async () => {
    const h = harness();
    await h.watch.start();
    h.notify(); // e.g. a restriction was added: the configuration did not change
    await h.settled(1);
    expect(h.changes).toEqual([{ keys: [] }]);
    await h.watch.stop();
  });

  it('without a first reading, the first change names no keys (logged) and the next ones do', async () => {
    const h = harness();
    h.state.failReads = true;
    await h.watch.start();
    expect(h.log.error).toHaveBeenCalledTimes(1);
    expect(h.log.error.mock.calls[0]![1]).toBe(
      'site configuration not read; its first change will name no keys',
    );
    h.state.failReads = false;
    await writeSiteConfig(base, 'title', 'after a failed start');
    h.notify();
    await h.settled(1);
    await writeSiteConfig(base, 'stopLogin', true);
    h.notify();
    await h.settled(2);
    expect(h.changes).toEqual([{ keys: [] }, { keys: ['stopLogin'] }]);
    await h.watch.stop();
  });

  it('a failed read reports nothing (logged); the next change is compared with the last good reading', async () => {
    const h = harness();
    await h.watch.start();
    await writeSiteConfig(base, 'title', 'unread');
    h.state.failReads = true;
    h.notify();
    await vi.waitFor(() => expect(h.log.error).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 5 });
    expect(h.log.error.mock.calls[0]![1]).toBe('site configuration change not read');
    expect(h.changes).toEqual([]);
    h.state.failReads = false;
    await writeSiteConfig(base, 'stopRegister', true);
    h.notify();
    await h.settled(1);
    expect(h.changes).toEqual([{ keys: ['title', 'stopRegister'] }]);
    await h.watch.stop();
  });

  it('stop() stops listening, drops a pending burst and ignores later notifications', async () => {
    const h = harness();
    await h.watch.start();
    const notifyAfterStop = h.state.handler!;
    await writeSiteConfig(base, 'stopLogin', true);
    h.notify();
    await h.watch.stop();
    expect(h.state.unlistened).toBe(true);
    notifyAfterStop('site_config'); // a notification already on its way
    await sleep(DEBOUNCE_MS * 4);
    expect(h.changes).toEqual([]);
  });

  it('stop() waits for a report being read, and that report is not delivered', async () => {
    const h = harness();
    await h.watch.start();
    let release!: () => void;
    h.state.hold = new Promise<void>((r) => (release = r));
    await writeSiteConfig(base, 'title', 'late');
    const readsBefore = h.state.readsStarted;
    h.notify();
    await vi.waitFor(() => expect(h.state.readsStarted).toBe(readsBefore + 1), {
      timeout: 5_000,
      interval: 5,
    });
    let stopped = false;
    const stopping = h.watch.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(h.changes).toEqual([]);
  });
});
