import { assign, fromPromise, setup } from 'xstate';
import type { VipOverview, VipReward } from '../../src/protocol/vip.ts';
import { CLAIMED_CODE, NO_ANSWER_CODE, refusalOf, type VipRefusal } from './common.ts';

// The VIP page (issue 13 §3, /mine/vip and /mine/vip/details): the member's standing is read (the server
// recomputes the level on demand) → ready: the level, the progress on both measures, the keep requirement, the
// rewards. A claim names one reward; only a reward listed as claimable is asked for; pending while asked (one at
// a time: other claims wait), then paid (the status is read again, the page says how much) or refused (the coded
// message on the page: 31021 not due; 31022 paid already — the status is read again since it changed). No answer
// reads the status again too (it may have been paid; the reason's id keeps it from paying twice). A 'vip' push
// (msgId 20006: the level changed) reads the status again.

export type VipOutcome =
  { kind: 'paid'; reward: VipReward } | { kind: 'refused'; id: string; refusal: VipRefusal };

interface Context {
  overview: VipOverview | null;
  /** The reward being claimed. */
  claiming: string | null;
  outcome: VipOutcome | null;
}

export type VipEvent =
  | { type: 'vip.claim'; id: string }
  | { type: 'vip.retry' }
  | { type: 'vip.pushed' }
  | { type: 'vip.dismiss' };

/** Whether the overview lists a reward as claimable (the only ones a claim asks for). */
export const claimable = (overview: VipOverview | null, id: string) =>
  overview?.rewards.some((r) => r.id === id && r.state === 'claimable') ?? false;

export const vipMachine = setup({
  types: {} as { context: Context; events: VipEvent },
  actors: {
    load: fromPromise<VipOverview>(async () => {
      throw new Error('provided at composition');
    }),
    claim: fromPromise<VipReward, { id: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    claimable: ({ context, event }) => event.type === 'vip.claim' && claimable(context.overview, event.id),
    /** 31022 or no answer: what the server holds changed or is unknown — read the status again. */
    readAgain: ({ event }) => {
      const code = refusalOf((event as { error?: unknown }).error).code;
      return code === CLAIMED_CODE || code === NO_ANSWER_CODE;
    },
  },
}).createMachine({
  id: 'vip',
  context: { overview: null, claiming: null, outcome: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'vip.load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'vip.retry': 'loading' } },
    ready: {
      on: {
        'vip.claim': {
          guard: 'claimable',
          target: 'claiming',
          actions: assign({ claiming: ({ event }) => event.id, outcome: null }),
        },
        'vip.pushed': 'loading',
        'vip.dismiss': { actions: assign({ outcome: null }) },
      },
    },
    claiming: {
      invoke: {
        id: 'vip.claim',
        src: 'claim',
        input: ({ context }) => ({ id: context.claiming! }),
        onDone: {
          target: 'loading',
          actions: assign({
            outcome: ({ event }) => ({ kind: 'paid' as const, reward: event.output }),
            claiming: null,
          }),
        },
        onError: [
          {
            guard: 'readAgain',
            target: 'loading',
            actions: assign({
              outcome: ({ context, event }) => ({
                kind: 'refused' as const,
                id: context.claiming!,
                refusal: refusalOf(event.error),
              }),
              claiming: null,
            }),
          },
          {
            target: 'ready',
            actions: assign({
              outcome: ({ context, event }) => ({
                kind: 'refused' as const,
                id: context.claiming!,
                refusal: refusalOf(event.error),
              }),
              claiming: null,
            }),
          },
        ],
      },
    },
  },
});
