import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  endedHere,
  loginStatus,
  type SessionEvent,
  type SessionInput,
} from '../../machines/session.machine.ts';
import { describeModel, Fakes, settle } from '../support/model-paths.ts';
import * as apiProtocol from '../../src/protocol/api.ts';
import {
  AUTH_REGISTERED,
  AUTH_REMEMBERED,
  AUTH_SESSION,
  CACHED,
  ELSEWHERE,
  EXPIRED,
  FRESH,
  LOADING_MEMBER,
  LOGGING_IN,
  LOGGING_OUT,
  LOGIN,
  LOGIN_TOKEN,
  member,
  NEW_MEMBER,
  NO_TOKEN,
  OFFLINE,
  PHONE_TAKEN,
  provided,
  REGISTER,
  REGISTER_TOKEN,
  REGISTERING,
  RESET,
  RESETTING,
  RESTORING,
  REVOKED,
  SERVER_FAULT,
  sessionModel,
  SMS_WRONG,
  STORED,
  STORED_TOKEN,
  URL_MEMBER,
  URL_TOKEN,
  WRONG_PASSWORD,
  coded,
} from './session.model.ts';

describeModel(sessionModel.title, sessionModel.machine, sessionModel.graphs, sessionModel.harness);

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
