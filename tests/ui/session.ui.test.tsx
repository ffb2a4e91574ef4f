// The session's generated paths on the rendered app (issue 18 §2): the login, register and reset forms
// (src/features/auth/), the header's account actions, a kept login restored from the device (spec §3, §5) or a
// URL token (spec §2), the server ending a session (spec §8 6001, 10004), a token changed in another tab
// (spec §4: reload), against real accounts on the reference back end.
import { createHash } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { fetchMemberJwt } from '../../src/api/user/member-jwt.ts';
import { cacheMember } from '../../src/app/session-store.ts';
import { storageGet } from '../../src/platform/storage.ts';
import { USER_HASH_HEADER, type MemberInfo } from '../../src/protocol/member.ts';
import {
  LOADING_MEMBER,
  LOGGING_IN,
  LOGGING_OUT,
  REGISTERING,
  RESETTING,
  RESTORING,
  sessionModel,
} from '../machines/session.model.ts';
import { modelGraph, type MachineModel, type ModelGraph, type ModelPath } from '../support/model-paths.ts';
import type { Travelled, UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiBoot, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import {
  CN,
  DEMO_PLAYER_PASSWORD,
  DEMO_PLAYER_PHONE,
  freshPhone,
  OtherDevice,
  PASSWORD,
  readSmsCode,
} from './accounts.ts';

/** docs/api.md: the account calls. */
const API = {
  login: /^\/site\/api\/v1\/user\/login$/,
  register: /^\/site\/api\/v1\/user\/register$/,
  reset: /^\/site\/api\/v1\/user\/password\/reset$/,
  /** spec §7: POST member/info. */
  memberInfo: /^\/site\/api\/v1\/user\/member\/info$/,
  logout: /^\/site\/api\/v1\/user\/logout$/,
  smsSend: /^\/site\/api\/v1\/user\/sms\/send$/,
};
/** spec §3 local items / cookie: the token, and what a remembered login keeps. */
const TOKEN_KEY = 'X-API-TOKEN';
/** spec §2 routes. */
const PAGE = { login: '/user/login', register: '/user/register', password: '/user/password' };
/** The forms' titles (zh-CN catalogue). */
const TITLE: Record<string, string> = {
  [PAGE.login]: '欢迎回来',
  [PAGE.register]: '注册新账号',
  [PAGE.password]: '找回密码',
};
/** What the player reads (zh-CN catalogue). */
const TEXT = {
  login: '登录',
  register: '注册',
  loggingIn: '登录中…',
  registering: '注册中…',
  resetSubmit: '重置密码',
  resetting: '提交中…',
  logout: '退出登录',
  phone: '手机号码',
  password: '密码',
  newPassword: '新密码',
  confirm: '确认密码',
  smsCode: '验证码',
  sendCode: '获取验证码',
  forgot: '忘记密码？',
  toLogin: '已有账号？去登录',
  toRegister: '还没有账号？立即注册',
  resetDone: '密码已重置，请使用新密码登录',
  ok: '确定',
  closeIcon: '关闭弹窗',
  /** spec §5 masking: first 2 and last 2 characters with ** between. */
  welcome: (phone: string) => `您好，${phone.slice(0, 2)}**${phone.slice(-2)}`,
};
/** spec §8: codes that end a session. */
const ENDING = [6001, 10105, 10004, 10104, 10102];
/** A wrong password that passes the form's own rule. */
const WRONG_PASSWORD = 'wrong999';
/** A player's second reading a notice: longer than the modal's 300 ms leave and 700 ms de-dup (spec §9). */
const READING_MS = 1000;
/** A code the server never sent. */
const WRONG_CODE = '000000';

// ───────────── the graphs on the app ─────────────

/**
 * The model's graphs key on the whole context (1 615–2 143 edges each, ~600 login/register answers, ~10 000
 * steps): far beyond the reference back end's limits (20 wrong passwords and 30 codes an hour per address, one
 * code a minute per phone) and this machine's time. On the app they run quotiented by a coarser key that is
 * still sound (the model helper checks it): the state, whose token the device holds, and whether a server
 * answer is shown (what the page shows differs by these), and bounded to what the page can do:
 * - no `session.refresh` (nothing in src/ sends it), no `session.cached` (the Bridges send it once, at boot:
 *   the oracles of the kept-login graph check what it shows), no `session.pageChanged` (the page changes inside
 *   the drivers that move between forms; one alone on the page the player is on is no change at all);
 * - `session.dismissError` only while a server answer is shown (editing a field dismisses it; without one
 *   nothing is sent);
 * - the kept-login graphs run from the kept token to the end of that session: what an anonymous player does
 *   next is the 'no token' graph's (its reset form needs the one code a minute the demo player can get).
 */
const UI_KEY = (s: { value: unknown; context: { token: string | null; error: unknown } }) => ({
  value: s.value,
  token: s.context.token,
  answerShown: s.context.error !== null,
});
const FORMS = ['session.login', 'session.register', 'session.resetPassword'];
const uiModel: MachineModel = {
  ...sessionModel,
  graphs: sessionModel.graphs.map((g) => ({
    ...g,
    key: UI_KEY,
    filterEvents: (snapshot, event) => {
      if (['session.refresh', 'session.cached', 'session.pageChanged'].includes(event.type)) return false;
      if (event.type === 'session.dismissError') return snapshot.context.error !== null;
      if (g.name !== 'no token' && FORMS.includes(event.type)) return false;
      return true;
    },
  })),
};
const MAX_WALK = 20;

/**
 * The drivers look one step ahead (the password typed decides whether the server accepts it): the same paths as
 * describeUiModel's, built the same way; the test's name says which path runs, the drivers count its steps.
 */
const planned = new Map<string, ModelGraph>(
  uiModel.graphs.map((g) => [g.name, modelGraph(uiModel.machine, { ...g, maxWalk: MAX_WALK })]),
);

interface PathRun {
  path: ModelPath;
  step: number;
  /** The real token behind each of the graph's token names (spec §2 URL token, §3 kept token, logins). */
  tokens: Record<string, string>;
  /** Whose account each token name is (to log it in elsewhere). */
  accounts: Record<string, { phone: string; password: string }>;
  /** The graph's name of the token the device holds now (spec: logged out holds none). */
  holder: string | null;
  reloads: number;
  /** What the drivers typed for the form sent last. */
  typed: Record<string, unknown> | null;
  /** The session-ending answer a driver caused (code), if any. */
  ended: number | null;
}
let current: PathRun | null = null;

const GRAPH_TOKEN = {
  'tok-stored': 'STORED',
  'tok-url': 'URL',
  'tok-login': 'LOGIN',
  'tok-register': 'REGISTER',
} as Record<string, string>;
const nameOf = (graphToken: string | null) => (graphToken === null ? null : GRAPH_TOKEN[graphToken]!);

function startPath(graph: string) {
  // describeUiModel names each test `path <n>: …` (one per planned path, in order).
  const n = Number(/ path (\d+): /.exec(expect.getState().currentTestName ?? '')?.[1]) - 1;
  if (!(n >= 0)) throw new Error(`which path is this? (${expect.getState().currentTestName})`);
  current = {
    path: planned.get(graph)!.paths[n]!,
    step: 0,
    tokens: {},
    accounts: {},
    holder: null,
    reloads: 0,
    typed: null,
    ended: null,
  };
  return current;
}

/** The driver's step: checks it is the planned one. */
function advance(event: AnyEventObject): void {
  const run = current!;
  run.step += 1;
  expect(run.path.steps[run.step]?.event, 'the drivers follow the planned path').toEqual(event);
}

/** How the call this step starts will be answered later in the path (its invoke's done or error event). */
function outcome(event: AnyEventObject, invokeId: string): AnyEventObject | undefined {
  advance(event);
  const run = current!;
  return run.path.steps
    .slice(run.step + 1)
    .map((s) => s.event)
    .find((e) => e.type.endsWith(`.actor.${invokeId}`));
}

// ───────────── how the player and the world produce the events ─────────────

async function goTo(step: UiStep, page: string) {
  const here = window.location.pathname;
  // On the page already, with its form (after a reset the password page shows the notice instead).
  if (here === page && screen.queryByLabelText(TEXT.phone, { selector: 'input' })) return;
  if (page === PAGE.password && here !== PAGE.login) await goTo(step, PAGE.login);
  if (here === page) await goTo(step, page === PAGE.login ? PAGE.register : PAGE.login);
  const names = {
    [PAGE.login]: [TEXT.login, TEXT.toLogin],
    [PAGE.register]: [TEXT.register, TEXT.toRegister],
    [PAGE.password]: [TEXT.forgot],
  }[page]!;
  if (window.location.pathname !== page) {
    const link = screen.getAllByRole('link').find((a) => names.includes(a.textContent ?? ''));
    if (!link) throw new Error(`no link to ${page} on ${window.location.pathname}`);
    await step.user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe(page));
  }
  // The form of that page (its route loads lazily): its own title, then its fields.
  await screen.findByRole('heading', { level: 1, name: TITLE[page] });
  await screen.findByLabelText(TEXT.phone, { selector: 'input' });
}

/**
 * A notice the page opened (spec §8: 6001 confirm, OK goes to login) is acknowledged before the player does
 * anything else.
 */
async function acknowledge(step: UiStep, keep?: string) {
  const { user, clock } = step;
  const dialog = screen.queryByRole('dialog');
  if (!dialog) return;
  // The dialog the player is about to answer (the logout confirmation) stays: only what covers it is closed.
  if (keep !== undefined && dialog === screen.queryByRole('dialog', { name: keep })) return;
  // A promotion the site shows a member (an activity pop-up) is closed with its close icon.
  const ok =
    within(dialog).queryByRole('button', { name: TEXT.ok }) ??
    within(dialog).getByRole('button', { name: TEXT.closeIcon });
  await user.click(ok);
  // The player takes a second to read and answer the notice (spec §4, §9: the modal then leaves after its
  // 300 ms animation; the app's clock).
  await act(async () => {
    clock.increment(READING_MS);
    await Promise.resolve();
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBe(dialog));
  await acknowledge(step, keep);
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function fill(step: UiStep, label: string, value: string) {
  const input = field(label);
  await step.user.clear(input);
  await step.user.type(input, value);
}

/** A code for the phone, as the player gets it: the form's button, then the SMS (the sandbox's copy). */
async function getCode(step: UiStep, phone: string): Promise<string> {
  await step.user.click(screen.getByRole('button', { name: TEXT.sendCode }));
  await screen.findByRole('button', { name: /秒后重发/ });
  return readSmsCode(step.backend, phone);
}

async function login(step: UiStep) {
  const next = outcome(step.event, LOGGING_IN);
  await acknowledge(step);
  const accepted = next?.type === `xstate.done.actor.${LOGGING_IN}`;
  const remember = accepted && (next as unknown as { output: { remember: boolean } }).output.remember;
  await goTo(step, PAGE.login);
  // Refused: a phone nobody registered (the server answers as for a wrong password, spec §8 6002).
  const phone = accepted ? DEMO_PLAYER_PHONE : freshPhone();
  const password = accepted ? DEMO_PLAYER_PASSWORD : WRONG_PASSWORD;
  await fill(step, TEXT.phone, phone);
  await fill(step, TEXT.password, password);
  const box = screen.getByRole('checkbox') as HTMLInputElement;
  if (box.checked !== remember) await step.user.click(box);
  current!.typed = { countryCode: CN, phone, password, remember };
  current!.accounts['LOGIN'] = { phone, password };
  await step.user.click(screen.getByRole('button', { name: TEXT.login }));
}

async function register(step: UiStep) {
  const next = outcome(step.event, REGISTERING);
  await acknowledge(step);
  const accepted = next?.type === `xstate.done.actor.${REGISTERING}`;
  await goTo(step, PAGE.register);
  // Refused: the demo player's phone is registered already (6021); no code is needed for the server to say so.
  const phone = accepted ? freshPhone() : DEMO_PLAYER_PHONE;
  await fill(step, TEXT.phone, phone);
  const code = accepted ? await getCode(step, phone) : WRONG_CODE;
  await fill(step, TEXT.smsCode, code);
  await fill(step, TEXT.password, PASSWORD);
  await fill(step, TEXT.confirm, PASSWORD);
  current!.typed = { countryCode: CN, phone, smsCode: code, password: PASSWORD, confirmPassword: PASSWORD };
  current!.accounts['REGISTER'] = { phone, password: PASSWORD };
  await step.user.click(screen.getByRole('button', { name: TEXT.register }));
}

async function resetPassword(step: UiStep) {
  const next = outcome(step.event, RESETTING);
  await acknowledge(step);
  const accepted = next?.type === `xstate.done.actor.${RESETTING}`;
  await goTo(step, PAGE.password);
  // The demo player's password is set to what it was: later logins still know it.
  await fill(step, TEXT.phone, DEMO_PLAYER_PHONE);
  const code = accepted ? await getCode(step, DEMO_PLAYER_PHONE) : WRONG_CODE;
  await fill(step, TEXT.smsCode, code);
  await fill(step, TEXT.newPassword, DEMO_PLAYER_PASSWORD);
  await fill(step, TEXT.confirm, DEMO_PLAYER_PASSWORD);
  current!.typed = {
    countryCode: CN,
    phone: DEMO_PLAYER_PHONE,
    smsCode: code,
    password: DEMO_PLAYER_PASSWORD,
    confirmPassword: DEMO_PLAYER_PASSWORD,
  };
  await step.user.click(screen.getByRole('button', { name: TEXT.resetSubmit }));
}

/** The account behind the token the device holds logs in on another device: that token answers 6001 next. */
async function loggedInElsewhere(step: UiStep) {
  const run = current!;
  const account = run.holder ? run.accounts[run.holder] : undefined;
  if (!account) throw new Error(`no account known for the token ${run.holder}`);
  await new OtherDevice(step.backend).login(account.phone, account.password);
  run.ended = 6001;
}

/**
 * spec §8: another call of the app is answered with a session-ending code: with a token, its account logged in
 * elsewhere (6001); without one, a member call says 10004. The call is the socket's member-jwt fetch, made as
 * the socket makes it (the live socket is off in these tests).
 */
async function sessionEnd(step: UiStep) {
  advance(step.event);
  const run = current!;
  const holds = document.cookie.includes(`${TOKEN_KEY}=`);
  if (holds) await loggedInElsewhere(step);
  else run.ended = 10004;
  await fetchMemberJwt().catch(() => undefined);
}

/** A member-info answer: as the server gives it, ended elsewhere (spec §8), or never arriving. */
async function memberInfoAnswer(step: UiStep) {
  advance(step.event);
  const code = (step.event as { error?: { code?: unknown } }).error?.code;
  if (step.event.type.startsWith('xstate.done.')) return step.backend.release(API.memberInfo);
  if (ENDING.includes(code as number)) {
    await loggedInElsewhere(step);
    return step.backend.release(API.memberInfo);
  }
  // A 500 or no network: the reference back end cannot answer 500 on demand; a call that never reaches it
  // fails the same way for the session (spec: anything but a session-ending code keeps the login).
  return step.backend.fail(API.memberInfo);
}

/**
 * spec §4: the window gets focus while the cookie holds another tab's token (or none, logged out there). The
 * test page does not really reload (recorded); the other tab's cookie is put back afterwards.
 */
async function focus(step: UiStep) {
  advance(step.event);
  const run = current!;
  const name = nameOf((step.event as unknown as { cookieToken: string | null }).cookieToken);
  const kept = { cookie: readCookie(), stored: localStorage.getItem(TOKEN_KEY) };
  const value = name === null ? null : (run.tokens[name] ?? tokenOf(step, name) ?? `another-tab-${name}`);
  if (value === null) {
    document.cookie = `${TOKEN_KEY}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    localStorage.removeItem(TOKEN_KEY);
  } else document.cookie = `${TOKEN_KEY}=${value}; path=/`;
  window.dispatchEvent(new Event('focus'));
  if (kept.cookie !== null) document.cookie = `${TOKEN_KEY}=${kept.cookie}; path=/`;
  else document.cookie = `${TOKEN_KEY}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  if (kept.stored !== null) localStorage.setItem(TOKEN_KEY, kept.stored);
  else localStorage.removeItem(TOKEN_KEY);
}

function readCookie(): string | null {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${TOKEN_KEY}=`));
  return pair ? decodeURIComponent(pair.slice(TOKEN_KEY.length + 1)) : null;
}

/** The token a login or registration of this path got from the server. */
function tokenOf(step: UiStep, name: string): string | undefined {
  const pattern = name === 'LOGIN' ? API.login : name === 'REGISTER' ? API.register : null;
  if (!pattern) return undefined;
  const call = step.backend.calls.filter((c) => pattern.test(c.url) && c.status === 200).at(-1);
  return (call?.answer as { data?: { token?: string } } | undefined)?.data?.token;
}

const release = (pattern: RegExp) => async (step: UiStep) => {
  advance(step.event);
  await step.backend.release(pattern);
};

async function logoutAnswer(step: UiStep) {
  advance(step.event);
  // A failing server: it cannot answer 500 on demand; the call never reaching it fails the same way.
  if (step.event.type.startsWith('xstate.error.')) return step.backend.fail(API.logout);
  return step.backend.release(API.logout);
}

// ───────────── booting the graphs ─────────────

/**
 * spec §3, §5: a remembered login kept on the device: the X-API-TOKEN cookie (365 days), the same token, the
 * remember flag, the user name and the encrypted member in its storage. preparePage writes boot.storage after
 * it cleared the cookies, so the cookie is set while that storage is written (a getter: see the report).
 */
const kept: Record<string, unknown> = {};
let keptCookie: string | null = null;
const keptStorage = new Proxy(kept, {
  get(target, key) {
    if (keptCookie !== null) {
      document.cookie = `${TOKEN_KEY}=${encodeURIComponent(keptCookie)}; path=/`;
      keptCookie = null;
    }
    return target[key as string];
  },
});

/** Logs the demo player in as an earlier visit of this device did, and keeps that login on the device. */
async function keepLogin(backend: UiBackend, run: PathRun) {
  const device = new OtherDevice(backend);
  const auth = await device.login(DEMO_PLAYER_PHONE, DEMO_PLAYER_PASSWORD, true);
  const info = await device.call<MemberInfo>(
    '/site/api/v1/user/member/info',
    { withLockMoney: 1 },
    auth.token,
  );
  // The cached member is written as the app writes it (encrypted), then kept as the device's storage.
  await cacheMember(info.data);
  for (const k of Object.keys(kept)) delete kept[k];
  Object.assign(kept, {
    [TOKEN_KEY]: auth.token,
    loginInfo: { isChecked: true },
    userName: auth.userName,
    userInfo: storageGet<string>('userInfo'),
  });
  keptCookie = auth.token;
  run.tokens['STORED'] = auth.token;
  run.accounts['STORED'] = { phone: DEMO_PLAYER_PHONE, password: DEMO_PLAYER_PASSWORD };
  run.holder = 'STORED';
}

const STORED_BOOT: UiBoot = {
  path: '/',
  storage: keptStorage,
  backend: (backend) => keepLogin(backend, startPath('stored token with a cached member')),
};

let urlMember: string | null = null;
const URL_BOOT: UiBoot = {
  path: '/',
  storage: keptStorage,
  backend: async (backend) => {
    const run = startPath('URL token over a stored login');
    await keepLogin(backend, run);
    const device = new OtherDevice(backend);
    if (!urlMember) {
      urlMember = freshPhone();
      await device.register(urlMember);
    }
    const auth = await device.login(urlMember, PASSWORD);
    run.tokens['URL'] = auth.token;
    run.accounts['URL'] = { phone: urlMember, password: PASSWORD };
    run.holder = 'URL';
    // spec §2: the landing URL carries the login token.
    URL_BOOT.path = `/?token=${encodeURIComponent(auth.token)}`;
  },
};

// ───────────── what the player sees ─────────────

const header = () => document.querySelector<HTMLElement>('header.topbar')!;
const callsTo = (calls: Travelled[], pattern: RegExp) => calls.filter((c) => pattern.test(c.url));
const lastCall = (seen: UiSeen, pattern: RegExp) => callsTo(seen.backend.calls, pattern).at(-1);
const heldToken = () =>
  readCookie() ??
  (storageGet<{ isChecked?: boolean }>('loginInfo')?.isChecked ? storageGet<string>(TOKEN_KEY) : null);

/** Every step: a focus with another token reloads the page, and only then (spec §4). */
function focusChecked(seen: UiSeen) {
  const run = current!;
  if (seen.index === 0) run.reloads = seen.outside.reloads;
  if (seen.event.type === 'session.focus') {
    const name = nameOf((seen.event as unknown as { cookieToken: string | null }).cookieToken);
    expect(seen.outside.reloads - run.reloads, 'reloads').toBe(name !== run.holder ? 1 : 0);
  } else if (seen.index > 0) expect(seen.outside.reloads - run.reloads, 'reloads').toBe(0);
}

/** Whose token the device holds after the step (spec §5: a login keeps its token; spec §8: an ended one goes). */
function track(seen: UiSeen, state: string) {
  const run = current!;
  run.reloads = seen.outside.reloads;
  if (state === 'anonymous') run.holder = null;
  else if (seen.event.type === `xstate.done.actor.${LOGGING_IN}`) run.holder = 'LOGIN';
  else if (seen.event.type === `xstate.done.actor.${REGISTERING}`) run.holder = 'REGISTER';
}

/** A form's request as the player typed it (and nothing else of that kind). */
function sent(seen: UiSeen, pattern: RegExp, form: string) {
  if (seen.event.type !== form) return;
  const calls = callsTo(seen.travelled, pattern);
  expect(calls.map((c) => c.method)).toEqual(['POST']);
  expect(calls[0]!.body).toMatchObject(current!.typed!);
}

function submitShows(label: string) {
  expect(screen.getByRole('button', { name: label }).getAttribute('aria-busy')).toBe('true');
}

/**
 * A session-ending answer the page reacts to (spec §8): 6001 a confirm with the server's message; 10004 only
 * clears the token (no notice).
 */
function endingShown(seen: UiSeen) {
  const run = current!;
  const answered = (code: number) =>
    seen.backend.calls.filter((c) => (c.answer as { status_code?: number } | null)?.status_code === code);
  if (run.ended === 6001) {
    const message = (answered(6001).at(-1)!.answer as { message: string }).message;
    expect(within(screen.getByRole('dialog')).getByText(message)).toBeTruthy();
  }
  if (run.ended === 10004) {
    const message = (answered(10004).at(-1)!.answer as { message: string }).message;
    expect(screen.queryByText(message)).toBeNull();
  }
}

function see(state: string, more: (seen: UiSeen) => void) {
  return (seen: UiSeen) => {
    focusChecked(seen);
    more(seen);
    track(seen, state);
  };
}

describeUiModel(uiModel, {
  systemId: 'session',
  hold: [API.login, API.register, API.reset, API.memberInfo, API.logout],
  maxWalk: MAX_WALK,
  boot: {
    'no token': {
      path: PAGE.login,
      backend: async () => {
        startPath('no token');
      },
    },
    'stored token with a cached member': STORED_BOOT,
    'URL token over a stored login': URL_BOOT,
  },
  drive: {
    'session.login': login,
    'session.register': register,
    'session.resetPassword': resetPassword,
    // The header's logout button, then the confirmation dialog's (issue 19 §1 finding 1: logging out asks).
    'session.logout': async (step) => {
      advance(step.event);
      await acknowledge(step);
      const read = () =>
        act(async () => {
          step.clock.increment(READING_MS);
          await Promise.resolve();
        });
      // spec §9: the same dialog is not opened twice within 700 ms of the app's clock: the player's logout comes
      // a second after anything before it (an earlier logout's dialog).
      await read();
      // A pop-up that opened meanwhile (the home page's activity) is closed first: it makes the header inert.
      await acknowledge(step);
      await step.user.click(within(header()).getByRole('button', { name: TEXT.logout }));
      // A pop-up that arrives just now covers the confirmation (found in CI on a busy machine): it is closed,
      // never the confirmation itself (a covered dialog is aria-hidden until it is on top again).
      for (let tries = 0; tries < 30 && !screen.queryByRole('dialog', { name: TEXT.logout }); tries++) {
        if (screen.queryByRole('dialog')) await acknowledge(step, TEXT.logout);
        else await new Promise((r) => setTimeout(r, 100));
      }
      const ask = await screen.findByRole('dialog', { name: TEXT.logout });
      await step.user.click(within(ask).getByRole('button', { name: TEXT.logout }));
      // The dialog leaves after its 300 ms animation (the app's clock) before the model's next step.
      await read();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.logout })).toBeNull());
    },
    'session.end': sessionEnd,
    // Editing a field of the form dismisses the server's answer shown on it.
    'session.dismissError': async (step) => {
      advance(step.event);
      await step.user.type(field(TEXT.phone), '{backspace}');
    },
    'session.focus': focus,
    [`xstate.done.actor.${LOGGING_IN}`]: release(API.login),
    [`xstate.error.actor.${LOGGING_IN}`]: release(API.login),
    [`xstate.done.actor.${REGISTERING}`]: release(API.register),
    [`xstate.error.actor.${REGISTERING}`]: release(API.register),
    [`xstate.done.actor.${RESETTING}`]: release(API.reset),
    [`xstate.error.actor.${RESETTING}`]: release(API.reset),
    [`xstate.done.actor.${RESTORING}`]: memberInfoAnswer,
    [`xstate.error.actor.${RESTORING}`]: memberInfoAnswer,
    [`xstate.done.actor.${LOADING_MEMBER}`]: memberInfoAnswer,
    [`xstate.error.actor.${LOADING_MEMBER}`]: memberInfoAnswer,
    [`xstate.done.actor.${LOGGING_OUT}`]: logoutAnswer,
    [`xstate.error.actor.${LOGGING_OUT}`]: logoutAnswer,
  },
  see: {
    // spec §6, §8: a visitor: the header offers login and register; the device holds no token.
    anonymous: see('anonymous', (seen) => {
      expect(within(header()).queryByRole('button', { name: TEXT.logout })).toBeNull();
      expect(within(header()).getByRole('link', { name: TEXT.login })).toBeTruthy();
      expect(heldToken(), 'the device holds no token').toBeNull();
      const t = seen.event.type;
      const form = [LOGGING_IN, REGISTERING, RESETTING].find((id) => t === `xstate.error.actor.${id}`);
      if (form) {
        // The server's answer is shown on the form (spec §8: its code and message).
        const pattern = form === LOGGING_IN ? API.login : form === REGISTERING ? API.register : API.reset;
        const answer = lastCall(seen, pattern)!.answer as { status_code: number; message: string };
        expect(answer.status_code).toBe(form === LOGGING_IN ? 6002 : form === REGISTERING ? 6021 : 10409);
        expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(answer.message);
      }
      if (t === 'session.dismissError') expect(screen.queryAllByRole('alert')).toEqual([]);
      if (t === `xstate.done.actor.${RESETTING}`) expect(screen.getByText(TEXT.resetDone)).toBeTruthy();
      endingShown(seen);
      current!.ended = null;
    }),
    loggingIn: see('loggingIn', (seen) => {
      sent(seen, API.login, 'session.login');
      if (window.location.pathname === PAGE.login) submitShows(TEXT.loggingIn);
    }),
    registering: see('registering', (seen) => {
      sent(seen, API.register, 'session.register');
      if (window.location.pathname === PAGE.register) submitShows(TEXT.registering);
    }),
    resettingPassword: see('resettingPassword', (seen) => {
      sent(seen, API.reset, 'session.resetPassword');
      if (window.location.pathname === PAGE.password) submitShows(TEXT.resetting);
    }),
    // spec §3, §7: a kept token is checked with the server: member/info carries it (and the hashed user name).
    restoring: see('restoring', (seen) => {
      const run = current!;
      const token = run.tokens[run.holder!]!;
      const url = run.holder === 'URL';
      if (seen.index === 0) {
        const calls = callsTo(seen.travelled, API.memberInfo);
        expect(calls).toHaveLength(1);
        expect(calls[0]!.headers['x-api-token']).toBe(token);
        expect(calls[0]!.body).toEqual({ withLockMoney: 1 });
        // spec §7: the hashed user name the device knows (hex SHA-256); a URL token's owner is not known yet.
        const hash = calls[0]!.headers[USER_HASH_HEADER.toLowerCase()];
        if (url) expect(hash).toBeUndefined();
        else expect(hash).toBe(createHash('sha256').update(DEMO_PLAYER_PHONE).digest('hex'));
        // spec §2: the URL token leaves the address bar at once.
        expect(window.location.search).not.toContain('token=');
      }
      expect(heldToken()).toBe(token);
      // While the server is asked, the header shows the name the device kept (spec §3 userName); for a URL
      // token neither a name nor the login links (whose it is, the server says).
      if (url) {
        expect(within(header()).queryByRole('link', { name: /您好/ })).toBeNull();
        expect(within(header()).queryByRole('link', { name: TEXT.login })).toBeNull();
      } else {
        expect(within(header()).getByRole('link', { name: TEXT.welcome(DEMO_PLAYER_PHONE) })).toBeTruthy();
      }
    }),
    // spec §5: the token the server gave is kept (365 days with remember, else a session cookie), then the
    // member info is asked for with it.
    loadingMember: see('loadingMember', (seen) => {
      const run = current!;
      const t = seen.event.type;
      const name =
        t === `xstate.done.actor.${REGISTERING}`
          ? 'REGISTER'
          : t === `xstate.done.actor.${LOGGING_IN}`
            ? 'LOGIN'
            : run.holder!;
      const token = tokenOf(seen as unknown as UiStep, name);
      run.tokens[name] = token!;
      expect(readCookie()).toBe(token);
      const remember = (run.typed as { remember?: boolean }).remember === true;
      expect(localStorage.getItem(TOKEN_KEY) && JSON.parse(localStorage.getItem(TOKEN_KEY)!)).toBe(
        remember ? token : null,
      );
      if (seen.from !== 'loadingMember') {
        const calls = callsTo(seen.travelled, API.memberInfo);
        expect(calls.map((c) => c.headers['x-api-token'])).toEqual([token]);
      }
    }),
    // spec §6: a member: the header names the player (masked, spec §5) and offers logout; the device keeps
    // the token.
    loggedIn: see('loggedIn', (seen) => {
      const run = current!;
      const holder = run.holder!;
      expect(within(header()).getByRole('button', { name: TEXT.logout })).toBeTruthy();
      // The name is the one the server gave for this token, or the one the device kept (spec §3 userName).
      const known =
        holder !== 'URL' ||
        seen.backend.calls.some(
          (c) =>
            API.memberInfo.test(c.url) && c.status === 200 && c.headers['x-api-token'] === run.tokens[holder],
        );
      if (known) {
        const name = TEXT.welcome(run.accounts[holder]!.phone);
        expect(within(header()).getByRole('link', { name })).toBeTruthy();
      }
      expect(heldToken()).toBe(run.tokens[holder]);
      // spec §2: the login and register forms have nothing to do for a member.
      expect([PAGE.login, PAGE.register]).not.toContain(window.location.pathname);
    }),
    // The server is told (spec §6: the token travels with it).
    loggingOut: see('loggingOut', (seen) => {
      if (seen.event.type === 'session.logout') {
        const calls = callsTo(seen.travelled, API.logout);
        expect(calls).toHaveLength(1);
        expect(calls[0]!.headers['x-api-token']).toBe(current!.tokens[current!.holder!]);
      }
    }),
  },
});
