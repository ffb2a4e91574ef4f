import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { textWidth } from '../../machines/text-width.ts';
import { marqueeFrame } from '../../machines/title-marquee.machine.ts';
import * as marqueeModule from '../../machines/title-marquee.machine.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';
import {
  FITS,
  frame,
  MARQUEE_GAP,
  MARQUEE_STEP_MS,
  provided,
  titleMarqueeModel,
  WIDE,
  WIDE_2,
} from './title-marquee.model.ts';

describeModel(
  titleMarqueeModel.title,
  titleMarqueeModel.machine,
  titleMarqueeModel.graphs,
  titleMarqueeModel.harness,
);

/** Lets `steps` marquee steps of time pass, one step at a time (each frame re-arms its own timer). */
function elapse(clock: SimulatedClock, steps: number) {
  for (let i = 0; i < steps; i++) clock.increment(MARQUEE_STEP_MS);
}

function start(title: string, hidden = false) {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input: { title, hidden }, clock }).start();
  const frames = () => fakes.called('renderTitle').map((p) => (p as { text: string }).text);
  return { actor, clock, fakes, frames };
}

describe('title marquee edge cases', () => {
  it('measures width with characters above code 255 counted as 2 (spec §5)', () => {
    expect(textWidth(FITS)).toBe(26);
    expect(textWidth(WIDE)).toBe(28);
    expect(textWidth('a'.repeat(27))).toBe(27);
    expect(textWidth('ÿĀ')).toBe(3); // code 255 counts 1, code 256 counts 2
    // The code's constants pinned to the spec's literals.
    expect(marqueeModule.MARQUEE_MAX_WIDTH).toBe(27);
    expect(marqueeModule.MARQUEE_STEP_MS).toBe(350);
    expect(marqueeModule.MARQUEE_GAP).toBe(MARQUEE_GAP);
  });

  it.each([
    ['13 wide characters (width 26)', FITS],
    ['27 narrow characters (width 27)', 'a'.repeat(27)],
    ['13 wide characters and one narrow (width 27)', `${FITS}a`],
  ])('renders a title of %s once and sets no timer', (_, title) => {
    const { actor, clock, frames } = start(title);
    expect(actor.getSnapshot().value).toBe('still');
    expect(frames()).toEqual([title]);
    elapse(clock, 20);
    expect(frames()).toEqual([title]);
  });

  it('scrolls a title of width 28 one step every 350 ms', () => {
    const { actor, clock, frames } = start(WIDE);
    expect(actor.getSnapshot().value).toEqual({ scrolling: 'running' });
    expect(frames()).toEqual([`${WIDE}${MARQUEE_GAP}`]);
    clock.increment(MARQUEE_STEP_MS - 1);
    expect(frames()).toHaveLength(1);
    clock.increment(1);
    expect(frames()).toEqual([`${WIDE}${MARQUEE_GAP}`, `${WIDE.slice(1)}${MARQUEE_GAP}${WIDE[0]}`]);
    elapse(clock, 2);
    expect(frames()).toEqual([0, 1, 2, 3].map((i) => marqueeFrame(WIDE, i)));
    expect(frames()[3]).toBe(`${WIDE.slice(3)}${MARQUEE_GAP}${WIDE.slice(0, 3)}`);
  });

  it('wraps around after the title and its gap have passed', () => {
    const { clock, frames } = start(WIDE);
    const cycle = [...WIDE].length + 1;
    elapse(clock, cycle);
    expect(frames()).toHaveLength(cycle + 1);
    expect(frames().at(-1)).toBe(frames()[0]);
    expect(new Set(frames()).size).toBe(cycle);
  });

  it('rotates by whole characters, including ones outside the BMP', () => {
    expect(marqueeFrame('ab', 0)).toBe(`ab${MARQUEE_GAP}`);
    expect(marqueeFrame('ab', 1)).toBe(`b${MARQUEE_GAP}a`);
    expect(marqueeFrame('ab', 3)).toBe(`ab${MARQUEE_GAP}`);
    expect(marqueeFrame('🀄x', 1)).toBe(`x${MARQUEE_GAP}🀄`);
  });

  it('pauses while the tab is hidden, showing the full title, and resumes where it was', () => {
    const { actor, clock, frames } = start(WIDE);
    elapse(clock, 3);
    expect(frames()).toHaveLength(4);
    actor.send({ type: 'page.hidden' });
    expect(actor.getSnapshot().value).toEqual({ scrolling: 'paused' });
    expect(frames().at(-1)).toBe(WIDE);
    elapse(clock, 10);
    expect(frames()).toHaveLength(5);
    actor.send({ type: 'page.visible' });
    expect(actor.getSnapshot().value).toEqual({ scrolling: 'running' });
    expect(frames().at(-1)).toBe(marqueeFrame(WIDE, 3));
    clock.increment(MARQUEE_STEP_MS);
    expect(frames().slice(5)).toEqual([marqueeFrame(WIDE, 3), marqueeFrame(WIDE, 4)]);
  });

  it('starts paused when the tab is hidden at boot', () => {
    const { actor, clock, frames } = start(WIDE, true);
    expect(actor.getSnapshot().value).toEqual({ scrolling: 'paused' });
    elapse(clock, 5);
    expect(frames()).toEqual([WIDE]);
    actor.send({ type: 'page.visible' });
    expect(frames()).toEqual([WIDE, marqueeFrame(WIDE, 0)]);
  });

  it('title.set restarts from the first frame of the new title', () => {
    const { actor, clock, frames } = start(WIDE);
    elapse(clock, 2);
    actor.send({ type: 'title.set', title: WIDE_2 });
    expect(actor.getSnapshot().context.offset).toBe(0);
    expect(frames().at(-1)).toBe(marqueeFrame(WIDE_2, 0));
    // The old timer is gone: the next frame comes a full step after the new title.
    clock.increment(MARQUEE_STEP_MS - 1);
    expect(frames().at(-1)).toBe(marqueeFrame(WIDE_2, 0));
    clock.increment(1);
    expect(frames().at(-1)).toBe(marqueeFrame(WIDE_2, 1));
  });

  it('title.set to a fitting title stops scrolling', () => {
    const { actor, clock, frames } = start(WIDE);
    elapse(clock, 1);
    actor.send({ type: 'title.set', title: FITS });
    expect(actor.getSnapshot().value).toBe('still');
    const count = frames().length;
    elapse(clock, 10);
    expect(frames()).toHaveLength(count);
    expect(frames().at(-1)).toBe(FITS);
  });
});

describe('title marquee over many titles (spec §2, §5)', () => {
  const narrow = fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCodePoint(c));
  const wide = fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c));

  it('scrolls exactly when the title is over 27 width units (characters above code 255 count 2)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(narrow, wide), { maxLength: 40 }), fc.boolean(), (chars, hidden) => {
        const title = chars.join('');
        const { actor, frames } = start(title, hidden);
        const units = chars.reduce((w, ch) => w + (ch.codePointAt(0)! > 255 ? 2 : 1), 0);
        const expected = units > 27 ? { scrolling: hidden ? 'paused' : 'running' } : 'still';
        expect(actor.getSnapshot().value).toEqual(expected);
        // What the tab shows first: the whole title, or (scrolling and visible) the title and its gap.
        expect(frames()).toEqual([units > 27 && !hidden ? `${title}${MARQUEE_GAP}` : title]);
        actor.stop();
      }),
    );
  });

  it('a scrolling title shows the frame of step n after n × 350 ms', () => {
    fc.assert(
      fc.property(
        fc.array(wide, { minLength: 14, maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        (chars, n) => {
          const title = chars.join('');
          const { actor, clock, frames } = start(title);
          elapse(clock, n);
          expect(frames()).toHaveLength(n + 1);
          expect(frames().at(-1)).toBe(frame(title, n));
          actor.stop();
        },
      ),
    );
  });
});
