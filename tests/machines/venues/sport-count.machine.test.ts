import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as countModule from '../../../machines/venues/sport-count.machine.ts';
import type { SportCountInput } from '../../../machines/venues/sport-count.machine.ts';
import { describeModel, Fakes, settle } from '../../support/model-paths.ts';
import {
  C_IM,
  C_YB,
  CACHED_IM,
  POLL_MS,
  provided,
  RETRY_DELAY_MS,
  RETRY_LIMIT,
  sportCountModel,
  VENUES,
} from './sport-count.model.ts';

describeModel(
  sportCountModel.title,
  sportCountModel.machine,
  sportCountModel.graphs,
  sportCountModel.harness,
);

// ───────────── hand-written: time passing between the rounds ─────────────

function start(input: SportCountInput = { venues: VENUES, hidden: false }) {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input, clock }).start();
  const fetches = () => fakes.invocations.filter((i) => i.src === 'fetchCounts');
  const relaunches = () => fakes.invocations.filter((i) => i.src === 'relaunch');
  const answer = async (output: unknown) => {
    fakes.resolve('counts', output);
    await settle();
  };
  const relaunched = async (output: unknown) => {
    fakes.resolve('relaunch', output);
    await settle();
  };
  return { actor, clock, fakes, fetches, relaunches, answer, relaunched };
}

const bothOk = { IMTY: { kind: 'ok', counts: C_IM }, YBTY: { kind: 'ok', counts: C_YB } };
const imExpired = { IMTY: { kind: 'expired' }, YBTY: { kind: 'ok', counts: C_YB } };

describe('sport counts over time (spec §4, §7, §9)', () => {
  it('the code’s constants are the spec’s', () => {
    expect(countModule.COUNT_POLL_MS).toBe(60_000);
    expect(countModule.COUNT_RETRY_DELAY_MS).toBe(500);
    expect(countModule.COUNT_RETRY_LIMIT).toBe(2);
  });

  it('asks every venue at once when the lobby opens, then every 60 s: not at 59 999 ms, at 60 000 ms', async () => {
    const { clock, fetches, answer } = start();
    expect(fetches()).toHaveLength(1);
    expect(fetches()[0]!.input).toEqual({ venues: VENUES });
    await answer(bothOk);
    clock.increment(POLL_MS - 1);
    expect(fetches()).toHaveLength(1);
    clock.increment(1);
    expect(fetches()).toHaveLength(2);
    await answer(bothOk);
    clock.increment(POLL_MS - 1);
    expect(fetches()).toHaveLength(2);
    clock.increment(1);
    expect(fetches()).toHaveLength(3);
  });

  it('the 60 s count from the end of a round, not from its start', async () => {
    const { clock, fetches, answer } = start();
    clock.increment(5_000); // a slow answer
    await answer(bothOk);
    clock.increment(POLL_MS - 1);
    expect(fetches()).toHaveLength(1);
    clock.increment(1);
    expect(fetches()).toHaveLength(2);
  });

  it('expired: re-launch, retry 500 ms later with the new token; after 2 retries the cache shows, stale', async () => {
    const { actor, clock, fetches, relaunches, answer, relaunched } = start({
      venues: VENUES,
      hidden: false,
      cached: { IMTY: CACHED_IM },
    });
    await answer(imExpired);
    for (let retry = 1; retry <= RETRY_LIMIT; retry++) {
      expect(relaunches().at(-1)!.input).toEqual({ venues: ['IMTY'] });
      await relaunched({ IMTY: `/count/im-${retry + 1}` });
      clock.increment(RETRY_DELAY_MS - 1);
      expect(fetches()).toHaveLength(retry);
      clock.increment(1);
      expect(fetches()).toHaveLength(retry + 1);
      // Only the expired venue is asked again, with the token its re-launch gave.
      expect(fetches().at(-1)!.input).toEqual({
        venues: [{ venue: 'IMTY', token: `/count/im-${retry + 1}` }],
      });
      await answer({ IMTY: { kind: 'expired' } });
    }
    // Retries exceed the limit: no third re-launch; the cached counts are used.
    expect(relaunches()).toHaveLength(RETRY_LIMIT);
    expect(fetches()).toHaveLength(1 + RETRY_LIMIT);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.byVenue).toEqual({
      IMTY: { counts: CACHED_IM, stale: true },
      YBTY: { counts: C_YB, stale: false },
    });
    // The next round, 60 s on, starts with its retries again.
    clock.increment(POLL_MS);
    expect(fetches().at(-1)!.input).toEqual({
      venues: [
        { venue: 'IMTY', token: '/count/im-3' },
        { venue: 'YBTY', token: '/count/yb-1' },
      ],
    });
    await answer(imExpired);
    expect(relaunches()).toHaveLength(RETRY_LIMIT + 1);
  });

  it('a retry that answers clears the stale flag', async () => {
    const { actor, clock, answer, relaunched } = start({
      venues: VENUES,
      hidden: false,
      cached: { IMTY: CACHED_IM },
    });
    await answer(imExpired);
    await relaunched({ IMTY: '/count/im-2' });
    clock.increment(RETRY_DELAY_MS);
    await answer({ IMTY: { kind: 'ok', counts: C_IM } });
    expect(actor.getSnapshot().context.byVenue['IMTY']).toEqual({ counts: C_IM, stale: false });
    expect(actor.getSnapshot().context.lastUpdate).toBe(C_YB.at);
  });

  it('stops while the tab is hidden (no request for 10 minutes) and asks at once when it is shown', async () => {
    const { actor, clock, fetches, answer } = start();
    await answer(bothOk);
    actor.send({ type: 'page.hidden' });
    clock.increment(10 * POLL_MS);
    expect(fetches()).toHaveLength(1);
    actor.send({ type: 'page.visible' });
    expect(fetches()).toHaveLength(2);
  });

  it('a tab hidden during the retry delay makes no retry; shown again, a new round', async () => {
    const { actor, clock, fetches, relaunches, answer, relaunched } = start();
    await answer(imExpired);
    await relaunched({ IMTY: '/count/im-2' });
    actor.send({ type: 'page.hidden' });
    clock.increment(RETRY_DELAY_MS * 10);
    expect(fetches()).toHaveLength(1);
    actor.send({ type: 'page.visible' });
    expect(fetches().at(-1)!.input).toEqual({
      venues: [
        { venue: 'IMTY', token: '/count/im-2' },
        { venue: 'YBTY', token: '/count/yb-1' },
      ],
    });
    expect(relaunches()).toHaveLength(1);
  });

  it('a lobby opened in a hidden tab asks nothing until it is shown', () => {
    const { clock, fetches, actor } = start({ venues: VENUES, hidden: true });
    clock.increment(3 * POLL_MS);
    expect(fetches()).toHaveLength(0);
    actor.send({ type: 'page.visible' });
    expect(fetches()).toHaveLength(1);
  });

  it('leaving the lobby (the actor stops) ends the polling', async () => {
    const { actor, clock, fetches, answer } = start();
    await answer(bothOk);
    actor.stop();
    clock.increment(5 * POLL_MS);
    expect(fetches()).toHaveLength(1);
  });

  it('keeps the newest answered time as the last update', async () => {
    const { actor, clock, answer } = start();
    await answer(bothOk);
    expect(actor.getSnapshot().context.lastUpdate).toBe(C_YB.at);
    clock.increment(POLL_MS);
    // An older count (a venue whose clock lags) does not move the last update back.
    await answer({ IMTY: { kind: 'ok', counts: { ...C_IM, at: '2025-06-01T00:00:00.000Z' } } });
    expect(actor.getSnapshot().context.lastUpdate).toBe(C_YB.at);
  });
});
