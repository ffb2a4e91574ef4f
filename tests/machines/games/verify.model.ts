// The games page's verify view (issue 12 §2: the server seed's hash shown before play, the seed revealed after,
// a "verify" view in each game): it reads the commitment and the player's rounds, re-reads them on demand, and
// changes the seed (which reveals the one in use), then reads again so the revealed rounds can be checked. A
// change refused because a hand made with the seed is still open (41008, src/protocol/games.ts) says so.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { verifyMachine } from '../../../machines/games/verify.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code });
const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
/** issue 12 (src/protocol/games.ts GAMES_CODE.wrongState): a hand made with the seed is still open. */
const OPEN_HAND = refused(41008, '当前牌局状态不能进行此操作');

const HASH = 'a'.repeat(64);
const data = (nonce: number) => ({ commit: { seedHash: HASH, clientSeed: 'c1', nonce }, rounds: [] });
const ROTATION = {
  revealed: { serverSeed: 'b'.repeat(64), seedHash: HASH, clientSeed: 'c1', rounds: 3 },
  next: { seedHash: 'c'.repeat(64), clientSeed: 'mine', nonce: 0 },
};

const LOAD = '0.gamesVerify.loading';
const ROTATE = '0.gamesVerify.rotating';

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: data(3) },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'verify.reload' },
  { type: 'verify.rotate', clientSeed: 'mine' },
  { type: 'verify.rotate' },
  { type: `xstate.done.actor.${ROTATE}`, output: ROTATION },
  { type: `xstate.error.actor.${ROTATE}`, error: OPEN_HAND },
  { type: `xstate.error.actor.${ROTATE}`, error: NO_ANSWER },
];

const TABLE: TransitionTable = {
  loading: { [`xstate.done.actor.${LOAD}`]: 'ready', [`xstate.error.actor.${LOAD}`]: 'failed' },
  failed: { 'verify.reload': 'loading' },
  ready: { 'verify.reload': 'loading', 'verify.rotate': 'rotating' },
  rotating: {
    [`xstate.done.actor.${ROTATE}`]: 'loading',
    [`xstate.error.actor.${ROTATE}`]: 'ready',
  },
};

const last = (h: readonly AnyEventObject[], type: string) => h.filter((e) => e.type === type).at(-1);

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    // The rounds of the game the page shows.
    expect(o.fakes.invocations.filter((i) => i.src === 'readVerify').at(-1)!.input).toEqual({
      game: 'fortune-god',
    });
  },
  failed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.data).toEqual(last(o.history, `xstate.done.actor.${LOAD}`)!['output']);
    const afterRotate = o.history.at(-1)!;
    if (afterRotate.type === `xstate.error.actor.${ROTATE}`)
      expect(o.snapshot.context.rotateProblem).toBe(
        (afterRotate['error'] as { code?: number }).code === 41008 ? 'openHand' : 'failed',
      );
    else if (afterRotate.type === `xstate.done.actor.${LOAD}`) {
      const rotated = last(o.history, `xstate.done.actor.${ROTATE}`);
      expect(o.snapshot.context.rotation).toEqual(rotated ? ROTATION : null);
    }
  },
  rotating: (o) => {
    expect(o.fakes.pendingIds()).toEqual([ROTATE]);
    expect(o.snapshot.context.rotateProblem).toBeNull();
    const asked = last(o.history, 'verify.rotate')!;
    // Strictly: a change without a client seed of the player's sends none (not an undefined one).
    expect(o.fakes.invocations.filter((i) => i.src === 'rotateSeed').at(-1)!.input).toStrictEqual(
      asked['clientSeed'] ? { clientSeed: asked['clientSeed'] } : {},
    );
  },
};

export const verifyModel: MachineModel<typeof verifyMachine> = {
  title: 'games verify view',
  machine: verifyMachine,
  graphs: [
    {
      name: 'a player checking rounds',
      input: { game: 'fortune-god' },
      events: EVENTS,
      key: (s: AnyMachineSnapshot) => ({
        value: s.value,
        rotated: s.context.rotation !== null,
        problem: s.context.rotateProblem,
      }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      verifyMachine.provide({
        actors: { readVerify: fakes.promise('readVerify'), rotateSeed: fakes.promise('rotateSeed') },
      }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
