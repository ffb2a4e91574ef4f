import { assign, fromPromise, setup } from 'xstate';
import { CODE } from '../src/protocol/api.ts';
import type { PreInfo } from '../src/protocol/site.ts';
import type { GateFacts } from './navigation-policy.ts';

// The site gate (spec §1, §4, §5): pre-info at boot, maintenance, the mobile-domain redirect, cookies.
/** How often an open or maintained site re-reads pre-info (besides on focus). */
export const GATE_POLL_MS = 60_000;
/** How long a failed pre-info load waits before it tries again. */
export const GATE_RETRY_MS = 5_000;
/**
 * spec §8: pre-info refused with these codes means the caller is restricted: an address (6031, 6033) or a
 * blocked device (10102). The app actor shows the page or the alert; the gate re-checks at the poll instead of
 * retrying every few seconds.
 */
export const RESTRICTED_CODES: ReadonlyArray<number> = [
  CODE.accessCaveat,
  CODE.accessBlocked,
  CODE.deviceBlocked,
];
/** spec §4: maintainConfig.status 0 means maintenance. */
export const MAINTAIN_STATUS_DOWN = 0;

/** What the loader resolves: the pre-info, and whether the server flagged an access alert (spec §8 6032). */
export interface PreInfoResult {
  preInfo: PreInfo;
  alert: boolean;
}

export interface SiteGateInput {
  cookiesEnabled: boolean;
  /** The pre-info the HTML carried, if any (no round trip for the first paint). */
  embedded: PreInfo | null;
  isMobileDevice: boolean;
  /** Mobile-app download mode: maintenance does not redirect (spec §4). */
  appDownloadMode: boolean;
  /** The page's own origin, to never redirect a visitor to where they already are. */
  origin: string;
  /** The invite code to keep across the mobile redirect (spec §1). */
  iCode: string | null;
}

interface Context extends SiteGateInput {
  preInfo: PreInfo | null;
  alert: boolean;
  error: string | null;
}

export type SiteGateEvent =
  | { type: 'gate.check' }
  | { type: 'gate.retry' }
  /** Another call was refused as restricted (spec §8 6031/6033): the gate holds it until a re-check clears it. */
  | { type: 'gate.restricted' }
  /** Any call was answered with an access alert (spec §8 6032): the policy lets the alert page show. */
  | { type: 'gate.alert' };

/** The mobile site address keeping i_code, or null when no redirect applies (spec §1). */
export function mobileRedirectUrl(
  ctx: Pick<Context, 'isMobileDevice' | 'origin' | 'iCode' | 'preInfo'>,
): string | null {
  const domain = ctx.preInfo?.SiteBaseConfigVo.siteDomainUrl.trim();
  if (!ctx.isMobileDevice || !domain) return null;
  let target: URL;
  try {
    target = new URL(domain.includes('://') ? domain : `https://${domain}`);
  } catch {
    return null;
  }
  if (target.origin === ctx.origin) return null;
  if (ctx.iCode) target.searchParams.set('i_code', ctx.iCode);
  return target.toString();
}

const isDown = (ctx: Context) =>
  ctx.preInfo?.maintainConfig.status === MAINTAIN_STATUS_DOWN && !ctx.appDownloadMode;

export const siteGateMachine = setup({
  types: {} as {
    context: Context;
    events: SiteGateEvent;
    input: SiteGateInput;
  },
  actors: {
    /** Reads pre-info from the back end: provided at composition. */
    loadPreInfo: fromPromise<PreInfoResult>(async () => {
      throw new Error('loadPreInfo is provided at composition');
    }),
  },
  actions: {
    /** Leaves for another site (a full page load): provided at composition. */
    redirectExternal: (_, _params: { url: string }) => {},
    /** Tells whoever composes the gate that pre-info is known or changed (the app actor re-titles the tab). */
    announcePreInfo: (_, _params: { preInfo: PreInfo }) => {},
  },
  guards: {
    cookiesDisabled: ({ context }) => !context.cookiesEnabled,
    hasEmbedded: ({ context }) => context.embedded !== null,
    mobileRedirect: ({ context }) => mobileRedirectUrl(context) !== null,
    down: ({ context }) => isDown(context),
    restrictedError: ({ event }) =>
      RESTRICTED_CODES.includes((event as { error?: { code?: unknown } }).error?.code as number),
  },
  delays: { poll: GATE_POLL_MS, retry: GATE_RETRY_MS },
}).createMachine({
  id: 'siteGate',
  context: ({ input }) => ({ ...input, preInfo: null, alert: false, error: null }),
  initial: 'booting',
  // Where the player may be is the navigation policy's to say (machines/navigation-policy.ts); the gate only
  // knows the site's condition.
  on: { 'gate.alert': { actions: assign({ alert: true }) } },
  states: {
    booting: {
      always: [
        { guard: 'cookiesDisabled', target: 'cookiesBlocked' },
        {
          guard: 'hasEmbedded',
          target: 'evaluating',
          actions: assign({ preInfo: ({ context }) => context.embedded }),
        },
        { target: 'loading' },
      ],
    },
    /**
     * spec §5: cookies must be enabled; nothing else runs. Not a final state: the gate stays alive (and
     * quietly ignores events) so the app actor never sends to a stopped child.
     */
    cookiesBlocked: {},
    loading: {
      invoke: {
        src: 'loadPreInfo',
        onDone: {
          target: 'evaluating',
          actions: assign({
            preInfo: ({ event }) => event.output.preInfo,
            alert: ({ event }) => event.output.alert,
            error: null,
          }),
        },
        onError: [
          { guard: 'restrictedError', target: 'restricted' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
          },
        ],
      },
    },
    /**
     * The back end refuses this caller (spec §8 6031/6033): the restriction page shows; the gate keeps
     * checking, and once the restriction is lifted the policy sends the player home from that page.
     */
    restricted: {
      after: { poll: 'recheckingRestriction' },
      on: { 'gate.check': 'recheckingRestriction' },
    },
    recheckingRestriction: {
      invoke: {
        src: 'loadPreInfo',
        onDone: {
          target: 'evaluating',
          actions: [
            assign({
              preInfo: ({ event }) => event.output.preInfo,
              alert: ({ event }) => event.output.alert,
            }),
          ],
        },
        onError: 'restricted',
      },
    },
    /** No pre-info and the last load failed: the page offers a retry, and the gate retries by itself. */
    failed: {
      after: { retry: 'loading' },
      on: { 'gate.retry': 'loading', 'gate.check': 'loading' },
    },
    evaluating: {
      entry: { type: 'announcePreInfo', params: ({ context }) => ({ preInfo: context.preInfo! }) },
      always: [
        { guard: 'mobileRedirect', target: 'redirecting' },
        { guard: 'down', target: 'maintenance' },
        { target: 'open' },
      ],
    },
    /** Leaving for the mobile site; the page unloads. */
    redirecting: {
      entry: {
        type: 'redirectExternal',
        params: ({ context }) => ({ url: mobileRedirectUrl(context) ?? '/' }),
      },
    },
    open: {
      after: { poll: 'refreshing' },
      on: { 'gate.check': 'refreshing', 'gate.restricted': 'restricted' },
    },
    maintenance: {
      after: { poll: 'refreshing' },
      on: { 'gate.check': 'refreshing' },
    },
    /** Re-reads pre-info (focus, or the poll); a failure keeps what the gate knew. */
    refreshing: {
      invoke: {
        src: 'loadPreInfo',
        onDone: {
          target: 'evaluating',
          actions: assign({
            preInfo: ({ event }) => event.output.preInfo,
            alert: ({ event }) => event.output.alert,
          }),
        },
        onError: [{ guard: 'restrictedError', target: 'restricted' }, { target: 'evaluating' }],
      },
    },
  },
});

/** What the navigation policy needs of the gate's snapshot. */
export function gateFacts(
  snapshot: { value: unknown; context: Context } | undefined,
  alertSkipped: boolean,
): GateFacts {
  const value = snapshot?.value;
  return {
    settled: value === 'open' || value === 'maintenance' || value === 'restricted',
    maintenance: value === 'maintenance',
    restricted: value === 'restricted' || value === 'recheckingRestriction',
    alert: (snapshot?.context.alert ?? false) && !alertSkipped,
  };
}
