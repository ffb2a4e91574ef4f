import { fromPromise } from 'xstate';
import { homeContentMachine, type HomeInput } from '../../../machines/home/home-content.machine.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { storageGet, storageSet } from '../../platform/storage.ts';
import { HomePage } from './home-page.tsx';
import { loadHome } from './load-home.ts';

/** The day the pop-up activity was last closed (spec §3 local items). */
const POP_SEEN_KEY = 'popSeenOn';

// The home area (issue 8 §1): the home page, and its actor (content, pop-up, pushed notices), kept alive after
// the player leaves so coming back shows the content at once.
export const area: AreaModule = {
  pages: { '/': HomePage },
  actor: {
    logic: homeContentMachine.provide({
      actors: { loadHome: fromPromise(loadHome) },
      actions: { persistPopSeen: (_, { day }) => storageSet(POP_SEEN_KEY, day) },
    }),
    input: (path): HomeInput => ({ path, popSeenOn: storageGet<string>(POP_SEEN_KEY) }),
    keepAlive: true,
  },
};
