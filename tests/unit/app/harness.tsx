// Renders the real app (routes, root layout, app actor) under a memory router with fake effects.
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  createAppMachine,
  type AppEffects,
  type AppInput,
  type appMachine,
} from '../../../machines/app.machine.ts';
import type { HomeContent, HomeLoad } from '../../../machines/home-content.machine.ts';
import type { PreInfoResult } from '../../../machines/site-gate.machine.ts';
import { AppActor } from '../../../src/app/app-actor.ts';
import { routes } from '../../../src/app/routes.tsx';
import type { PreInfo } from '../../../src/protocol/site.ts';
import { LoadingScreen } from '../../../src/ui/loading-screen.tsx';

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
    counts: { QP: 12, TY: 8, ZR: 5, DZ: 31, CP: 7, DJ: 3 },
    ...overrides,
  };
}

export interface FakeEffects extends AppEffects {
  loadPreInfo: Mock<() => Promise<PreInfoResult>>;
  redirectExternal: Mock<(url: string) => void>;
  applyTheme: Mock<AppEffects['applyTheme']>;
  persistTheme: Mock<AppEffects['persistTheme']>;
  renderTitle: Mock<(text: string) => void>;
  loadHome: Mock<() => Promise<HomeLoad>>;
  persistPopSeen: Mock<(day: string) => void>;
  persistAlertSkip: Mock<() => void>;
}

export function fakeEffects(
  opts: { preInfo?: PreInfo; content?: HomeContent; today?: string } = {},
): FakeEffects {
  const info = opts.preInfo ?? preInfo();
  const content = opts.content ?? homeContent();
  return {
    loadPreInfo: vi.fn(() => Promise.resolve({ preInfo: info, alert: false })),
    redirectExternal: vi.fn(),
    applyTheme: vi.fn(),
    persistTheme: vi.fn(),
    renderTitle: vi.fn(),
    loadHome: vi.fn(() => Promise.resolve({ content, today: opts.today ?? TODAY })),
    persistPopSeen: vi.fn(),
    persistAlertSkip: vi.fn(),
  };
}

export interface InputOptions {
  cookiesEnabled?: boolean;
  embedded?: PreInfo | null;
  title?: string;
  hidden?: boolean;
  popSeenOn?: string | null;
  alertSkipped?: boolean;
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
      path: url.pathname,
    },
    theme: { stored: null, query: null },
    title: { title: opts.title ?? '星耀棋牌', hidden: opts.hidden ?? false },
    home: { popSeenOn: opts.popSeenOn ?? null },
    alertSkipped: opts.alertSkipped ?? false,
  };
}

export type AppRef = ActorRefFrom<typeof appMachine>;

/** Exposes the running app actor to the test. */
function CaptureActor({ into }: { into: { current: AppRef | null } }) {
  into.current = AppActor.useActorRef();
  return null;
}

export function renderApp(path: string, opts: { effects?: FakeEffects; input?: InputOptions } = {}) {
  const effects = opts.effects ?? fakeEffects();
  const input = bootInput(path, opts.input);
  // A browser router keeps window.location in step with the route; the memory router does not, so the page
  // URL starts where the route does (the navigation bridge compares intents with window.location).
  window.history.replaceState(null, '', path);
  // As src/app/app.tsx does: the loading placeholder while the first lazy route loads.
  const router = createMemoryRouter(
    routes.map((r) => ({ ...r, HydrateFallback: LoadingScreen })),
    { initialEntries: [path] },
  );
  const actor: { current: AppRef | null } = { current: null };
  const view = render(
    <AppActor.Provider logic={createAppMachine(effects)} options={{ input }}>
      <CaptureActor into={actor} />
      <RouterProvider router={router} />
    </AppActor.Provider>,
  );
  return { ...view, router, effects, actor };
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
