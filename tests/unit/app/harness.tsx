// Renders the real app (routes, root layout, app actor) under a memory router with fake effects.
import { configure, render, waitFor } from '@testing-library/react';
import { expect, vi, type Mock } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import {
  createAppMachine,
  type AppEffects,
  type AppInput,
  type appMachine,
} from '../../../machines/app.machine.ts';
import type { HomeContent, HomeLoad } from '../../../machines/home/home-content.machine.ts';
import type { SessionInput } from '../../../machines/session.machine.ts';
import type { ConnectionCommand } from '../../../machines/socket.machine.ts';
import type { PreInfoResult } from '../../../machines/site-gate.machine.ts';
import { AppActor } from '../../../src/app/app-actor.ts';
import { routes } from '../../../src/app/routes.tsx';
import type { MemberInfo } from '../../../src/protocol/member.ts';
import type { PreInfo } from '../../../src/protocol/site.ts';
import { storageGet, storageSet } from '../../../src/platform/storage.ts';
import { LoadingScreen } from '../../../src/ui/loading-screen.tsx';

// The home area loads its content through src/features/home/load-home.ts (the real API): the harness stands in
// for it with the effects of the app being rendered (their `loadHome`).
const homeLoader = vi.hoisted(() => ({ current: null as null | (() => Promise<HomeLoad>) }));
vi.mock('../../../src/features/home/load-home.ts', () => ({
  loadHome: () => {
    if (!homeLoader.current) throw new Error('no app rendered: no home content to load');
    return homeLoader.current();
  },
}));

/** The local item the home area keeps the pop-up's last closing day under (spec §3 local items). */
export const POP_SEEN_KEY = 'popSeenOn';
/** The day the pop-up was last closed, as the home area persisted it. */
export const popSeenStored = () => storageGet<string>(POP_SEEN_KEY);

// The first route loads lazily: on a busy machine that can take longer than the default 1 s of findBy/waitFor.
configure({ asyncUtilTimeout: 3000 });

export const TODAY = '2026-11-21';
export const ORIGIN = 'http://localhost:3000';

/** A complete site pre-info (spec §3): open, no skins; override what a test reads. */
export function preInfo(overrides: Partial<PreInfo> = {}): PreInfo {
  return {
    SiteBaseConfigVo: { title: '星耀棋牌官网', webLogoTitleUrl: '/media/test-logo.png', siteDomainUrl: '' },
    address: '',
    disablePhones: [],
    globePhoneNumber: '400-800-1234',
    ip: '203.0.113.7',
    maintainConfig: { status: 1, startTime: null, endTime: null, notice: '' },
    siteFestivalSkin: '',
    siteVideoActiveUrl: '',
    siteVideoSkinOpen: false,
    stopLogin: false,
    stopRegister: false,
    ...overrides,
  };
}

/** Home content with every part present; override what a test reads. */
export function homeContent(overrides: Partial<HomeContent> = {}): HomeContent {
  return {
    notices: [
      { id: 1, category: 1, title: '公告一', content: '系统升级完成', createdAt: '2026-11-20' },
      { id: 2, category: 1, title: '公告二', content: '新游戏上线', createdAt: '2026-11-20' },
    ],
    ads: [
      {
        id: 11,
        title: '首充豪礼',
        imageUrl: '/media/ad-1.png',
        linkUrl: '/activity/discount',
        width: 1200,
        height: 400,
      },
      {
        id: 12,
        title: '周末返水',
        imageUrl: '/media/ad-2.png',
        linkUrl: '/mine/rebate',
        width: 1200,
        height: 401,
      },
      { id: 13, title: '邀请有礼', imageUrl: '/media/ad-3.png', linkUrl: '', width: 1199, height: 402 },
    ],
    icons: [
      {
        id: 21,
        title: '幸运翻牌',
        imageUrl: '/media/icon.png',
        linkUrl: '/activity/luckyFlip',
        displayEquipment: '1',
      },
    ],
    pop: null,
    counts: { QP: 12, TY: 8, ZR: 5, DZ: 31, CP: 7, DJ: 3, BY: 2 },
    ...overrides,
  };
}

/** The player a logged-in test plays (spec §3: the user name is the phone without its country). */
export const PLAYER_PHONE = '13800138000';
export const PLAYER_TOKEN = 'token-kept-from-earlier';
export const NEW_TOKEN = 'token-issued-by-login';

export function member(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    userId: 1001,
    userName: PLAYER_PHONE,
    phone: `(86)${PLAYER_PHONE}`,
    countryCode: '86',
    vipLevel: 0,
    inviteCode: 'AB12CD',
    registeredAt: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}

/** A device that kept a login from an earlier visit (the session restores it with fetchMember). */
export const LOGGED_IN: Partial<SessionInput> = {
  token: PLAYER_TOKEN,
  userName: PLAYER_PHONE,
  cachedMember: member(),
};

export interface FakeEffects extends AppEffects {
  loadPreInfo: Mock<() => Promise<PreInfoResult>>;
  redirectExternal: Mock<(url: string) => void>;
  applyTheme: Mock<AppEffects['applyTheme']>;
  persistTheme: Mock<AppEffects['persistTheme']>;
  renderTitle: Mock<(text: string) => void>;
  /** The home area's loader (src/features/home/load-home.ts, mocked above). */
  loadHome: Mock<() => Promise<HomeLoad>>;
  persistAlertSkip: Mock<() => void>;
  login: Mock<AppEffects['login']>;
  register: Mock<AppEffects['register']>;
  resetPassword: Mock<AppEffects['resetPassword']>;
  fetchMember: Mock<AppEffects['fetchMember']>;
  logout: Mock<AppEffects['logout']>;
  persistToken: Mock<AppEffects['persistToken']>;
  clearToken: Mock<AppEffects['clearToken']>;
  cacheMember: Mock<AppEffects['cacheMember']>;
  reloadPage: Mock<AppEffects['reloadPage']>;
  sendSms: Mock<AppEffects['sendSms']>;
  lockScroll: Mock<() => void>;
  unlockScroll: Mock<() => void>;
  fetchJwt: Mock<AppEffects['fetchJwt']>;
  jitter: Mock<AppEffects['jitter']>;
  /** How many live-socket connections the app opened (each one stays connecting: it never opens). */
  connections: { started: number; stopped: number };
}

export function fakeEffects(
  opts: { preInfo?: PreInfo; content?: HomeContent; today?: string } = {},
): FakeEffects {
  const info = opts.preInfo ?? preInfo();
  const content = opts.content ?? homeContent();
  const connections = { started: 0, stopped: 0 };
  return {
    loadPreInfo: vi.fn(() => Promise.resolve({ preInfo: info, alert: false })),
    redirectExternal: vi.fn(),
    applyTheme: vi.fn(),
    persistTheme: vi.fn(),
    renderTitle: vi.fn(),
    loadHome: vi.fn(() => Promise.resolve({ content, today: opts.today ?? TODAY })),
    persistAlertSkip: vi.fn(),
    // The server accepts every account call: a test overrides the one it reads.
    login: vi.fn((request) =>
      Promise.resolve({
        token: NEW_TOKEN,
        expiresAt: null,
        userName: request.phone,
        remember: request.remember,
      }),
    ),
    register: vi.fn((request) =>
      Promise.resolve({ token: NEW_TOKEN, expiresAt: null, userName: request.phone, remember: false }),
    ),
    resetPassword: vi.fn(() => Promise.resolve()),
    fetchMember: vi.fn((userName) =>
      Promise.resolve(userName ? member({ userName, phone: `(86)${userName}` }) : member()),
    ),
    logout: vi.fn(() => Promise.resolve()),
    persistToken: vi.fn(),
    clearToken: vi.fn(),
    cacheMember: vi.fn(),
    reloadPage: vi.fn(),
    sendSms: vi.fn(() => Promise.resolve({ resendAfter: 60 })),
    lockScroll: vi.fn(),
    unlockScroll: vi.fn(),
    // The live socket of a logged-in player: a connection that never opens, so no heartbeat or login runs.
    connection: fromCallback<ConnectionCommand, unknown, EventObject>(() => {
      connections.started += 1;
      return () => {
        connections.stopped += 1;
      };
    }),
    connections,
    fetchJwt: vi.fn(() => Promise.resolve({ jwt: 'jwt-for-the-socket', expiresIn: 3600 })),
    jitter: vi.fn((ms: number) => ms),
  };
}

export interface InputOptions {
  cookiesEnabled?: boolean;
  embedded?: PreInfo | null;
  title?: string;
  hidden?: boolean;
  popSeenOn?: string | null;
  alertSkipped?: boolean;
  /** The session the device starts with: anonymous unless a test passes a token (see LOGGED_IN). */
  session?: Partial<SessionInput>;
}

/** What readBootInput() (src/app/compose.ts) builds from the browser, built by hand for `path`. */
export function bootInput(path: string, opts: InputOptions = {}): AppInput {
  const url = new URL(path, ORIGIN);
  return {
    gate: {
      cookiesEnabled: opts.cookiesEnabled ?? true,
      embedded: opts.embedded ?? null,
      isMobileDevice: false,
      appDownloadMode: false,
      origin: ORIGIN,
      iCode: url.searchParams.get('i_code'),
    },
    theme: { stored: null, query: null },
    title: { title: opts.title ?? '星耀棋牌', hidden: opts.hidden ?? false },
    alertSkipped: opts.alertSkipped ?? false,
    session: {
      token: null,
      urlToken: null,
      userName: null,
      cachedMember: null,
      rememberLogin: false,
      inviteCodes: {},
      ...opts.session,
    },
  };
}

export type AppRef = ActorRefFrom<typeof appMachine>;

/** Exposes the running app actor to the test. */
function CaptureActor({ into, routed }: { into: { current: AppRef | null }; routed: { current: boolean } }) {
  const ref = AppActor.useActorRef();
  if (into.current !== ref) {
    into.current = ref;
    // The bridges report the route from the same effect flush that attaches their listeners (error bus, focus,
    // visibility): once the app has heard a route.changed, events from the page reach it.
    ref.system.inspect((ev) => {
      if (ev.type === '@xstate.event' && ev.actorRef === ref && ev.event.type === 'route.changed')
        routed.current = true;
    });
  }
  return null;
}

export function renderApp(path: string, opts: { effects?: FakeEffects; input?: InputOptions } = {}) {
  const effects = opts.effects ?? fakeEffects();
  const input = bootInput(path, opts.input);
  homeLoader.current = effects.loadHome;
  // The home area reads the pop-up's last closing day from storage when it starts.
  if (opts.input?.popSeenOn) storageSet(POP_SEEN_KEY, opts.input.popSeenOn);
  // A browser router keeps window.location in step with the route; the memory router does not, so the page
  // URL starts where the route does (the navigation bridge compares intents with window.location).
  window.history.replaceState(null, '', path);
  // As src/app/app.tsx does: the loading placeholder while the first lazy route loads.
  const router = createMemoryRouter(
    routes.map((r) => ({ ...r, HydrateFallback: LoadingScreen })),
    { initialEntries: [path] },
  );
  const actor: { current: AppRef | null } = { current: null };
  const routed = { current: false };
  const view = render(
    <AppActor.Provider logic={createAppMachine(effects)} options={{ input }}>
      <CaptureActor into={actor} routed={routed} />
      <RouterProvider router={router} />
    </AppActor.Provider>,
  );
  /**
   * Waits until the bridges are listening. A page on screen is not enough: React may not yet have run the
   * bridges' effects (a lazy route commits outside act), and a focus or visibility event sent before is lost.
   */
  const bridged = () => waitFor(() => expect(routed.current).toBe(true));
  return { ...view, router, effects, actor, bridged };
}

/** A promise whose settling the test controls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
