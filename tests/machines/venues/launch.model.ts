// The venue launch's model (issue 11 §1, §2; spec §2 embedded pages, §7 launch fields), written from the issue:
// a visitor's pick goes to the login and comes back with the pick; a member's launch opens a framed venue's
// embedded page with `?url=` (phone page on phones) or the venue's own URL; 30062 asks before going into an empty
// venue wallet (isSure 1); other refusals are shown as the server worded them; no answer offers a retry.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { launchMachine, type LaunchInput } from '../../../machines/venues/launch.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER, refused, running } from './fixtures.ts';

export const LAUNCH = '0.launch.launching';

const SPORT_LOBBY = '/game/sport';
/** A sport venue: framed on its embedded page (spec §2 `sport/im?url=`). */
const IM = { type: 'launch.pick', venue: 'IMTY', game: null };
/** A slot game: its venue is not framed by the site, the launch opens its own URL. */
const SLOT = { type: 'launch.pick', venue: 'PGDZ', game: 'fortune-ox' };

const RESULT = (venue: string) => ({
  url: `http://127.0.0.1:4000/sandbox/venue/${venue}/?token=t0ken&view=pc`,
  h5Url: `http://127.0.0.1:4000/sandbox/venue/${venue}/?token=t0ken&view=h5`,
  activityUrl: '',
  resource: 'http://127.0.0.1:4000/sandbox/venue/static/',
  token: '/sandbox/sportsbook/count/t0ken',
  apiUrl: '/improxy/api/mobile',
  params: { provider: 'one', values: {} },
  moved: 0,
});

/** 30062 (docs/api.md "Venues"): 免转 off, the venue wallet empty, ¥88.00 in the central wallet. */
const WALLET_EMPTY = refused(30062, '场馆钱包余额为 0，中心钱包有 88.00 元可转入，确定直接进入吗？', {
  venue: 'IMTY',
  venueBalance: 0,
  central: 8_800,
});
/** spec §8 6014: the venue is under maintenance; the server says until when. */
const MAINTENANCE = refused(6014, '该场馆正在维护，预计 2026-11-25 18:00（北京时间）恢复', {
  venue: 'IMTY',
  maintenanceUntil: '2026-11-25T10:00:00.000Z',
});

const EVENTS: AnyEventObject[] = [
  IM,
  SLOT,
  { type: `xstate.done.actor.${LAUNCH}`, output: RESULT('IMTY') },
  { type: `xstate.error.actor.${LAUNCH}`, error: WALLET_EMPTY },
  { type: `xstate.error.actor.${LAUNCH}`, error: MAINTENANCE },
  { type: `xstate.error.actor.${LAUNCH}`, error: NO_ANSWER },
  { type: 'launch.confirm' },
  { type: 'launch.cancel' },
  { type: 'launch.retry' },
  { type: 'launch.dismiss' },
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
];

const provideLaunch = (fakes: Fakes) =>
  launchMachine.provide({
    actors: { launch: fakes.promise('launch') },
    actions: fakes.actions('navigate', 'openExternal', 'launched'),
  });

/** Logged in after these events (the input, then the session's changes). */
function memberAfter(input: LaunchInput, history: readonly AnyEventObject[]): boolean {
  let member = input.member;
  for (const e of history) {
    if (e.type === 'session.loggedIn') member = true;
    if (e.type === 'session.loggedOut') member = false;
  }
  return member;
}

const codeOfError = (e: AnyEventObject) => (e['error'] as { type?: string; code?: number }).code;
const answered = (e: AnyEventObject) => (e['error'] as { type?: string }).type === 'business';

/** The pick the launch under way is for: the last pick a member made. */
function pickAfter(input: LaunchInput, history: readonly AnyEventObject[]) {
  let pick: AnyEventObject | null = null;
  const seen: AnyEventObject[] = [];
  for (const e of history) {
    if (e.type === 'launch.pick' && memberAfter(input, seen)) pick = e;
    seen.push(e);
  }
  return pick;
}

const TABLE: TransitionTable = {
  '*': { 'session.loggedIn': '=', 'session.loggedOut': 'idle' },
  idle: {
    // issue 11 §1: a visitor who picks a game is asked to log in (and stays here until the login page shows).
    'launch.pick': ({ input, history }) => (memberAfter(input, history.slice(0, -1)) ? 'launching' : 'idle'),
  },
  launching: {
    [`xstate.done.actor.${LAUNCH}`]: 'idle',
    [`xstate.error.actor.${LAUNCH}`]: ({ event }) =>
      codeOfError(event) === 30062 ? 'confirmEmpty' : answered(event) ? 'refused' : 'failed',
  },
  confirmEmpty: { 'launch.confirm': 'launching', 'launch.cancel': 'idle', 'launch.pick': 'launching' },
  refused: { 'launch.dismiss': 'idle', 'launch.pick': 'launching' },
  failed: { 'launch.retry': 'launching', 'launch.dismiss': 'idle', 'launch.pick': 'launching' },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  idle: (o) => {
    expect(running(o)).toEqual([]);
    const names = o.effects.actions.map((a) => [a.name, a.params]);
    if (o.event.type === 'launch.pick') {
      // spec §6: the login page brings the player back: the lobby with the pick in its query.
      const to =
        o.event['venue'] === 'IMTY'
          ? '/user/login?redirect=%2Fgame%2Fsport%3Fplay%3DIMTY'
          : '/user/login?redirect=%2Fgame%2Fsport%3Fplay%3DPGDZ%26game%3Dfortune-ox';
      expect(names).toEqual([['navigate', { to }]]);
    } else if (o.event.type === `xstate.done.actor.${LAUNCH}`) {
      const pick = pickAfter(o.input, o.history)!;
      const result = RESULT('IMTY');
      // spec §2: a framed venue opens on its embedded page with `?url=`: the phone page on a phone.
      const url = o.input.phone ? result.h5Url : result.url;
      expect(names).toEqual(
        pick['venue'] === 'IMTY'
          ? [
              ['launched', undefined],
              ['navigate', { to: `/sport/im?url=${encodeURIComponent(url)}` }],
            ]
          : [
              ['launched', undefined],
              ['openExternal', { url }],
            ],
      );
    } else {
      expect(names).toEqual([]);
    }
    if (o.event.type === 'launch.dismiss' || o.event.type === 'launch.cancel')
      expect(o.snapshot.context.pick).toBeNull();
  },
  launching: (o) => {
    expect(running(o)).toEqual([LAUNCH]);
    expect(o.effects.actions).toEqual([]);
    // What was sent, once, on entering (a session change while waiting sends nothing new).
    if (o.previous.value === 'launching') return;
    const pick = pickAfter(o.input, o.history)!;
    // spec §7 fields: the venue, the game, a manual launch, https by the page, not the app, site 10001; isSure
    // only once the player confirmed going into an empty venue wallet.
    const expected: Record<string, unknown> = {
      enName: pick['venue'],
      isManualLaunch: 1,
      https: o.input.https ? 1 : 0,
      isApp: 0,
      siteId: '10001',
    };
    if (pick['game']) expected['gameCode'] = pick['game'];
    if (o.event.type === 'launch.confirm') expected['isSure'] = 1;
    else if (o.event.type === 'launch.retry')
      expect(o.fakes.invocations.at(-1)!.input).toEqual(o.fakes.invocations.at(-2)!.input);
    if (o.event.type !== 'launch.retry') expect(o.fakes.invocations.at(-1)!.input).toEqual(expected);
  },
  confirmEmpty: (o) => {
    expect(running(o)).toEqual([]);
    // The two balances the server named (the page offers the transfer page, or to go in anyway).
    expect(o.snapshot.context.empty).toEqual({ venue: 'IMTY', venueBalance: 0, central: 8_800 });
    expect(o.effects.actions).toEqual([]);
  },
  refused: (o) => {
    expect(running(o)).toEqual([]);
    // The server's Chinese words, and (6014) until when.
    expect(o.snapshot.context.refusal).toEqual({
      code: 6014,
      message: '该场馆正在维护，预计 2026-11-25 18:00（北京时间）恢复',
      until: '2026-11-25T10:00:00.000Z',
    });
    expect(o.effects.actions).toEqual([]);
  },
  failed: (o) => {
    expect(running(o)).toEqual([]);
    // The pick is kept for the retry.
    expect(o.snapshot.context.pick).toEqual({
      venue: pickAfter(o.input, o.history)!['venue'],
      game: pickAfter(o.input, o.history)!['game'],
    });
  },
};

const input = (over: Partial<LaunchInput>): LaunchInput => ({
  member: true,
  phone: false,
  https: false,
  lobbyPath: SPORT_LOBBY,
  ...over,
});

export const launchModel: MachineModel<typeof launchMachine> = {
  title: 'venue launch',
  machine: launchMachine,
  graphs: [
    {
      name: 'a member on a desktop over http',
      input: input({}),
      events: EVENTS,
      key: (s) => ({ value: s.value, member: s.context.member, pick: s.context.pick, sure: s.context.sure }),
      maxWalk: 60,
    },
    {
      name: 'a visitor on a phone over https',
      input: input({ member: false, phone: true, https: true }),
      events: EVENTS,
      key: (s) => ({ value: s.value, member: s.context.member, pick: s.context.pick, sure: s.context.sure }),
      maxWalk: 60,
    },
  ],
  harness: { logic: provideLaunch, initial: 'idle', transitions: TABLE, oracles: ORACLES },
};
