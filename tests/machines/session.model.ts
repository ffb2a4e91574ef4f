// The session's model (spec §2, §4, §5, §6, §8; issue 4 §3, issue 8 §2/§4): graphs, transition table and
// per-state oracles, shared by its model test (session.machine.test.ts) and its UI model test
// (tests/ui/session.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../src/protocol/member.ts';
import { sessionMachine, type SessionInput } from '../../machines/session.machine.ts';
import {
  SAME,
  type Fakes,
  type MachineModel,
  type OracleArgs,
  type TransitionTable,
} from '../support/model-paths.ts';

/** spec §8: 6001, 10105, 10004, 10104 clear the token; 10102 (device blocked) clears token and cached user. */
export const SESSION_ENDING_CODES = [6001, 10105, 10004, 10104, 10102];

export const LOGGING_IN = '0.session.loggingIn';
export const REGISTERING = '0.session.registering';
export const RESETTING = '0.session.resettingPassword';
export const RESTORING = '0.session.restoring';
export const LOADING_MEMBER = '0.session.loadingMember';
export const LOGGING_OUT = '0.session.loggingOut';

export const STORED_TOKEN = 'tok-stored';
export const URL_TOKEN = 'tok-url';
export const LOGIN_TOKEN = 'tok-login';
export const REGISTER_TOKEN = 'tok-register';

export const member = (over: Partial<MemberInfo> = {}): MemberInfo => ({
  userId: 7,
  userName: 'alice',
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 0,
  inviteCode: 'ABCD1234',
  registeredAt: '2025-01-02T03:04:05.000Z',
  ...over,
});
/** What the device cached at an earlier visit. */
export const CACHED = member();
/** What the server says now (a level up since). */
export const FRESH = member({ vipLevel: 3 });
/** Whoever a URL token belongs to: not the device's cached player. */
export const URL_MEMBER = member({ userId: 9, userName: 'carol', phone: '(86)13900139000' });
export const NEW_MEMBER = member({ userId: 8, userName: 'bob', phone: '(86)13700137000', vipLevel: 0 });

export const LOGIN: LoginRequest = {
  countryCode: '86',
  phone: '13800138000',
  password: 'abc123',
  remember: true,
};
export const REGISTER: RegisterRequest = {
  countryCode: '86',
  phone: '13700137000',
  smsCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
  inviteCode: 'ABCD1234',
};
export const RESET: ResetPasswordRequest = {
  countryCode: '86',
  phone: '13800138000',
  smsCode: '654321',
  password: 'xyz789',
  confirmPassword: 'xyz789',
};

export type Authenticated = AuthResponse & { remember: boolean };
export const AUTH_REMEMBERED: Authenticated = {
  token: LOGIN_TOKEN,
  expiresAt: 1_767_225_600_000,
  userName: 'alice',
  remember: true,
};
export const AUTH_SESSION: Authenticated = { ...AUTH_REMEMBERED, expiresAt: null, remember: false };
export const AUTH_REGISTERED: Authenticated = {
  token: REGISTER_TOKEN,
  expiresAt: null,
  userName: 'bob',
  remember: false,
};

/** A coded error as the API client raises it. */
export const coded = (code: number, message: string) => Object.assign(new Error(message), { code });
export const WRONG_PASSWORD = coded(6002, '账号或密码错误');
export const PHONE_TAKEN = coded(6021, '手机号已注册');
export const SMS_WRONG = coded(10409, '验证码错误');
export const EXPIRED = coded(10004, '登录已过期');
export const ELSEWHERE = coded(6001, '您的账号已在别处登录');
export const REVOKED = coded(10104, '登录已失效');
export const SERVER_FAULT = coded(500, '服务器错误');
export const OFFLINE = new Error('Network Error');

export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
export const focus = (cookieToken: string | null) => ({ type: 'session.focus', cookieToken }) as const;

export const EVENTS = [
  { type: 'session.login', request: LOGIN },
  { type: 'session.register', request: REGISTER },
  { type: 'session.resetPassword', request: RESET },
  { type: 'session.logout' },
  { type: 'session.refresh' },
  { type: 'session.end', code: 10004 },
  { type: 'session.dismissError' },
  // Moving to another page drops the last form's answer; the login page keeps the reset notice.
  { type: 'session.pageChanged', path: '/user/register' },
  { type: 'session.pageChanged', path: '/user/login' },
  // The device's cached member, decrypted after the first paint (issue 8 §4).
  { type: 'session.cached', member: CACHED },
  focus(null),
  focus(STORED_TOKEN),
  focus(URL_TOKEN),
  focus(LOGIN_TOKEN),
  done(LOGGING_IN, AUTH_REMEMBERED),
  done(LOGGING_IN, AUTH_SESSION),
  fail(LOGGING_IN, WRONG_PASSWORD),
  done(REGISTERING, AUTH_REGISTERED),
  fail(REGISTERING, PHONE_TAKEN),
  done(RESETTING),
  fail(RESETTING, SMS_WRONG),
  done(RESTORING, FRESH),
  done(RESTORING, URL_MEMBER),
  fail(RESTORING, EXPIRED),
  fail(RESTORING, SERVER_FAULT),
  fail(RESTORING, OFFLINE),
  done(LOADING_MEMBER, FRESH),
  done(LOADING_MEMBER, NEW_MEMBER),
  fail(LOADING_MEMBER, ELSEWHERE),
  fail(LOADING_MEMBER, SERVER_FAULT),
  done(LOGGING_OUT),
  fail(LOGGING_OUT, SERVER_FAULT),
];

export const NO_TOKEN: SessionInput = {
  token: null,
  urlToken: null,
  userName: null,
  cachedMember: null,
  rememberLogin: true,
  inviteCodes: {},
};
export const STORED: SessionInput = {
  ...NO_TOKEN,
  token: STORED_TOKEN,
  userName: 'alice',
  cachedMember: CACHED,
  rememberLogin: true,
  inviteCodes: { i_code: 'AB12' },
};

export const EFFECTS = ['persistToken', 'clearToken', 'cacheMember', 'reloadPage', 'announce'] as const;

export const provided = (fakes: Fakes) =>
  sessionMachine.provide({
    actors: {
      login: fakes.promise<Authenticated>('login'),
      register: fakes.promise<Authenticated>('register'),
      resetPassword: fakes.promise<void>('resetPassword'),
      fetchMember: fakes.promise<MemberInfo>('fetchMember'),
      logout: fakes.promise<void>('logout'),
    },
    actions: fakes.actions(...EFFECTS),
  });

// ───────────── the session as the spec tells it (spec §2, §4, §5, §6, §8) ─────────────

export const codeOf = (e: AnyEventObject) => (e['error'] as { code?: unknown } | undefined)?.code;
export const ending = (e: AnyEventObject) => SESSION_ENDING_CODES.includes(codeOf(e) as number);
/** A member load answered: a session-ending code logs out; anything else keeps the login the device knows. */
export const afterLoad =
  (failed: string) =>
  ({ event }: { event: AnyEventObject }) =>
    event.type === failed && ending(event) ? 'anonymous' : 'loggedIn';

export const SESSION_TABLE: TransitionTable = {
  // spec §8: a session-ending code clears what the device holds in any state; with no token yet, nothing moves.
  '*': { 'session.focus': SAME, 'session.pageChanged': SAME, 'session.end': SAME },
  anonymous: {
    'session.login': 'loggingIn',
    'session.register': 'registering',
    'session.resetPassword': 'resettingPassword',
    'session.dismissError': SAME,
    'session.end': SAME,
  },
  loggingIn: {
    [`xstate.done.actor.${LOGGING_IN}`]: 'loadingMember',
    [`xstate.error.actor.${LOGGING_IN}`]: 'anonymous',
  },
  registering: {
    [`xstate.done.actor.${REGISTERING}`]: 'loadingMember',
    [`xstate.error.actor.${REGISTERING}`]: 'anonymous',
  },
  resettingPassword: {
    [`xstate.done.actor.${RESETTING}`]: 'anonymous',
    [`xstate.error.actor.${RESETTING}`]: 'anonymous',
  },
  restoring: {
    'session.cached': SAME,
    // spec §8: the kept token being checked is ended too.
    'session.end': 'anonymous',
    [`xstate.done.actor.${RESTORING}`]: 'loggedIn',
    [`xstate.error.actor.${RESTORING}`]: afterLoad(`xstate.error.actor.${RESTORING}`),
  },
  loadingMember: {
    'session.end': 'anonymous',
    // The header offers 退出登录 from the moment the login succeeded (spec §6: logout ends the session).
    'session.logout': 'loggingOut',
    [`xstate.done.actor.${LOADING_MEMBER}`]: 'loggedIn',
    [`xstate.error.actor.${LOADING_MEMBER}`]: afterLoad(`xstate.error.actor.${LOADING_MEMBER}`),
  },
  loggedIn: {
    // issue 8 §4: the device's copy, decrypted late, fills a login kept offline; it moves nothing.
    'session.cached': SAME,
    'session.logout': 'loggingOut',
    'session.refresh': 'loadingMember',
    'session.end': 'anonymous',
  },
  loggingOut: {
    [`xstate.done.actor.${LOGGING_OUT}`]: 'anonymous',
    [`xstate.error.actor.${LOGGING_OUT}`]: 'anonymous',
  },
};

/** The effects a step must have had, by name (spec §4 reload, §5 token lifetime, §8 clearing). */
function sessionEffects(o: OracleArgs): string[] {
  const { event, previous, snapshot, index } = o;
  const out: string[] = [];
  const t = event.type;
  const was = index === 0 ? null : (previous.value as string);
  const now = snapshot.value as string;
  if (t === `xstate.done.actor.${LOGGING_IN}` || t === `xstate.done.actor.${REGISTERING}`)
    out.push('persistToken');
  if (t === `xstate.done.actor.${RESTORING}` || t === `xstate.done.actor.${LOADING_MEMBER}`)
    out.push('cacheMember');
  // The device forgets an ended session (and whatever it still holds when a session-ending code arrives).
  if (
    (now === 'anonymous' &&
      (was === 'loggedIn' || was === 'loggingOut' || was === 'restoring' || was === 'loadingMember')) ||
    t === 'session.end'
  )
    out.push('clearToken');
  if (t === 'session.focus' && (event['cookieToken'] ?? null) !== previous.context.token)
    out.push('reloadPage');
  if (now !== was && (now === 'anonymous' || now === 'loggedIn')) out.push('announce');
  return out.sort();
}

function sessionOracle(state: string, more: (o: OracleArgs) => void = () => {}) {
  return (o: OracleArgs) => {
    expect(o.effects.actions.map((a) => a.name).sort(), `effects in ${state} after ${o.event.type}`).toEqual(
      sessionEffects(o),
    );
    const announce = o.effects.actions.find((a) => a.name === 'announce');
    if (announce) expect(announce.params).toEqual({ loggedIn: state === 'loggedIn' });
    const persist = o.effects.actions.find((a) => a.name === 'persistToken');
    if (persist) {
      // spec §5: 365 days with 'remember login', else a session cookie: the flag travels with the token.
      const { token, remember, userName } = (o.event as unknown as { output: Authenticated }).output;
      expect(persist.params).toEqual({ token, remember, userName });
      expect(o.snapshot.context).toMatchObject({ token, userName });
    }
    const cache = o.effects.actions.find((a) => a.name === 'cacheMember');
    if (cache) {
      const fresh = (o.event as unknown as { output: MemberInfo }).output;
      expect(cache.params).toEqual({ member: fresh });
      expect(o.snapshot.context).toMatchObject({ member: fresh, userName: fresh.userName });
    }
    more(o);
  };
}

/** What was just asked of a fake service: the request the event carried. */
export const asked = (o: OracleArgs, src: string) => {
  expect(o.fakes.invocations.at(-1)).toMatchObject({ src, input: o.event['request'] });
  expect(o.snapshot.context).toMatchObject({ error: null, notice: null });
};

export const SESSION_ORACLES: Record<string, (o: OracleArgs) => void> = {
  anonymous: sessionOracle('anonymous', (o) => {
    expect(o.snapshot.context).toMatchObject({ token: null });
    // A refused form shows the server's code and message (spec §8), until dismissed or another page.
    if (o.event.type.startsWith('xstate.error.actor.') && !o.previous.matches('loggingOut')) {
      const e = o.event['error'] as { code?: number; message: string };
      if (!ending(o.event))
        expect(o.snapshot.context.error).toEqual({ code: e.code ?? 'unknown', message: e.message });
    }
    if (o.event.type === 'session.dismissError') expect(o.snapshot.context.error).toBeNull();
    if (o.event.type === `xstate.done.actor.${RESETTING}`)
      expect(o.snapshot.context.notice).toBe('passwordReset');
  }),
  loggingIn: sessionOracle('loggingIn', (o) => {
    if (o.event.type === 'session.login') asked(o, 'login');
  }),
  registering: sessionOracle('registering', (o) => {
    if (o.event.type === 'session.register') asked(o, 'register');
  }),
  resettingPassword: sessionOracle('resettingPassword', (o) => {
    if (o.event.type === 'session.resetPassword') asked(o, 'resetPassword');
  }),
  restoring: sessionOracle('restoring', (o) => {
    const i = o.input as SessionInput;
    // spec §2: a URL token (appdown-token or token) is the login token; its owner is the server's to say.
    expect(o.snapshot.context.token).toBe(i.urlToken ?? i.token);
    if (o.index === 0) {
      expect(o.snapshot.context.member).toEqual(i.urlToken ? null : i.cachedMember);
      expect(o.fakes.invocations.at(-1)).toMatchObject({
        src: 'fetchMember',
        input: { userName: i.urlToken ? null : i.userName },
      });
    }
  }),
  loadingMember: sessionOracle('loadingMember', (o) => {
    expect(o.snapshot.context.token).not.toBeNull();
    if (o.index > 0 && !o.previous.matches('loadingMember'))
      expect(o.fakes.invocations.at(-1)).toMatchObject({
        src: 'fetchMember',
        input: { userName: o.snapshot.context.userName },
      });
  }),
  loggedIn: sessionOracle('loggedIn', (o) => expect(o.snapshot.context.token).not.toBeNull()),
  loggingOut: sessionOracle('loggingOut', (o) => {
    if (o.event.type === 'session.logout')
      expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'logout' });
  }),
};

// The default graph key (the whole context): the context says whose session it is, and every field matters.
export const sessionModel: MachineModel<typeof sessionMachine> = {
  title: 'session',
  machine: sessionMachine,
  graphs: [
    { name: 'no token', input: NO_TOKEN, events: EVENTS },
    { name: 'stored token with a cached member', input: STORED, events: EVENTS },
    { name: 'URL token over a stored login', input: { ...STORED, urlToken: URL_TOKEN }, events: EVENTS },
  ],
  harness: {
    logic: provided,
    initial: (i: SessionInput) => ((i.urlToken ?? i.token) !== null ? 'restoring' : 'anonymous'),
    transitions: SESSION_TABLE,
    oracles: SESSION_ORACLES,
    check: ({ actor, fakes }) => {
      const s = actor.getSnapshot() as AnyMachineSnapshot;
      // Logged out means no token; logged in means one.
      if (s.matches('anonymous')) expect(s.context).toMatchObject({ token: null });
      if (s.matches('loggedIn')) expect(s.context.token).not.toBeNull();
      // Whoever composes the session always knows the login state it settled in.
      if (s.matches('anonymous') || s.matches('loggedIn'))
        expect(fakes.called('announce').at(-1)).toEqual({ loggedIn: s.matches('loggedIn') });
      // The member info is asked for as the player the device thinks it is.
      const fetches = fakes.invocations.filter((i) => i.src === 'fetchMember');
      if (s.matches('restoring') || s.matches('loadingMember'))
        expect(fetches.at(-1)?.input).toEqual({ userName: s.context.userName });
    },
  },
};
