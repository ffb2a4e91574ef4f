import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { modalButtonMachine, type ModalButtonInput } from '../../machines/modal-button.machine.ts';
import * as buttonModule from '../../machines/modal-button.machine.ts';
import type { ButtonSpec } from '../../machines/modal-types.ts';
import { describeModel, Fakes, type OracleArgs, type TransitionTable } from '../support/model-paths.ts';

/** spec §4, §9: a countdown ticks every 1 s. */
const COUNTDOWN_TICK_MS = 1_000;
/** spec §9: handler debounce 350 ms. */
const HANDLER_DEBOUNCE_MS = 350;

// One modal button (spec §4, §9): loading, disabled or counting down (1 s ticks); clicks while loading,
// disabled or counting do nothing; a click in ready tells the modal, then clicks are debounced for 350 ms.

const TICK = 'xstate.after.tick.modalButton.counting';
const DEBOUNCE = 'xstate.after.debounce.modalButton.cooling';

const PLAIN: ButtonSpec = { label: '确定' };
const COUNTDOWN: ButtonSpec = { label: { key: 'dialog.agree' }, countdownSeconds: 3 };
const DISABLED: ButtonSpec = { label: '确定', disabled: true };
const LOADING: ButtonSpec = { label: '确定', loading: true };
const STAY_OPEN: ButtonSpec = { label: '刷新', stayOpen: true, events: [{ type: 'app.refresh' }] };

const EVENTS = [
  { type: 'button.click' },
  { type: 'button.setLoading', loading: true },
  { type: 'button.setLoading', loading: false },
  { type: 'button.setDisabled', disabled: true },
  { type: 'button.setDisabled', disabled: false },
  { type: TICK },
  { type: DEBOUNCE },
];

const provided = (fakes: Fakes) => modalButtonMachine.provide({ actions: fakes.actions('notifyClicked') });

const input = (spec: ButtonSpec, index = 0): ModalButtonInput => ({ index, spec });

/** What a state means for the view: which states may be clicked, and what the countdown shows. */
function expectConsistent(s: AnyMachineSnapshot) {
  const { remaining, loading, disabled } = s.context as {
    remaining: number;
    loading: boolean;
    disabled: boolean;
  };
  // Loading wins over disabled, disabled over the countdown (spec §4: clicks while either do nothing).
  if (loading) expect(s.value).toBe('loading');
  else if (disabled) expect(s.value).toBe('disabled');
  if (s.matches('counting')) expect(remaining).toBeGreaterThan(0);
  if (s.matches('ready') || s.matches('cooling')) expect(remaining).toBe(0);
}

/** The button's flags after the events: the spec's, then each toggle (spec §4). */
function flags(i: ModalButtonInput, history: readonly AnyEventObject[]) {
  let loading = i.spec.loading ?? false;
  let disabled = i.spec.disabled ?? false;
  let remaining = Math.max(0, Math.floor(i.spec.countdownSeconds ?? 0));
  for (const e of history) {
    if (e.type === 'button.setLoading') loading = e['loading'] as boolean;
    if (e.type === 'button.setDisabled') disabled = e['disabled'] as boolean;
    if (e.type === TICK) remaining = Math.max(0, remaining - 1);
  }
  return { loading, disabled, remaining };
}

/** spec §4: loading, then disabled, then counting down (disabled until zero), else clickable. */
function decide(i: ModalButtonInput, history: readonly AnyEventObject[]): string {
  const f = flags(i, history);
  return f.loading ? 'loading' : f.disabled ? 'disabled' : f.remaining > 0 ? 'counting' : 'ready';
}

/** A toggle that changes a flag decides again; one that changes nothing leaves the button where it is. */
const toggled =
  (name: 'loading' | 'disabled') =>
  ({ history, input, from }: { history: AnyEventObject[]; input: ModalButtonInput; from: string }) =>
    flags(input, history.slice(0, -1))[name] !== flags(input, history)[name] ? decide(input, history) : from;

const BUTTON_TABLE: TransitionTable = {
  '*': { 'button.setLoading': toggled('loading'), 'button.setDisabled': toggled('disabled') },
  // spec §4: a click in ready reports it; clicks while loading, disabled or counting do nothing.
  ready: { 'button.click': 'cooling' },
  // spec §9: then clicks are debounced 350 ms.
  cooling: { [DEBOUNCE]: ({ input, history }) => decide(input, history) },
  counting: { [TICK]: ({ input, history }) => decide(input, history) },
};

function buttonOracle(o: OracleArgs) {
  const i = o.input as ModalButtonInput;
  const f = flags(i, o.history);
  const { context } = o.snapshot;
  expect({ loading: context.loading, disabled: context.disabled }).toEqual({
    loading: f.loading,
    disabled: f.disabled,
  });
  // The label shows the remaining seconds while counting (spec §4).
  if (o.snapshot.value === 'counting') expect(context.remaining).toBe(f.remaining);
  const reported = o.event.type === 'button.click' && o.snapshot.value === 'cooling';
  expect(o.effects.actions).toEqual(reported ? [{ name: 'notifyClicked', params: { index: i.index } }] : []);
}

describeModel(
  'modal button',
  modalButtonMachine,
  [
    { name: 'plain button', input: input(PLAIN), events: EVENTS },
    { name: 'counts down from 3 s', input: input(COUNTDOWN, 1), events: EVENTS },
    { name: 'opened disabled', input: input(DISABLED), events: EVENTS },
    { name: 'opened loading', input: input(LOADING), events: EVENTS },
    { name: 'stays open', input: input(STAY_OPEN, 2), events: EVENTS },
  ],
  {
    logic: provided,
    delays: { tick: COUNTDOWN_TICK_MS, debounce: HANDLER_DEBOUNCE_MS },
    initial: (i: ModalButtonInput) => decide(i, []),
    transitions: BUTTON_TABLE,
    oracles: {
      ready: buttonOracle,
      cooling: buttonOracle,
      loading: buttonOracle,
      disabled: buttonOracle,
      counting: buttonOracle,
    },
    check: ({ actor, fakes }) => {
      expectConsistent(actor.getSnapshot() as AnyMachineSnapshot);
      // Only its own index is ever reported.
      const index = (actor.getSnapshot() as AnyMachineSnapshot).context.index as number;
      for (const params of fakes.called('notifyClicked')) expect(params).toEqual({ index });
    },
  },
);

function start(spec: ButtonSpec, index = 0) {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input: input(spec, index), clock }).start();
  /** Lets `ms` pass a millisecond at a time (a long jump would fire a re-armed timer only once). */
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  const click = () => actor.send({ type: 'button.click' });
  const clicks = () => fakes.called('notifyClicked');
  const shown = () => {
    const s = actor.getSnapshot();
    return s.matches('counting') ? s.context.remaining : String(s.value);
  };
  return { actor, advance, click, clicks, shown };
}

describe('modal button (spec §4, §9)', () => {
  it('uses the spec’s constants: 1 s countdown tick, 350 ms click debounce', () => {
    expect(buttonModule.COUNTDOWN_TICK_MS).toBe(1000);
    expect(buttonModule.HANDLER_DEBOUNCE_MS).toBe(350);
  });

  it('counts 3 → 2 → 1 → ready one tick at a time, never early', () => {
    const { advance, shown } = start(COUNTDOWN);
    expect(shown()).toBe(3);
    const seen: Array<number | string> = [];
    for (let i = 0; i < 3; i++) {
      advance(COUNTDOWN_TICK_MS - 1);
      seen.push(shown()); // 1 ms before the tick: unchanged
      advance(1);
      seen.push(shown());
    }
    expect(seen).toEqual([3, 2, 2, 1, 1, 'ready']);
    advance(10 * COUNTDOWN_TICK_MS);
    expect(shown()).toBe('ready');
  });

  it('a fractional or negative countdown counts whole seconds, at least none', () => {
    expect(start({ label: 'x', countdownSeconds: 2.7 }).shown()).toBe(2);
    expect(start({ label: 'x', countdownSeconds: -1 }).shown()).toBe('ready');
    expect(start({ label: 'x', countdownSeconds: 0 }).shown()).toBe('ready');
  });

  it('clicks while counting do nothing; after the countdown one works', () => {
    const { advance, click, clicks } = start(COUNTDOWN, 4);
    for (let t = 0; t < 3; t++) {
      click();
      advance(COUNTDOWN_TICK_MS - 1);
      click();
      advance(1);
    }
    expect(clicks()).toEqual([]);
    click();
    expect(clicks()).toEqual([{ index: 4 }]);
  });

  it.each([
    ['loading', LOADING],
    ['disabled', DISABLED],
  ])('clicks while %s do nothing, however long', (state, spec) => {
    const { actor, advance, click, clicks } = start(spec);
    expect(actor.getSnapshot().value).toBe(state);
    for (let i = 0; i < 5; i++) {
      click();
      advance(HANDLER_DEBOUNCE_MS);
    }
    expect(clicks()).toEqual([]);
    expect(actor.getSnapshot().value).toBe(state);
  });

  it('a click in ready tells the modal once; a second within 350 ms does nothing, after it works', () => {
    const { actor, advance, click, clicks } = start(PLAIN, 1);
    click();
    expect(clicks()).toEqual([{ index: 1 }]);
    expect(actor.getSnapshot().value).toBe('cooling');
    click();
    advance(HANDLER_DEBOUNCE_MS - 1);
    click(); // 349 ms after the first
    expect(clicks()).toEqual([{ index: 1 }]);
    advance(1); // 350 ms
    expect(actor.getSnapshot().value).toBe('ready');
    click();
    expect(clicks()).toEqual([{ index: 1 }, { index: 1 }]);
  });

  it('a stayOpen button clicks like any other (the modal keeps itself open)', () => {
    const { click, clicks, advance } = start(STAY_OPEN, 2);
    click();
    advance(HANDLER_DEBOUNCE_MS);
    click();
    expect(clicks()).toEqual([{ index: 2 }, { index: 2 }]);
  });

  it.each(['ready', 'cooling', 'counting', 'loading', 'disabled'] as const)(
    'setLoading and setDisabled toggle from %s',
    (from) => {
      const spec =
        from === 'counting'
          ? COUNTDOWN
          : from === 'loading'
            ? LOADING
            : from === 'disabled'
              ? DISABLED
              : PLAIN;
      const { actor, click, clicks } = start(spec);
      if (from === 'cooling') click();
      const before = clicks().length;
      expect(actor.getSnapshot().value).toBe(from);

      actor.send({ type: 'button.setLoading', loading: true });
      expect(actor.getSnapshot().value).toBe('loading');
      click();
      actor.send({ type: 'button.setLoading', loading: false });
      actor.send({ type: 'button.setDisabled', disabled: true });
      expect(actor.getSnapshot().value).toBe('disabled');
      click();
      expect(clicks()).toHaveLength(before);
      // Loading wins over disabled.
      actor.send({ type: 'button.setLoading', loading: true });
      expect(actor.getSnapshot().value).toBe('loading');
      actor.send({ type: 'button.setLoading', loading: false });
      actor.send({ type: 'button.setDisabled', disabled: false });
      // Back where the flags allow: a countdown goes on from where it was, else the button is ready.
      expect(actor.getSnapshot().value).toBe(from === 'counting' ? 'counting' : 'ready');
      expect(actor.getSnapshot().context.remaining).toBe(from === 'counting' ? 3 : 0);
    },
  );

  it('a countdown held by loading goes on from the same second once loading ends', () => {
    const { actor, advance, shown } = start(COUNTDOWN);
    advance(COUNTDOWN_TICK_MS);
    expect(shown()).toBe(2);
    actor.send({ type: 'button.setLoading', loading: true });
    advance(5 * COUNTDOWN_TICK_MS);
    expect(shown()).toBe('loading');
    actor.send({ type: 'button.setLoading', loading: false });
    expect(shown()).toBe(2);
    advance(COUNTDOWN_TICK_MS);
    expect(shown()).toBe(1);
    advance(COUNTDOWN_TICK_MS);
    expect(shown()).toBe('ready');
  });
});

describe('toggles that change nothing', () => {
  it('a redundant setDisabled(false) while counting keeps the current second; setLoading(false) while cooling keeps the debounce', () => {
    const counting = start({ label: 'OK', countdownSeconds: 3 });
    counting.advance(600);
    counting.actor.send({ type: 'button.setDisabled', disabled: false });
    counting.advance(400);
    expect(counting.shown()).toBe(2); // the tick came at 1000 ms, not 1600 ms

    const cooling = start({ label: 'OK' });
    cooling.click();
    cooling.actor.send({ type: 'button.setLoading', loading: false });
    cooling.click(); // still inside the 350 ms debounce
    expect(cooling.clicks()).toHaveLength(1);
  });
});
