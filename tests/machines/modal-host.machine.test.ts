import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyEventObject } from 'xstate';
import { NOTICE_PRIORITY } from '../../machines/dialogs.ts';
import { insertByPriority, modalHostMachine } from '../../machines/modal-host.machine.ts';
import * as hostModule from '../../machines/modal-host.machine.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';
import { CALLBACK, DEPOSIT, HOST_ACTIONS, modalHostModel, NOTICE, open, POP } from './modal-host.model.ts';

/** spec §4, §9: modal leave animation 300 ms. */
const MODAL_LEAVE_MS = 300;
/** spec §9: dialog de-dup 700 ms. */
const MODAL_DEDUP_MS = 700;

// Every dialog of the site (spec §2, §9; issue 5 §1): the model (modal-host.model.ts), then the real modals.
describeModel(modalHostModel.title, modalHostModel.machine, modalHostModel.graphs, modalHostModel.harness);

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
