import { assign, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import type { MemberJwt } from '../src/protocol/member.ts';
import type { Notice } from '../src/protocol/site.ts';
import { HEARTBEAT_INTERVAL_MS, MSG } from '../src/protocol/stream.ts';
import type {
  BalanceChange,
  ChatErrorBody,
  ChatHistory,
  ChatMessage,
  KickBody,
  LoginData,
  LoginReply,
  MemberChange,
  MemberTopic,
  StreamMessage,
  WithdrawalChange,
} from '../src/protocol/stream.ts';

// The live socket (spec §4; issue 5 §2; issue 8 §2): status 0/1, heartbeat msgId 0 every 5 s while open,
// login once (jwt, then msgId 10001) and only with a token, close resets socket, room, handlers and the login
// flag. Visitors hold a socket too (heartbeat, notices, site-configuration pushes, reading the chat). Beyond
// the spec: reconnect with backoff and jitter, re-login after reconnecting, pause while the tab is hidden.

/** The stream protocol's message ids (spec §4, §9: 0 heartbeat, 10001 login; src/protocol/stream.ts). */
export const MSG_ID = MSG;
/** spec §9: heartbeat 5 s. */
export const SOCKET_HEARTBEAT_MS = HEARTBEAT_INTERVAL_MS;
/** Reconnect backoff: first wait, doubling up to the cap. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A tab hidden this long lets its socket go; it comes back when the tab is shown. */
export const HIDDEN_PAUSE_MS = 60_000;
/** A failed socket login is tried again after this long. */
export const LOGIN_RETRY_MS = 5_000;
/** Chat messages kept on the page. */
export const ROOM_SIZE = 50;

/** The wait before reconnect attempt n (0-based), before jitter. */
export function backoffMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

export interface ChatState {
  messages: ChatMessage[];
  error: ChatErrorBody | null;
}

interface Context {
  /** spec §4: 0 = closed/error, 1 = open. */
  status: 0 | 1;
  attempt: number;
  loginData: LoginData | null;
  loginError: { code: number; message: string } | null;
  room: ChatState;
  lastBalance: BalanceChange | null;
  /** The last withdrawal push (msgId 20005): the withdrawal page re-reads its list when it changes. */
  lastWithdrawal: WithdrawalChange | null;
  /** The last member-centre push of each topic (msgId 20006): mail, VIP, feedback, rebate, coins (issue 13). */
  memberChanges: Partial<Record<MemberTopic, MemberChange>>;
  /** The session is logged in: the socket logs in once open (spec §4: login only with a token). */
  member: boolean;
  /** A chat room is on screen: its history is asked for once the socket is open. */
  watching: boolean;
}

export type SocketEvent =
  /** Bring the socket up (a visitor's: heartbeat and pushes; it logs in once the session is a member's). */
  | { type: 'socket.start' }
  | { type: 'socket.stop' }
  /** The session is logged in: log the socket in (bringing it up if needed). */
  | { type: 'socket.login' }
  /** The session ended: forget the socket's login (spec §4: close resets it) and go on as a visitor's. */
  | { type: 'socket.logout' }
  /** A chat room is shown: its history is wanted. */
  | { type: 'chat.watch' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'chat.send'; text: string }
  | { type: 'chat.dismissError' }
  /** From the connection actor. */
  | { type: 'ws.open' }
  | { type: 'ws.message'; msg: StreamMessage }
  | { type: 'ws.close'; code: number }
  /** Raised by the visibility region. */
  | { type: 'socket.sleep' }
  | { type: 'socket.wake' };

/** What the connection actor receives: a message to send. */
export type ConnectionCommand = { type: 'ws.send'; msg: StreamMessage };

const EMPTY_ROOM: ChatState = { messages: [], error: null };

function isMsg<T>(event: SocketEvent, id: number): event is { type: 'ws.message'; msg: StreamMessage<T> } {
  return event.type === 'ws.message' && event.msg.msgId === id;
}

export const socketMachine = setup({
  types: {} as { context: Context; events: SocketEvent },
  actors: {
    /** The WebSocket: sends back ws.open / ws.message / ws.close; receives ws.send. Provided at composition. */
    connection: fromCallback<ConnectionCommand>(() => () => {}),
    fetchJwt: fromPromise<MemberJwt>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** A notice was pushed: provided (the app puts it on the home page). */
    notifyNotice: (_, _p: { notice: Notice }) => {},
    /** The login ended elsewhere (6001): provided (the app reacts from its error catalogue). */
    notifyKick: (_, _p: { kick: KickBody }) => {},
    /** The site configuration changed (MSG.siteConfig): provided (the app has the gate re-read pre-info). */
    notifySiteConfig: () => {},
    requestHistory: sendTo('connection', { type: 'ws.send', msg: { msgId: MSG.chatHistory, body: {} } }),
    /** spec §4: close resets the socket status, the room, the handlers and the login flag. */
    reset: assign({ status: 0, loginData: null, loginError: null, room: EMPTY_ROOM }),
  },
  guards: {
    loginOk: ({ event }) => isMsg<LoginReply>(event, MSG_ID.login) && event.msg.body.ok === true,
    loginRefused: ({ event }) => isMsg<LoginReply>(event, MSG_ID.login) && event.msg.body.ok === false,
    hasText: ({ event }) => event.type === 'chat.send' && event.text.trim().length > 0,
    member: ({ context }) => context.member,
    watching: ({ context }) => context.watching,
  },
  delays: {
    heartbeat: SOCKET_HEARTBEAT_MS,
    // Deterministic here; composition adds jitter (machines stay pure).
    reconnect: ({ context }) => backoffMs(context.attempt),
    hiddenPause: HIDDEN_PAUSE_MS,
    loginRetry: LOGIN_RETRY_MS,
  },
}).createMachine({
  id: 'socket',
  context: {
    status: 0,
    attempt: 0,
    loginData: null,
    loginError: null,
    room: EMPTY_ROOM,
    lastBalance: null,
    lastWithdrawal: null,
    memberChanges: {},
    member: false,
    watching: false,
  },
  type: 'parallel',
  states: {
    visibility: {
      initial: 'visible',
      states: {
        visible: { on: { 'page.hidden': 'hidden' } },
        hidden: {
          on: { 'page.visible': 'visible' },
          after: { hiddenPause: 'asleep' },
        },
        asleep: {
          entry: raise({ type: 'socket.sleep' }),
          on: { 'page.visible': { target: 'visible', actions: raise({ type: 'socket.wake' }) } },
        },
      },
    },
    link: {
      initial: 'idle',
      states: {
        /** Not started (or stopped): no socket. */
        idle: {
          on: {
            'socket.start': 'online',
            'socket.login': { target: 'online', actions: assign({ member: true }) },
          },
        },
        online: {
          invoke: { id: 'connection', src: 'connection' },
          initial: 'connecting',
          on: {
            // Every pushed message, whatever the login region is doing.
            'ws.message': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { msg } = event;
                if (msg.msgId === MSG_ID.notice)
                  enqueue({ type: 'notifyNotice', params: { notice: msg.body as Notice } });
                if (msg.msgId === MSG_ID.kick)
                  enqueue({ type: 'notifyKick', params: { kick: msg.body as KickBody } });
                if (msg.msgId === MSG_ID.siteConfig) enqueue('notifySiteConfig');
                const next = applyMessage(context, msg);
                if (Object.keys(next).length) enqueue.assign(next);
              }),
            },
            'ws.close': { target: 'reconnecting', actions: 'reset' },
            'socket.stop': { target: 'idle', actions: ['reset', assign({ attempt: 0 })] },
            'socket.sleep': { target: 'paused', actions: 'reset' },
          },
          states: {
            connecting: {
              on: { 'ws.open': { target: 'open', actions: assign({ status: 1, attempt: 0 }) } },
            },
            open: {
              type: 'parallel',
              entry: enqueueActions(({ context, enqueue }) => {
                if (context.watching) enqueue('requestHistory');
              }),
              on: {
                'chat.watch': [
                  { guard: 'watching' },
                  { actions: [assign({ watching: true }), 'requestHistory'] },
                ],
              },
              states: {
                heartbeat: {
                  initial: 'waiting',
                  states: {
                    waiting: {
                      after: {
                        heartbeat: {
                          target: 'waiting',
                          reenter: true,
                          actions: sendTo('connection', {
                            type: 'ws.send',
                            msg: { msgId: MSG_ID.heartbeat, body: {} },
                          }),
                        },
                      },
                    },
                  },
                },
                /** spec §4: login once (the isLogin flag is being in `loggedIn`), and only with a token. */
                login: {
                  initial: 'checking',
                  on: {
                    // The server's socket is bound to the member: a fresh one goes on as a visitor's.
                    'socket.logout': {
                      target: '#socket.link.online',
                      reenter: true,
                      actions: ['reset', assign({ member: false, memberChanges: {} })],
                    },
                  },
                  states: {
                    checking: {
                      always: [{ guard: 'member', target: 'fetchingJwt' }, { target: 'anonymous' }],
                    },
                    /** A visitor's socket: heartbeat and pushes, the chat to read, no login. */
                    anonymous: {
                      on: {
                        'socket.login': { target: 'fetchingJwt', actions: assign({ member: true }) },
                        'socket.logout': {},
                      },
                    },
                    fetchingJwt: {
                      invoke: {
                        src: 'fetchJwt',
                        onDone: {
                          target: 'awaitingReply',
                          actions: sendTo('connection', ({ event }) => ({
                            type: 'ws.send',
                            msg: { msgId: MSG_ID.login, token: event.output.jwt, body: {} },
                          })),
                        },
                        onError: 'retrying',
                      },
                    },
                    awaitingReply: {
                      on: {
                        'ws.message': [
                          {
                            guard: 'loginOk',
                            target: 'loggedIn',
                            actions: assign({
                              loginData: ({ event }) => (event as { msg: StreamMessage<LoginData> }).msg.body,
                              loginError: null,
                            }),
                          },
                          {
                            guard: 'loginRefused',
                            target: 'retrying',
                            actions: assign({
                              loginError: ({ event }) => {
                                const b = (event as { msg: StreamMessage<{ code: number; message: string }> })
                                  .msg.body;
                                return { code: b.code, message: b.message };
                              },
                            }),
                          },
                        ],
                      },
                    },
                    retrying: { after: { loginRetry: 'fetchingJwt' } },
                    loggedIn: {
                      on: {
                        'chat.send': {
                          guard: 'hasText',
                          actions: [
                            assign({ room: ({ context }) => ({ ...context.room, error: null }) }),
                            sendTo('connection', ({ event }) => ({
                              type: 'ws.send',
                              msg: { msgId: MSG_ID.chatSend, body: { text: event.text } },
                            })),
                          ],
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        /** Lost: wait (backoff with jitter), then try again; login follows the reconnect. */
        reconnecting: {
          after: {
            reconnect: {
              target: 'online',
              actions: assign({ attempt: ({ context }) => context.attempt + 1 }),
            },
          },
          on: {
            'socket.stop': { target: 'idle', actions: assign({ attempt: 0 }) },
            'socket.sleep': 'paused',
          },
        },
        /** The tab was hidden for long: no socket until it is shown again. */
        paused: {
          on: { 'socket.wake': 'online', 'socket.stop': { target: 'idle', actions: assign({ attempt: 0 }) } },
        },
      },
    },
  },
  on: {
    'chat.dismissError': { actions: assign({ room: ({ context }) => ({ ...context.room, error: null }) }) },
    'socket.login': { actions: assign({ member: true }) },
    'socket.logout': { actions: assign({ member: false }) },
    // Not yet open: the history is asked for on opening (see `open`'s entry).
    'chat.watch': { actions: assign({ watching: true }) },
  },
});

/** Pure: the context after a pushed message (notices and kicks are announced by actions). */
export function applyMessage(context: Context, msg: StreamMessage): Partial<Context> {
  switch (msg.msgId) {
    case MSG_ID.balance:
      return { lastBalance: msg.body as BalanceChange };
    case MSG_ID.withdrawal:
      return { lastWithdrawal: msg.body as WithdrawalChange };
    case MSG_ID.member: {
      const change = msg.body as MemberChange;
      return { memberChanges: { ...context.memberChanges, [change.topic]: change } };
    }
    case MSG_ID.chatHistory:
      return { room: { messages: (msg.body as ChatHistory).messages.slice(-ROOM_SIZE), error: null } };
    case MSG_ID.chatMessage:
      return {
        room: {
          ...context.room,
          messages: [...context.room.messages, msg.body as ChatMessage].slice(-ROOM_SIZE),
        },
      };
    case MSG_ID.chatError:
      return { room: { ...context.room, error: msg.body as ChatErrorBody } };
    case MSG_ID.login:
      // A re-sent login data (e.g. an operator muted the member): the page's speech state follows it.
      return (msg.body as LoginReply).ok ? { loginData: msg.body as LoginData } : {};
    default:
      return {};
  }
}
