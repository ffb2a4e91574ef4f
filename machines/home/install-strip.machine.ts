import { fromPromise, setup } from 'xstate';

// The home page's app-install strip (issue 19 §2 "an app-install strip where the site can be installed";
// docs/home.md). The strip is offered only once the browser said the site can be installed (it fired
// beforeinstallprompt); a click asks the browser to install (its own dialog); the strip's close button hides it
// for good (remembered on the device). Invoked by the home area's machine (home-content.machine.ts).

/** What the browser's install dialog answered. */
export type InstallOutcome = 'accepted' | 'dismissed';

export interface InstallInput {
  /** The player closed the strip before (remembered on the device): it is never offered again. */
  dismissed: boolean;
}

export type InstallEvent =
  /** The browser can install the site now (beforeinstallprompt). */
  | { type: 'install.available' }
  /** The player pressed 安装. */
  | { type: 'install.accept' }
  /** The player closed the strip. */
  | { type: 'install.dismiss' }
  /** The site was installed (appinstalled), however it happened. */
  | { type: 'install.installed' };

export const installStripMachine = setup({
  types: {} as { context: InstallInput; events: InstallEvent; input: InstallInput },
  actors: {
    /** Shows the browser's install dialog with the event it kept: provided at composition. */
    promptInstall: fromPromise<InstallOutcome>(async () => 'dismissed'),
  },
  actions: {
    /** Remembers on the device that the player closed the strip: provided at composition. */
    persistDismissed: () => {},
  },
  guards: {
    dismissedBefore: ({ context }) => context.dismissed,
    accepted: (_, { outcome }: { outcome: InstallOutcome }) => outcome === 'accepted',
  },
}).createMachine({
  id: 'installStrip',
  context: ({ input }) => ({ dismissed: input.dismissed }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'dismissedBefore', target: 'dismissed' }, { target: 'waiting' }] },
    /** Nothing to offer until the browser says it can install the site. */
    waiting: { on: { 'install.available': 'offered', 'install.installed': 'installed' } },
    /** The strip shows. */
    offered: {
      on: {
        'install.accept': 'prompting',
        'install.dismiss': { target: 'dismissed', actions: 'persistDismissed' },
        'install.installed': 'installed',
      },
    },
    /** The browser's own dialog is open; the strip waits for its answer. */
    prompting: {
      on: { 'install.installed': 'installed' },
      invoke: {
        src: 'promptInstall',
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'installed',
          },
          // Not now: the browser's kept event is spent; it offers again with a new one (install.available).
          { target: 'waiting' },
        ],
        onError: 'waiting',
      },
    },
    // Gone for good (states, not final: the area's strip actor stays for the page to read).
    /** Closed by the player: never again on this device. */
    dismissed: {},
    installed: {},
  },
});
