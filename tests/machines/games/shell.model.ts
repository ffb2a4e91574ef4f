// The games page's shell (issue 12 §2 "the net result of the session visible in every game"; §3 "a bet larger
// than the venue balance is refused in the game with a clear message and a way to transfer in"): the header is
// read at start, every 15 s (design, docs/games.md) and when a game asks; a failed re-read keeps what is shown;
// 41001 ends the page. The transfer in opens by hand or from a refused stake, sends one request id (a retry after
// no answer sends the same one), shows the server's refusal, and puts the new balances in the header.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { shellMachine } from '../../../machines/games/shell.machine.ts';
import type { GamesSession } from '../../../src/protocol/games.ts';
import { type Fakes, type MachineModel, type OracleArgs } from '../../support/model-paths.ts';

/** A coded refusal as the page's client raises it (type 'business', code, message, data). */
const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code });
/** No answer (a transport error). */
const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
/** issue 12 (src/protocol/games.ts): 41001 the venue credential expired; 41009 a transfer in refused. */
const EXPIRED = refused(41001, 'expired');
const TRANSFER_REFUSED = refused(41009, '转入失败：中心钱包余额不足或场馆暂不可用');

const session = (balance: number, net: number): GamesSession => ({
  venue: 'PGDZ',
  venueName: 'PG 电子',
  platform: 'DZ',
  game: 'fortune-god',
  games: [{ code: 'fortune-god', name: '财神到', kind: 'slot' }],
  balance,
  central: 50_000,
  net,
  pending: 0,
  since: '2026-11-26T04:00:00.000Z',
  now: '2026-11-26T04:01:00.000Z',
});
const NEED = { balance: 100, stake: 2_000, central: 50_000 };

const LOAD = '0.gamesShell.loading';
const READ = '0.gamesShell.ready.data.refreshing';
const SEND = '0.gamesShell.ready.transfer.sending';
/** Design (docs/games.md "The page"): the header is re-read every 15 s. */
const POLL_MS = 15_000;

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: session(100, 0) },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${LOAD}`, error: EXPIRED },
  { type: 'shell.retry' },
  { type: 'shell.refresh' },
  { type: 'xstate.after.poll.gamesShell.ready.data.idle' },
  { type: `xstate.done.actor.${READ}`, output: session(80, -20) },
  { type: `xstate.error.actor.${READ}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${READ}`, error: EXPIRED },
  { type: 'transfer.open' },
  { type: 'transfer.needFunds', data: NEED },
  { type: 'transfer.close' },
  { type: 'transfer.submit', requestId: 'req-00000001', amount: 5_000 },
  { type: 'transfer.submit', requestId: 'req-00000002', amount: 0 },
  { type: 'transfer.submit', requestId: 'req-00000003', amount: 2.5 },
  { type: 'transfer.retry' },
  { type: `xstate.done.actor.${SEND}`, output: { balance: 5_100, central: 45_000 } },
  { type: `xstate.error.actor.${SEND}`, error: TRANSFER_REFUSED },
  { type: `xstate.error.actor.${SEND}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${SEND}`, error: EXPIRED },
];

const isFen = (amount: number) => Number.isSafeInteger(amount) && amount > 0;
const isExpired = (e: AnyEventObject) => (e['error'] as { code?: number } | undefined)?.code === 41001;

/** Where each event leads, region by region (written from the issue, not from the machine). */
function next(o: { event: AnyEventObject; from: string }): string {
  const e = o.event;
  const leaves = o.from.split(' | ');
  if (leaves.length === 1) {
    const s = leaves[0]!;
    if (s === 'loading') {
      if (e.type === `xstate.done.actor.${LOAD}`) return 'ready.data.idle | ready.transfer.closed';
      if (e.type !== `xstate.error.actor.${LOAD}`) return s;
      return isExpired(e) ? 'expired' : 'failed';
    }
    if (s === 'failed' && e.type === 'shell.retry') return 'loading';
    return s;
  }
  let data = leaves[0]!.replace('ready.data.', '');
  let transfer = leaves[1]!.replace('ready.transfer.', '');
  switch (e.type) {
    case 'shell.refresh':
    case 'xstate.after.poll.gamesShell.ready.data.idle':
      if (data === 'idle') data = 'refreshing';
      break;
    case `xstate.done.actor.${READ}`:
      data = 'idle';
      break;
    case `xstate.error.actor.${READ}`:
      if (isExpired(e)) return 'expired';
      data = 'idle';
      break;
    case 'transfer.open':
    case 'transfer.needFunds':
      if (transfer === 'closed') transfer = 'open';
      break;
    case 'transfer.close':
      if (transfer === 'open' || transfer === 'refused') transfer = 'closed';
      break;
    case 'transfer.submit':
      // A transfer moves a positive whole number of fen; 0 or a fraction of a fen is not sent.
      if ((transfer === 'open' || transfer === 'refused') && isFen(e['amount'] as number))
        transfer = 'sending';
      break;
    case 'transfer.retry':
      if (transfer === 'refused') transfer = 'sending';
      break;
    case `xstate.done.actor.${SEND}`:
      transfer = 'closed';
      break;
    case `xstate.error.actor.${SEND}`:
      if (isExpired(e)) return 'expired';
      transfer = 'refused';
      break;
  }
  return `ready.data.${data} | ready.transfer.${transfer}`;
}

/** The last session the header got (from a read or a transfer's balances), or null. */
function shown(history: readonly AnyEventObject[]): { balance: number; central: number; net: number } | null {
  let s: { balance: number; central: number; net: number } | null = null;
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}` || e.type === `xstate.done.actor.${READ}`) {
      const out = e['output'] as GamesSession;
      s = { balance: out.balance, central: out.central, net: out.net };
    }
    if (e.type === `xstate.done.actor.${SEND}` && s) {
      const out = e['output'] as { balance: number; central: number };
      s = { ...s, balance: out.balance, central: out.central };
    }
  }
  return s;
}

/** The last valid submit since the dialog last opened (its id and amount are what is sent, and re-sent). */
function lastSubmit(history: readonly AnyEventObject[]) {
  return history.filter((e) => e.type === 'transfer.submit' && isFen(e['amount'] as number)).at(-1) ?? null;
}

const pending = (o: OracleArgs) => o.fakes.pendingIds().sort();
const header = (o: OracleArgs) => {
  const s = o.snapshot.context.session;
  expect(s && { balance: s.balance, central: s.central, net: s.net }).toEqual(shown(o.history));
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(pending(o)).toEqual([LOAD]);
    expect(o.snapshot.context.session).toBeNull();
  },
  failed: (o) => {
    expect(pending(o)).toEqual([]);
    expect(o.snapshot.context.session).toBeNull();
  },
  expired: (o) => {
    // The page is over: nothing runs any more (a transfer in flight is abandoned; its request id stays unique).
    expect(Object.keys(o.snapshot.children)).toEqual([]);
    expect(o.snapshot.status).toBe('done');
  },
  'ready.data.idle': (o) => {
    expect(pending(o)).not.toContain(READ);
    header(o);
  },
  'ready.data.refreshing': (o) => {
    expect(pending(o)).toContain(READ);
    header(o);
  },
  'ready.transfer.closed': (o) => {
    expect(pending(o)).not.toContain(SEND);
    expect(o.snapshot.context.need).toBeNull();
  },
  'ready.transfer.open': (o) => {
    expect(pending(o)).not.toContain(SEND);
    // Opened by a refused stake: the dialog says what was missing; opened by hand: nothing.
    const opener = o.history
      .filter((e) => e.type === 'transfer.open' || e.type === 'transfer.needFunds')
      .at(-1)!;
    expect(o.snapshot.context.need).toEqual(opener.type === 'transfer.needFunds' ? NEED : null);
    expect(o.snapshot.context.transferError).toBeNull();
  },
  'ready.transfer.sending': (o) => {
    expect(pending(o)).toContain(SEND);
    const sent = o.fakes.invocations.filter((i) => i.src === 'transferIn').at(-1)!;
    const submit = lastSubmit(o.history)!;
    // A retry after no answer sends the same request id: the server moves the money once.
    expect(sent.input).toEqual({ requestId: submit['requestId'], amount: submit['amount'] });
  },
  'ready.transfer.refused': (o) => {
    expect(pending(o)).not.toContain(SEND);
    const err = o.history.filter((e) => e.type === `xstate.error.actor.${SEND}`).at(-1)!['error'] as {
      code?: number;
      message: string;
    };
    // A coded refusal shows the server's words; no answer shows none (the page says to try again).
    expect(o.snapshot.context.transferError).toBe(err.code === 41009 ? err.message : null);
  },
};

export const shellModel: MachineModel<typeof shellMachine> = {
  title: 'games page shell',
  machine: shellMachine,
  graphs: [
    {
      name: 'a player in a game',
      input: undefined,
      events: EVENTS,
      key: (s: AnyMachineSnapshot) => ({
        value: s.value,
        balance: s.context.session?.balance ?? null,
        need: s.context.need !== null,
        error: s.context.transferError,
        sending: s.context.transfer?.requestId ?? null,
      }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      shellMachine.provide({
        actors: { readSession: fakes.promise('readSession'), transferIn: fakes.promise('transferIn') },
      }),
    initial: 'loading',
    transitions: next,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
