// The wallet area actor (issue 9 §2, §4): the model's paths (wallet.model.ts) and what a path cannot state: the
// refresh lock's length, the balances shared with the transfer form, the deposit warning's route.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import { describeModel, Fakes, settle } from '../../support/model-paths.ts';
import { LOAD, provideWallet, REFRESH, SUMMARY, VENUE, WALLET, walletModel } from './wallet.model.ts';

describeModel(walletModel.title, walletModel.machine, walletModel.graphs, walletModel.harness);

/** The wallet with recording children, on a simulated clock. */
function start(path = WALLET) {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const toForm: AnyEventObject[] = [];
  const toWarning: AnyEventObject[] = [];
  const logic = provideWallet(fakes).provide({
    actors: {
      transferForm: fromCallback<AnyEventObject>(({ receive }) =>
        receive((e) => void toForm.push(e)),
      ) as never,
      depositWarning: fromCallback<AnyEventObject>(({ receive }) =>
        receive((e) => void toWarning.push(e)),
      ) as never,
    },
  });
  const actor = createActor(logic, { input: { path }, clock }).start();
  return { actor, fakes, clock, toForm, toWarning };
}

describe('wallet area (issue 9 §2)', () => {
  it('a refreshed venue stays locked for 5 s, then unlocks by itself', async () => {
    const { actor, fakes, clock } = start();
    fakes.resolve(LOAD, SUMMARY);
    await settle();
    actor.send({ type: 'wallet.refreshVenue', venue: VENUE });
    fakes.resolve(REFRESH, { venue: { ...SUMMARY.venues[0], balance: 2_000 }, lockedUntil: 0 });
    await settle();
    expect(actor.getSnapshot().context.locked).toEqual([VENUE]);
    actor.send({ type: 'wallet.refreshVenue', venue: VENUE });
    expect(fakes.invocations.filter((i) => i.src === 'refreshVenue')).toHaveLength(1);
    clock.increment(4_999);
    expect(actor.getSnapshot().context.locked).toEqual([VENUE]);
    clock.increment(1);
    expect(actor.getSnapshot().context.locked).toEqual([]);
    actor.send({ type: 'wallet.refreshVenue', venue: VENUE });
    expect(fakes.invocations.filter((i) => i.src === 'refreshVenue')).toHaveLength(2);
  });

  it('a failed read retries after 5 s', async () => {
    const { actor, fakes, clock } = start();
    fakes.reject(LOAD, new Error('offline'));
    await settle();
    clock.increment(4_999);
    expect(fakes.invocations.filter((i) => i.src === 'loadWallet')).toHaveLength(1);
    clock.increment(1);
    expect(fakes.invocations.filter((i) => i.src === 'loadWallet')).toHaveLength(2);
    expect((actor.getSnapshot().value as Record<string, string>)['balances']).toBe('loading');
  });

  it('shares the balances it read with the transfer form; passes the route to the deposit warning', async () => {
    const { actor, fakes, toForm, toWarning } = start();
    fakes.resolve(LOAD, SUMMARY);
    await settle();
    expect(toForm).toEqual([{ type: 'transfer.balances', central: 10_000, venues: SUMMARY.venues }]);
    actor.send({ type: 'route.changed', path: '/mine/finance/deposit', search: '' });
    expect(toWarning).toEqual([{ type: 'route.changed', path: '/mine/finance/deposit', search: '' }]);
  });

  it('every route change reaches the deposit warning, also those that open or close a page flow', () => {
    // A parallel machine takes its root's handler only when no region takes the event: the page regions take
    // route changes, so the route has a region of its own (this failed when it was a root handler).
    const { actor, toWarning } = start('/mine/record/transRecord');
    const paths = [
      '/mine/finance/deposit',
      '/mine/record/transRecord',
      '/mine/balance',
      '/mine/finance/deposit',
    ];
    for (const path of paths) actor.send({ type: 'route.changed', path, search: '' });
    expect(toWarning.map((e) => e['path'])).toEqual(paths);
    expect(actor.getSnapshot().context.path).toBe('/mine/finance/deposit');
  });
});
