import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../src/protocol/member.ts';
import {
  endedHere,
  loginStatus,
  sessionMachine,
  type SessionEvent,
  type SessionInput,
} from '../../machines/session.machine.ts';
import {
  describeModel,
  Fakes,
  SAME,
  settle,
  type OracleArgs,
  type TransitionTable,
} from '../support/model-paths.ts';

import * as apiProtocol from '../../src/protocol/api.ts';

/** spec §8: 6001, 10105, 10004, 10104 clear the token; 10102 (device blocked) clears token and cached user. */
const SESSION_ENDING_CODES = [6001, 10105, 10004, 10104, 10102];

const LOGGING_IN = '0.session.loggingIn';
const REGISTERING = '0.session.registering';
const RESETTING = '0.session.resettingPassword';
const RESTORING = '0.session.restoring';
const LOADING_MEMBER = '0.session.loadingMember';
const LOGGING_OUT = '0.session.loggingOut';

const STORED_TOKEN = 'tok-stored';
const URL_TOKEN = 'tok-url';
const LOGIN_TOKEN = 'tok-login';
const REGISTER_TOKEN = 'tok-register';

const member = (over: Partial<MemberInfo> = {}): MemberInfo => ({
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
const CACHED = member();
/** What the server says now (a level up since). */
const FRESH = member({ vipLevel: 3 });
/** Whoever a URL token belongs to: not the device's cached player. */
const URL_MEMBER = member({ userId: 9, userName: 'carol', phone: '(86)13900139000' });
const NEW_MEMBER = member({ userId: 8, userName: 'bob', phone: '(86)13700137000', vipLevel: 0 });

const LOGIN: LoginRequest = { countryCode: '86', phone: '13800138000', password: 'abc123', remember: true };
const REGISTER: RegisterRequest = {
  countryCode: '86',
  phone: '13700137000',
  smsCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
  inviteCode: 'ABCD1234',
};
const RESET: ResetPasswordRequest = {
  countryCode: '86',
  phone: '13800138000',
  smsCode: '654321',
  password: 'xyz789',
  confirmPassword: 'xyz789',
};

type Authenticated = AuthResponse & { remember: boolean };
const AUTH_REMEMBERED: Authenticated = {
  token: LOGIN_TOKEN,
  expiresAt: 1_767_225_600_000,
  userName: 'alice',
  remember: true,
};
const AUTH_SESSION: Authenticated = { ...AUTH_REMEMBERED, expiresAt: null, remember: false };
const AUTH_REGISTERED: Authenticated = {
  token: REGISTER_TOKEN,
  expiresAt: null,
  userName: 'bob',
  remember: false,
};

/** A coded error as the API client raises it. */
const coded = (code: number, message: string) => Object.assign(new Error(message), { code });
const WRONG_PASSWORD = coded(6002, '账号或密码错误');
const PHONE_TAKEN = coded(6021, '手机号已注册');
const SMS_WRONG = coded(10409, '验证码错误');
const EXPIRED = coded(10004, '登录已过期');
const ELSEWHERE = coded(6001, '您的账号已在别处登录');
const REVOKED = coded(10104, '登录已失效');
const SERVER_FAULT = coded(500, '服务器错误');
const OFFLINE = new Error('Network Error');

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const focus = (cookieToken: string | null) => ({ type: 'session.focus', cookieToken }) as const;

const EVENTS = [
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

const NO_TOKEN: SessionInput = {
  token: null,
  urlToken: null,
  userName: null,
  cachedMember: null,
  rememberLogin: true,
  inviteCodes: {},
};
const STORED: SessionInput = {
  ...NO_TOKEN,
  token: STORED_TOKEN,
  userName: 'alice',
  cachedMember: CACHED,
  rememberLogin: true,
  inviteCodes: { i_code: 'AB12' },
};

const EFFECTS = ['persistToken', 'clearToken', 'cacheMember', 'reloadPage', 'announce'] as const;

const provided = (fakes: Fakes) =>
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

const codeOf = (e: AnyEventObject) => (e['error'] as { code?: unknown } | undefined)?.code;
const ending = (e: AnyEventObject) => SESSION_ENDING_CODES.includes(codeOf(e) as number);
/** A member load answered: a session-ending code logs out; anything else keeps the login the device knows. */
const afterLoad =
  (failed: string) =>
  ({ event }: { event: AnyEventObject }) =>
    event.type === failed && ending(event) ? 'anonymous' : 'loggedIn';

const SESSION_TABLE: TransitionTable = {
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
const asked = (o: OracleArgs, src: string) => {
  expect(o.fakes.invocations.at(-1)).toMatchObject({ src, input: o.event['request'] });
  expect(o.snapshot.context).toMatchObject({ error: null, notice: null });
};

const SESSION_ORACLES: Record<string, (o: OracleArgs) => void> = {
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
describeModel(
  'session',
  sessionMachine,
  [
    { name: 'no token', input: NO_TOKEN, events: EVENTS },
    { name: 'stored token with a cached member', input: STORED, events: EVENTS },
    { name: 'URL token over a stored login', input: { ...STORED, urlToken: URL_TOKEN }, events: EVENTS },
  ],
  {
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
);

// ───────────── unit tests ─────────────

function start(input: Partial<SessionInput> = {}) {
  const fakes = new Fakes();
  const actor = createActor(provided(fakes), { input: { ...NO_TOKEN, ...input } }).start();
  const send = (event: SessionEvent) => actor.send(event);
  const answer = async (id: string, output?: unknown) => {
    fakes.resolve(id, output);
    await settle();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.reject(id, error);
    await settle();
  };
  const snap = () => actor.getSnapshot();
  return { actor, fakes, send, answer, refuse, snap };
}

/** A session logged in with the stored token and a fresh member. */
async function loggedIn(input: Partial<SessionInput> = {}) {
  const s = start({ ...STORED, ...input });
  await s.answer(RESTORING, FRESH);
  expect(s.snap().value).toBe('loggedIn');
  return s;
}

describe('session: login and registration', () => {
  it('starts anonymous without a token and tells the app', () => {
    const { snap, fakes } = start();
    expect(snap().value).toBe('anonymous');
    expect(fakes.calls).toEqual([{ name: 'announce', params: { loggedIn: false } }]);
    expect(fakes.invocations).toEqual([]);
  });

  it('login with remember persists the token with remember=true, loads and caches the member', async () => {
    const { send, answer, snap, fakes } = start();
    send({ type: 'session.login', request: LOGIN });
    expect(snap().value).toBe('loggingIn');
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'login', input: LOGIN });
    await answer(LOGGING_IN, AUTH_REMEMBERED);
    expect(fakes.called('persistToken')).toEqual([{ token: LOGIN_TOKEN, remember: true, userName: 'alice' }]);
    expect(snap().value).toBe('loadingMember');
    expect(snap().context).toMatchObject({ token: LOGIN_TOKEN, userName: 'alice' });
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'fetchMember', input: { userName: 'alice' } });
    await answer(LOADING_MEMBER, FRESH);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.member).toEqual(FRESH);
    expect(fakes.called('cacheMember')).toEqual([{ member: FRESH }]);
    expect(fakes.called('announce')).toEqual([{ loggedIn: false }, { loggedIn: true }]);
  });

  it('login without remember persists a session token (remember=false)', async () => {
    const { send, answer, fakes } = start();
    send({ type: 'session.login', request: { ...LOGIN, remember: false } });
    await answer(LOGGING_IN, AUTH_SESSION);
    expect(fakes.called('persistToken')).toEqual([
      { token: LOGIN_TOKEN, remember: false, userName: 'alice' },
    ]);
  });

  it('register persists the new token with remember=false and loads the new member', async () => {
    const { send, answer, snap, fakes } = start();
    send({ type: 'session.register', request: REGISTER });
    expect(snap().value).toBe('registering');
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'register', input: REGISTER });
    await answer(REGISTERING, AUTH_REGISTERED);
    expect(fakes.called('persistToken')).toEqual([
      { token: REGISTER_TOKEN, remember: false, userName: 'bob' },
    ]);
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'fetchMember', input: { userName: 'bob' } });
    await answer(LOADING_MEMBER, NEW_MEMBER);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context).toMatchObject({ token: REGISTER_TOKEN, userName: 'bob', member: NEW_MEMBER });
    expect(fakes.called('cacheMember')).toEqual([{ member: NEW_MEMBER }]);
  });

  it('a refused login lands in context.error, persists nothing and stays anonymous', async () => {
    const { send, refuse, snap, fakes } = start();
    send({ type: 'session.login', request: LOGIN });
    await refuse(LOGGING_IN, WRONG_PASSWORD);
    expect(snap().value).toBe('anonymous');
    expect(snap().context.error).toEqual({ code: 6002, message: '账号或密码错误' });
    expect(snap().context.token).toBeNull();
    expect(fakes.called('persistToken')).toEqual([]);
    expect(fakes.called('cacheMember')).toEqual([]);
  });

  it('a refused registration lands in context.error; dismissError clears it', async () => {
    const { send, refuse, snap } = start();
    send({ type: 'session.register', request: REGISTER });
    await refuse(REGISTERING, PHONE_TAKEN);
    expect(snap().context.error).toEqual({ code: 6021, message: '手机号已注册' });
    send({ type: 'session.dismissError' });
    expect(snap().context.error).toBeNull();
    expect(snap().value).toBe('anonymous');
  });

  it('an uncoded failure is an unknown error with its message', async () => {
    const { send, refuse, snap } = start();
    send({ type: 'session.login', request: LOGIN });
    await refuse(LOGGING_IN, OFFLINE);
    expect(snap().context.error).toEqual({ code: 'unknown', message: 'Network Error' });
  });

  it('a new attempt clears the last error', async () => {
    const { send, refuse, snap } = start();
    send({ type: 'session.login', request: LOGIN });
    await refuse(LOGGING_IN, WRONG_PASSWORD);
    send({ type: 'session.login', request: LOGIN });
    expect(snap().value).toBe('loggingIn');
    expect(snap().context.error).toBeNull();
  });

  it('resetPassword sets the passwordReset notice and stays anonymous; the next login clears it', async () => {
    const { send, answer, snap, fakes } = start();
    send({ type: 'session.resetPassword', request: RESET });
    expect(snap().value).toBe('resettingPassword');
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'resetPassword', input: RESET });
    await answer(RESETTING);
    expect(snap().value).toBe('anonymous');
    expect(snap().context.notice).toBe('passwordReset');
    expect(snap().context.error).toBeNull();
    expect(fakes.called('persistToken')).toEqual([]);
    send({ type: 'session.login', request: LOGIN });
    expect(snap().context.notice).toBeNull();
  });

  it('a refused password reset lands in context.error without a notice', async () => {
    const { send, refuse, snap } = start();
    send({ type: 'session.resetPassword', request: RESET });
    await refuse(RESETTING, SMS_WRONG);
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ notice: null, error: { code: 10409, message: '验证码错误' } });
  });

  it('keeps the remember flag and the invite codes it was given', () => {
    const { snap } = start({ rememberLogin: false, inviteCodes: { i_code: 'AB12', r_code: 'R1' } });
    expect(snap().context).toMatchObject({
      rememberLogin: false,
      inviteCodes: { i_code: 'AB12', r_code: 'R1' },
    });
  });
});

describe('session: restoring a token', () => {
  it('the cached member decrypted after the first paint shows while restoring, never over the server’s', async () => {
    const { snap, send, answer } = start({ ...STORED, cachedMember: null });
    expect(snap().context.member).toBeNull();
    send({ type: 'session.cached', member: CACHED });
    expect(snap().context.member).toEqual(CACHED);
    await answer(RESTORING, FRESH);
    send({ type: 'session.cached', member: CACHED });
    expect(snap().context.member).toEqual(FRESH);
  });

  it('a stored token shows the cached member and restores via fetchMember as the stored user', async () => {
    const { snap, answer, fakes } = start(STORED);
    expect(snap().value).toBe('restoring');
    expect(snap().context).toMatchObject({ token: STORED_TOKEN, userName: 'alice', member: CACHED });
    expect(fakes.invocations).toEqual([{ src: 'fetchMember', id: RESTORING, input: { userName: 'alice' } }]);
    expect(fakes.called('announce')).toEqual([]);
    await answer(RESTORING, FRESH);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.member).toEqual(FRESH);
    expect(fakes.called('cacheMember')).toEqual([{ member: FRESH }]);
    expect(fakes.called('announce')).toEqual([{ loggedIn: true }]);
    // Nothing new to keep: the token is the device's own.
    expect(fakes.called('persistToken')).toEqual([]);
  });

  it('a URL token starts without the cached identity and restores via fetchMember', async () => {
    const { snap, answer, fakes } = start({ ...STORED, urlToken: URL_TOKEN });
    expect(snap().value).toBe('restoring');
    expect(snap().context).toMatchObject({ token: URL_TOKEN, userName: null, member: null });
    expect(fakes.invocations).toEqual([{ src: 'fetchMember', id: RESTORING, input: { userName: null } }]);
    await answer(RESTORING, URL_MEMBER);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context).toMatchObject({ token: URL_TOKEN, userName: 'carol', member: URL_MEMBER });
    expect(fakes.called('cacheMember')).toEqual([{ member: URL_MEMBER }]);
  });

  it.each([
    ['6001', ELSEWHERE],
    ['10104', REVOKED],
    ['10004', EXPIRED],
  ])('a %s from fetchMember while restoring forgets the session', async (_, error) => {
    const { snap, refuse, fakes } = start(STORED);
    await refuse(RESTORING, error);
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ token: null, userName: null, member: null });
    expect(fakes.called('clearToken')).toHaveLength(1);
    expect(fakes.called('announce')).toEqual([{ loggedIn: false }]);
  });

  it.each([
    ['6001', ELSEWHERE],
    ['10104', REVOKED],
    ['10102', coded(10102, '设备已被禁用')],
  ])('a %s from fetchMember after a login forgets the new token', async (_, error) => {
    const { send, answer, refuse, snap, fakes } = start();
    send({ type: 'session.login', request: LOGIN });
    await answer(LOGGING_IN, AUTH_REMEMBERED);
    await refuse(LOADING_MEMBER, error);
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ token: null, userName: null, member: null });
    expect(fakes.called('clearToken')).toHaveLength(1);
  });

  it('every session-ending code counts, also as a string', async () => {
    expect([...apiProtocol.SESSION_ENDING_CODES].sort((a, b) => a - b)).toEqual([
      6001, 10004, 10102, 10104, 10105,
    ]);
    const { snap, refuse } = start(STORED);
    await refuse(RESTORING, { code: '10105', message: 'x' });
    expect(snap().value).toBe('anonymous');
  });

  it.each([
    ['a 500', SERVER_FAULT],
    ['a network failure', OFFLINE],
    ['an unrelated business code', WRONG_PASSWORD],
  ])('%s while restoring keeps the player logged in with the cached member', async (_, error) => {
    const { snap, refuse, fakes } = start(STORED);
    await refuse(RESTORING, error);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context).toMatchObject({ token: STORED_TOKEN, userName: 'alice', member: CACHED });
    expect(fakes.called('clearToken')).toEqual([]);
    expect(fakes.called('cacheMember')).toEqual([]);
    expect(fakes.called('announce')).toEqual([{ loggedIn: true }]);
  });

  it('a 500 after a login keeps the new login (no member yet); refresh retries', async () => {
    const { send, answer, refuse, snap, fakes } = start();
    send({ type: 'session.login', request: LOGIN });
    await answer(LOGGING_IN, AUTH_REMEMBERED);
    await refuse(LOADING_MEMBER, SERVER_FAULT);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context).toMatchObject({ token: LOGIN_TOKEN, member: null });
    send({ type: 'session.refresh' });
    expect(snap().value).toBe('loadingMember');
    await answer(LOADING_MEMBER, FRESH);
    expect(snap().context.member).toEqual(FRESH);
    expect(fakes.called('clearToken')).toEqual([]);
  });

  it('refresh re-fetches the member and caches it', async () => {
    const { send, answer, snap, fakes } = await loggedIn();
    send({ type: 'session.refresh' });
    expect(snap().value).toBe('loadingMember');
    const next = member({ vipLevel: 4 });
    await answer(LOADING_MEMBER, next);
    expect(snap().context.member).toEqual(next);
    expect(fakes.called('cacheMember')).toEqual([{ member: FRESH }, { member: next }]);
  });
});

describe('session: ending', () => {
  it('logout clears the token when the server agrees', async () => {
    const { send, answer, snap, fakes } = await loggedIn();
    send({ type: 'session.logout' });
    expect(snap().value).toBe('loggingOut');
    expect(fakes.invocations.at(-1)?.src).toBe('logout');
    await answer(LOGGING_OUT);
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ token: null, userName: null, member: null });
    expect(fakes.called('clearToken')).toHaveLength(1);
    expect(fakes.called('announce').at(-1)).toEqual({ loggedIn: false });
  });

  it('logout with a failing server still clears the token', async () => {
    const { send, refuse, snap, fakes } = await loggedIn();
    send({ type: 'session.logout' });
    await refuse(LOGGING_OUT, SERVER_FAULT);
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ token: null, userName: null, member: null, error: null });
    expect(fakes.called('clearToken')).toHaveLength(1);
  });

  it('session.end while logged in forgets the session', async () => {
    const { send, snap, fakes } = await loggedIn();
    send({ type: 'session.end', code: 6001 });
    expect(snap().value).toBe('anonymous');
    expect(snap().context).toMatchObject({ token: null, userName: null, member: null });
    expect(fakes.called('clearToken')).toHaveLength(1);
    expect(fakes.called('announce').at(-1)).toEqual({ loggedIn: false });
  });

  it('session.end while anonymous clears whatever the device still holds', () => {
    const { send, snap, fakes } = start();
    send({ type: 'session.end', code: 10102 });
    expect(snap().value).toBe('anonymous');
    expect(fakes.called('clearToken')).toHaveLength(1);
    // No second announcement: nothing changed.
    expect(fakes.called('announce')).toEqual([{ loggedIn: false }]);
  });

  it('logout and refresh do nothing while anonymous', () => {
    const { send, snap, fakes } = start();
    send({ type: 'session.logout' });
    send({ type: 'session.refresh' });
    expect(snap().value).toBe('anonymous');
    expect(fakes.invocations).toEqual([]);
  });
});

describe('session: the token changed in another tab (spec §4)', () => {
  it('focus with the same token does nothing', async () => {
    const { send, snap, fakes } = await loggedIn();
    const before = fakes.calls.length;
    send({ type: 'session.focus', cookieToken: STORED_TOKEN });
    expect(fakes.calls.slice(before)).toEqual([]);
    expect(snap().value).toBe('loggedIn');
  });

  it('focus with a different token reloads the page', async () => {
    const { send, fakes } = await loggedIn();
    send({ type: 'session.focus', cookieToken: 'tok-other-tab' });
    expect(fakes.called('reloadPage')).toHaveLength(1);
  });

  it('focus without a token while logged in (logged out elsewhere) reloads', async () => {
    const { send, fakes } = await loggedIn();
    send({ type: 'session.focus', cookieToken: null });
    expect(fakes.called('reloadPage')).toHaveLength(1);
  });

  it('while anonymous: no token does nothing, a token (logged in elsewhere) reloads', () => {
    const { send, fakes } = start();
    send({ type: 'session.focus', cookieToken: null });
    expect(fakes.called('reloadPage')).toEqual([]);
    send({ type: 'session.focus', cookieToken: 'tok-other-tab' });
    expect(fakes.called('reloadPage')).toHaveLength(1);
  });

  it('after a login the new token is the one compared', async () => {
    const { send, answer, fakes } = start();
    send({ type: 'session.login', request: LOGIN });
    await answer(LOGGING_IN, AUTH_REMEMBERED);
    send({ type: 'session.focus', cookieToken: LOGIN_TOKEN });
    expect(fakes.called('reloadPage')).toEqual([]);
    send({ type: 'session.focus', cookieToken: null });
    expect(fakes.called('reloadPage')).toHaveLength(1);
  });
});

describe('page changes', () => {
  it('clear the last error everywhere, and the reset notice except on the login page', async () => {
    const { send, snap, refuse, answer } = start();
    send({ type: 'session.login', request: LOGIN });
    await refuse(LOGGING_IN, WRONG_PASSWORD);
    expect(snap().context.error).not.toBeNull();
    send({ type: 'session.pageChanged', path: '/user/register' });
    expect(snap().context.error).toBeNull();

    send({ type: 'session.resetPassword', request: RESET });
    await answer(RESETTING, undefined);
    expect(snap().context.notice).toBe('passwordReset');
    send({ type: 'session.pageChanged', path: '/user/login' });
    expect(snap().context.notice).toBe('passwordReset');
    send({ type: 'session.pageChanged', path: '/user/password' });
    expect(snap().context.notice).toBeNull();
  });
});

describe('login status and where the session ended (issue 8 §2: what the navigation policy reads)', () => {
  it('no token is anonymous; a stored token is restoring until the server confirms it, then member', async () => {
    expect(loginStatus(undefined)).toBe('anonymous');
    expect(loginStatus(start().snap())).toBe('anonymous');
    const restoring = start(STORED);
    expect(loginStatus(restoring.snap())).toBe('restoring');
    await restoring.answer(RESTORING, FRESH);
    expect(loginStatus(restoring.snap())).toBe('member');
    restoring.send({ type: 'session.logout' });
    // Still logged in while the logout call runs.
    expect(loginStatus(restoring.snap())).toBe('member');
    await restoring.answer(LOGGING_OUT);
    expect(loginStatus(restoring.snap())).toBe('anonymous');
  });

  it('a token a login just returned, and a refresh of a member, count as a member (never restoring)', async () => {
    const s = start();
    s.send({ type: 'session.login', request: LOGIN });
    await s.answer(LOGGING_IN, { token: 'fresh-token', userName: 'bob', remember: false });
    expect(s.snap().value).toBe('loadingMember');
    expect(loginStatus(s.snap())).toBe('member');
    const kept = await loggedIn();
    kept.send({ type: 'session.refresh' });
    expect(kept.snap().value).toBe('loadingMember');
    expect(loginStatus(kept.snap())).toBe('member');
  });

  it('the device’s copy decrypted after an offline restore fills the member, never over the server’s', async () => {
    const s = start({ ...STORED, cachedMember: null });
    await s.refuse(RESTORING, new Error('offline'));
    expect(s.snap().value).toBe('loggedIn');
    expect(s.snap().context.member).toBeNull();
    s.send({ type: 'session.cached', member: CACHED });
    expect(s.snap().context.member).toEqual(CACHED);
  });

  it('a logout on a member page is remembered for that page until the player moves on', async () => {
    const { send, answer, snap } = await loggedIn();
    send({ type: 'session.pageChanged', path: '/mine/vip' });
    expect(endedHere(snap())).toBe(false);
    send({ type: 'session.logout' });
    await answer(LOGGING_OUT);
    expect(snap().context).toMatchObject({ path: '/mine/vip', endedOn: '/mine/vip' });
    expect(endedHere(snap())).toBe(true);
    // The same page reported again keeps it; another page forgets it.
    send({ type: 'session.pageChanged', path: '/mine/vip' });
    expect(endedHere(snap())).toBe(true);
    send({ type: 'session.pageChanged', path: '/' });
    expect(endedHere(snap())).toBe(false);
    send({ type: 'session.pageChanged', path: '/mine/vip' });
    expect(endedHere(snap())).toBe(false);
  });

  it('a session code (session.end) or a refused stored token ends the session on the page it is on', async () => {
    const ended = await loggedIn();
    ended.send({ type: 'session.pageChanged', path: '/mine/finance/wallet' });
    ended.send({ type: 'session.end', code: 10004 });
    expect(endedHere(ended.snap())).toBe(true);

    const refused = start(STORED);
    refused.send({ type: 'session.pageChanged', path: '/mine/vip' });
    await refused.refuse(RESTORING, { code: 10004, message: 'expired' });
    expect(refused.snap().value).toBe('anonymous');
    expect(endedHere(refused.snap())).toBe(true);
    expect(endedHere(undefined)).toBe(false);
  });
});
