import { assign, setup } from 'xstate';
import type { ButtonSpec } from './modal-types.ts';

// One modal button (spec §4): loading, disabled, or counting down; clicks while loading or disabled do nothing.
/** spec §9: countdown tick 1 s. */
export const COUNTDOWN_TICK_MS = 1000;
/** spec §9: click handlers are debounced by 350 ms. */
export const HANDLER_DEBOUNCE_MS = 350;

export interface ModalButtonInput {
  index: number;
  spec: ButtonSpec;
}

interface Context {
  index: number;
  spec: ButtonSpec;
  remaining: number;
  loading: boolean;
  disabled: boolean;
}

export type ModalButtonEvent =
  | { type: 'button.click' }
  | { type: 'button.setLoading'; loading: boolean }
  | { type: 'button.setDisabled'; disabled: boolean };

export const modalButtonMachine = setup({
  types: {} as { context: Context; events: ModalButtonEvent; input: ModalButtonInput },
  actions: {
    /** Tells the modal the button was clicked: provided by the modal machine (sendParent). */
    notifyClicked: (_, _p: { index: number }) => {},
  },
  guards: {
    isLoading: ({ context }) => context.loading,
    isDisabled: ({ context }) => context.disabled,
    counts: ({ context }) => context.remaining > 0,
    lastTick: ({ context }) => context.remaining <= 1,
  },
  delays: { tick: COUNTDOWN_TICK_MS, debounce: HANDLER_DEBOUNCE_MS },
}).createMachine({
  id: 'modalButton',
  context: ({ input }) => ({
    index: input.index,
    spec: input.spec,
    remaining: Math.max(0, Math.floor(input.spec.countdownSeconds ?? 0)),
    loading: input.spec.loading ?? false,
    disabled: input.spec.disabled ?? false,
  }),
  initial: 'deciding',
  on: {
    // A toggle that changes nothing leaves the countdown second and the debounce alone.
    'button.setLoading': {
      guard: ({ context, event }) => event.loading !== context.loading,
      target: '.deciding',
      actions: assign({ loading: ({ event }) => event.loading }),
    },
    'button.setDisabled': {
      guard: ({ context, event }) => event.disabled !== context.disabled,
      target: '.deciding',
      actions: assign({ disabled: ({ event }) => event.disabled }),
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'isLoading', target: 'loading' },
        { guard: 'isDisabled', target: 'disabled' },
        { guard: 'counts', target: 'counting' },
        { target: 'ready' },
      ],
    },
    ready: {
      on: {
        'button.click': {
          target: 'cooling',
          actions: { type: 'notifyClicked', params: ({ context }) => ({ index: context.index }) },
        },
      },
    },
    /** Just clicked: further clicks within the debounce window do nothing. */
    cooling: { after: { debounce: 'deciding' } },
    loading: {},
    disabled: {},
    /** Disabled until zero; the label shows the remaining seconds. */
    counting: {
      after: {
        tick: [
          { guard: 'lastTick', target: 'ready', actions: assign({ remaining: 0 }) },
          {
            target: 'counting',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
        ],
      },
    },
  },
});
