// The title marquee's model (spec §2, §5, §9): graphs, transition table and per-state oracles, shared by its model
// test (title-marquee.machine.test.ts) and its UI model test (tests/ui/title-marquee.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { titleMarqueeMachine } from '../../machines/title-marquee.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../support/model-paths.ts';

/** spec §2, §9: the title marquee steps every 350 ms. */
export const MARQUEE_STEP_MS = 350;
/** spec §2: it scrolls when the title is over 27 width units. */
export const MARQUEE_MAX_WIDTH = 27;
/** Product constant (machines/title-marquee.machine.ts, issue 3): an ideographic space between two passes. */
export const MARQUEE_GAP = '\u3000';
/** spec §5: characters above code 255 count 2. */
export const width = (text: string) => [...text].reduce((w, ch) => w + (ch.codePointAt(0)! > 255 ? 2 : 1), 0);
/** The frame the spec's marquee shows after `offset` steps: the title and its gap, rotated by characters. */
export function frame(title: string, offset: number): string {
  const chars = [...title, MARQUEE_GAP];
  const i = offset % chars.length;
  return [...chars.slice(i), ...chars.slice(0, i)].join('');
}

/** 13 characters above code 255: width 26, fits. */
export const FITS = '棋牌游戏官方网站欢迎您光临';
/** 14 characters above code 255: width 28, scrolls. */
export const WIDE = '棋牌游戏官方网站欢迎您光临本';
export const WIDE_2 = 'Welcome to the chess and card site';
export const STEP = `xstate.after.marqueeStep.titleMarquee.scrolling.running`;

const EVENTS = [
  { type: 'title.set', title: FITS },
  { type: 'title.set', title: WIDE_2 },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: STEP },
];

export const provided = (fakes: Fakes) =>
  titleMarqueeMachine.provide({ actions: fakes.actions('renderTitle') });

/** The scroll offset only counts steps; the machine never branches on it, so the graph leaves it out. */
const key = (s: AnyMachineSnapshot) => ({ value: s.value, title: s.context.title, hidden: s.context.hidden });

/** The title and visibility after the events (title.set, page.hidden / page.visible). */
export function titleAfter(o: {
  input: { title: string; hidden: boolean };
  history: readonly AnyEventObject[];
}) {
  let { title, hidden } = o.input;
  let offset = 0;
  for (const e of o.history) {
    if (e.type === 'title.set') {
      title = e['title'] as string;
      offset = 0;
    }
    if (e.type === 'page.hidden') hidden = true;
    if (e.type === 'page.visible') hidden = false;
    if (e.type === STEP) offset++;
  }
  return { title, hidden, offset };
}

/** spec §2: over 27 units scrolls (paused while the tab is hidden); else the title stays still. */
const where = (o: { input: { title: string; hidden: boolean }; history: readonly AnyEventObject[] }) => {
  const { title, hidden } = titleAfter(o);
  return width(title) > MARQUEE_MAX_WIDTH ? (hidden ? 'scrolling.paused' : 'scrolling.running') : 'still';
};

/** Each step renders exactly one text: a frame while running, else the whole title. */
const renders = (text: (o: OracleArgs) => string) => (o: OracleArgs) => {
  expect(o.effects.actions).toEqual([{ name: 'renderTitle', params: { text: text(o) } }]);
  expect(o.effects.emitted).toEqual([]);
};

export const titleMarqueeModel: MachineModel<typeof titleMarqueeMachine> = {
  title: 'title marquee',
  machine: titleMarqueeMachine,
  graphs: [
    { name: 'wide title, tab visible', input: { title: WIDE, hidden: false }, events: EVENTS, key },
    { name: 'fitting title, tab hidden', input: { title: FITS, hidden: true }, events: EVENTS, key },
  ],
  harness: {
    logic: provided,
    delays: { marqueeStep: MARQUEE_STEP_MS },
    initial: (input) => where({ input, history: [] }),
    transitions: {
      '*': { 'title.set': where, 'page.hidden': where, 'page.visible': where },
      'scrolling.running': { [STEP]: 'scrolling.running' },
    },
    oracles: {
      still: renders((o) => titleAfter(o).title),
      'scrolling.running': renders((o) => {
        const { title, offset } = titleAfter(o);
        return frame(title, offset);
      }),
      // spec §2: stops while the tab is hidden (the whole title shows in the tab strip).
      'scrolling.paused': renders((o) => titleAfter(o).title),
    },
  },
};
