import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { textWidth } from '../../machines/text-width.ts';
import {
  MARQUEE_GAP,
  MARQUEE_MAX_WIDTH,
  MARQUEE_STEP_MS,
  marqueeFrame,
  titleMarqueeMachine,
} from '../../machines/title-marquee.machine.ts';
import { describeModel, Fakes } from '../support/model-paths.ts';

/** 13 characters above code 255: width 26, fits. */
const FITS = '棋牌游戏官方网站欢迎您光临';
/** 14 characters above code 255: width 28, scrolls. */
const WIDE = '棋牌游戏官方网站欢迎您光临本';
const WIDE_2 = 'Welcome to the chess and card site';
const STEP = `xstate.after.marqueeStep.titleMarquee.scrolling.running`;

const EVENTS = [
  { type: 'title.set', title: FITS },
  { type: 'title.set', title: WIDE_2 },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: STEP },
];

const provided = (fakes: Fakes) => titleMarqueeMachine.provide({ actions: fakes.actions('renderTitle') });

/** The scroll offset only counts steps; the machine never branches on it, so the graph leaves it out. */
const key = (s: AnyMachineSnapshot) => ({ value: s.value, title: s.context.title, hidden: s.context.hidden });

/** What the tab must show in a state (spec §2): a frame while running, else the whole title. */
function expectedText(s: AnyMachineSnapshot): string {
  const { title, offset } = s.context as { title: string; offset: number };
  return s.matches({ scrolling: 'running' }) ? marqueeFrame(title, offset) : title;
}

describeModel(
  'title marquee',
  titleMarqueeMachine,
  [
    { name: 'wide title, tab visible', input: { title: WIDE, hidden: false }, events: EVENTS, key },
    { name: 'fitting title, tab hidden', input: { title: FITS, hidden: true }, events: EVENTS, key },
  ],
  {
    logic: provided,
    delays: { marqueeStep: MARQUEE_STEP_MS },
    check: ({ actor, fakes }) => {
      const rendered = fakes.called('renderTitle').at(-1);
      expect(rendered).toEqual({ text: expectedText(actor.getSnapshot() as AnyMachineSnapshot) });
    },
  },
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
    expect(MARQUEE_MAX_WIDTH).toBe(27);
    expect(MARQUEE_STEP_MS).toBe(350);
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
