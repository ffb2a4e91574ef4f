import { assign, fromPromise, setup } from 'xstate';
import { isSessionEnding } from '../src/protocol/api.ts';
import type { LoginStatus } from './navigation-policy.ts';
import type {
  AuthResponse,
  InviteParams,
  LoginRequest,
  MemberInfo,
  RegisterRequest,
  ResetPasswordRequest,
} from '../src/protocol/member.ts';

// The auth session (issue 4 §3): the token, the member info, the login state.

/** The page a one-off notice (the password was reset) is meant for. */
export const NOTICE_PAGE = '/user/login';

export interface SessionError {
  code: number | string;
  message: string;
}

export interface SessionInput {
  /** The token kept from an earlier visit (cookie X-API-TOKEN), if any. */
  token: string | null;
  /** A token carried by the landing URL (appdown-token or token, spec §2), which logs the player in. */
  urlToken: string | null;
  userName: string | null;
  /** The member info cached (encrypted) on the device, shown until the fresh copy arrives. */
  cachedMember: MemberInfo | null;
  /** loginInfo.isChecked: the player ticked "remember login" last time (the form starts ticked). */
  rememberLogin: boolean;
  /** The live invite codes (spec §4) the registration form starts with and sends. */
  inviteCodes: InviteParams;
}

interface Context {
  rememberLogin: boolean;
  inviteCodes: InviteParams;
  token: string | null;
  userName: string | null;
  member: MemberInfo | null;
  error: SessionError | null;
  /** A one-off notice for the page (e.g. the password was reset). */
  notice: 'passwordReset' | null;
  /** The page the player is on (session.pageChanged). */
  path: string | null;
  /** The page on which the session last ended, until the player moves on (the navigation policy reads it). */
  endedOn: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest }
  | { type: 'session.register'; request: RegisterRequest }
  | { type: 'session.resetPassword'; request: ResetPasswordRequest }
  | { type: 'session.logout' }
  | { type: 'session.refresh' }
  /** A session-ending code arrived (the app's error catalogue sends it). */
  | { type: 'session.end'; code: number | string }
  /** The window regained focus; `cookieToken` is the token the browser holds now. */
  | { type: 'session.focus'; cookieToken: string | null }
  | { type: 'session.dismissError' }
  /** The player moved to another page: an answer meant for the last form is not shown on the next. */
  | { type: 'session.pageChanged'; path: string }
  /**
   * The member cached on the device, decrypted after the first paint (crypto-js loads late, issue 8 §4): shown
   * while the kept login is restored, unless the server answered first.
   */
  | { type: 'session.cached'; member: MemberInfo };

interface Authenticated extends AuthResponse {
  remember: boolean;
}

const errorOf = (e: unknown): SessionError => {
  const err = e as { code?: number | string; message?: string };
  return { code: err?.code ?? 'unknown', message: err?.message ?? '' };
};

export const sessionMachine = setup({
  types: {} as { context: Context; events: SessionEvent; input: SessionInput },
  actors: {
    login: fromPromise<Authenticated, LoginRequest>(async () => {
      throw new Error('provided at composition');
    }),
    register: fromPromise<Authenticated, RegisterRequest>(async () => {
      throw new Error('provided at composition');
    }),
    resetPassword: fromPromise<void, ResetPasswordRequest>(async () => {
      throw new Error('provided at composition');
    }),
    fetchMember: fromPromise<MemberInfo, { userName: string | null }>(async () => {
      throw new Error('provided at composition');
    }),
    logout: fromPromise<void>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** Keeps the token (cookie + storage; 365 days with remember, else a session cookie): provided. */
    persistToken: (_, _p: { token: string; remember: boolean; userName: string }) => {},
    /** Forgets the token and the cached member (spec §8): provided. */
    clearToken: () => {},
    /** Caches the member info on the device, encrypted: provided. */
    cacheMember: (_, _p: { member: MemberInfo }) => {},
    /** spec §4: the token changed in another tab → reload the page: provided. */
    reloadPage: () => {},
    /** Tells whoever composes the session that login state changed: provided (the app actor listens). */
    announce: (_, _p: { loggedIn: boolean }) => {},
    /** The session ended on this page: who it was goes, and the policy learns where it ended. */
    forget: assign({ token: null, userName: null, member: null, endedOn: ({ context }) => context.path }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    sessionEnding: ({ event }) => isSessionEnding((event as { error?: { code?: unknown } }).error?.code),
    tokenChangedElsewhere: ({ context, event }) =>
      event.type === 'session.focus' && (event.cookieToken ?? null) !== context.token,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    rememberLogin: input.rememberLogin,
    inviteCodes: input.inviteCodes,
    token: input.urlToken ?? input.token,
    // A URL token belongs to whoever the server says: start without the cached identity.
    userName: input.urlToken ? null : input.userName,
    member: input.urlToken ? null : input.cachedMember,
    error: null,
    notice: null,
    path: null,
    endedOn: null,
  }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'restoring' }, { target: 'anonymous' }],
    },
    anonymous: {
      entry: { type: 'announce', params: { loggedIn: false } },
      on: {
        'session.login': { target: 'loggingIn', actions: assign({ error: null, notice: null }) },
        'session.register': { target: 'registering', actions: assign({ error: null, notice: null }) },
        'session.resetPassword': {
          target: 'resettingPassword',
          actions: assign({ error: null, notice: null }),
        },
        'session.dismissError': { actions: assign({ error: null }) },
        // Whatever the device still holds of an ended session goes too.
        'session.end': { actions: 'clearToken' },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.login' }>).request,
        onDone: {
          target: 'loadingMember',
          actions: [
            assign(({ event }) => ({
              token: event.output.token,
              userName: event.output.userName,
              error: null,
            })),
            {
              type: 'persistToken',
              params: ({ event }) => ({
                token: event.output.token,
                remember: event.output.remember,
                userName: event.output.userName,
              }),
            },
          ],
        },
        onError: { target: 'anonymous', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    registering: {
      invoke: {
        src: 'register',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.register' }>).request,
        onDone: {
          target: 'loadingMember',
          actions: [
            assign(({ event }) => ({
              token: event.output.token,
              userName: event.output.userName,
              error: null,
            })),
            {
              type: 'persistToken',
              params: ({ event }) => ({
                token: event.output.token,
                remember: event.output.remember,
                userName: event.output.userName,
              }),
            },
          ],
        },
        onError: { target: 'anonymous', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    resettingPassword: {
      invoke: {
        src: 'resetPassword',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.resetPassword' }>).request,
        onDone: { target: 'anonymous', actions: assign({ notice: 'passwordReset' }) },
        onError: { target: 'anonymous', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    /** A token from an earlier visit or the URL: ask the server who it belongs to. */
    restoring: {
      on: {
        // spec §8: a session-ending code while the kept token is being checked ends it too.
        'session.end': { target: 'anonymous', actions: ['forget', 'clearToken'] },
        'session.cached': {
          guard: ({ context }) => context.member === null,
          actions: assign({ member: ({ event }) => event.member }),
        },
      },
      invoke: {
        src: 'fetchMember',
        input: ({ context }) => ({ userName: context.userName }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ member: event.output, userName: event.output.userName })),
            { type: 'cacheMember', params: ({ event }) => ({ member: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'sessionEnding',
            target: 'anonymous',
            actions: ['forget', 'clearToken'],
          },
          // Offline or a server fault: stay logged in with what the device knows; a refresh retries.
          { target: 'loggedIn' },
        ],
      },
    },
    loadingMember: {
      on: {
        'session.end': { target: 'anonymous', actions: ['forget', 'clearToken'] },
        // The header shows 退出登录 as soon as the login succeeded (found by the socket's UI model test: the
        // press did nothing while the member's info was still loading).
        'session.logout': 'loggingOut',
      },
      invoke: {
        src: 'fetchMember',
        input: ({ context }) => ({ userName: context.userName }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ member: event.output, userName: event.output.userName })),
            { type: 'cacheMember', params: ({ event }) => ({ member: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'sessionEnding',
            target: 'anonymous',
            actions: ['forget', 'clearToken'],
          },
          { target: 'loggedIn' },
        ],
      },
    },
    loggedIn: {
      entry: { type: 'announce', params: { loggedIn: true } },
      on: {
        // Offline or a server fault kept the login before the device's copy was decrypted: show that copy.
        'session.cached': {
          guard: ({ context }) => context.member === null,
          actions: assign({ member: ({ event }) => event.member }),
        },
        'session.logout': 'loggingOut',
        'session.refresh': 'loadingMember',
        'session.end': {
          target: 'anonymous',
          actions: ['forget', 'clearToken'],
        },
      },
    },
    /** The server forgets the token; the device forgets it whatever the server answers. */
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: {
          target: 'anonymous',
          actions: ['forget', 'clearToken'],
        },
        onError: {
          target: 'anonymous',
          actions: ['forget', 'clearToken'],
        },
      },
    },
  },
  on: {
    'session.focus': { guard: 'tokenChangedElsewhere', actions: 'reloadPage' },
    // While a login or registration is in flight there is no token yet: what the device still holds goes.
    'session.end': { actions: 'clearToken' },
    // The reset notice is for the login page (which repeats it); any other page drops it.
    'session.pageChanged': {
      actions: assign({
        error: null,
        notice: ({ context, event }) => (event.path === NOTICE_PAGE ? context.notice : null),
        path: ({ event }) => event.path,
        endedOn: ({ context, event }) => (event.path === context.endedOn ? context.endedOn : null),
      }),
    },
  },
});

/**
 * The one definition of "logged in" (issue 8 §2), from the session actor's snapshot: a device holding a token
 * the server has not yet confirmed is restoring; a confirmed (or offline-kept) login is a member.
 */
export function loginStatus(
  snapshot: { value: unknown; context: Pick<Context, 'token'> } | undefined,
): LoginStatus {
  if (!snapshot || snapshot.context.token === null) return 'anonymous';
  // Only a token kept from an earlier visit (or a URL) is unconfirmed: one a login just returned is the server's
  // own, and a refresh of a logged-in member's info keeps the member logged in.
  return snapshot.value === 'restoring' ? 'restoring' : 'member';
}

/** The session ended on the page the player is on (the navigation policy sends them home, spec §2). */
export const endedHere = (snapshot: { context: Pick<Context, 'path' | 'endedOn'> } | undefined) =>
  snapshot !== undefined &&
  snapshot.context.endedOn !== null &&
  snapshot.context.endedOn === snapshot.context.path;
