import { fromPromise } from 'xstate';
import { homeContentMachine, type HomeInput } from '../../../machines/home/home-content.machine.ts';
import { installStripMachine } from '../../../machines/home/install-strip.machine.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { storageGet, storageSet } from '../../platform/storage.ts';
import './home.css';
import { HomePage } from './home-page.tsx';
import { promptInstall } from '../../platform/install-prompt.ts';
import { loadHome, loadShowcase } from './load-home.ts';

/** The day the pop-up activity was last closed (spec §3 local items). */
const POP_SEEN_KEY = 'popSeenOn';
/** issue 19 §2: the player closed the app-install strip (remembered on the device). */
const INSTALL_DISMISSED_KEY = 'installStripClosed';

// The home area (issue 8 §1; issue 19 §2): the home page, and its actor (content, pop-up, pushed notices, the
// app-install strip), kept alive after the player leaves so coming back shows the content at once.
export const area: AreaModule = {
  pages: { '/': HomePage },
  actor: {
    logic: homeContentMachine.provide({
      actors: {
        loadHome: fromPromise(loadHome),
        // async: a stand-in module without it (a test's mock) rejects here rather than throwing at start.
        loadShowcase: fromPromise(async () => loadShowcase()),
        installStrip: installStripMachine.provide({
          actors: { promptInstall: fromPromise(promptInstall) },
          actions: { persistDismissed: () => storageSet(INSTALL_DISMISSED_KEY, true) },
        }),
      },
      actions: { persistPopSeen: (_, { day }) => storageSet(POP_SEEN_KEY, day) },
    }),
    input: (path): HomeInput => ({
      path,
      popSeenOn: storageGet<string>(POP_SEEN_KEY),
      installDismissed: storageGet<boolean>(INSTALL_DISMISSED_KEY) === true,
    }),
    keepAlive: true,
  },
};
