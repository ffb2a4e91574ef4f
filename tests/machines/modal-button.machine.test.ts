import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as buttonModule from '../../machines/modal-button.machine.ts';
import type { ButtonSpec } from '../../machines/modal-types.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';
import {
  COUNTDOWN,
  COUNTDOWN_TICK_MS,
  DISABLED,
  HANDLER_DEBOUNCE_MS,
  input,
  LOADING,
  modalButtonModel,
  PLAIN,
  provided,
  STAY_OPEN,
} from './modal-button.model.ts';

// One modal button (spec §4, §9): the model (modal-button.model.ts), then hand-written tests.

describeModel(
  modalButtonModel.title,
  modalButtonModel.machine,
  modalButtonModel.graphs,
  modalButtonModel.harness,
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
