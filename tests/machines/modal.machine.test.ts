import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { modalMachine } from '../../machines/modal.machine.ts';
import * as modalModule from '../../machines/modal.machine.ts';
import { footerButtons, type ButtonSpec, type ModalSpec } from '../../machines/modal-types.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';
import {
  CALLBACK,
  CANCELLED,
  DISMISSED,
  MODAL_LEAVE_MS,
  modalModel,
  OK,
  ONE_BUTTON,
  provided,
  REFRESH,
  spec,
  THREE_BUTTONS,
  TWO_BUTTONS,
} from './modal.model.ts';

/** spec §4, §9: a counting-down button ticks every 1 s. */
const COUNTDOWN_TICK_MS = 1_000;
/** spec §9: handler debounce 350 ms. */
const HANDLER_DEBOUNCE_MS = 350;

// One dialog (spec §2, §4, §9): the model (modal.model.ts), then hand-written tests clicking the real buttons.

describeModel(modalModel.title, modalModel.machine, modalModel.graphs, modalModel.harness);

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
