// The modal host's model (spec §2, §9; issue 5 §1): graphs, transition table and per-state oracles, shared by its
// model test (modal-host.machine.test.ts) and its UI model test (tests/ui/modal-host.ui.test.tsx).
import { expect } from 'vitest';
import { setup } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { depositWarningDialog, noticeDialog } from '../../machines/dialogs.ts';
import { popActivityDialog } from '../../machines/home/pop-activity-dialog.ts';
import type { ModalInput } from '../../machines/modal.machine.ts';
import { modalHostMachine } from '../../machines/modal-host.machine.ts';
import type { AppEventLike, ModalSpec } from '../../machines/modal-types.ts';
import {
  SAME,
  type Fakes,
  type MachineModel,
  type OracleArgs,
  type TransitionTable,
} from '../support/model-paths.ts';

// Every dialog of the site (spec §2, §9; issue 5 §1): a stack kept in priority order, scrolling locked from the
// first open to the last removal whatever the order, the same key within 700 ms opened once.
// The model replaces the modals with a fake that stays open and records the closes it is sent, so the host is
// alone with its graph (a modal's removal is the graph's `modal.removed`); the hand-written tests run the real
// modals and buttons.

export const POP = popActivityDialog({
  id: 3,
  title: '首存豪礼',
  content: '首存即送',
  imageUrl: '/img/pop.png',
  linkUrl: '/activity/discount',
});
export const NOTICE = noticeDialog('alert', '余额不足', null);
export const CALLBACK: AppEventLike = { type: 'app.navigate', to: '/mine/finance/deposit' };
export const DEPOSIT = depositWarningDialog([CALLBACK]);
export const SPECS: Record<string, ModalSpec> = {
  [POP.key]: POP,
  [NOTICE.key]: NOTICE,
  [DEPOSIT.key]: DEPOSIT,
};

export const open = (spec: ModalSpec) => ({ type: 'modal.open', spec }) as const;

/** The modal.close events each fake modal received, by replay. */
const closesSent = new WeakMap<Fakes, string[]>();

/** Stands in for a modal: open until the test says otherwise, recording every modal.close it is sent. */
function fakeModal(sent: string[]) {
  return setup({ types: {} as { context: ModalInput; input: ModalInput } }).createMachine({
    context: ({ input }) => input,
    initial: 'open',
    states: { open: { on: { 'modal.close': { actions: ({ context }) => void sent.push(context.id) } } } },
  });
}

export const HOST_ACTIONS = ['lockScroll', 'unlockScroll', 'runEvents'] as const;

function modelLogic(fakes: Fakes) {
  const sent: string[] = [];
  closesSent.set(fakes, sent);
  return modalHostMachine.provide({
    actors: { modal: fakeModal(sent) as never },
    actions: fakes.actions(...HOST_ACTIONS),
  });
}

export interface Entry {
  id: string;
  key: string;
  priority: number;
}
export const entries = (s: AnyMachineSnapshot): Entry[] =>
  (s.context.modals as Entry[]).map(({ id, key, priority }) => ({ id, key, priority }));

/** What the host branches on; the spawned actors are named by id. */
const recent = (s: AnyMachineSnapshot) =>
  (s.context.recent as Array<{ key: string; seq: number }>).map((r) => `${r.key}#${r.seq}`);
const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  recent: recent(s),
  opened: s.context.opened,
  modals: entries(s).map((m) => `${m.id}:${m.key}`),
});
const project = (s: AnyMachineSnapshot) => ({
  value: s.value,
  status: s.status,
  recent: recent(s),
  opened: s.context.opened,
  modals: entries(s),
});

/** Which modals a step must send modal.close to (the fakes never leave `open`). */
function closesFor(event: AnyEventObject, before: Entry[]): string[] {
  if (event.type === 'modal.close') return before.filter((m) => m.id === event['id']).map((m) => m.id);
  if (event.type === 'modal.closeAll') return before.map((m) => m.id);
  if (event.type === 'modal.closeTop') {
    const top = before.at(-1);
    return top && SPECS[top.key]!.closable !== false ? [top.id] : [];
  }
  return [];
}

const events = (a: ModalSpec, b: ModalSpec) => [
  open(a),
  open(b),
  { type: 'modal.close', id: 'modal-1' },
  { type: 'modal.close', id: 'modal-2' },
  { type: 'modal.closeTop' },
  { type: 'modal.closeAll' },
  // Leaving the home page drops the pop-up (it belongs to '/'), nothing else.
  { type: 'modal.route', path: '/game/chess' },
  { type: 'modal.removed', id: 'modal-1' },
  { type: 'modal.removed', id: 'modal-2' },
  { type: 'modal.removed', id: 'modal-3' },
  { type: 'modal.run', events: [CALLBACK] },
  // Each open's own expiry (in the running machine a delayed event MODAL_DEDUP_MS after that open).
  { type: 'modal.dedupExpired', seq: 1 },
  { type: 'modal.dedupExpired', seq: 2 },
  { type: 'modal.dedupExpired', seq: 3 },
];

/** The graph stops opening after `max` modals (each open takes a new id, so the context would grow forever). */
const atMost = (max: number) => (s: AnyMachineSnapshot, e: AnyEventObject) =>
  e.type !== 'modal.open' || (s.context.opened as number) < max;

// ───────────── the host as the spec tells it (spec §2, §9; issue 5 §1) ─────────────

export interface Reference {
  opened: number;
  recent: Array<{ key: string; seq: number }>;
  stack: Entry[];
}

/**
 * The stack after the events, as the spec tells it: the same key opened within 700 ms (until its expiry) is not
 * opened again; each open takes the next id and sits above every modal of lower or equal priority; a removed
 * modal leaves the stack.
 */
export function reference(history: readonly AnyEventObject[]): Reference {
  const r: Reference = { opened: 0, recent: [], stack: [] };
  for (const e of history) {
    if (e.type === 'modal.open') {
      const spec = e['spec'] as ModalSpec;
      if (r.recent.some((x) => x.key === spec.key)) continue;
      r.opened++;
      r.recent.push({ key: spec.key, seq: r.opened });
      const entry = { id: `modal-${r.opened}`, key: spec.key, priority: spec.priority ?? 0 };
      const at = r.stack.findIndex((m) => m.priority > entry.priority);
      if (at < 0) r.stack.push(entry);
      else r.stack.splice(at, 0, entry);
    }
    if (e.type === 'modal.dedupExpired') r.recent = r.recent.filter((x) => x.seq !== e['seq']);
    if (e.type === 'modal.removed') r.stack = r.stack.filter((m) => m.id !== e['id']);
  }
  return r;
}

const holding = ({ history }: { history: AnyEventObject[] }) =>
  reference(history).stack.length > 0 ? 'showing' : 'empty';

export const HOST_TABLE: TransitionTable = {
  '*': {
    'modal.open': holding,
    'modal.removed': holding,
    'modal.dedupExpired': SAME,
    'modal.close': SAME,
    'modal.closeTop': SAME,
    'modal.closeAll': SAME,
    'modal.route': SAME,
    'modal.run': SAME,
  },
};

export function hostOracle(o: OracleArgs) {
  const s = o.snapshot;
  const want = reference(o.history);
  const before = reference(o.history.slice(0, -1));
  expect(entries(s), 'the stack').toEqual(want.stack);
  expect(s.context.recent).toEqual(want.recent);
  expect(s.context.opened).toBe(want.opened);
  for (const m of want.stack) expect(s.children[m.id], `${m.id} alive`).toBeDefined();
  // spec §2: opening a modal locks page scrolling; it is restored when the last modal closes.
  const wasShowing = o.index > 0 && before.stack.length > 0;
  const isShowing = want.stack.length > 0;
  const scroll = o.effects.actions.filter((a) => a.name !== 'runEvents').map((a) => a.name);
  expect(scroll, 'scroll lock').toEqual(
    isShowing && !wasShowing ? ['lockScroll'] : !isShowing && wasShowing ? ['unlockScroll'] : [],
  );
  // A modal's button events reach the app.
  expect(o.effects.actions.filter((a) => a.name === 'runEvents')).toEqual(
    o.event.type === 'modal.run' ? [{ name: 'runEvents', params: { events: o.event['events'] } }] : [],
  );
  // Closing reaches the right modals (Escape: the top one, if closable).
  const sent = closesSent.get(o.fakes)!;
  expect(sent.splice(0), `modal.close sent on ${o.event.type}`).toEqual(closesFor(o.event, before.stack));
  expect(o.effects.emitted).toEqual([]);
}

export const modalHostModel: MachineModel<typeof modalHostMachine> = {
  title: 'modal host',
  machine: modalHostMachine,
  graphs: [
    {
      name: 'a promotion and a notice, up to three opens',
      input: undefined,
      events: events(POP, NOTICE),
      key,
      filterEvents: atMost(3),
    },
    {
      name: 'a promotion and the non-closable deposit warning, up to two opens',
      input: undefined,
      events: events(POP, DEPOSIT),
      key,
      filterEvents: atMost(2),
    },
  ],
  harness: {
    logic: modelLogic,
    project,
    initial: 'empty',
    transitions: HOST_TABLE,
    oracles: { empty: hostOracle, showing: hostOracle },
  },
};
