// Mutation testing (issue 18 §3): the auth session's edges — stale errors and notices, the token kept after a
// registration (spec §5 token lifetime), the device's cached member arriving late, odd rejections, and where
// a session ended (spec §2: a session error on a member page sends the player home).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../../src/protocol/member.ts';
import { endedHere, sessionMachine, type SessionInput } from '../../../machines/session.machine.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

type Authenticated = AuthResponse & { remember: boolean };

const VISITOR: SessionInput = {
  token: null,
  urlToken: null,
  userName: null,
  cachedMember: null,
  rememberLogin: true,
  inviteCodes: {},
};
const member = (userName: string): MemberInfo => ({
  userId: 7,
  userName,
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 1,
  inviteCode: 'ABCD1234',
  registeredAt: '2025-01-02T03:04:05.000Z',
});
const LOGIN: LoginRequest = { countryCode: '86', phone: '13800138000', password: 'abc123', remember: true };
const REGISTER: RegisterRequest = {
  countryCode: '86',
  phone: '13800138000',
  smsCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
};
const RESET: ResetPasswordRequest = {
  countryCode: '86',
  phone: '13800138000',
  smsCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
};
const WRONG = Object.assign(new Error('账号或密码错误'), { code: 6002 });

function start(input: SessionInput = VISITOR) {
  const fakes = new Fakes();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fakes.promise<Authenticated>('login'),
        register: fakes.promise<Authenticated>('register'),
        resetPassword: fakes.promise<void>('resetPassword'),
        fetchMember: fakes.promise<MemberInfo>('fetchMember'),
        logout: fakes.promise<void>('logout'),
      },
      actions: fakes.actions('persistToken', 'clearToken', 'cacheMember', 'reloadPage', 'announce'),
    }),
    { input },
  ).start();
  const ctx = () => actor.getSnapshot().context;
  const last = (src: string) => fakes.invocations.filter((i) => i.src === src).at(-1)!.id;
  return { actor, ctx, fakes, last };
}

async function failedLogin() {
  const s = start();
  s.actor.send({ type: 'session.login', request: LOGIN });
  s.fakes.reject(s.last('login'), WRONG);
  await settle();
  expect(s.ctx().error).toEqual({ code: 6002, message: '账号或密码错误' });
  return s;
}

describe('an old answer is not shown on the next form', () => {
  it('a failed login’s error is gone once the player registers', async () => {
    const { actor, ctx } = await failedLogin();
    actor.send({ type: 'session.register', request: REGISTER });
    expect(actor.getSnapshot().value).toBe('registering');
    expect(ctx().error).toBeNull();
  });

  it('a failed login’s error is gone once the player resets the password', async () => {
    const { actor, ctx } = await failedLogin();
    actor.send({ type: 'session.resetPassword', request: RESET });
    expect(actor.getSnapshot().value).toBe('resettingPassword');
    expect(ctx().error).toBeNull();
  });

  it('the "password reset" notice is gone once the player registers or resets again', async () => {
    for (const next of [
      { type: 'session.register', request: REGISTER },
      { type: 'session.resetPassword', request: RESET },
      { type: 'session.login', request: LOGIN },
    ] as const) {
      const { actor, ctx, fakes, last } = start();
      actor.send({ type: 'session.resetPassword', request: RESET });
      fakes.resolve(last('resetPassword'), undefined);
      await settle();
      expect(ctx().notice).toBe('passwordReset');
      actor.send(next);
      expect(ctx().notice).toBeNull();
    }
  });
});

describe('a registration keeps the token (spec §5: 365 days with remember login, else a session cookie)', () => {
  for (const remember of [true, false]) {
    it(`remember ${remember}: the token is persisted with that choice`, async () => {
      const { actor, fakes, last } = start();
      actor.send({ type: 'session.register', request: REGISTER });
      fakes.resolve(last('register'), { token: 'tok-new', expiresAt: null, userName: 'bob', remember });
      await settle();
      expect(actor.getSnapshot().value).toBe('loadingMember');
      expect(fakes.called('persistToken')).toEqual([{ token: 'tok-new', remember, userName: 'bob' }]);
    });
  }
});

describe('the member cached on the device arrives late', () => {
  it('while restoring, it does not replace a member already shown', async () => {
    const shown = member('alice');
    const { actor, ctx } = start({ ...VISITOR, token: 'tok', userName: 'alice', cachedMember: shown });
    expect(actor.getSnapshot().value).toBe('restoring');
    actor.send({ type: 'session.cached', member: member('stale') });
    expect(ctx().member).toEqual(shown);
  });

  it('while restoring with nothing shown, it is shown', () => {
    const { actor, ctx } = start({ ...VISITOR, token: 'tok', userName: 'alice' });
    actor.send({ type: 'session.cached', member: member('alice') });
    expect(ctx().member).toEqual(member('alice'));
  });

  it('after the server answered, it does not replace the server’s member', async () => {
    const { actor, ctx, fakes, last } = start({ ...VISITOR, token: 'tok', userName: 'alice' });
    fakes.resolve(last('fetchMember'), member('alice'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    actor.send({ type: 'session.cached', member: member('stale') });
    expect(ctx().member).toEqual(member('alice'));
  });
});

describe('rejections that carry no error object', () => {
  it('a login rejected with undefined is an unknown error with no message', async () => {
    const { actor, ctx, fakes, last } = start();
    actor.send({ type: 'session.login', request: LOGIN });
    fakes.reject(last('login'), undefined);
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(ctx().error).toEqual({ code: 'unknown', message: '' });
  });

  it('a member fetch rejected with undefined while restoring keeps the login (offline)', async () => {
    const { actor, fakes, last } = start({ ...VISITOR, token: 'tok', userName: 'alice' });
    fakes.reject(last('fetchMember'), undefined);
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('loggedIn');
  });
});

describe('endedHere: the session ended on the page the player is on (spec §2)', () => {
  it('is true on the page where it ended, false elsewhere and when it never ended', () => {
    expect(endedHere({ context: { path: '/mine/vip', endedOn: '/mine/vip' } })).toBe(true);
    expect(endedHere({ context: { path: '/', endedOn: '/mine/vip' } })).toBe(false);
    expect(endedHere({ context: { path: null, endedOn: null } })).toBe(false);
    expect(endedHere({ context: { path: '/mine/vip', endedOn: null } })).toBe(false);
    expect(endedHere(undefined)).toBe(false);
  });

  it('a session ended on /mine/vip is ended there until the player moves on', async () => {
    const { actor, fakes, last } = start({ ...VISITOR, token: 'tok', userName: 'alice' });
    fakes.resolve(last('fetchMember'), member('alice'));
    await settle();
    actor.send({ type: 'session.pageChanged', path: '/mine/vip' });
    actor.send({ type: 'session.end', code: 10004 });
    expect(endedHere(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.pageChanged', path: '/' });
    expect(endedHere(actor.getSnapshot())).toBe(false);
  });
});
