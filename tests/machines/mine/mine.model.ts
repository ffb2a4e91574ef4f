// The /mine area actor's model (issue 13 §1): /mine reads its summary on every arrival and again on a push
// (`mine.refresh`); /mine/userInfo reads the profile and, while it is shown, runs the field forms and the logins
// list; a saved field shows its new value; a password change or "log out other devices" keeps the fresh login.
import { expect } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { fieldFormMachine } from '../../../machines/mine/field-form.machine.ts';
import { loginsMachine } from '../../../machines/mine/logins.machine.ts';
import { mineMachine, type MineInput } from '../../../machines/mine/mine.machine.ts';
import type { LoginList, MineSummary, RenewedSession } from '../../../src/protocol/profile.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { NO_ANSWER, profile, TODAY } from './fixtures.ts';
import { DIALOG } from './logins.model.ts';

export const SUMMARY = '0.mine.summary.loading';
export const PROFILE = '0.mine.profile.loading';

/** The paths of the area (spec §2). */
const MINE = '/mine';
const USER_INFO = '/mine/userInfo';

/** issue 13 §1: masked phone, VIP, central balance and locked amount, unread mail. */
const SUMMARY_DATA: MineSummary = {
  phoneMasked: '138****8000',
  nickname: null,
  avatar: 'a1',
  vip: {
    level: 0,
    deposit: 0,
    validBet: 0,
    next: { level: 1, deposit: 100_000, validBet: 500_000 },
    keep: { validBet: 0, required: 0 },
  },
  balance: 8_800,
  locked: 0,
  unreadMail: 2,
  realNameVerified: false,
};
const PROFILE_DATA = profile();
const NAMED = profile({ nickname: '小明' });
const RENEWED: RenewedSession = { token: 'fresh-token', expiresAt: null, ended: 0 };

const EVENTS: AnyEventObject[] = [
  { type: 'route.changed', path: MINE, search: '' },
  { type: 'route.changed', path: USER_INFO, search: '' },
  { type: 'route.changed', path: '/mine/vip', search: '' },
  { type: 'mine.refresh' },
  { type: 'mine.retry' },
  { type: `xstate.done.actor.${SUMMARY}`, output: SUMMARY_DATA },
  { type: `xstate.error.actor.${SUMMARY}`, error: NO_ANSWER },
  { type: `xstate.done.actor.${PROFILE}`, output: PROFILE_DATA },
  { type: `xstate.error.actor.${PROFILE}`, error: NO_ANSWER },
  { type: 'mine.fieldSaved', field: 'nickname', output: NAMED },
  { type: 'mine.fieldSaved', field: 'password', output: RENEWED },
  { type: 'mine.renewed', session: RENEWED },
  // The confirmation's buttons, sent to this actor and handed to the logins list.
  { type: 'logins.confirm' },
  { type: 'logins.keep' },
];

export function provideMine(fakes: Fakes) {
  return mineMachine.provide({
    actors: {
      loadSummary: fakes.promise('loadSummary'),
      loadProfile: fakes.promise('loadProfile'),
      field: fieldFormMachine,
      // The list's own read never answers here (its model is logins.model.ts).
      logins: loginsMachine.provide({
        actors: { load: fromPromise<LoginList>(() => new Promise<LoginList>(() => {})) },
      }),
    },
    actions: fakes.actions('adoptSession'),
  });
}

/** Where the player is after these events. */
function pathAfter(input: MineInput, history: readonly AnyEventObject[]): string {
  let path = input.path;
  for (const e of history) if (e.type === 'route.changed') path = e['path'] as string;
  return path;
}

type Region = 'summary' | 'profile';
const PAGE: Record<Region, string> = { summary: MINE, profile: USER_INFO };

/** One region's next state (issue 13 §1: read on arriving, rest elsewhere, read again on a push or a retry). */
function nextOf(region: Region, from: string, event: AnyEventObject, pathBefore: string): string {
  const page = PAGE[region];
  const id = region === 'summary' ? SUMMARY : PROFILE;
  if (event.type === 'route.changed') {
    if (event['path'] === page && pathBefore !== page) return 'loading';
    if (event['path'] !== page) return 'idle';
    return from;
  }
  if (from === 'loading' && event.type === `xstate.done.actor.${id}`) return 'ready';
  if (from === 'loading' && event.type === `xstate.error.actor.${id}`) return 'failed';
  if (from === 'failed' && event.type === 'mine.retry') return 'loading';
  // The summary is read again on a push (balance, 'vip', 'mail').
  if (region === 'summary' && (from === 'ready' || from === 'failed') && event.type === 'mine.refresh')
    return 'loading';
  return from;
}

function transitions(o: {
  event: AnyEventObject;
  from: string;
  history: AnyEventObject[];
  input: MineInput;
}) {
  const [s, p] = o.from.split(' | ').map((k) => k.split('.')[1]!) as [string, string];
  const before = pathAfter(o.input, o.history.slice(0, -1));
  return `summary.${nextOf('summary', s, o.event, before)} | profile.${nextOf('profile', p, o.event, before)}`;
}

/** The last value of the profile shown: the read, then every saved field's answer (issue 13 §1). */
function profileShown(history: readonly AnyEventObject[]) {
  let shown: unknown = null;
  for (const e of history) {
    if (e.type === `xstate.done.actor.${PROFILE}`) shown = e['output'];
    if (e.type === 'mine.fieldSaved' && e['field'] !== 'password') shown = e['output'];
  }
  return shown;
}

const noAdopt = (o: OracleArgs) =>
  o.event.type !== 'mine.renewed' && !(o.event.type === 'mine.fieldSaved' && o.event['field'] === 'password');

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  'summary.idle': (o) => expect(o.snapshot.children[SUMMARY]).toBeUndefined(),
  'summary.loading': (o) => expect(o.snapshot.children[SUMMARY]).toBeDefined(),
  'summary.ready': (o) => {
    // The page shows the summary read last (balance, VIP, unread mail).
    expect(o.snapshot.context.summary).toEqual(SUMMARY_DATA);
    expect(o.snapshot.children[SUMMARY]).toBeUndefined();
  },
  'summary.failed': (o) => expect(o.snapshot.children[SUMMARY]).toBeUndefined(),
  'profile.idle': (o) => {
    expect(o.snapshot.children[PROFILE]).toBeUndefined();
    // Away from /mine/userInfo no field form or list runs.
    expect(Object.keys(o.snapshot.children).filter((k) => k !== SUMMARY && k !== PROFILE)).toEqual([]);
  },
  'profile.loading': (o) => expect(o.snapshot.children[PROFILE]).toBeDefined(),
  'profile.ready': (o) => {
    // The profile shown, and one form per field plus the logins list (issue 13 §1).
    expect(o.snapshot.context.profile).toEqual(profileShown(o.history));
    expect(
      Object.keys(o.snapshot.children)
        .filter((k) => k !== SUMMARY)
        .sort(),
    ).toEqual(['avatar', 'birthday', 'logins', 'nickname', 'password']);
    // A password change or "log out other devices": the fresh login is kept (once); nothing else adopts one.
    if (noAdopt(o)) expect(o.effects.actions.map((a) => a.name)).not.toContain('adoptSession');
    else expect(o.effects.actions).toEqual([{ name: 'adoptSession', params: { output: RENEWED } }]);
  },
  'profile.failed': (o) => expect(o.snapshot.children[PROFILE]).toBeUndefined(),
};

const input = (path: string): MineInput => ({ path, dialog: DIALOG, today: TODAY });

export const mineModel: MachineModel<typeof mineMachine> = {
  title: 'mine area',
  machine: mineMachine,
  graphs: [
    { name: 'entering at /mine', input: input(MINE), events: EVENTS, maxWalk: 60 },
    { name: 'entering at /mine/userInfo', input: input(USER_INFO), events: EVENTS, maxWalk: 60 },
  ],
  harness: {
    logic: provideMine,
    initial: (i: MineInput) =>
      `summary.${i.path === MINE ? 'loading' : 'idle'} | profile.${i.path === USER_INFO ? 'loading' : 'idle'}`,
    transitions,
    oracles: ORACLES,
  },
};
