// Mutation testing (issue 18 §3): the modal host and a modal with odd inputs and page changes (spec §2 shared
// modal dialogs, §4 modal buttons, §9 leave animation 300 ms; issue 19: Escape closes a closable dialog) — real
// modals and buttons, a SimulatedClock.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { modalMachine } from '../../../machines/modal.machine.ts';
import { modalHostMachine } from '../../../machines/modal-host.machine.ts';
import type { ModalSpec } from '../../../machines/modal-types.ts';
import { Fakes } from '../../support/model-paths.ts';

/** spec §9: modal leave animation 300 ms. */
const MODAL_LEAVE_MS = 300;

const seen = { type: 'home.popClose', actor: 'home' };
/** A dialog that belongs to the home page (a page-bound modal). */
const HOME_POP: ModalSpec = {
  key: 'pop:1',
  route: '/',
  kind: 'info',
  title: 'pop',
  content: { kind: 'text', text: 'x' },
  buttons: [{ label: 'close', events: [seen] }],
  onDismiss: [seen],
};
/** A dialog of no page (a session notice). */
const NOTICE: ModalSpec = {
  key: 'notice:1',
  kind: 'alert',
  title: 'n',
  content: { kind: 'text', text: 'y' },
  buttons: [{ label: 'ok' }],
};

function host() {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(
    modalHostMachine.provide({ actions: fakes.actions('lockScroll', 'unlockScroll', 'runEvents') }),
    { clock },
  ).start();
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  const stack = () => actor.getSnapshot().context.modals;
  const states = () => stack().map((m) => `${m.key}:${String(m.ref.getSnapshot().value)}`);
  return { actor, advance, fakes, stack, states };
}

describe('a modal that belongs to a page (the home pop-up)', () => {
  it('leaving its page drops it without its dismiss events; a modal of no page stays', () => {
    const { actor, advance, fakes, stack, states } = host();
    actor.send({ type: 'modal.open', spec: NOTICE });
    actor.send({ type: 'modal.open', spec: HOME_POP });
    actor.send({ type: 'modal.route', path: '/game/chess' });
    expect(states()).toEqual(['notice:1:open', 'pop:1:leaving']);
    advance(MODAL_LEAVE_MS);
    expect(stack().map((m) => m.key)).toEqual(['notice:1']);
    // Dropped, not dismissed: the pop-up is not marked seen (no events run).
    expect(fakes.called('runEvents')).toEqual([]);
  });

  it('a route change on its own page (a search change) keeps it', () => {
    const { actor, advance, stack, states } = host();
    actor.send({ type: 'modal.open', spec: HOME_POP });
    actor.send({ type: 'modal.route', path: '/' });
    advance(MODAL_LEAVE_MS);
    expect(states()).toEqual(['pop:1:open']);
    expect(stack()).toHaveLength(1);
  });
});

describe('odd host events', () => {
  it('modal.removed for an id that is not open changes nothing and keeps scrolling locked (spec §2)', () => {
    const { actor, fakes, stack } = host();
    actor.send({ type: 'modal.open', spec: NOTICE });
    actor.send({ type: 'modal.removed', id: 'modal-99' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(stack()).toHaveLength(1);
    expect(fakes.called('unlockScroll')).toEqual([]);
  });

  it('modal.close for an id that is not open closes nothing', () => {
    const { actor, advance, states } = host();
    actor.send({ type: 'modal.open', spec: NOTICE });
    actor.send({ type: 'modal.close', id: 'modal-99' });
    advance(MODAL_LEAVE_MS);
    expect(actor.getSnapshot().status).toBe('active');
    expect(states()).toEqual(['notice:1:open']);
  });

  it('Escape on a dialog that is not closable leaves it open (issue 19: Escape closes a closable one)', () => {
    const { actor, advance, states } = host();
    actor.send({ type: 'modal.open', spec: { ...NOTICE, closable: false } });
    actor.send({ type: 'modal.closeTop' });
    advance(MODAL_LEAVE_MS);
    expect(actor.getSnapshot().status).toBe('active');
    expect(states()).toEqual(['notice:1:open']);
  });

  it('Escape with no dialog open does nothing; on a closable one it closes it', () => {
    const { actor, advance, states } = host();
    actor.send({ type: 'modal.closeTop' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'modal.open', spec: { ...NOTICE, closable: true } });
    actor.send({ type: 'modal.closeTop' });
    expect(states()).toEqual(['notice:1:leaving']);
    advance(MODAL_LEAVE_MS);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('modal.close for the open id closes exactly that one', () => {
    const { actor, advance, states } = host();
    actor.send({ type: 'modal.open', spec: NOTICE });
    actor.send({ type: 'modal.open', spec: HOME_POP });
    actor.send({ type: 'modal.close', id: 'modal-1' });
    expect(states()).toEqual(['notice:1:leaving', 'pop:1:open']);
    advance(MODAL_LEAVE_MS);
    expect(states()).toEqual(['pop:1:open']);
    expect(actor.getSnapshot().value).toBe('showing');
  });
});

describe('a modal clicked with an index past its buttons', () => {
  function modal(spec: ModalSpec) {
    const fakes = new Fakes();
    const clock = new SimulatedClock();
    const actor = createActor(
      modalMachine.provide({ actions: fakes.actions('runEvents', 'requestCloseAll', 'notifyRemoved') }),
      { clock, input: { id: 'm', spec } },
    ).start();
    return { actor, fakes };
  }

  it('closes with no events (nothing to run), like a button without events', () => {
    const { actor, fakes } = modal(NOTICE);
    actor.send({ type: 'modal.buttonClicked', index: 5 });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(fakes.called('runEvents')).toEqual([{ events: [] }]);
    expect(fakes.called('requestCloseAll')).toEqual([]);
  });

  it('a closeAll button asks the host to close all; a stayOpen button keeps it open (spec §2, §4)', () => {
    const spec: ModalSpec = {
      ...NOTICE,
      buttons: [{ label: 'a', closeAll: true }, { label: 'b', stayOpen: true }, { label: 'c' }],
    };
    const a = modal(spec);
    a.actor.send({ type: 'modal.buttonClicked', index: 0 });
    expect(a.fakes.called('requestCloseAll')).toHaveLength(1);
    expect(a.fakes.called('runEvents')).toEqual([{ events: [] }]);

    const b = modal(spec);
    b.actor.send({ type: 'modal.buttonClicked', index: 1 });
    expect(b.fakes.called('requestCloseAll')).toEqual([]);
    expect(b.fakes.called('runEvents')).toEqual([{ events: [] }]);
    expect(b.actor.getSnapshot().value).toBe('open');

    const c = modal(spec);
    c.actor.send({ type: 'modal.buttonClicked', index: 2 });
    expect(c.fakes.called('requestCloseAll')).toEqual([]);
    expect(c.actor.getSnapshot().value).toBe('leaving');
  });
});
