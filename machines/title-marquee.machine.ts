import { assign, setup } from 'xstate';
import { textWidth } from './text-width.ts';

// spec §2, §9: the tab title scrolls one step every 350 ms when wider than 27 units, and stops while hidden.
export const MARQUEE_STEP_MS = 350;
export const MARQUEE_MAX_WIDTH = 27;
/** The gap between the end of the title and its next start while scrolling. */
export const MARQUEE_GAP = '　';

export type TitleMarqueeEvent =
  { type: 'title.set'; title: string } | { type: 'page.hidden' } | { type: 'page.visible' };

interface Context {
  title: string;
  offset: number;
  hidden: boolean;
}

/** The text the tab shows at a scroll offset: the title rotated by `offset` characters. */
export function marqueeFrame(title: string, offset: number): string {
  const chars = [...(title + MARQUEE_GAP)];
  const i = offset % chars.length;
  return chars.slice(i).concat(chars.slice(0, i)).join('');
}

export const titleMarqueeMachine = setup({
  types: {} as { context: Context; events: TitleMarqueeEvent; input: { title: string; hidden: boolean } },
  actions: {
    /** Shows text as the tab title (document.title): provided at composition. */
    renderTitle: (_, _params: { text: string }) => {},
  },
  guards: {
    tooWide: ({ context }) => textWidth(context.title) > MARQUEE_MAX_WIDTH,
    hidden: ({ context }) => context.hidden,
  },
  delays: { marqueeStep: MARQUEE_STEP_MS },
}).createMachine({
  id: 'titleMarquee',
  context: ({ input }) => ({ title: input.title, offset: 0, hidden: input.hidden }),
  initial: 'deciding',
  on: {
    'title.set': { target: '.deciding', actions: assign({ title: ({ event }) => event.title, offset: 0 }) },
    'page.hidden': { target: '.deciding', actions: assign({ hidden: true }) },
    'page.visible': { target: '.deciding', actions: assign({ hidden: false }) },
  },
  states: {
    deciding: {
      always: [{ guard: 'tooWide', target: 'scrolling' }, { target: 'still' }],
    },
    /** Fits (or the tab is hidden): the whole title, no timer. */
    still: {
      entry: { type: 'renderTitle', params: ({ context }) => ({ text: context.title }) },
    },
    scrolling: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'hidden', target: 'paused' }, { target: 'running' }],
        },
        running: {
          entry: {
            type: 'renderTitle',
            params: ({ context }) => ({ text: marqueeFrame(context.title, context.offset) }),
          },
          after: {
            marqueeStep: {
              target: 'running',
              reenter: true,
              actions: assign({ offset: ({ context }) => context.offset + 1 }),
            },
          },
        },
        /** spec §2: stops while the tab is hidden; the full title shows in the tab strip meanwhile. */
        paused: {
          entry: { type: 'renderTitle', params: ({ context }) => ({ text: context.title }) },
        },
      },
    },
  },
});
