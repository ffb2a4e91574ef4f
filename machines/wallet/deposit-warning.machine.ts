import { assign, enqueueActions, setup, type EventObject } from 'xstate';
import type { AreaEvent, AreaInput } from '../area.ts';
import { depositWarningDialog } from '../dialogs.ts';

// The wallet area's first rule (issue 5 §1, moved out of the root by issue 8 §1): the deposit-safety warning
// (spec §2) shows when the player opens the deposit page; moving around on that page does not show it again.

/** spec §2: the deposit page of the member area. */
export const DEPOSIT_PATH = '/mine/finance/deposit';

interface Context {
  path: string;
}

export const depositWarningMachine = setup({
  types: {} as { context: Context; events: AreaEvent; input: AreaInput },
  actions: {
    /** Opens the warning in the shell's modal host (systemId 'modals'). */
    warn: enqueueActions(({ enqueue, system }) => {
      const modals = system.get('modals');
      if (modals) enqueue.sendTo(modals, { type: 'modal.open', spec: depositWarningDialog() } as EventObject);
    }),
  },
  guards: {
    opensDeposit: ({ context, event }) =>
      event.type === 'route.changed' && event.path === DEPOSIT_PATH && context.path !== DEPOSIT_PATH,
    startsOnDeposit: ({ context }) => context.path === DEPOSIT_PATH,
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({ path: input.path }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsOnDeposit', target: 'watching', actions: 'warn' }, { target: 'watching' }],
    },
    watching: {
      on: {
        'route.changed': [
          { guard: 'opensDeposit', actions: [assign({ path: ({ event }) => event.path }), 'warn'] },
          { actions: assign({ path: ({ event }) => event.path }) },
        ],
      },
    },
  },
});
