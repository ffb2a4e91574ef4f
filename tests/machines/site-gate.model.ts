// The site gate's model (spec §1, §4, §5, §8; issue 8 §2): graphs, transition table and per-state oracles, shared
// by its model test (site-gate.machine.test.ts) and its UI model test (tests/ui/site-gate.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { PreInfo } from '../../src/protocol/site.ts';
import {
  gateFacts,
  siteGateMachine,
  type PreInfoResult,
  type SiteGateInput,
} from '../../machines/site-gate.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../support/model-paths.ts';
import { DOWN, MOBILE, MOBILE_DOMAIN, OPEN, ORIGIN } from './fixtures.ts';

/** Product constant (docs/architecture.md "siteGate"; issue 4): an open or maintained site re-reads pre-info every 60 s. */
export const GATE_POLL_MS = 60_000;
/** Product constant (docs/architecture.md "siteGate"; issue 4): a failed pre-info load retries after 5 s. */
export const GATE_RETRY_MS = 5_000;
/** spec §8: 6031 and 6033 restrict the caller; 10102 is a blocked device. */
export const RESTRICTED_CODES = [6031, 6033, 10102];

export const LOADING = '0.siteGate.loading';
export const REFRESHING = '0.siteGate.refreshing';
export const RECHECKING = '0.siteGate.recheckingRestriction';
export const OFFLINE = new Error('offline');
/** The pre-info call refused with 6031 (access caveat), as the API client raises it (a coded error). */
export const REFUSED = Object.assign(new Error('access restricted'), { code: 6031 });

const done = (id: string, info: PreInfo, alert = false) => ({
  type: `xstate.done.actor.${id}`,
  output: { preInfo: info, alert } satisfies PreInfoResult,
});
const fail = (id: string, error: Error = OFFLINE) => ({ type: `xstate.error.actor.${id}`, error });

export const DESKTOP_EVENTS = [
  done(LOADING, OPEN),
  done(LOADING, DOWN),
  done(LOADING, OPEN, true),
  fail(LOADING),
  done(REFRESHING, OPEN),
  done(REFRESHING, DOWN),
  fail(REFRESHING),
  { type: 'gate.check' },
  { type: 'gate.retry' },
  // Another call refused as restricted (the catalogue's 6031/6033 reaction, issue 8 §2).
  { type: 'gate.restricted' },
  // Any call answered 6032 (the catalogue's alert reaction).
  { type: 'gate.alert' },
  { type: 'xstate.after.retry.siteGate.failed' },
  { type: 'xstate.after.poll.siteGate.open' },
  { type: 'xstate.after.poll.siteGate.maintenance' },
  // Restriction (spec §8 6031/6033): a refused pre-info call, the re-check poll and its results.
  fail(LOADING, REFUSED),
  fail(REFRESHING, REFUSED),
  done(RECHECKING, OPEN),
  fail(RECHECKING, REFUSED),
  { type: 'xstate.after.poll.siteGate.restricted' },
];
export const MOBILE_EVENTS = [...DESKTOP_EVENTS, done(LOADING, MOBILE), done(REFRESHING, MOBILE)];

type DoneOrError = { output?: PreInfoResult; error?: { code?: number } };

/**
 * Where known pre-info leads (spec §1: a mobile visitor on the desktop site goes to the site domain; spec §4:
 * maintainConfig.status 0 is maintenance, except in mobile-app download mode).
 */
export function decided(input: SiteGateInput, info: PreInfo): string {
  const domain = info.SiteBaseConfigVo.siteDomainUrl.trim();
  if (input.isMobileDevice && domain && `https://${domain}` !== input.origin) return 'redirecting';
  if (info.maintainConfig.status === 0 && !input.appDownloadMode) return 'maintenance';
  return 'open';
}

/** The pre-info the gate knows after these events: the last one loaded, else the embedded one. */
export function known(input: SiteGateInput, history: readonly AnyEventObject[]): PreInfo | null {
  const loaded = history.filter((e) => e.type.startsWith('xstate.done.actor.'));
  return (loaded.at(-1) as DoneOrError | undefined)?.output?.preInfo ?? input.embedded;
}

const restrictedError = (e: AnyEventObject) =>
  RESTRICTED_CODES.includes((e as DoneOrError).error?.code ?? -1);
const evaluate = ({ event, input }: { event: AnyEventObject; input: SiteGateInput }) =>
  decided(input, (event as DoneOrError).output!.preInfo);

/** The gate's transitions, written from spec §1, §4, §5, §8 and issue 8 §2 (the gate only knows conditions). */
const GATE_TABLE: TransitionTable = {
  // Any call answered 6032 (spec §8): remembered, wherever the gate is.
  '*': { 'gate.alert': '=' },
  loading: {
    [`xstate.done.actor.${LOADING}`]: evaluate,
    [`xstate.error.actor.${LOADING}`]: ({ event }) => (restrictedError(event) ? 'restricted' : 'failed'),
  },
  failed: {
    'xstate.after.retry.siteGate.failed': 'loading',
    'gate.retry': 'loading',
    'gate.check': 'loading',
  },
  restricted: {
    'xstate.after.poll.siteGate.restricted': 'recheckingRestriction',
    'gate.check': 'recheckingRestriction',
  },
  recheckingRestriction: {
    [`xstate.done.actor.${RECHECKING}`]: evaluate,
    [`xstate.error.actor.${RECHECKING}`]: 'restricted',
  },
  open: {
    'xstate.after.poll.siteGate.open': 'refreshing',
    'gate.check': 'refreshing',
    'gate.restricted': 'restricted',
  },
  maintenance: { 'xstate.after.poll.siteGate.maintenance': 'refreshing', 'gate.check': 'refreshing' },
  refreshing: {
    [`xstate.done.actor.${REFRESHING}`]: evaluate,
    // A failed refresh keeps what the gate knew; a refusal restricts it (spec §8 6031/6033).
    [`xstate.error.actor.${REFRESHING}`]: ({ event, input, history }) =>
      restrictedError(event) ? 'restricted' : decided(input, known(input, history)!),
  },
};

/** Per-step checks common to every state: no navigation intent, pre-info announced when it was (re)judged. */
function common(o: OracleArgs, facts: { settled: boolean; maintenance: boolean; restricted: boolean }) {
  const input = o.input as SiteGateInput;
  // issue 8 §2: the gate only knows the site's condition; where the player goes is the policy's to say.
  expect(o.effects.emitted).toEqual([]);
  const judged =
    (o.event.type === 'xstate.init' && input.cookiesEnabled && input.embedded !== null) ||
    o.event.type.startsWith('xstate.done.actor.') ||
    (o.event.type === `xstate.error.actor.${REFRESHING}` && !restrictedError(o.event));
  const info = known(input, o.history);
  expect(
    o.effects.actions.filter((a) => a.name === 'announcePreInfo'),
    'announcePreInfo',
  ).toEqual(judged ? [{ name: 'announcePreInfo', params: { preInfo: info } }] : []);
  if (o.snapshot.value !== 'redirecting')
    expect(o.effects.actions.filter((a) => a.name === 'redirectExternal')).toEqual([]);
  // spec §8 6032: the latest answer about the alert wins (gate.alert, or a loader's flag on a fresh read).
  let alerted = false;
  for (const e of o.history) {
    if (e.type === 'gate.alert') alerted = true;
    else if (e.type.startsWith('xstate.done.actor.')) alerted = (e as DoneOrError).output!.alert;
  }
  expect(o.snapshot.context.alert, 'access alert').toBe(alerted);
  expect(gateFacts(o.snapshot as never, false)).toEqual({ ...facts, alert: o.snapshot.context.alert });
}

const pending = (o: OracleArgs, id: string | null) =>
  expect(o.fakes.pendingIds(), 'pre-info loads in flight').toEqual(id ? [id] : []);

const GATE_ORACLES: Record<string, (o: OracleArgs) => void> = {
  // spec §5: cookies must be enabled; nothing else runs.
  cookiesBlocked: (o) => {
    expect(o.fakes.invocations).toEqual([]);
    expect(o.fakes.calls).toEqual([]);
    common(o, { settled: false, maintenance: false, restricted: false });
  },
  loading: (o) => {
    pending(o, LOADING);
    common(o, { settled: false, maintenance: false, restricted: false });
  },
  failed: (o) => {
    pending(o, null);
    expect(o.snapshot.context.error).toBe(OFFLINE.message);
    common(o, { settled: false, maintenance: false, restricted: false });
  },
  // spec §8 6031/6033 (and 10102): the restriction page; the gate re-checks at the poll.
  restricted: (o) => {
    pending(o, null);
    common(o, { settled: true, maintenance: false, restricted: true });
  },
  recheckingRestriction: (o) => {
    pending(o, RECHECKING);
    common(o, { settled: false, maintenance: false, restricted: true });
  },
  open: (o) => {
    pending(o, null);
    const info = o.snapshot.context.preInfo as PreInfo;
    expect(info).toBe(known(o.input as SiteGateInput, o.history));
    expect(info.maintainConfig.status === 0 && !(o.input as SiteGateInput).appDownloadMode).toBe(false);
    common(o, { settled: true, maintenance: false, restricted: false });
  },
  // spec §4: maintainConfig.status 0 (not in mobile-app download mode).
  maintenance: (o) => {
    pending(o, null);
    const info = o.snapshot.context.preInfo as PreInfo;
    expect(info).toBe(known(o.input as SiteGateInput, o.history));
    expect(info.maintainConfig.status).toBe(0);
    expect((o.input as SiteGateInput).appDownloadMode).toBe(false);
    common(o, { settled: true, maintenance: true, restricted: false });
  },
  refreshing: (o) => {
    pending(o, REFRESHING);
    common(o, { settled: false, maintenance: false, restricted: false });
  },
  // spec §1: the mobile visitor goes to the site domain, keeping i_code; the gate goes quiet.
  redirecting: (o) => {
    const input = o.input as SiteGateInput;
    const url = `https://${MOBILE_DOMAIN}/` + (input.iCode ? `?i_code=${input.iCode}` : '');
    const entered = o.index === 0 || o.previous.value !== 'redirecting';
    expect(o.effects.actions.filter((a) => a.name === 'redirectExternal')).toEqual(
      entered ? [{ name: 'redirectExternal', params: { url } }] : [],
    );
    expect(o.snapshot.status).toBe('active');
    common(o, { settled: false, maintenance: false, restricted: false });
  },
};

export const BASE: SiteGateInput = {
  cookiesEnabled: true,
  embedded: null,
  isMobileDevice: false,
  appDownloadMode: false,
  origin: ORIGIN,
  iCode: null,
};

export const provided = (fakes: Fakes) =>
  siteGateMachine.provide({
    actors: { loadPreInfo: fakes.promise<PreInfoResult>('loadPreInfo') },
    actions: fakes.actions('redirectExternal', 'announcePreInfo'),
  });

export const siteGateModel: MachineModel<typeof siteGateMachine> = {
  title: 'site gate',
  machine: siteGateMachine,
  graphs: [
    { name: 'cookies disabled', input: { ...BASE, cookiesEnabled: false }, events: DESKTOP_EVENTS },
    { name: 'desktop, pre-info loaded', input: BASE, events: DESKTOP_EVENTS },
    { name: 'embedded maintenance pre-info', input: { ...BASE, embedded: DOWN }, events: DESKTOP_EVENTS },
    { name: 'embedded open pre-info', input: { ...BASE, embedded: OPEN }, events: DESKTOP_EVENTS },
    {
      name: 'app download mode with maintenance pre-info',
      input: { ...BASE, embedded: DOWN, appDownloadMode: true },
      events: DESKTOP_EVENTS,
    },
    {
      name: 'mobile with a site domain, pre-info loaded',
      input: { ...BASE, isMobileDevice: true, iCode: 'AB12' },
      events: MOBILE_EVENTS,
    },
    {
      name: 'mobile with a site domain in the embedded pre-info',
      input: { ...BASE, isMobileDevice: true, embedded: MOBILE },
      events: MOBILE_EVENTS,
    },
  ],
  harness: {
    logic: provided,
    delays: { poll: GATE_POLL_MS, retry: GATE_RETRY_MS },
    initial: (input: SiteGateInput) =>
      !input.cookiesEnabled ? 'cookiesBlocked' : input.embedded ? decided(input, input.embedded) : 'loading',
    transitions: GATE_TABLE,
    oracles: GATE_ORACLES,
  },
};
