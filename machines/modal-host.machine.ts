import { assign, enqueueActions, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { modalMachine } from './modal.machine.ts';
import type { AppEventLike, ModalSpec } from './modal-types.ts';

// Every dialog of the site (issue 5 §1): a stack; scrolling is locked from the first open to the last close,
// whatever the order they close in; the same dialog opened again within 700 ms is not opened twice.
/** spec §9: dialog de-dup 700 ms. */
export const MODAL_DEDUP_MS = 700;

export interface OpenModal {
  id: string;
  key: string;
  priority: number;
  ref: ActorRefFrom<typeof modalMachine>;
}

interface Context {
  modals: OpenModal[];
  /** Keys opened within the last MODAL_DEDUP_MS, each with the open's sequence number (its expiry's id). */
  recent: Array<{ key: string; seq: number }>;
  opened: number;
}

/** Inserts a modal above every one of lower or equal priority and below any of higher priority. */
export function insertByPriority<T extends { priority: number }>(stack: ReadonlyArray<T>, modal: T): T[] {
  const at = stack.findIndex((m) => m.priority > modal.priority);
  return at === -1 ? [...stack, modal] : [...stack.slice(0, at), modal, ...stack.slice(at)];
}

/**
 * Whether the host drops a `modal.open` of this key now (spec §9: the same dialog opened again within 700 ms is
 * not opened twice). An opener that waits for the dialog's answer asks first, so it does not wait for a dialog
 * the player never sees.
 */
export function isDuplicateOpen(context: { recent: ReadonlyArray<{ key: string }> }, key: string): boolean {
  return context.recent.some((r) => r.key === key);
}

export type ModalHostEvent =
  | { type: 'modal.open'; spec: ModalSpec }
  | { type: 'modal.close'; id: string }
  | { type: 'modal.closeTop' }
  | { type: 'modal.closeAll' }
  | { type: 'modal.removed'; id: string }
  | { type: 'modal.run'; events: ReadonlyArray<AppEventLike> }
  | { type: 'modal.dedupExpired'; seq: number }
  /** The player is on another page now: modals that belong to a page other than this one are dropped. */
  | { type: 'modal.route'; path: string };

export const modalHostMachine = setup({
  types: {} as { context: Context; events: ModalHostEvent },
  actors: {
    modal: modalMachine.provide({
      actions: {
        runEvents: sendParent((_, { events }: { events: ReadonlyArray<AppEventLike> }) => ({
          type: 'modal.run',
          events,
        })),
        requestCloseAll: sendParent({ type: 'modal.closeAll' }),
        notifyRemoved: sendParent((_, { id }: { id: string }) => ({ type: 'modal.removed', id })),
      },
    }),
  },
  actions: {
    /** Locks page scrolling (first modal opens): provided at composition. */
    lockScroll: () => {},
    /** Restores page scrolling (last modal gone): provided at composition. */
    unlockScroll: () => {},
    /** Sends a button's events to the app actor: provided at composition (sendParent). */
    runEvents: (_, _p: { events: ReadonlyArray<AppEventLike> }) => {},
    scheduleExpiry: raise(({ context }) => ({ type: 'modal.dedupExpired' as const, seq: context.opened }), {
      delay: MODAL_DEDUP_MS,
    }),
    push: assign(({ context, event, spawn }) => {
      const { spec } = event as Extract<ModalHostEvent, { type: 'modal.open' }>;
      const id = `modal-${context.opened + 1}`;
      return {
        opened: context.opened + 1,
        recent: [...context.recent, { key: spec.key, seq: context.opened + 1 }],
        // Kept in stacking order: by priority, then opening order (the last one is on top).
        modals: insertByPriority(context.modals, {
          id,
          key: spec.key,
          priority: spec.priority ?? 0,
          ref: spawn('modal', { id, input: { id, spec } }),
        }),
      };
    }),
  },
  guards: {
    /** spec §9: the same key opened within 700 ms of its last open is not opened twice. */
    notDuplicate: ({ context, event }) =>
      event.type === 'modal.open' && !isDuplicateOpen(context, event.spec.key),
    lastOne: ({ context, event }) =>
      event.type === 'modal.removed' && context.modals.length === 1 && context.modals[0]?.id === event.id,
  },
}).createMachine({
  id: 'modalHost',
  context: { modals: [], recent: [], opened: 0 },
  initial: 'empty',
  on: {
    // Each open forgets its key MODAL_DEDUP_MS later (a delayed event per open: exact per key).
    'modal.dedupExpired': {
      actions: assign({ recent: ({ context, event }) => context.recent.filter((r) => r.seq !== event.seq) }),
    },
    'modal.close': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const m = context.modals.find((x) => x.id === event.id);
        if (m) enqueue.sendTo(m.ref, { type: 'modal.close' });
      }),
    },
    // Escape closes the top closable modal.
    'modal.closeTop': {
      actions: enqueueActions(({ context, enqueue }) => {
        const top = [...context.modals].reverse().find((m) => m.ref.getSnapshot().matches('open'));
        if (top && top.ref.getSnapshot().context.spec.closable !== false)
          enqueue.sendTo(top.ref, { type: 'modal.close' });
      }),
    },
    'modal.route': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        for (const m of context.modals) {
          const route = m.ref.getSnapshot().context.spec.route;
          if (route !== undefined && route !== event.path) enqueue.sendTo(m.ref, { type: 'modal.drop' });
        }
      }),
    },
    'modal.closeAll': {
      actions: enqueueActions(({ context, enqueue }) => {
        for (const m of context.modals) enqueue.sendTo(m.ref, { type: 'modal.close' });
      }),
    },
    'modal.run': { actions: { type: 'runEvents', params: ({ event }) => ({ events: event.events }) } },
  },
  states: {
    empty: {
      on: { 'modal.open': { guard: 'notDuplicate', target: 'showing', actions: ['push', 'scheduleExpiry'] } },
    },
    showing: {
      entry: 'lockScroll',
      exit: 'unlockScroll',
      on: {
        'modal.open': { guard: 'notDuplicate', actions: ['push', 'scheduleExpiry'] },
        'modal.removed': [
          { guard: 'lastOne', target: 'empty', actions: assign({ modals: [] }) },
          {
            actions: assign({
              modals: ({ context, event }) => context.modals.filter((m) => m.id !== event.id),
            }),
          },
        ],
      },
    },
  },
});
