// The title marquee's generated paths on the rendered app (issue 18 §2; spec §2 the tab title scrolls, §5 width,
// §9 350 ms): what the player sees is the tab title (document.title).
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { preInfo } from '../machines/fixtures.ts';
import { frame, titleAfter, titleMarqueeModel } from '../machines/title-marquee.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';

/** spec §7: the pre-info call (it carries the site's title, SiteBaseConfigVo.title). */
const PRE_INFO = /^\/site\/api\/v1\/configuration\/preInfo$/;

/**
 * The tab in the foreground or the background: the browser's Page Visibility state, and the event it fires when
 * it changes. (The framework's UiBoot has no such field yet: the boot sets it before the page loads.)
 */
function tabIs(state: 'visible' | 'hidden', fire: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  if (fire) document.dispatchEvent(new Event('visibilitychange'));
}

/** The site as the page loads it: the server and the pre-info embedded in the page carry the graph's title. */
const boot = (input: { title: string; hidden: boolean }) => ({
  path: '/',
  embedded: preInfo({ title: input.title }),
  backend: async (backend: UiBackend) => {
    await backend.ops('config', 'set', 'title', input.title);
    tabIs(input.hidden ? 'hidden' : 'visible', false);
  },
});

const [wide, fitting] = titleMarqueeModel.graphs;

/** The pre-info calls of this step: the site's title is read again exactly when it changed (a title.set). */
function asked(seen: UiSeen) {
  const expected = seen.event.type === 'title.set' ? 1 : 0;
  expect(seen.travelled.filter((c) => PRE_INFO.test(c.url)).length, 'pre-info calls this step').toBe(
    expected,
  );
}

/** spec §2: the whole title in the tab (it fits, or the tab is hidden and the marquee stopped). */
function whole(seen: UiSeen) {
  expect(document.title).toBe(titleAfter(seen).title);
  asked(seen);
}

describeUiModel(titleMarqueeModel, {
  systemId: 'titleMarquee',
  boot: {
    [wide!.name]: boot(wide!.input),
    [fitting!.name]: boot(fitting!.input),
  },
  drive: {
    // An operator renames the site; the player comes back to the tab (focus), the page re-reads the pre-info and
    // the tab shows the new title (spec §2: the title is the pre-info's SiteBaseConfigVo.title).
    'title.set': async ({ backend, event }: UiStep) => {
      await backend.ops('config', 'set', 'title', (event as AnyEventObject)['title'] as string);
      window.dispatchEvent(new Event('focus'));
    },
    // The player switches to another tab, and back.
    'page.hidden': async () => tabIs('hidden', true),
    'page.visible': async () => tabIs('visible', true),
  },
  cannot: (event, snapshot) => {
    const { title, hidden } = snapshot.context as { title: string; hidden: boolean };
    if (event.type === 'title.set' && event['title'] === title)
      return 'the tab title changes only when the site’s title does (the same title read again sends nothing)';
    if (event.type === 'page.hidden' && hidden) return 'the tab is hidden already: no visibilitychange';
    if (event.type === 'page.visible' && !hidden) return 'the tab is visible already: no visibilitychange';
    return null;
  },
  maxWalk: 0,
  see: {
    still: whole,
    // spec §2, §9: one character further every 350 ms, the title and its gap rotating through the tab.
    'scrolling.running': (seen) => {
      const { title, offset } = titleAfter(seen);
      expect(document.title).toBe(frame(title, offset));
      asked(seen);
    },
    // spec §2: stopped while the tab is hidden.
    'scrolling.paused': whole,
  },
});
