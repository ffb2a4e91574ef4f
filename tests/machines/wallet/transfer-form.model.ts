// The transfer form's model (issue 9 §2, spec §5 amount input): graphs, the transition table and per-state
// oracles, written from the issue and the spec. Shared by its model test and any UI model test.
import { expect } from 'vitest';
import { assign, type AnyEventObject } from 'xstate';
import { transferFormMachine } from '../../../machines/wallet/transfer-form.machine.ts';
import type { VenueWallet } from '../../../src/protocol/wallet.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

/** The invoke id of the submit (the machine's id and state). */
export const SUBMIT = '0.transferForm.submitting';

/** Balances the wallet shares with the form: ¥100.00 central; a venue with ¥30.00 open, one under maintenance. */
export const OPEN = 'QP_TEST';
export const DOWN = 'TY_TEST';
export const BALANCES: { type: 'transfer.balances'; central: number; venues: VenueWallet[] } = {
  type: 'transfer.balances',
  central: 10_000,
  venues: [
    { venue: OPEN, name: '测试棋牌', platform: 'QP', status: 'open', balance: 3_000 },
    { venue: DOWN, name: '测试体育', platform: 'TY', status: 'maintenance', balance: 500 },
  ],
};

/** A refusal is an answer with a code (issue 9: 30001 the wallet cannot afford it). */
export const REFUSED = Object.assign(new Error('余额不足'), { type: 'business', code: 30001 });
/** No answer (a timeout or a dropped connection): the outcome is unknown. */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

const EVENTS: AnyEventObject[] = [
  BALANCES,
  { type: 'transfer.direction', direction: 'in' },
  { type: 'transfer.direction', direction: 'out' },
  { type: 'transfer.venue', venue: OPEN },
  { type: 'transfer.venue', venue: DOWN },
  { type: 'transfer.amount', text: '20' },
  { type: 'transfer.amount', text: '0050.5x5' },
  { type: 'transfer.all' },
  { type: 'transfer.submit' },
  { type: 'transfer.abandon' },
  { type: `xstate.done.actor.${SUBMIT}`, output: { requestId: 'x', central: 0, venue: BALANCES.venues[0] } },
  { type: `xstate.error.actor.${SUBMIT}`, error: REFUSED },
  { type: `xstate.error.actor.${SUBMIT}`, error: NO_ANSWER },
];

/** Request ids the fake mints, in order (the browser's crypto at composition). */
export function provideTransferForm(fakes: Fakes) {
  let n = 0;
  const minted = fakes.recorder('mintRequestId');
  return transferFormMachine.provide({
    actors: { send: fakes.promise('send') },
    actions: {
      mintRequestId: assign({
        requestId: () => {
          n += 1;
          minted(`req-${n}`);
          return `req-${n}`;
        },
      }),
      ...fakes.actions('walletMoved'),
    },
  });
}

// ── what the form must do, from the issue (independent of the machine) ──

interface FormFacts {
  direction: 'in' | 'out';
  venue: string | null;
  /** The amount field's text after spec §5's input rule. */
  text: string;
  shared: boolean;
}

/** spec §5: digits and one point kept, two decimals at most, leading zeros dropped — for the texts used here. */
const CLEANED: Record<string, string> = { '20': '20', '0050.5x5': '50.55' };

/** Replays the player's edits since the last answer (the form's fields are what the player last set). */
function facts(history: readonly AnyEventObject[]): FormFacts {
  const f: FormFacts = { direction: 'in', venue: null, text: '', shared: false };
  for (const e of history) {
    if (e.type === 'transfer.balances') f.shared = true;
    else if (e.type === 'transfer.direction') f.direction = e['direction'];
    else if (e.type === 'transfer.venue') f.venue = e['venue'];
    else if (e.type === 'transfer.amount') f.text = CLEANED[e['text'] as string]!;
    else if (e.type === 'transfer.all') f.text = allText(f);
    // A transfer that went through empties the amount.
    else if (e.type === `xstate.done.actor.${SUBMIT}`) f.text = '';
  }
  return f;
}

/** What the source wallet holds, fen: the central wallet going in, the venue's own balance coming out. */
function available(f: FormFacts): number {
  if (!f.shared) return 0;
  if (f.direction === 'in') return BALANCES.central;
  return BALANCES.venues.find((v) => v.venue === f.venue)?.balance ?? 0;
}

/** 全部 fills the whole available balance, as yuan with two decimals (issue 9 §2, spec §5). */
function allText(f: FormFacts): string {
  const fen = available(f);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

const fenOf = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));

/** Why the form cannot be sent, from issue 9 §2: a venue, open, an amount, within what the source holds. */
export function expectedProblem(f: FormFacts): string | null {
  if (!f.venue) return 'noVenue';
  // A venue's state is known once the wallet shared its balances (the page lists venues from them).
  if (f.venue === DOWN && f.shared) return 'venueUnavailable';
  if (fenOf(f.text) <= 0) return 'noAmount';
  if (fenOf(f.text) > available(f)) return 'overBalance';
  return null;
}

const sendable = (history: readonly AnyEventObject[]) => expectedProblem(facts(history)) === null;

const TABLE: TransitionTable = {
  '*': { 'transfer.balances': '=' },
  editing: {
    'transfer.direction': '=',
    'transfer.venue': '=',
    'transfer.amount': '=',
    'transfer.all': '=',
    'transfer.submit': ({ history }) => (sendable(history.slice(0, -1)) ? 'submitting' : 'editing'),
  },
  submitting: {
    [`xstate.done.actor.${SUBMIT}`]: 'editing',
    // An answer (a coded refusal) ends the request; no answer leaves its outcome unknown.
    [`xstate.error.actor.${SUBMIT}`]: ({ event }) =>
      (event as { error?: { type?: string } }).error?.type === 'business' ? 'editing' : 'unsure',
  },
  unsure: { 'transfer.submit': 'submitting', 'transfer.abandon': 'editing' },
};

/** The request ids sent so far, in order. */
const sentIds = (o: OracleArgs) =>
  o.fakes.invocations.map((i) => (i.input as { requestId: string }).requestId);

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  // Editing: nothing under way; the fields are what the player set; a refused submit says why.
  editing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const f = facts(o.history);
    expect(o.snapshot.context.amountText).toBe(f.text);
    expect(o.snapshot.context.direction).toBe(f.direction);
    expect(o.snapshot.context.venue).toBe(f.venue);
    if (o.event.type === 'transfer.submit') {
      expect(o.snapshot.context.problem).toBe(expectedProblem(f));
      expect(o.effects.actions).toEqual([]);
    }
    // After an answer the request is over: the next submit is a new request.
    expect(o.snapshot.context.requestId).toBeNull();
    if (o.event.type === `xstate.done.actor.${SUBMIT}`) {
      expect(o.effects.actions.map((a) => a.name)).toEqual(['walletMoved']);
      const sent = o.fakes.invocations.at(-1)!.input as { amount: number; direction: string; venue: string };
      expect(o.snapshot.context.done).toEqual({
        amount: sent.amount,
        direction: sent.direction,
        venue: sent.venue,
      });
    }
    if (o.event.type === `xstate.error.actor.${SUBMIT}`) {
      expect(o.snapshot.context.refusal).toEqual({ code: 30001, message: '余额不足' });
      expect(o.effects.actions).toEqual([]);
    }
    if (o.event.type === 'transfer.abandon') {
      // Giving up re-reads the balances, so the player sees whether the money moved.
      expect(o.effects.actions.map((a) => a.name)).toEqual(['walletMoved']);
    }
  },
  // Submitting: exactly one request under way, carrying what the form shows, in fen; no earlier answer shown.
  submitting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([SUBMIT]);
    expect(o.snapshot.context.refusal).toBeNull();
    const f = facts(o.history);
    const sent = o.fakes.invocations.at(-1)!.input as Record<string, unknown>;
    expect(sent).toEqual({
      requestId: o.snapshot.context.requestId,
      direction: f.direction,
      venue: f.venue,
      amount: fenOf(f.text),
    });
    const ids = sentIds(o);
    if (o.previous.value === 'submitting') {
      // Staying (the balances were read again meanwhile): still the one request, nothing new sent.
      expect(o.effects.actions).toEqual([]);
      expect(o.snapshot.context.requestId).toBe(o.previous.context.requestId);
    } else if (o.previous.value === 'unsure') {
      // issue 9 §2: a retry after no answer resends the same request id (the server moves the money once).
      expect(ids.at(-1)).toBe(ids.at(-2));
      expect(o.effects.actions).toEqual([]);
    } else {
      // A new submit is a new request: a fresh id, never one used before.
      expect(o.effects.actions.map((a) => a.name)).toEqual(['mintRequestId']);
      expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
    }
  },
  // No answer: nothing under way, the id kept for the retry, the fields frozen.
  unsure: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.refusal).toBeNull();
    expect(o.snapshot.context.requestId).toBe(sentIds(o).at(-1));
  },
};

export const transferFormModel: MachineModel<typeof transferFormMachine> = {
  title: 'transfer form',
  machine: transferFormMachine,
  graphs: [
    {
      name: 'a funded wallet',
      input: {},
      events: EVENTS,
      // The form's outputs (problem, refusal, done) and the minted id's value are not branched on.
      key: (s) => ({
        value: s.value,
        direction: s.context.direction,
        venue: s.context.venue,
        amountText: s.context.amountText,
        shared: s.context.venues.length > 0,
        hasRequest: s.context.requestId !== null,
      }),
      maxWalk: 60,
    },
  ],
  harness: {
    logic: provideTransferForm,
    initial: 'editing',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
