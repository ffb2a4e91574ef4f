// The VIP page's model (issue 13 §3): the standing is read → ready; a claim only for a reward listed as
// claimable, pending, then paid (read again) or refused (31021 stays on the page; 31022 and no answer read the
// status again: it changed or is unknown, and the reward's id keeps it from paying twice); a 'vip' push reads
// again.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { vipMachine } from '../../../machines/vip/vip.machine.ts';
import type { VipOverview } from '../../../src/protocol/vip.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import {
  BDAY,
  CLAIMED,
  NO_ANSWER,
  NOT_DUE,
  OVERVIEW,
  OVERVIEW_NONE,
  OVERVIEW_PAID,
  PAID,
  UP1,
  UP2,
} from './fixtures.ts';

export const LOAD = 'vip.load';
export const CLAIM = 'vip.claim';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const LOADS = [
  done(LOAD, OVERVIEW),
  done(LOAD, OVERVIEW_NONE),
  done(LOAD, OVERVIEW_PAID),
  failed(LOAD, NO_ANSWER),
  { type: 'vip.retry' },
];
const CLAIMS = [
  { type: 'vip.claim', id: UP2 },
  { type: 'vip.claim', id: UP1 },
  { type: 'vip.claim', id: 'vip-up:7:9' },
  done(CLAIM, PAID),
  failed(CLAIM, NOT_DUE),
  failed(CLAIM, CLAIMED),
  failed(CLAIM, NO_ANSWER),
  { type: 'vip.dismiss' },
  { type: 'vip.pushed' },
];

export function provideVip(fakes: Fakes) {
  return vipMachine.provide({ actors: { load: fakes.promise('load'), claim: fakes.promise('claim') } });
}

const before = (history: readonly AnyEventObject[]) => history.slice(0, -1);

/** The last overview read (independent of the machine). */
function lastOverview(history: readonly AnyEventObject[]): VipOverview | null {
  let o: VipOverview | null = null;
  for (const e of history) if (e.type === `xstate.done.actor.${LOAD}`) o = e['output'] as VipOverview;
  return o;
}

/** issue 13 §3: only a reward the page lists as claimable (not paid yet) is claimed. */
const listedClaimable = (o: VipOverview | null, id: string) =>
  !!o?.rewards.some((r) => r.id === id && r.state === 'claimable');

/** The reward each claim asked for, in order (a press on a reward not claimable asks nothing). */
function claimsOf(history: readonly AnyEventObject[]): string[] {
  const out: string[] = [];
  let overview: VipOverview | null = null;
  let claiming = false;
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`) overview = e['output'] as VipOverview;
    if (e.type === 'vip.claim' && !claiming && listedClaimable(overview, e['id'] as string)) {
      out.push(e['id'] as string);
      claiming = true;
    }
    if (e.type.endsWith(`.${CLAIM}`)) claiming = false;
  }
  return out;
}

const codeOf = (e: AnyEventObject) => (e['error'] as { code?: number; type?: string }).code;

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: 'ready',
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'vip.retry': 'loading' },
  ready: {
    'vip.claim': ({ event, history }) =>
      listedClaimable(lastOverview(before(history)), event['id'] as string) ? 'claiming' : 'ready',
    'vip.pushed': 'loading',
    'vip.dismiss': 'ready',
  },
  claiming: {
    // Paid: the standing is read again (the reward now shows as claimed, the balance moved).
    [`xstate.done.actor.${CLAIM}`]: 'loading',
    // 31021 (not due) stays; 31022 (paid already) and no answer read again.
    [`xstate.error.actor.${CLAIM}`]: ({ event }) => (codeOf(event) === 31021 ? 'ready' : 'loading'),
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    if (o.event.type === `xstate.done.actor.${CLAIM}`)
      expect(o.snapshot.context.outcome).toEqual({ kind: 'paid', reward: PAID });
    if (o.event.type === `xstate.error.actor.${CLAIM}`) {
      const transport = (o.event['error'] as { type: string }).type === 'transport';
      expect(o.snapshot.context.outcome).toEqual({
        kind: 'refused',
        id: claimsOf(o.history).at(-1),
        refusal: transport
          ? { code: 'noAnswer', message: '' }
          : { code: 31022, message: '该奖励已领取，每项奖励仅发放一次' },
      });
    }
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.overview).toEqual(lastOverview(o.history));
    if (o.event.type === `xstate.error.actor.${CLAIM}`)
      expect(o.snapshot.context.outcome).toEqual({
        kind: 'refused',
        id: claimsOf(o.history).at(-1),
        refusal: { code: 31021, message: '该奖励当前不可领取（未达到等级、不在发放月份或未满足条件）' },
      });
    if (o.event.type === 'vip.claim')
      // Not claimable (paid already, or not listed): nothing asked.
      expect(o.fakes.invocations.filter((i) => i.src === 'claim')).toHaveLength(claimsOf(o.history).length);
    if (o.event.type === 'vip.dismiss') expect(o.snapshot.context.outcome).toBeNull();
  },
  claiming: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CLAIM]);
    expect(o.snapshot.context.outcome).toBeNull();
    const asked = o.fakes.invocations.filter((i) => i.src === 'claim').map((i) => i.input);
    expect(asked).toEqual(claimsOf(o.history).map((id) => ({ id })));
  },
};

export const vipModel: MachineModel<typeof vipMachine> = {
  title: 'vip',
  machine: vipMachine,
  graphs: [
    { name: 'a member claiming VIP rewards', input: undefined, events: [...LOADS, ...CLAIMS], maxWalk: 40 },
    {
      name: 'a member claiming the birthday gift',
      input: undefined,
      events: [
        done(LOAD, OVERVIEW),
        { type: 'vip.claim', id: BDAY },
        done(CLAIM, PAID),
        failed(CLAIM, CLAIMED),
      ],
      maxWalk: 20,
    },
  ],
  harness: { logic: provideVip, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
