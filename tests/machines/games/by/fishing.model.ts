// A fishing game's cannon (issue 12 §1 "Fishing": each shot is a bet at the chosen cannon level aimed at one fish,
// decided by the server; §2: each shot shows its stake and win, no autoplay; §3: a shot the venue wallet cannot
// afford is refused in the game with a way to transfer in). What is expected comes from the issue and
// docs/games-by.md, written out here: the levels of 捕鱼大亨 (0.1 / 0.5 / 1 / 5 / 10 元), one shot per fire, the
// result shown 800 ms, the last 10 shots listed, a retry after no answer with the same request id.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { fishingMachine } from '../../../../machines/games/by/fishing.machine.ts';
import type { ShotResult } from '../../../../src/games-core/by/wire.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../../support/model-paths.ts';
import { SAME } from '../../../support/model-paths.ts';

export const FIRE = '0.fishing.firing';
/** docs/games-by.md: 捕鱼大亨's cannon levels in fen (0.1 / 0.5 / 1 / 5 / 10 元, issue 12 §1 "e.g."). */
const LEVELS = [10, 50, 100, 500, 1_000];
/** docs/games-by.md "The page": the last shot's result stays 800 ms. */
const SHOWN_MS = 800;
/** docs/games-by.md "The page": the last 10 shots are listed. */
const KEPT = 10;
/** src/protocol/games.ts: 41002 the venue wallet cannot afford it; 41003 a bad shot or too fast. */
const NO_FUNDS = Object.assign(new Error('场馆余额不足，请先转入'), {
  type: 'business',
  code: 41002,
  data: { balance: 5, stake: 10, central: 90_000 },
});
const TOO_FAST = Object.assign(new Error('开炮太快了，请稍候再试'), {
  type: 'business',
  code: 41003,
  data: null,
});
const NO_ANSWER = Object.assign(new Error('network'), { type: 'transport', kind: 'network' });

export function shotResult(
  orderNo: string,
  fish: string,
  stake: number,
  hit: boolean,
  m: number,
): ShotResult {
  return {
    orderNo,
    outcome: {
      game: 'fish-tycoon',
      fish,
      multiplier: m,
      stake,
      roll: hit ? 1 : 4_000_000_000,
      threshold: 2_000_000_000,
      hit,
      payout: hit ? stake * m : 0,
    },
    fair: { seedHash: 'h'.repeat(64), clientSeed: 'c', nonce: 0 },
    balance: 10_000,
    placedAt: '2026-11-26T05:00:00.000Z',
  };
}

const EVENTS: AnyEventObject[] = [
  { type: 'level.set', stake: 500 },
  { type: 'level.set', stake: 7 },
  { type: 'fire', fish: 'whale', requestId: 'shot-request-1' },
  { type: 'fire', fish: 'clownfish', requestId: 'shot-request-2' },
  { type: `xstate.done.actor.${FIRE}`, output: shotResult('GM1', 'whale', 10, true, 100) },
  { type: `xstate.done.actor.${FIRE}`, output: shotResult('GM2', 'clownfish', 500, false, 2) },
  { type: `xstate.error.actor.${FIRE}`, error: NO_FUNDS },
  { type: `xstate.error.actor.${FIRE}`, error: TOO_FAST },
  { type: `xstate.error.actor.${FIRE}`, error: NO_ANSWER },
  { type: 'xstate.after.shown.fishing.showing' },
  { type: 'retry' },
  { type: 'dismiss' },
];

const codeOf = (e: AnyEventObject) => (e['error'] as { code?: number }).code;

const TABLE: TransitionTable = {
  '*': { 'level.set': SAME },
  ready: { fire: 'firing' },
  firing: {
    [`xstate.done.actor.${FIRE}`]: 'showing',
    [`xstate.error.actor.${FIRE}`]: ({ event }) => (codeOf(event) === undefined ? 'failed' : 'refused'),
  },
  showing: { 'xstate.after.shown.fishing.showing': 'ready', fire: 'firing' },
  refused: { fire: 'firing', dismiss: 'ready' },
  failed: { retry: 'firing', dismiss: 'ready' },
};

/** The chosen level after these events: the first level, then each offered level chosen (issue 12 §1). */
function levelAfter(history: readonly AnyEventObject[]): number {
  let level = LEVELS[0]!;
  for (const e of history)
    if (e.type === 'level.set' && LEVELS.includes(e['stake'] as number)) level = e['stake'] as number;
  return level;
}

/** The shot in flight: the last fire's fish and request id at the level chosen when it was fired. */
function shotOf(history: readonly AnyEventObject[]) {
  const at = history.map((e) => e.type).lastIndexOf('fire');
  const fire = history[at]!;
  return {
    requestId: fire['requestId'],
    game: 'fish-tycoon',
    fish: fire['fish'],
    stake: levelAfter(history.slice(0, at)),
  };
}

/** The listed shots: every answered shot, newest first, the last 10. */
function shotsAfter(history: readonly AnyEventObject[]) {
  return history
    .filter((e) => e.type === `xstate.done.actor.${FIRE}`)
    .map((e) => e['output'] as ShotResult)
    .reverse()
    .slice(0, KEPT)
    .map((r) => ({ orderNo: r.orderNo, outcome: r.outcome }));
}

function common(o: OracleArgs) {
  expect(o.snapshot.context.level).toBe(levelAfter(o.history));
  expect(o.snapshot.context.shots).toEqual(shotsAfter(o.history));
  // No auto-fire (issue 12 §2): a shot is only ever sent by a fire or a retry of the same shot.
  const sent = o.fakes.invocations.length;
  const fires = o.history.filter((e) => e.type === 'fire' || e.type === 'retry').length;
  expect(sent).toBeLessThanOrEqual(fires);
}

const noEffects = (o: OracleArgs) => expect(o.effects.actions).toEqual([]);

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  ready: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.refusal).toBeNull();
    expect(o.snapshot.context.pending).toBeNull();
    // Giving up after no answer re-reads the wallet (the shot may have been made).
    if (o.event.type === 'dismiss' && o.previous.matches('failed'))
      expect(o.effects.actions).toEqual([{ name: 'refreshShell', params: undefined }]);
    else noEffects(o);
  },
  firing: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([FIRE]);
    const shot = shotOf(o.history);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'shoot', input: shot });
    if (o.event.type === 'retry') {
      // The same request id again: the server answers the shot it made, or makes it once.
      expect(o.fakes.invocations.at(-2)?.input).toEqual(shot);
    }
    noEffects(o);
  },
  showing: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    const done = o.history.filter((e) => e.type === `xstate.done.actor.${FIRE}`).at(-1)!;
    if (o.event.type === `xstate.done.actor.${FIRE}`) {
      // Its stake and result are shown; the shell re-reads the wallet and the visit's net (issue 12 §2).
      expect(o.snapshot.context.last).toEqual(done['output']);
      expect(o.effects.actions).toEqual([{ name: 'refreshShell', params: undefined }]);
    } else noEffects(o);
    expect(o.snapshot.context.pending).toBeNull();
  },
  refused: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    const err = o.history.filter((e) => e.type === `xstate.error.actor.${FIRE}`).at(-1)!['error'] as {
      code: number;
      message: string;
      data: unknown;
    };
    expect(o.snapshot.context.refusal).toEqual({ code: err.code, message: err.message });
    if (o.event.type === `xstate.error.actor.${FIRE}` && err.code === 41002)
      expect(o.effects.actions).toEqual([
        { name: 'needFunds', params: { balance: 5, stake: 10, central: 90_000 } },
      ]);
    else noEffects(o);
  },
  failed: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    // The shot is kept for a retry with the same request id.
    expect(o.snapshot.context.pending).toEqual(shotOf(o.history));
    expect(o.snapshot.context.refusal).toBeNull();
    noEffects(o);
  },
};

export const fishingModel: MachineModel<typeof fishingMachine> = {
  title: 'fishing cannon',
  machine: fishingMachine,
  graphs: [
    {
      name: 'a player at 捕鱼大亨',
      input: { game: 'fish-tycoon', levels: LEVELS },
      events: EVENTS,
      key: (s: AnyMachineSnapshot) => ({
        value: s.value,
        level: s.context.level,
        pending: s.context.pending,
        refusal: s.context.refusal?.code ?? null,
        last: s.context.last?.orderNo ?? null,
        // The list only grows (the machine never branches on it): how full it is, up to two, tells enough.
        shots: s.context.shots.slice(0, 2).map((x: { orderNo: string }) => x.orderNo),
      }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      fishingMachine.provide({
        actors: { shoot: fakes.promise('shoot') },
        actions: fakes.actions('refreshShell', 'needFunds'),
      }),
    initial: 'ready',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { shown: SHOWN_MS },
  },
};
