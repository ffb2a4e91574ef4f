import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { modalMachine } from '../../machines/modal.machine.ts';
import * as modalModule from '../../machines/modal.machine.ts';
import {
  footerButtons,
  type AppEventLike,
  type ButtonSpec,
  type ModalSpec,
} from '../../machines/modal-types.ts';
import { describeModel, Fakes, type OracleArgs, type TransitionTable } from '../support/model-paths.ts';

/** spec §4, §9: modal leave animation 300 ms by default. */
const MODAL_LEAVE_MS = 300;
/** spec §4, §9: a counting-down button ticks every 1 s. */
const COUNTDOWN_TICK_MS = 1_000;
/** spec §9: handler debounce 350 ms. */
const HANDLER_DEBOUNCE_MS = 350;

// One dialog (spec §2, §4, §9): open until a button or a dismissal closes it, then the leave animation
// (300 ms unless the spec says otherwise), then gone. Its buttons are spawned children that report clicks
// with sendParent; the model sends those reports itself, the hand-written tests click the real buttons.

const LEAVE = 'xstate.after.leave.modal.leaving';

const OK: AppEventLike = { type: 'app.navigate', to: '/mine/vip' };
const CANCELLED: AppEventLike = { type: 'app.cancelled' };
const REFRESH: AppEventLike = { type: 'app.refresh' };
const CALLBACK: AppEventLike = { type: 'app.navigate', to: '/mine/finance/deposit' };
const DISMISSED: AppEventLike = { type: 'home.popClose' };

const spec = (over: Partial<ModalSpec> = {}): ModalSpec => ({
  key: 'test',
  kind: 'confirm',
  title: '提示',
  content: { kind: 'text', text: '内容' },
  buttons: [{ label: '确定', events: [OK] }],
  ...over,
});

/** One button, the default leave animation, events on dismissal. */
const ONE_BUTTON = spec({ onDismiss: [DISMISSED] });
/** A plain, a stayOpen and a closeAll button; a quicker leave; nothing on dismissal. */
const THREE_BUTTONS = spec({
  key: 'three',
  buttons: [
    { label: '取消', type: 'cancel', events: [CANCELLED] },
    { label: '刷新', stayOpen: true, events: [REFRESH] },
    { label: '我知道了', closeAll: true, events: [CALLBACK] },
  ],
  leaveMs: 120,
});
/** Two buttons (the first becomes hoverCancel), a slow leave. */
const TWO_BUTTONS = spec({
  key: 'two',
  kind: 'alert',
  buttons: [{ label: '取消' }, { label: '确定', type: 'danger', events: [OK] }],
  leaveMs: 1000,
  onDismiss: [CANCELLED],
});

const events = (s: ModalSpec) => [
  ...s.buttons.map((_, index) => ({ type: 'modal.buttonClicked', index })),
  { type: 'modal.close' },
  { type: 'modal.drop' },
  { type: LEAVE },
];

const provided = (fakes: Fakes) =>
  modalMachine.provide({ actions: fakes.actions('runEvents', 'requestCloseAll', 'notifyRemoved') });

/** Everything but the spawned button actors, which are compared by id. */
const project = (s: AnyMachineSnapshot) => {
  const { buttonRefs, ...rest } = s.context as { buttonRefs: Array<{ id: string }> };
  return { value: s.value, status: s.status, context: rest, buttons: buttonRefs.map((r) => r.id) };
};

/** The spec and buttons never change: the state tells the graph states apart. */
const key = (s: AnyMachineSnapshot) => ({ value: s.value, status: s.status });

const specOf = (input: unknown) => (input as { spec: ModalSpec }).spec;
const clicked = (o: { event: AnyEventObject; input: unknown }) =>
  specOf(o.input).buttons[o.event['index'] as number]!;

/**
 * spec §2, §4: a click closes the modal unless the button is flagged to stay open; the deposit warning's
 * 'I understand' closes ALL modals (the host does) and runs its callback; a dismissal closes it; then the
 * leave animation (default 300 ms), then it is gone.
 */
const MODAL_TABLE: TransitionTable = {
  open: {
    'modal.buttonClicked': (o) => {
      const button = clicked(o);
      return button.closeAll || button.stayOpen ? 'open' : 'leaving';
    },
    'modal.close': 'leaving',
    'modal.drop': 'leaving',
  },
  leaving: { [LEAVE]: 'closed' },
};

const run = (events: ReadonlyArray<AppEventLike> | undefined) => ({
  name: 'runEvents',
  params: { events: events ?? [] },
});

const MODAL_ORACLES: Record<string, (o: OracleArgs) => void> = {
  open: (o) => {
    const spec = specOf(o.input);
    // spec §9: button types confirm, cancel, danger, hoverCancel; two-button footers give the first hoverCancel.
    const types = spec.buttons.map((b, i) =>
      spec.buttons.length === 2 && i === 0 ? 'hoverCancel' : (b.type ?? 'confirm'),
    );
    expect((o.snapshot.context.buttons as ButtonSpec[]).map((b) => b.type)).toEqual(types);
    if (o.event.type === 'modal.buttonClicked') {
      const button = clicked(o);
      expect(o.effects.actions).toEqual(
        button.closeAll
          ? [{ name: 'requestCloseAll', params: undefined }, run(button.events)]
          : [run(button.events)],
      );
    } else expect(o.effects.actions).toEqual([]);
  },
  leaving: (o) => {
    // The button's events (or the dismissal's) run as it starts to leave; dropped with its page: nothing.
    const spec = specOf(o.input);
    if (o.event.type === 'modal.buttonClicked') expect(o.effects.actions).toEqual([run(clicked(o).events)]);
    if (o.event.type === 'modal.close') expect(o.effects.actions).toEqual([run(spec.onDismiss)]);
    if (o.event.type === 'modal.drop') expect(o.effects.actions).toEqual([]);
    expect(o.snapshot.status).toBe('active');
  },
  closed: (o) => {
    // After the leave animation: gone, the host told, the buttons stopped.
    expect(o.snapshot.status).toBe('done');
    expect(o.effects.actions).toEqual([
      { name: 'notifyRemoved', params: { id: (o.input as { id: string }).id } },
    ]);
    expect(o.snapshot.context.buttonRefs).toEqual([]);
  },
};

describeModel(
  'modal',
  modalMachine,
  [
    {
      name: 'one button, default leave',
      input: { id: 'modal-1', spec: ONE_BUTTON },
      events: events(ONE_BUTTON),
      key,
    },
    {
      name: 'plain, stayOpen and closeAll buttons, 120 ms leave',
      input: { id: 'modal-2', spec: THREE_BUTTONS },
      events: events(THREE_BUTTONS),
      key,
    },
    {
      name: 'two buttons, 1 s leave',
      input: { id: 'modal-3', spec: TWO_BUTTONS },
      events: events(TWO_BUTTONS),
      key,
    },
  ],
  {
    logic: provided,
    project,
    delays: { leave: (s) => (s.context.spec as ModalSpec).leaveMs ?? MODAL_LEAVE_MS },
    check: ({ actor }) => {
      // The buttons live exactly as long as the modal: its children until it is closed, then stopped.
      const s = actor.getSnapshot() as AnyMachineSnapshot;
      const ids = (s.context.buttonRefs as Array<{ id: string }>).map((r) => r.id);
      expect(Object.keys(s.children).sort()).toEqual([...ids].sort());
      if (s.matches('closed')) expect(ids).toEqual([]);
      else expect(ids).toHaveLength((s.context.spec as ModalSpec).buttons.length);
    },
    initial: 'open',
    transitions: MODAL_TABLE,
    oracles: MODAL_ORACLES,
  },
);

function start(modal: ModalSpec, id = 'modal-7') {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input: { id, spec: modal }, clock }).start();
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  /** Clicks the real button actor the modal spawned. */
  const click = (index: number) => {
    const ref = actor.getSnapshot().context.buttonRefs[index];
    if (!ref) throw new Error(`no button ${index}`);
    ref.send({ type: 'button.click' });
  };
  const value = () => actor.getSnapshot().value;
  return { actor, advance, click, fakes, value };
}

describe('modal leave animation (spec §4, §9)', () => {
  it('is 300 ms by default', () => {
    expect(modalModule.MODAL_LEAVE_MS).toBe(300);
  });

  it.each([
    ['the default', ONE_BUTTON, MODAL_LEAVE_MS],
    ['spec.leaveMs', THREE_BUTTONS, 120],
    ['a long spec.leaveMs', TWO_BUTTONS, 1000],
  ])('keeps the modal for %s, then it is gone and the host is told', (_, modal, ms) => {
    const { actor, advance, fakes, value } = start(modal, 'modal-9');
    actor.send({ type: 'modal.close' });
    expect(value()).toBe('leaving');
    advance(ms - 1);
    expect(value()).toBe('leaving');
    expect(fakes.called('notifyRemoved')).toEqual([]);
    advance(1);
    expect(value()).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(fakes.called('notifyRemoved')).toEqual([{ id: 'modal-9' }]);
    // Its buttons are stopped with it.
    expect(actor.getSnapshot().context.buttonRefs).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('a button click also leaves through the animation', () => {
    const { advance, click, fakes, value } = start(ONE_BUTTON);
    click(0);
    expect(value()).toBe('leaving');
    advance(MODAL_LEAVE_MS - 1);
    expect(value()).toBe('leaving');
    advance(1);
    expect(value()).toBe('closed');
    expect(fakes.called('notifyRemoved')).toEqual([{ id: 'modal-7' }]);
  });
});

describe('modal buttons (spec §2, §4)', () => {
  it('a click runs the clicked button’s events and closes the modal', () => {
    const { click, fakes, value } = start(THREE_BUTTONS);
    click(0);
    expect(fakes.calls).toEqual([{ name: 'runEvents', params: { events: [CANCELLED] } }]);
    expect(value()).toBe('leaving');
  });

  it('a stayOpen button runs its events and keeps the modal open, click after click', () => {
    const { advance, click, fakes, value } = start(THREE_BUTTONS);
    click(1);
    advance(HANDLER_DEBOUNCE_MS + 1000);
    expect(value()).toBe('open');
    click(1);
    expect(fakes.called('runEvents')).toEqual([{ events: [REFRESH] }, { events: [REFRESH] }]);
    expect(fakes.called('notifyRemoved')).toEqual([]);
    expect(value()).toBe('open');
  });

  it('the closeAll button asks the host to close every modal, then runs its events', () => {
    const { click, fakes, value } = start(THREE_BUTTONS);
    click(2);
    expect(fakes.calls).toEqual([
      { name: 'requestCloseAll', params: undefined },
      { name: 'runEvents', params: { events: [CALLBACK] } },
    ]);
    // The host's closeAll closes it (modal.close), like every other modal.
    expect(value()).toBe('open');
  });

  it('modal.close (close icon, Escape, backdrop) runs the onDismiss events, none when there are none', () => {
    const a = start(ONE_BUTTON);
    a.actor.send({ type: 'modal.close' });
    expect(a.fakes.calls).toEqual([{ name: 'runEvents', params: { events: [DISMISSED] } }]);
    const b = start(THREE_BUTTONS);
    b.actor.send({ type: 'modal.close' });
    expect(b.fakes.calls).toEqual([{ name: 'runEvents', params: { events: [] } }]);
  });

  it('while leaving, clicks and dismissals do nothing', () => {
    const { actor, advance, click, fakes } = start(THREE_BUTTONS);
    click(0);
    advance(100); // of its 120 ms leave
    click(1);
    click(2);
    actor.send({ type: 'modal.close' });
    actor.send({ type: 'modal.buttonClicked', index: 2 });
    expect(fakes.calls).toEqual([{ name: 'runEvents', params: { events: [CANCELLED] } }]);
  });

  it('a loading or counting-down button does not close the modal (spec §4)', () => {
    const { actor, advance, click, fakes, value } = start(
      spec({
        buttons: [
          { label: '取消', loading: true },
          { label: '同意', countdownSeconds: 2, events: [OK] },
        ],
      }),
    );
    click(0);
    click(1);
    advance(2 * COUNTDOWN_TICK_MS - 1);
    click(1);
    expect(value()).toBe('open');
    expect(fakes.calls).toEqual([]);
    // The label counts the seconds down.
    expect(actor.getSnapshot().context.buttonRefs[1]!.getSnapshot().context.remaining).toBe(1);
    advance(1);
    click(1);
    expect(fakes.calls).toEqual([{ name: 'runEvents', params: { events: [OK] } }]);
    expect(value()).toBe('leaving');
  });
});

describe('footer buttons (spec §9)', () => {
  const b = (type?: ButtonSpec['type']): ButtonSpec => ({ label: 'x', ...(type ? { type } : {}) });

  it('two buttons: the first becomes hoverCancel, the second keeps its type or is a confirm', () => {
    expect(footerButtons([b(), b()]).map((x) => x.type)).toEqual(['hoverCancel', 'confirm']);
    expect(footerButtons([b('cancel'), b('danger')]).map((x) => x.type)).toEqual(['hoverCancel', 'danger']);
  });

  it('a lone button is a confirm unless it says otherwise', () => {
    expect(footerButtons([b()]).map((x) => x.type)).toEqual(['confirm']);
    expect(footerButtons([b('danger')]).map((x) => x.type)).toEqual(['danger']);
  });

  it('three buttons keep their types, confirm by default; no buttons, no footer', () => {
    expect(footerButtons([b('cancel'), b(), b('danger')]).map((x) => x.type)).toEqual([
      'cancel',
      'confirm',
      'danger',
    ]);
    expect(footerButtons([])).toEqual([]);
  });

  it('the modal spawns one button per footer button, typed by footerButtons', () => {
    const { actor } = start(TWO_BUTTONS);
    const { buttons, buttonRefs } = actor.getSnapshot().context;
    expect(buttons.map((x) => x.type)).toEqual(['hoverCancel', 'danger']);
    expect(buttonRefs.map((r) => r.getSnapshot().context.spec.type)).toEqual(['hoverCancel', 'danger']);
    expect(buttonRefs.map((r) => r.getSnapshot().context.index)).toEqual([0, 1]);
    expect(buttonRefs.map((r) => r.id)).toEqual(['modal-7-button-0', 'modal-7-button-1']);
  });
});

describe('a modal that belongs to a page', () => {
  it('modal.drop leaves without running the dismiss events', () => {
    const fakes = new Fakes();
    const clock = new SimulatedClock();
    const spec = {
      key: 'p',
      kind: 'info' as const,
      title: 't',
      content: { kind: 'text' as const, text: 'x' },
      buttons: [{ label: 'OK' }],
      onDismiss: [{ type: 'home.popClose' }],
      route: '/',
    };
    const actor = createActor(
      modalMachine.provide({ actions: fakes.actions('runEvents', 'requestCloseAll', 'notifyRemoved') }),
      { input: { id: 'm1', spec }, clock },
    ).start();
    actor.send({ type: 'modal.drop' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(fakes.called('runEvents')).toEqual([]);
  });
});
