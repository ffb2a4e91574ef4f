import { assign, enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import { modalButtonMachine } from './modal-button.machine.ts';
import { footerButtons, type AppEventLike, type ButtonSpec, type ModalSpec } from './modal-types.ts';

// One dialog (spec §2, §4): open until a button or a dismissal closes it, then a leave animation.
/** spec §9: modal leave animation 300 ms. */
export const MODAL_LEAVE_MS = 300;

export interface ModalInput {
  id: string;
  spec: ModalSpec;
}

interface Context {
  id: string;
  spec: ModalSpec;
  buttons: ButtonSpec[];
  buttonRefs: Array<ActorRefFrom<typeof modalButtonMachine>>;
}

export type ModalEvent =
  | { type: 'modal.buttonClicked'; index: number }
  | { type: 'modal.close' }
  /** Gone because the player left its page: no dismiss events (the player did not dismiss it). */
  | { type: 'modal.drop' };

export const modalMachine = setup({
  types: {} as { context: Context; events: ModalEvent; input: ModalInput },
  actors: {
    button: modalButtonMachine.provide({
      actions: {
        notifyClicked: sendParent((_, { index }: { index: number }) => ({
          type: 'modal.buttonClicked',
          index,
        })),
      },
    }),
  },
  actions: {
    /** Runs the events of a button or a dismissal in the app: provided by the host (sendParent). */
    runEvents: (_, _p: { events: ReadonlyArray<AppEventLike> }) => {},
    /** Asks the host to close every modal (the deposit warning's button): provided by the host. */
    requestCloseAll: () => {},
    /** Tells the host this modal is gone: provided by the host. */
    notifyRemoved: (_, _p: { id: string }) => {},
  },
  guards: {
    closeAllButton: ({ context, event }) =>
      event.type === 'modal.buttonClicked' && context.buttons[event.index]?.closeAll === true,
    keepsOpen: ({ context, event }) =>
      event.type === 'modal.buttonClicked' && context.buttons[event.index]?.stayOpen === true,
  },
  delays: { leave: ({ context }) => context.spec.leaveMs ?? MODAL_LEAVE_MS },
}).createMachine({
  id: 'modal',
  context: ({ input, spawn }) => {
    const buttons = footerButtons(input.spec.buttons);
    return {
      id: input.id,
      spec: input.spec,
      buttons,
      buttonRefs: buttons.map((spec, index) =>
        spawn('button', { id: `${input.id}-button-${index}`, input: { index, spec } }),
      ),
    };
  },
  initial: 'open',
  states: {
    open: {
      on: {
        'modal.buttonClicked': [
          {
            guard: 'closeAllButton',
            // spec §2: closes all modals, then runs the optional callback.
            actions: [
              'requestCloseAll',
              {
                type: 'runEvents',
                params: ({ context, event }) => ({ events: context.buttons[event.index]?.events ?? [] }),
              },
            ],
          },
          {
            guard: 'keepsOpen',
            actions: {
              type: 'runEvents',
              params: ({ context, event }) => ({ events: context.buttons[event.index]?.events ?? [] }),
            },
          },
          {
            target: 'leaving',
            actions: {
              type: 'runEvents',
              params: ({ context, event }) => ({ events: context.buttons[event.index]?.events ?? [] }),
            },
          },
        ],
        'modal.drop': 'leaving',
        'modal.close': {
          target: 'leaving',
          actions: { type: 'runEvents', params: ({ context }) => ({ events: context.spec.onDismiss ?? [] }) },
        },
      },
    },
    /** The leave animation runs; the modal ignores further clicks. */
    leaving: { after: { leave: 'closed' } },
    closed: {
      type: 'final',
      entry: [
        enqueueActions(({ context, enqueue }) => {
          for (const ref of context.buttonRefs) enqueue.stopChild(ref);
        }),
        assign({ buttonRefs: [] }),
        { type: 'notifyRemoved', params: ({ context }) => ({ id: context.id }) },
      ],
    },
  },
});
