import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyOn, type Db } from '../../server/db/db.ts';
import { createTestDb } from '../support/test-db.ts';
import { sleep } from './stream-helpers.ts';

// The Db's LISTEN/NOTIFY, which carries the socket pushes between nodes (PGlite in one process, PostgreSQL
// across processes). The same file runs against both drivers.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

/** Collects a channel's payloads. */
async function collect(channel: string) {
  const got: string[] = [];
  const stop = await db.listen(channel, (p) => got.push(p));
  const waitFor = async (n: number) => {
    for (let i = 0; i < 100 && got.length < n; i++) await sleep(10);
    return got;
  };
  return { got, stop, waitFor };
}

describe('Db listen / notify', () => {
  it('delivers a payload to every handler of the channel, and none after unsubscribing', async () => {
    const one = await collect('t_alpha');
    const two = await collect('t_alpha');
    const other = await collect('t_beta');
    await db.notify('t_alpha', '{"x":"你好"}');
    expect(await one.waitFor(1)).toEqual(['{"x":"你好"}']);
    expect(await two.waitFor(1)).toEqual(['{"x":"你好"}']);

    await one.stop();
    await db.notify('t_alpha', 'second');
    expect(await two.waitFor(2)).toEqual(['{"x":"你好"}', 'second']);
    await sleep(50);
    expect(one.got).toEqual(['{"x":"你好"}']);
    expect(other.got).toEqual([]);
    await two.stop();
    await other.stop();
  });

  it('sends a notification made inside a transaction on commit, and never on rollback', async () => {
    const c = await collect('t_tx');
    await db
      .transaction(async (tx) => {
        await notifyOn(tx, 't_tx', 'rolled back');
        throw new Error('no');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await notifyOn(tx, 't_tx', 'committed');
      await sleep(50);
      expect(c.got).toEqual([]);
    });
    expect(await c.waitFor(1)).toEqual(['committed']);
    await sleep(50);
    expect(c.got).toEqual(['committed']);
    await c.stop();
  });

  it('keeps going when a handler throws', async () => {
    const stopBad = await db.listen('t_throw', () => {
      throw new Error('handler bug');
    });
    const good = await collect('t_throw');
    const quiet = console.error;
    console.error = () => {};
    try {
      await db.notify('t_throw', 'a');
      expect(await good.waitFor(1)).toEqual(['a']);
    } finally {
      console.error = quiet;
    }
    await stopBad();
    await good.stop();
  });

  it('refuses channel names LISTEN would not take as they are', async () => {
    for (const bad of ['', 'Upper', 'with space', 'semi;colon', 'a'.repeat(41), '1digit']) {
      await expect(db.listen(bad, () => {})).rejects.toThrow(/channel/);
      await expect(db.notify(bad, 'x')).rejects.toThrow(/channel/);
    }
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'pg: the listener reconnects and listens again when its connection drops',
    async () => {
      const c = await collect('t_reconnect');
      const warn = console.warn;
      console.warn = () => {}; // "database listener lost ...; reconnecting"
      try {
        const killed = await db.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE pid <> pg_backend_pid() AND query LIKE 'LISTEN %t_reconnect'`,
        );
        expect(killed.rows[0]!.n).toBe(1);
        // Notify until the new connection hears it (reconnects start after 500 ms).
        for (let i = 0; i < 40 && c.got.length === 0; i++) {
          await db.notify('t_reconnect', `try ${i}`);
          await sleep(100);
        }
      } finally {
        console.warn = warn;
      }
      expect(c.got.length).toBeGreaterThan(0);
      await c.stop();
    },
  );
});
