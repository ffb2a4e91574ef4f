import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { MineSummary, Profile, RenewedSession } from '../../src/protocol/profile.ts';
import type { AreaEvent, AreaInput } from '../area.ts';
import { MINE_PATH, USER_INFO_PATH } from './common.ts';
import { fieldFormMachine, type ProfileField } from './field-form.machine.ts';
import { loginsMachine, type LoginsDialogText } from './logins.machine.ts';

// The member centre's /mine area actor (issue 13 §1): on /mine it reads the summary (one call) and reads it again
// on `mine.refresh` (the page sends it on the 'vip' and 'mail' pushes and on balance pushes) and on every visit;
// on /mine/userInfo it reads the profile and runs, while it is shown, one child per editable field ('nickname',
// 'avatar', 'birthday', 'password') and the logins list ('logins'). A saved field updates the profile shown; a
// password change or "log out other devices" renews the login (`adoptSession` keeps the fresh token). The
// confirmation's buttons (sent to this actor, systemId 'mine') are handed to the list.

export interface MineInput extends AreaInput {
  dialog: LoginsDialogText;
  /** Epoch ms of "now" at the start (the birthday's 18+ rule). */
  today: number;
}

interface Context extends MineInput {
  summary: MineSummary | null;
  profile: Profile | null;
}

export type MineEvent =
  | AreaEvent
  | { type: 'mine.refresh' }
  | { type: 'mine.retry' }
  | { type: 'mine.fieldSaved'; field: ProfileField; output: unknown }
  | { type: 'mine.renewed'; session: RenewedSession }
  | { type: 'logins.confirm' }
  | { type: 'logins.keep' };

/** The player arrives at `path` from another page. */
const arrives =
  (path: string) =>
  ({ context, event }: { context: Context; event: MineEvent }) =>
    event.type === 'route.changed' && event.path === path && context.path !== path;
/** The player is elsewhere than `path` now. */
const away =
  (path: string) =>
  ({ event }: { event: MineEvent }) =>
    event.type === 'route.changed' && event.path !== path;

export const FIELDS: readonly ProfileField[] = ['nickname', 'avatar', 'birthday', 'password'];

const fieldChild = (field: ProfileField) => ({
  id: field,
  src: 'field' as const,
  input: ({ context }: { context: Context }) => ({
    field,
    current: field === 'password' ? null : (context.profile?.[field] ?? null),
    today: context.today,
  }),
});

export const mineMachine = setup({
  types: {} as { context: Context; events: MineEvent; input: MineInput },
  actors: {
    loadSummary: fromPromise<MineSummary>(async () => {
      throw new Error('provided at composition');
    }),
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('provided at composition');
    }),
    field: fieldFormMachine,
    logins: loginsMachine,
  },
  actions: {
    /** The login goes on under this fresh token (the composition stores it and starts the page again). */
    adoptSession: (_, _p: unknown) => {},
    rememberPath: assign({
      path: ({ context, event }) => (event.type === 'route.changed' ? event.path : context.path),
    }),
  },
  guards: {
    arrivesMine: arrives(MINE_PATH),
    awayFromMine: away(MINE_PATH),
    arrivesUserInfo: arrives(USER_INFO_PATH),
    awayFromUserInfo: away(USER_INFO_PATH),
    startsOnMine: ({ context }) => context.path === MINE_PATH,
    startsOnUserInfo: ({ context }) => context.path === USER_INFO_PATH,
    isPassword: ({ event }) => event.type === 'mine.fieldSaved' && event.field === 'password',
  },
}).createMachine({
  id: 'mine',
  context: ({ input }) => ({ ...input, summary: null, profile: null }),
  type: 'parallel',
  states: {
    summary: {
      on: {
        // Each region follows the route: arriving loads, leaving rests (the profile's children stop).
        'route.changed': [
          { guard: 'arrivesMine', target: '.loading', actions: 'rememberPath' },
          { guard: 'awayFromMine', target: '.idle', actions: 'rememberPath' },
          { actions: 'rememberPath' },
        ],
      },
      initial: 'start',
      states: {
        start: { always: [{ guard: 'startsOnMine', target: 'loading' }, { target: 'idle' }] },
        idle: {},
        loading: {
          invoke: {
            src: 'loadSummary',
            onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {
          on: {
            'mine.refresh': 'loading',
          },
        },
        failed: {
          on: {
            'mine.retry': 'loading',
            'mine.refresh': 'loading',
          },
        },
      },
    },
    profile: {
      on: {
        // Each region follows the route: arriving loads, leaving rests (the profile's children stop).
        'route.changed': [
          { guard: 'arrivesUserInfo', target: '.loading', actions: 'rememberPath' },
          { guard: 'awayFromUserInfo', target: '.idle', actions: 'rememberPath' },
          { actions: 'rememberPath' },
        ],
      },
      initial: 'start',
      states: {
        start: { always: [{ guard: 'startsOnUserInfo', target: 'loading' }, { target: 'idle' }] },
        idle: {},
        loading: {
          invoke: {
            src: 'loadProfile',
            onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {
          invoke: [
            ...FIELDS.map(fieldChild),
            { id: 'logins', src: 'logins', input: ({ context }) => ({ dialog: context.dialog }) },
          ],
          on: {
            'mine.fieldSaved': [
              {
                guard: 'isPassword',
                actions: {
                  type: 'adoptSession',
                  params: ({ event }: { event: MineEvent }) => ({
                    output: event.type === 'mine.fieldSaved' ? event.output : null,
                  }),
                },
              },
              {
                actions: assign({
                  profile: ({ context, event }) => (event.output as Profile) ?? context.profile,
                }),
              },
            ],
            'mine.renewed': {
              actions: {
                type: 'adoptSession',
                params: ({ event }: { event: MineEvent }) => ({
                  output: event.type === 'mine.renewed' ? event.session : null,
                }),
              },
            },
            'logins.confirm': { actions: sendTo('logins', { type: 'logins.confirm' }) },
            'logins.keep': { actions: sendTo('logins', { type: 'logins.keep' }) },
          },
        },
        failed: {
          on: {
            'mine.retry': 'loading',
          },
        },
      },
    },
  },
});
