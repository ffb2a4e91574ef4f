// The modal button's model (spec §4, §9): graphs, transition table and per-state oracles, shared by its model test
// (modal-button.machine.test.ts) and its UI model test (tests/ui/modal-button.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { modalButtonMachine, type ModalButtonInput } from '../../machines/modal-button.machine.ts';
import type { ButtonSpec } from '../../machines/modal-types.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../support/model-paths.ts';

/** spec §4, §9: a countdown ticks every 1 s. */
export const COUNTDOWN_TICK_MS = 1_000;
/** spec §9: handler debounce 350 ms. */
export const HANDLER_DEBOUNCE_MS = 350;

// One modal button (spec §4, §9): loading, disabled or counting down (1 s ticks); clicks while loading,
// disabled or counting do nothing; a click in ready tells the modal, then clicks are debounced for 350 ms.

export const TICK = 'xstate.after.tick.modalButton.counting';
export const DEBOUNCE = 'xstate.after.debounce.modalButton.cooling';

export const PLAIN: ButtonSpec = { label: '确定' };
export const COUNTDOWN: ButtonSpec = { label: { key: 'dialog.agree' }, countdownSeconds: 3 };
export const DISABLED: ButtonSpec = { label: '确定', disabled: true };
export const LOADING: ButtonSpec = { label: '确定', loading: true };
export const STAY_OPEN: ButtonSpec = { label: '刷新', stayOpen: true, events: [{ type: 'app.refresh' }] };

export const EVENTS = [
  { type: 'button.click' },
  { type: 'button.setLoading', loading: true },
  { type: 'button.setLoading', loading: false },
  { type: 'button.setDisabled', disabled: true },
  { type: 'button.setDisabled', disabled: false },
  { type: TICK },
  { type: DEBOUNCE },
];

export const provided = (fakes: Fakes) =>
  modalButtonMachine.provide({ actions: fakes.actions('notifyClicked') });

export const input = (spec: ButtonSpec, index = 0): ModalButtonInput => ({ index, spec });

/** What a state means for the view: which states may be clicked, and what the countdown shows. */
export function expectConsistent(s: AnyMachineSnapshot) {
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
export function flags(i: ModalButtonInput, history: readonly AnyEventObject[]) {
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
export function decide(i: ModalButtonInput, history: readonly AnyEventObject[]): string {
  const f = flags(i, history);
  return f.loading ? 'loading' : f.disabled ? 'disabled' : f.remaining > 0 ? 'counting' : 'ready';
}

/** A toggle that changes a flag decides again; one that changes nothing leaves the button where it is. */
export const toggled =
  (name: 'loading' | 'disabled') =>
  ({ history, input, from }: { history: AnyEventObject[]; input: ModalButtonInput; from: string }) =>
    flags(input, history.slice(0, -1))[name] !== flags(input, history)[name] ? decide(input, history) : from;

export const BUTTON_TABLE: TransitionTable = {
  '*': { 'button.setLoading': toggled('loading'), 'button.setDisabled': toggled('disabled') },
  // spec §4: a click in ready reports it; clicks while loading, disabled or counting do nothing.
  ready: { 'button.click': 'cooling' },
  // spec §9: then clicks are debounced 350 ms.
  cooling: { [DEBOUNCE]: ({ input, history }) => decide(input, history) },
  counting: { [TICK]: ({ input, history }) => decide(input, history) },
};

export function buttonOracle(o: OracleArgs) {
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

export const modalButtonModel: MachineModel<typeof modalButtonMachine> = {
  title: 'modal button',
  machine: modalButtonMachine,
  graphs: [
    { name: 'plain button', input: input(PLAIN), events: EVENTS },
    { name: 'counts down from 3 s', input: input(COUNTDOWN, 1), events: EVENTS },
    { name: 'opened disabled', input: input(DISABLED), events: EVENTS },
    { name: 'opened loading', input: input(LOADING), events: EVENTS },
    { name: 'stays open', input: input(STAY_OPEN, 2), events: EVENTS },
  ],
  harness: {
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
};
