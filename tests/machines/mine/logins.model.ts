// The logins list's model (issue 13 §1 "the devices and recent logins of the account …, log out other devices"):
// loading → list; log out other devices asks first (the modal host), then ends the others; a refusal is shown on
// the list; done hands the renewed login to the parent.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { loginsMachine, logoutOthersDialog } from '../../../machines/mine/logins.machine.ts';
import type { LoginList, RenewedSession } from '../../../src/protocol/profile.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER } from './fixtures.ts';

export const LOAD = '0.logins.loading';
export const OUT = '0.logins.loggingOut';

/** issue 13 §1: each login with its time, IP and device; this one and the live ones marked. */
const LIST: LoginList = {
  items: [
    {
      id: '2',
      at: '2026-11-26T04:00:00.000Z',
      ip: '203.0.113.9',
      device: 'iPhone · Safari',
      current: true,
      live: true,
    },
    {
      id: '1',
      at: '2026-11-25T04:00:00.000Z',
      ip: '198.51.100.20',
      device: 'Windows · Chrome',
      current: false,
      live: false,
    },
  ],
};
const RENEWED: RenewedSession = { token: 'fresh-token', expiresAt: null, ended: 1 };

export const DIALOG = {
  title: '退出其他设备',
  text: '将退出除本机外所有设备上的登录',
  confirm: '确定退出',
  cancel: '取消',
};

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: LIST },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'logins.retry' },
  { type: 'logins.logoutOthers' },
  { type: 'logins.confirm' },
  { type: 'logins.keep' },
  { type: `xstate.done.actor.${OUT}`, output: RENEWED },
  { type: `xstate.error.actor.${OUT}`, error: NO_ANSWER },
];

export function provideLogins(fakes: Fakes) {
  return loginsMachine.provide({
    actors: { load: fakes.promise('load'), logoutOthers: fakes.promise('logoutOthers') },
    actions: fakes.actions('confirm', 'renewed', 'quietSocket', 'wakeSocket'),
  });
}

const TABLE: TransitionTable = {
  loading: { [`xstate.done.actor.${LOAD}`]: 'list', [`xstate.error.actor.${LOAD}`]: 'failed' },
  failed: { 'logins.retry': 'loading' },
  list: { 'logins.logoutOthers': 'confirming' },
  confirming: { 'logins.confirm': 'loggingOut', 'logins.keep': 'list' },
  loggingOut: { [`xstate.done.actor.${OUT}`]: 'done', [`xstate.error.actor.${OUT}`]: 'list' },
  done: {},
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => expect(o.fakes.pendingIds()).toEqual([LOAD]),
  failed: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.list).toBeNull();
  },
  list: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // The list shows time, IP and device of each login as read.
    expect(o.snapshot.context.list).toEqual(LIST);
    if (o.event.type === `xstate.error.actor.${OUT}`) {
      // The endpoint has no coded refusal of its own (a session code goes to the app's catalogue): no answer.
      expect(o.snapshot.context.refusal).toEqual({ code: 'noAnswer', message: '' });
      // Refused: the socket logs in again.
      expect(o.effects.actions.map((a) => a.name)).toEqual(['wakeSocket']);
    } else expect(o.snapshot.context.refusal).toBeNull();
  },
  confirming: (o) => {
    // Asks first, in the shell's modal host (issue 13 §1 brief: modal.open to system 'modals').
    expect(o.effects.actions.map((a) => a.name)).toEqual(['confirm']);
    expect(o.fakes.pendingIds()).toEqual([]);
  },
  loggingOut: (o) => {
    expect(o.fakes.pendingIds()).toEqual([OUT]);
    expect(o.effects.actions.map((a) => a.name)).toEqual(['quietSocket']);
  },
  done: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // This device goes on under the fresh token: handed to the parent once.
    expect(o.effects.actions).toEqual([{ name: 'renewed', params: { session: RENEWED } }]);
  },
};

export const loginsModel: MachineModel<typeof loginsMachine> = {
  title: 'mine logins',
  machine: loginsMachine,
  graphs: [{ name: 'a member on /mine/userInfo', input: { dialog: DIALOG }, events: EVENTS, maxWalk: 40 }],
  harness: { logic: provideLogins, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};

/** The dialog the list opens (its words from the page's catalogue; buttons to the area actor 'mine'). */
export const DIALOG_SPEC = logoutOthersDialog(DIALOG);
