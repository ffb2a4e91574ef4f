import { describe, expect, it } from 'vitest';
import { createActor, setup, SimulatedClock } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { depositWarningDialog, noticeDialog, NOTICE_PRIORITY } from '../../machines/dialogs.ts';
import { popActivityDialog } from '../../machines/home/pop-activity-dialog.ts';
import type { ModalInput } from '../../machines/modal.machine.ts';
import { insertByPriority, modalHostMachine } from '../../machines/modal-host.machine.ts';
import * as hostModule from '../../machines/modal-host.machine.ts';
import type { AppEventLike, ModalSpec } from '../../machines/modal-types.ts';
import { describeModel, Fakes, SAME, type OracleArgs, type TransitionTable } from '../support/model-paths.ts';

/** spec §4, §9: modal leave animation 300 ms. */
const MODAL_LEAVE_MS = 300;
/** spec §9: dialog de-dup 700 ms. */
const MODAL_DEDUP_MS = 700;

// Every dialog of the site (spec §2, §9; issue 5 §1): a stack kept in priority order, scrolling locked from the
// first open to the last removal whatever the order, the same key within 700 ms opened once.
// The model replaces the modals with a fake that stays open and records the closes it is sent, so the host is
// alone with its graph (a modal's removal is the graph's `modal.removed`); the hand-written tests run the real
// modals and buttons.

const POP = popActivityDialog({
  id: 3,
  title: '首存豪礼',
  content: '首存即送',
  imageUrl: '/img/pop.png',
  linkUrl: '/activity/discount',
});
const NOTICE = noticeDialog('alert', '余额不足', null);
const CALLBACK: AppEventLike = { type: 'app.navigate', to: '/mine/finance/deposit' };
const DEPOSIT = depositWarningDialog([CALLBACK]);
const SPECS: Record<string, ModalSpec> = { [POP.key]: POP, [NOTICE.key]: NOTICE, [DEPOSIT.key]: DEPOSIT };

const open = (spec: ModalSpec) => ({ type: 'modal.open', spec }) as const;

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

const HOST_ACTIONS = ['lockScroll', 'unlockScroll', 'runEvents'] as const;

function modelLogic(fakes: Fakes) {
  const sent: string[] = [];
  closesSent.set(fakes, sent);
  return modalHostMachine.provide({
    actors: { modal: fakeModal(sent) as never },
    actions: fakes.actions(...HOST_ACTIONS),
  });
}

interface Entry {
  id: string;
  key: string;
  priority: number;
}
const entries = (s: AnyMachineSnapshot): Entry[] =>
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

interface Reference {
  opened: number;
  recent: Array<{ key: string; seq: number }>;
  stack: Entry[];
}

/**
 * The stack after the events, as the spec tells it: the same key opened within 700 ms (until its expiry) is not
 * opened again; each open takes the next id and sits above every modal of lower or equal priority; a removed
 * modal leaves the stack.
 */
function reference(history: readonly AnyEventObject[]): Reference {
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

const HOST_TABLE: TransitionTable = {
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

function hostOracle(o: OracleArgs) {
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

describeModel(
  'modal host',
  modalHostMachine,
  [
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
  {
    logic: modelLogic,
    project,
    initial: 'empty',
    transitions: HOST_TABLE,
    oracles: { empty: hostOracle, showing: hostOracle },
  },
);

// ───────────── the real modals ─────────────

function start() {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const received: AnyEventObject[] = [];
  const logic = modalHostMachine.provide({ actions: fakes.actions(...HOST_ACTIONS) });
  const actor = createActor(logic, {
    clock,
    inspect: (ev) => {
      if (ev.type === '@xstate.event' && ev.actorRef === actor) received.push(ev.event);
    },
  });
  actor.start();
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  const stack = () => actor.getSnapshot().context.modals;
  const keys = () => stack().map((m) => m.key);
  const states = () => stack().map((m) => String(m.ref.getSnapshot().value));
  const locks = () => fakes.called('lockScroll').length;
  const unlocks = () => fakes.called('unlockScroll').length;
  const clickButton = (id: string, index: number) => {
    const m = stack().find((x) => x.id === id);
    m!.ref.getSnapshot().context.buttonRefs[index]!.send({ type: 'button.click' });
  };
  return { actor, advance, clickButton, fakes, keys, locks, received, stack, states, unlocks };
}

describe('scroll lock (spec §2)', () => {
  it('locks once at the first open and unlocks when the last modal is gone, closing the lower one first', () => {
    const { actor, advance, keys, locks, stack, unlocks } = start();
    actor.send(open(POP));
    expect(locks()).toBe(1);
    actor.send(open(NOTICE));
    expect(locks()).toBe(1);
    expect(stack().map((m) => m.id)).toEqual(['modal-1', 'modal-2']);

    actor.send({ type: 'modal.close', id: 'modal-1' });
    advance(MODAL_LEAVE_MS);
    expect(keys()).toEqual([NOTICE.key]);
    expect(unlocks()).toBe(0);

    actor.send({ type: 'modal.close', id: 'modal-2' });
    advance(MODAL_LEAVE_MS - 1);
    expect(unlocks()).toBe(0); // still leaving
    expect(keys()).toEqual([NOTICE.key]);
    advance(1);
    expect(unlocks()).toBe(1);
    expect(stack()).toEqual([]);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(locks()).toBe(1);
  });

  it('the same when the top one closes first, or both at once', () => {
    const a = start();
    a.actor.send(open(POP));
    a.actor.send(open(NOTICE));
    a.actor.send({ type: 'modal.closeTop' });
    a.advance(MODAL_LEAVE_MS);
    expect(a.keys()).toEqual([POP.key]);
    expect(a.unlocks()).toBe(0);
    a.actor.send({ type: 'modal.closeTop' });
    a.advance(MODAL_LEAVE_MS);
    expect(a.unlocks()).toBe(1);

    const b = start();
    b.actor.send(open(POP));
    b.actor.send(open(NOTICE));
    b.actor.send({ type: 'modal.closeAll' });
    expect(b.states()).toEqual(['leaving', 'leaving']);
    b.advance(MODAL_LEAVE_MS - 1);
    expect(b.unlocks()).toBe(0);
    b.advance(1);
    expect(b.stack()).toEqual([]);
    expect([b.locks(), b.unlocks()]).toEqual([1, 1]);
  });

  it('locks again for the next modal after the last one is gone', () => {
    const { actor, advance, locks, unlocks } = start();
    actor.send(open(POP));
    actor.send({ type: 'modal.closeTop' });
    advance(MODAL_DEDUP_MS);
    actor.send(open(POP));
    expect([locks(), unlocks()]).toEqual([2, 1]);
  });
});

describe('de-dup (spec §9: 700 ms)', () => {
  it('is 700 ms', () => {
    expect(hostModule.MODAL_DEDUP_MS).toBe(700);
  });

  it('the same key within 700 ms opens once; at 700 ms it opens again', () => {
    const { actor, advance, keys } = start();
    actor.send(open(NOTICE));
    actor.send(open(NOTICE));
    expect(keys()).toEqual([NOTICE.key]);
    advance(MODAL_DEDUP_MS - 1);
    actor.send(open(NOTICE)); // 699 ms after the first
    expect(keys()).toEqual([NOTICE.key]);
    advance(1); // 700 ms: the refused ones did not stretch the window
    actor.send(open(NOTICE));
    expect(keys()).toEqual([NOTICE.key, NOTICE.key]);
    expect(actor.getSnapshot().context.opened).toBe(2);
  });

  it('a different key inside the window opens, and starts the window again', () => {
    const { actor, advance, keys } = start();
    actor.send(open(POP));
    advance(100);
    actor.send(open(NOTICE));
    expect(keys()).toEqual([POP.key, NOTICE.key]);
    advance(MODAL_DEDUP_MS - 1);
    actor.send(open(NOTICE)); // 699 ms after the notice
    expect(keys()).toEqual([POP.key, NOTICE.key]);
    advance(1);
    actor.send(open(NOTICE));
    expect(keys()).toEqual([POP.key, NOTICE.key, NOTICE.key]);
  });

  // Found by this test: a window that remembered only the last key opened A twice for A, B, A (fixed: each open
  // now forgets its own key 700 ms later).
  it('the same key within 700 ms opens once even when another dialog opened in between (A, B, A)', () => {
    const { actor, advance, keys } = start();
    actor.send(open(NOTICE));
    actor.send(open(POP));
    advance(100);
    actor.send(open(NOTICE)); // 100 ms after the first notice
    expect(keys().filter((k) => k === NOTICE.key)).toHaveLength(1);
  });

  it('the same key is refused even when the first one was already closed inside the window', () => {
    const { actor, advance, keys } = start();
    actor.send(open(POP));
    actor.send({ type: 'modal.closeTop' });
    advance(MODAL_LEAVE_MS);
    expect(keys()).toEqual([]);
    actor.send(open(POP));
    expect(keys()).toEqual([]);
  });
});

describe('stacking by priority', () => {
  it('insertByPriority puts a modal above lower and equal priorities, below higher ones', () => {
    const m = (id: string, priority: number) => ({ id, priority });
    expect(insertByPriority([], m('a', 0))).toEqual([m('a', 0)]);
    expect(insertByPriority([m('a', 0), m('b', 10)], m('c', 0)).map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect(insertByPriority([m('a', 0), m('b', 10)], m('c', 10)).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(insertByPriority([m('a', 5)], m('c', -1)).map((x) => x.id)).toEqual(['c', 'a']);
    const stack = [m('a', 0)];
    insertByPriority(stack, m('b', 1));
    expect(stack).toEqual([m('a', 0)]); // pure
  });

  it('a notice (priority 10) stays above a promotion (0) whatever the opening order', () => {
    expect(NOTICE.priority).toBe(10); // product constant (machines/dialogs.ts): notices above promotions
    expect(NOTICE_PRIORITY).toBe(10);
    expect(POP.priority ?? 0).toBe(0);

    const a = start();
    a.actor.send(open(NOTICE));
    a.actor.send(open(POP));
    expect(a.keys()).toEqual([POP.key, NOTICE.key]);

    const b = start();
    b.actor.send(open(POP));
    b.actor.send(open(NOTICE));
    expect(b.keys()).toEqual([POP.key, NOTICE.key]);
  });
});

describe('closeTop (Escape) and modal.run', () => {
  it('closes the top closable modal and runs its dismissal events', () => {
    const { actor, fakes, states } = start();
    actor.send(open(NOTICE));
    actor.send(open(POP)); // below the notice
    actor.send({ type: 'modal.closeTop' });
    expect(states()).toEqual(['open', 'leaving']);
    // The notice has no onDismiss: its dismissal runs no events.
    expect(fakes.called('runEvents')).toEqual([{ events: [] }]);
  });

  it('a top modal already leaving is passed over: the next one closes', () => {
    const { actor, fakes, states } = start();
    actor.send(open(POP));
    actor.send(open(NOTICE));
    actor.send({ type: 'modal.closeTop' });
    actor.send({ type: 'modal.closeTop' });
    expect(states()).toEqual(['leaving', 'leaving']);
    expect(fakes.called('runEvents')).toEqual([{ events: [] }, { events: POP.onDismiss }]);
  });

  it('a non-closable top (the deposit warning) is not closed, nor anything under it', () => {
    const { actor, advance, fakes, keys, states } = start();
    actor.send(open(POP));
    actor.send(open(DEPOSIT));
    expect(keys()).toEqual([POP.key, DEPOSIT.key]);
    actor.send({ type: 'modal.closeTop' });
    advance(MODAL_LEAVE_MS);
    expect(states()).toEqual(['open', 'open']);
    expect(fakes.called('runEvents')).toEqual([]);
  });

  it('modal.run forwards the events to runEvents', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'modal.run', events: [CALLBACK] });
    expect(fakes.called('runEvents')).toEqual([{ events: [CALLBACK] }]);
  });

  it('a button’s events reach runEvents through the host; the modal leaves and is removed', () => {
    const { actor, advance, clickButton, fakes, stack } = start();
    actor.send(open(POP));
    clickButton('modal-1', 1); // 去看看: seen, then the activity
    expect(fakes.called('runEvents')).toEqual([{ events: POP.buttons[1]!.events }]);
    advance(MODAL_LEAVE_MS);
    expect(stack()).toEqual([]);
  });
});

describe('the deposit warning’s button (spec §2)', () => {
  it('closes every modal, then runs the callback; scrolling comes back once all are gone', () => {
    const { actor, advance, clickButton, fakes, locks, received, stack, states, unlocks } = start();
    actor.send(open(POP));
    actor.send(open(DEPOSIT));
    received.length = 0;
    clickButton('modal-2', 0);
    expect(states()).toEqual(['leaving', 'leaving']);
    const closeAll = received.findIndex((e) => e.type === 'modal.closeAll');
    const callback = received.findIndex(
      (e) => e.type === 'modal.run' && e['events'] === DEPOSIT.buttons[0]!.events,
    );
    expect(closeAll).toBeGreaterThanOrEqual(0);
    expect(callback).toBeGreaterThan(closeAll);
    expect(fakes.called('runEvents')).toContainEqual({ events: [CALLBACK] });
    expect(fakes.called('runEvents')).toContainEqual({ events: POP.onDismiss });
    advance(MODAL_LEAVE_MS - 1);
    expect(stack()).toHaveLength(2);
    advance(1);
    expect(stack()).toEqual([]);
    expect([locks(), unlocks()]).toEqual([1, 1]);
  });
});
