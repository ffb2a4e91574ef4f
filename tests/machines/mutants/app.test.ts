// Mutation testing (issue 18 §3): the root as `createAppMachine` wires it — socket pushes reaching the root,
// the reconnect wait the composition's jitter decides, and what a route change tells the session and the modal
// host; the site title the gate's pre-info brings (spec §2, §3 SiteBaseConfigVo.title) reaching the tab.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyEventObject, EventObject } from 'xstate';
import { createAppMachine, type AppEffects, type AppInput } from '../../../machines/app.machine.ts';
import type { ModalSpec } from '../../../machines/modal-types.ts';
import type { OpenModal } from '../../../machines/modal-host.machine.ts';
import type { ConnectionCommand } from '../../../machines/socket.machine.ts';
import type { PreInfoResult } from '../../../machines/site-gate.machine.ts';
import type { MemberInfo } from '../../../src/protocol/member.ts';
import type { Notice } from '../../../src/protocol/site.ts';
import { deferred, settle } from '../../support/model-paths.ts';
import { preInfo } from '../fixtures.ts';

/** spec §9: modal leave animation 300 ms. */
const MODAL_LEAVE_MS = 300;
/** Reconnect back-off (docs/machines/socket.md): the first wait is 1 s before jitter. */
const FIRST_BACKOFF_MS = 1_000;
/** What the composition's jitter adds in these tests: the wait actually used must be the jittered one. */
const JITTER_MS = 250;

const INPUT: AppInput = {
  gate: {
    cookiesEnabled: true,
    embedded: null,
    isMobileDevice: false,
    appDownloadMode: false,
    origin: 'https://www.qipai.example',
    iCode: null,
  },
  theme: { stored: null, query: null },
  title: { title: '棋牌', hidden: false },
  session: {
    token: null,
    urlToken: null,
    userName: null,
    cachedMember: null,
    rememberLogin: true,
    inviteCodes: {},
  },
  alertSkipped: false,
};

const MEMBER: MemberInfo = {
  userId: 7,
  userName: 'alice',
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 1,
  inviteCode: 'ABCD1234',
  registeredAt: '2025-01-02T03:04:05.000Z',
};

interface Socket {
  sendBack: (e: AnyEventObject) => void;
  closed: boolean;
}

async function startApp(input: AppInput = INPUT, overrides: Partial<AppEffects> = {}) {
  const sockets: Socket[] = [];
  const memberFetches: Array<ReturnType<typeof deferred<MemberInfo>>> = [];
  const counts = { tokenClears: 0 };
  const never = <T>() => new Promise<T>(() => {});
  const fx: AppEffects = {
    loadPreInfo: () => never(),
    redirectExternal: () => {},
    applyTheme: () => {},
    persistTheme: () => {},
    renderTitle: () => {},
    persistAlertSkip: () => {},
    login: () => never(),
    register: () => never(),
    resetPassword: () => never(),
    fetchMember: () => {
      const d = deferred<MemberInfo>();
      memberFetches.push(d);
      return d.promise;
    },
    logout: () => never(),
    persistToken: () => {},
    clearToken: () => void counts.tokenClears++,
    cacheMember: () => {},
    reloadPage: () => {},
    sendSms: () => never(),
    lockScroll: () => {},
    unlockScroll: () => {},
    connection: fromCallback<ConnectionCommand>(({ sendBack }) => {
      const socket: Socket = { sendBack, closed: false };
      sockets.push(socket);
      return () => void (socket.closed = true);
    }),
    fetchJwt: () => never(),
    jitter: (ms) => ms + JITTER_MS,
    ...overrides,
  };
  const clock = new SimulatedClock();
  const sessionEvents: AnyEventObject[] = [];
  const errors: unknown[] = [];
  const actor = createActor(createAppMachine(fx), {
    input,
    clock,
    inspect: (ev) => {
      if (ev.type === '@xstate.event' && ev.actorRef === actor.system.get('session'))
        sessionEvents.push(ev.event);
    },
  });
  actor.subscribe({ error: (e) => void errors.push(e) });
  actor.start();
  await settle();
  const advance = async (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
    await settle();
  };
  const modals = () =>
    ((actor.system.get('modals') as AnyActorRef).getSnapshot().context.modals as OpenModal[]).map((m) => ({
      key: m.key,
      state: String(m.ref.getSnapshot().value),
    }));
  return { actor, advance, counts, errors, memberFetches, modals, sessionEvents, sockets };
}

/** An area that records every event the root broadcasts to it. */
function recordingArea(received: AnyEventObject[]) {
  return setup({}).createMachine({
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  });
}

const NOTICE: Notice = {
  id: 5,
  category: 1,
  title: '维护通知',
  content: '今晚维护',
  createdAt: '2025-01-02T00:00:00Z',
};

describe('socket pushes reach the root (createAppMachine)', () => {
  it('a pushed notice (20001) is broadcast to the running areas as socket.notice', async () => {
    const app = await startApp();
    const received: AnyEventObject[] = [];
    app.actor.send({ type: 'area.enter', id: 'home', logic: recordingArea(received), input: {} });
    app.sockets.at(-1)!.sendBack({ type: 'ws.open' });
    app.sockets.at(-1)!.sendBack({ type: 'ws.message', msg: { msgId: 20001, body: NOTICE } });
    await settle();
    expect(received.filter((e) => e.type === 'socket.notice')).toEqual([
      { type: 'socket.notice', notice: NOTICE },
    ]);
  });

  it('a kick (20003, 6001) ends the session: the token goes and a confirm with the message opens (spec §8)', async () => {
    const app = await startApp({ ...INPUT, session: { ...INPUT.session, token: 'tok', userName: 'alice' } });
    app.memberFetches.at(-1)!.resolve(MEMBER);
    await settle();
    app.sockets.at(-1)!.sendBack({ type: 'ws.open' });
    app.sockets.at(-1)!.sendBack({
      type: 'ws.message',
      msg: { msgId: 20003, body: { code: 6001, message: '您的账号已在别处登录' } },
    });
    await settle();
    expect(app.counts.tokenClears).toBeGreaterThanOrEqual(1);
    expect((app.actor.system.get('session') as AnyActorRef).getSnapshot().value).toBe('anonymous');
    expect(app.modals()).toEqual([{ key: 'notice:confirm:您的账号已在别处登录', state: 'open' }]);
  });
});

describe('reconnect wait (the composition spreads reconnects with jitter)', () => {
  it('a lost socket comes back after the jittered back-off, not before', async () => {
    const app = await startApp();
    app.sockets.at(-1)!.sendBack({ type: 'ws.open' });
    app.sockets.at(-1)!.sendBack({ type: 'ws.close', code: 1006 });
    await settle();
    expect(app.sockets).toHaveLength(1);
    await app.advance(FIRST_BACKOFF_MS + JITTER_MS - 1);
    expect(app.sockets).toHaveLength(1);
    await app.advance(1);
    expect(app.sockets).toHaveLength(2);
  });
});

describe('route changes', () => {
  it('a search change on the same page does not tell the session the page changed', async () => {
    const app = await startApp();
    app.actor.send({ type: 'route.changed', path: '/user/login', search: '' });
    app.actor.send({ type: 'route.changed', path: '/user/login', search: '?redirect=%2Fmine' });
    app.actor.send({ type: 'route.changed', path: '/', search: '' });
    expect(app.sessionEvents.filter((e) => e.type === 'session.pageChanged')).toEqual([
      { type: 'session.pageChanged', path: '/user/login' },
      { type: 'session.pageChanged', path: '/' },
    ]);
  });

  it('the modal host learns the page: a home dialog stays on a search change of home, goes when leaving', async () => {
    const app = await startApp();
    app.actor.send({ type: 'route.changed', path: '/', search: '' });
    const spec: ModalSpec = {
      key: 'pop:1',
      route: '/',
      kind: 'info',
      title: 'p',
      content: { kind: 'text', text: 'x' },
      buttons: [],
    };
    (app.actor.system.get('modals') as AnyActorRef).send({ type: 'modal.open', spec } as EventObject);
    app.actor.send({ type: 'route.changed', path: '/', search: '?theme=1' });
    await app.advance(MODAL_LEAVE_MS);
    expect(app.modals()).toEqual([{ key: 'pop:1', state: 'open' }]);
    app.actor.send({ type: 'route.changed', path: '/game/chess', search: '' });
    await app.advance(MODAL_LEAVE_MS);
    expect(app.modals()).toEqual([]);
  });
});

describe('the site title from pre-info (spec §2 the tab shows the site title; §3 SiteBaseConfigVo.title)', () => {
  it('the first pre-info titles the tab with its site title; a re-read with a new title re-titles it', async () => {
    const loads = [deferred<PreInfoResult>(), deferred<PreInfoResult>()];
    let call = 0;
    const titles: string[] = [];
    const app = await startApp(INPUT, {
      loadPreInfo: () => loads[call++]!.promise,
      renderTitle: (text) => void titles.push(text),
    });
    expect(titles).toEqual(['棋牌']);
    // Short titles (under the 27-unit marquee width, spec §2), so the tab shows each whole.
    loads[0]!.resolve({ preInfo: preInfo({ title: '新站' }), alert: false });
    await settle();
    expect(app.errors).toEqual([]);
    expect(app.actor.getSnapshot().status).toBe('active');
    expect(titles).toEqual(['棋牌', '新站']);

    app.actor.send({ type: 'page.focus', cookieToken: null });
    loads[1]!.resolve({ preInfo: preInfo({ title: '另一站' }), alert: false });
    await settle();
    expect(app.errors).toEqual([]);
    expect(titles).toEqual(['棋牌', '新站', '另一站']);
  });
});
