import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { PreInfo } from '../../src/protocol/site.ts';
import { gateFacts, mobileRedirectUrl, type SiteGateInput } from '../../machines/site-gate.machine.ts';
import { describeModel, Fakes, settle } from '../support/model-paths.ts';
import { DOWN, MOBILE, MOBILE_DOMAIN, OPEN, ORIGIN, preInfo } from './fixtures.ts';
import {
  BASE,
  GATE_POLL_MS,
  GATE_RETRY_MS,
  LOADING,
  OFFLINE,
  provided,
  RECHECKING,
  REFRESHING,
  REFUSED,
  siteGateModel,
} from './site-gate.model.ts';

describeModel(siteGateModel.title, siteGateModel.machine, siteGateModel.graphs, siteGateModel.harness);

async function start(input: Partial<SiteGateInput> = {}) {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input: { ...BASE, ...input }, clock });
  // issue 8 §2: the gate emits nothing (navigation is machines/navigation-policy.ts's); any emit is recorded.
  const navigations: unknown[] = [];
  actor.on('*', (e) => void navigations.push(e));
  actor.start();
  await settle();
  const load = async (id: string, info: PreInfo, alert = false) => {
    fakes.resolve(id, { preInfo: info, alert });
    await settle();
  };
  /** What the navigation policy reads of the gate (no access-alert skip). */
  const facts = (alertSkipped = false) => gateFacts(actor.getSnapshot(), alertSkipped);
  return { actor, clock, fakes, navigations, load, facts };
}

const SETTLED_OPEN = { settled: true, maintenance: false, restricted: false, alert: false };
const MAINTAINED = { settled: true, maintenance: true, restricted: false, alert: false };
const RESTRICTED = { settled: true, maintenance: false, restricted: true, alert: false };

describe('site gate: maintenance (spec §4)', () => {
  it('maintainConfig.status 0 puts the gate in maintenance (the policy then shows the maintenance page)', async () => {
    const { actor, fakes, navigations, load, facts } = await start();
    expect(actor.getSnapshot().value).toBe('loading');
    // Not settled yet: pages bound to a condition are not judged meanwhile (issue 8 §2).
    expect(facts()).toEqual({ settled: false, maintenance: false, restricted: false, alert: false });
    expect(fakes.invocations.map((i) => i.src)).toEqual(['loadPreInfo']);
    await load(LOADING, DOWN);
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(facts()).toEqual(MAINTAINED);
    expect(navigations).toEqual([]);
    expect(fakes.called('announcePreInfo')).toEqual([{ preInfo: DOWN }]);
  });

  it('is not in maintenance in mobile-app download mode (spec §4)', async () => {
    const { actor, navigations, facts } = await start({ embedded: DOWN, appDownloadMode: true });
    expect(actor.getSnapshot().value).toBe('open');
    expect(facts()).toEqual(SETTLED_OPEN);
    expect(navigations).toEqual([]);
  });

  it('status back to 1 on focus (gate.check) ends the maintenance', async () => {
    const { actor, fakes, navigations, load, facts } = await start({ embedded: DOWN });
    expect(facts()).toEqual(MAINTAINED);
    actor.send({ type: 'gate.check' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    // Re-reading: not settled, and no longer claimed to be in maintenance.
    expect(facts().settled).toBe(false);
    await load(REFRESHING, OPEN);
    expect(actor.getSnapshot().value).toBe('open');
    expect(facts()).toEqual(SETTLED_OPEN);
    expect(navigations).toEqual([]);
    expect(fakes.called('announcePreInfo')).toEqual([{ preInfo: DOWN }, { preInfo: OPEN }]);
  });

  it('status back to 1 at the next poll (GATE_POLL_MS) ends the maintenance', async () => {
    const { actor, clock, fakes, load, facts } = await start({ embedded: DOWN });
    clock.increment(GATE_POLL_MS - 1);
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(fakes.invocations).toHaveLength(0);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(fakes.invocations).toHaveLength(1);
    await load(REFRESHING, OPEN);
    expect(facts()).toEqual(SETTLED_OPEN);
  });

  it('still maintained at the poll: stays in maintenance and polls again', async () => {
    const { actor, clock, fakes, navigations, load } = await start({ embedded: DOWN });
    clock.increment(GATE_POLL_MS);
    await load(REFRESHING, DOWN);
    expect(actor.getSnapshot().value).toBe('maintenance');
    clock.increment(GATE_POLL_MS);
    expect(fakes.invocations).toHaveLength(2);
    expect(navigations).toEqual([]);
  });

  it('a refresh while open that finds the site open stays open', async () => {
    const { actor, clock, navigations, load } = await start({ embedded: OPEN });
    clock.increment(GATE_POLL_MS);
    await load(REFRESHING, OPEN);
    expect(actor.getSnapshot().value).toBe('open');
    expect(navigations).toEqual([]);
  });

  it('maintenance starting while open puts the gate in maintenance', async () => {
    const { actor, navigations, load, facts } = await start({ embedded: OPEN });
    actor.send({ type: 'gate.check' });
    await load(REFRESHING, DOWN);
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(facts()).toEqual(MAINTAINED);
    expect(navigations).toEqual([]);
  });

  it('a failed refresh keeps the known pre-info and state', async () => {
    const { actor, fakes, navigations } = await start({ embedded: DOWN });
    actor.send({ type: 'gate.check' });
    fakes.reject(REFRESHING, OFFLINE);
    await settle();
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(actor.getSnapshot().context.preInfo).toBe(DOWN);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(navigations).toEqual([]);
  });
});

describe('site gate: loading', () => {
  it('a failed load retries by itself after GATE_RETRY_MS', async () => {
    const { actor, clock, fakes, load } = await start();
    fakes.reject(LOADING, OFFLINE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('offline');
    clock.increment(GATE_RETRY_MS - 1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(fakes.invocations).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.invocations).toHaveLength(2);
    await load(LOADING, OPEN);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each(['gate.retry', 'gate.check'] as const)('%s after a failed load retries at once', async (type) => {
    const { actor, clock, fakes } = await start();
    fakes.reject(LOADING, OFFLINE);
    await settle();
    actor.send({ type });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.invocations).toHaveLength(2);
    // The retry timer of the failed state is gone.
    clock.increment(GATE_RETRY_MS);
    expect(fakes.invocations).toHaveLength(2);
  });

  it('keeps the access-alert flag the loader reports', async () => {
    const { actor, load } = await start();
    await load(LOADING, OPEN, true);
    expect(actor.getSnapshot().context.alert).toBe(true);
  });

  it('uses embedded pre-info without a round trip', async () => {
    const { actor, fakes } = await start({ embedded: OPEN });
    expect(actor.getSnapshot().value).toBe('open');
    expect(fakes.invocations).toEqual([]);
    expect(fakes.called('announcePreInfo')).toEqual([{ preInfo: OPEN }]);
  });

  it('with cookies disabled does nothing else (spec §5)', async () => {
    const { actor, clock, fakes, navigations } = await start({ cookiesEnabled: false, embedded: DOWN });
    expect(actor.getSnapshot().value).toBe('cookiesBlocked');
    expect(actor.getSnapshot().status).toBe('active'); // stays alive, ignoring events
    clock.increment(GATE_POLL_MS);
    expect(fakes.invocations).toEqual([]);
    expect(fakes.calls).toEqual([]);
    expect(navigations).toEqual([]);
  });
});

describe('site gate: restriction (spec §8 6031/6033, a blocked device 10102)', () => {
  it.each([6031, 6033, 10102])(
    'a pre-info load refused with %i waits in restricted, not failed',
    async (code) => {
      const { actor, clock, fakes } = await start();
      fakes.reject(LOADING, Object.assign(new Error('access restricted'), { code }));
      await settle();
      expect(actor.getSnapshot().value).toBe('restricted');
      // Not the failed state's quick retry: the restricted gate re-checks at the poll interval.
      clock.increment(GATE_RETRY_MS);
      expect(fakes.invocations).toHaveLength(1);
    },
  );

  it('a lifted restriction is found at the next poll (the policy then sends the player home)', async () => {
    const { actor, clock, fakes, navigations, load, facts } = await start();
    fakes.reject(LOADING, REFUSED);
    await settle();
    expect(facts()).toEqual(RESTRICTED);
    clock.increment(GATE_POLL_MS);
    expect(actor.getSnapshot().value).toBe('recheckingRestriction');
    // Still restricted while re-checking.
    expect(facts().restricted).toBe(true);
    await load(RECHECKING, OPEN);
    expect(actor.getSnapshot().value).toBe('open');
    expect(facts()).toEqual(SETTLED_OPEN);
    expect(navigations).toEqual([]);
  });

  it('gate.restricted (another call refused with 6031/6033) restricts an open gate until a re-check clears it', async () => {
    const { actor, clock, navigations, load, facts } = await start({ embedded: OPEN });
    actor.send({ type: 'gate.restricted' });
    expect(actor.getSnapshot().value).toBe('restricted');
    expect(facts()).toEqual(RESTRICTED);
    clock.increment(GATE_POLL_MS);
    await load(RECHECKING, OPEN);
    expect(facts()).toEqual(SETTLED_OPEN);
    expect(navigations).toEqual([]);
  });

  it('a refresh refused as restricted restricts the gate', async () => {
    const { actor, fakes, facts } = await start({ embedded: OPEN });
    actor.send({ type: 'gate.check' });
    fakes.reject(REFRESHING, REFUSED);
    await settle();
    expect(actor.getSnapshot().value).toBe('restricted');
    expect(facts()).toEqual(RESTRICTED);
  });

  it('the access alert (6032) holds until the player skips it', async () => {
    const { load, facts } = await start();
    await load(LOADING, OPEN, true);
    expect(facts()).toEqual({ ...SETTLED_OPEN, alert: true });
    expect(facts(true)).toEqual(SETTLED_OPEN);
    expect(gateFacts(undefined, false)).toEqual({
      settled: false,
      maintenance: false,
      restricted: false,
      alert: false,
    });
  });

  it('focus re-checks a restriction at once; still refused stays restricted', async () => {
    const { actor, fakes, navigations } = await start();
    fakes.reject(LOADING, REFUSED);
    await settle();
    actor.send({ type: 'gate.check' });
    expect(actor.getSnapshot().value).toBe('recheckingRestriction');
    fakes.reject(RECHECKING, REFUSED);
    await settle();
    expect(actor.getSnapshot().value).toBe('restricted');
    expect(navigations).toEqual([]);
  });

  it('an uncoded load failure is not a restriction', async () => {
    const { actor, fakes } = await start();
    fakes.reject(LOADING, OFFLINE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});

describe('site gate: mobile redirect (spec §1)', () => {
  const ctx = (over: Partial<Parameters<typeof mobileRedirectUrl>[0]> = {}) => ({
    isMobileDevice: true,
    origin: ORIGIN,
    iCode: null,
    preInfo: MOBILE,
    ...over,
  });

  it('sends a mobile visitor to the site domain', () => {
    expect(mobileRedirectUrl(ctx())).toBe(`https://${MOBILE_DOMAIN}/`);
  });

  it('keeps i_code', () => {
    expect(mobileRedirectUrl(ctx({ iCode: 'AB12' }))).toBe(`https://${MOBILE_DOMAIN}/?i_code=AB12`);
    const withQuery = preInfo({ siteDomainUrl: 'http://m.qipai.example/h5?from=pc' });
    expect(mobileRedirectUrl(ctx({ iCode: 'AB12', preInfo: withQuery }))).toBe(
      'http://m.qipai.example/h5?from=pc&i_code=AB12',
    );
  });

  it('never redirects to the same origin', () => {
    expect(mobileRedirectUrl(ctx({ origin: `https://${MOBILE_DOMAIN}` }))).toBeNull();
    const sameWithPath = preInfo({ siteDomainUrl: `https://${MOBILE_DOMAIN}/h5/` });
    expect(mobileRedirectUrl(ctx({ origin: `https://${MOBILE_DOMAIN}`, preInfo: sameWithPath }))).toBeNull();
  });

  it('does not redirect when siteDomainUrl is empty or blank, or pre-info is unknown', () => {
    expect(mobileRedirectUrl(ctx({ preInfo: preInfo({ siteDomainUrl: '' }) }))).toBeNull();
    expect(mobileRedirectUrl(ctx({ preInfo: preInfo({ siteDomainUrl: '   ' }) }))).toBeNull();
    expect(mobileRedirectUrl(ctx({ preInfo: null }))).toBeNull();
  });

  it('does not redirect a desktop device', () => {
    expect(mobileRedirectUrl(ctx({ isMobileDevice: false, iCode: 'AB12' }))).toBeNull();
  });

  it('does not redirect to an address that is not a URL', () => {
    expect(mobileRedirectUrl(ctx({ preInfo: preInfo({ siteDomainUrl: 'http://' }) }))).toBeNull();
  });

  it('the gate redirects a mobile visitor and stops, before any maintenance check', async () => {
    const downMobile = preInfo({ status: 0, siteDomainUrl: MOBILE_DOMAIN });
    const { actor, fakes, navigations } = await start({
      isMobileDevice: true,
      iCode: 'AB12',
      embedded: downMobile,
    });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().status).toBe('active');
    expect(fakes.called('redirectExternal')).toEqual([{ url: `https://${MOBILE_DOMAIN}/?i_code=AB12` }]);
    expect(navigations).toEqual([]);
  });

  it('a mobile visitor already on the site domain stays', async () => {
    const { actor, fakes } = await start({
      isMobileDevice: true,
      embedded: MOBILE,
      origin: `https://${MOBILE_DOMAIN}`,
    });
    expect(actor.getSnapshot().value).toBe('open');
    expect(fakes.called('redirectExternal')).toEqual([]);
  });

  it('a desktop visitor is not redirected', async () => {
    const { actor, fakes } = await start({ embedded: MOBILE });
    expect(actor.getSnapshot().value).toBe('open');
    expect(fakes.called('redirectExternal')).toEqual([]);
  });
});
