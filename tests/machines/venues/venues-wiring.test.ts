// The venues area's wiring and helpers (issue 11), by hand where the models fake the pieces: a launch in a lobby
// reaches the app as its navigation and has the lobby read its recent games again; the area reads the session
// when it starts; the China calendar, the refusal reading and the inert defaults (an unprovided effect fails, the
// machine says so, nothing else happens).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { betRecordMachine } from '../../../machines/venues/bet-record.machine.ts';
import {
  chinaDay,
  codeOf,
  daysBetween,
  isDay,
  NO_ANSWER_CODE,
  refusalOf,
} from '../../../machines/venues/common.ts';
import { launchMachine } from '../../../machines/venues/launch.machine.ts';
import { lobbyMachine } from '../../../machines/venues/lobby.machine.ts';
import { oddsTypeMachine } from '../../../machines/venues/odds-type.machine.ts';
import { sportLobbyMachine } from '../../../machines/venues/sport-lobby.machine.ts';
import { venuePageMachine } from '../../../machines/venues/venue-page.machine.ts';
import { CHILD_SIGNALS, memberIn, venuesMachine } from '../../../machines/venues/venues.machine.ts';
import { NO_ANSWER, refused } from './fixtures.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a launch in a lobby, through the area (issue 11 §2)', () => {
  it('a framed venue: the app is asked to open its embedded page with ?url=, and the lobby reads its recent games again', async () => {
    const navigated: string[] = [];
    const lobbyGot: string[] = [];
    const url = 'http://127.0.0.1:4000/sandbox/venue/LHDJ/?token=t&view=h5';
    const area = createActor(
      venuesMachine.provide({
        actors: {
          lobby: fromCallback(({ receive }) => {
            receive((e) => lobbyGot.push(e.type));
          }) as never,
          oddsType: fromCallback(() => {}) as never,
          launch: launchMachine.provide({
            actors: {
              launch: fromPromise(async () => ({
                url: url.replace('h5', 'pc'),
                h5Url: url,
                activityUrl: '',
                resource: '',
                token: 't',
                apiUrl: '/v1',
                params: {
                  provider: 'three',
                  values: { origin: '', languageType: 'CMN', Authorization: 't' },
                },
                moved: 0,
              })) as never,
            },
            actions: CHILD_SIGNALS.launch,
          }),
        },
        actions: { navigate: (_, { to }) => void navigated.push(to) },
      }),
      { input: { path: '/game/gaming', member: true, phone: true, https: false, today: '2026-11-25' } },
    );
    area.start();
    const launch = area.getSnapshot().children['launch'] as AnyActorRef;
    launch.send({ type: 'launch.pick', venue: 'LHDJ', game: null });
    await settle();
    // spec §2 gaming/lhdj?url=: the phone page (a phone here).
    expect(navigated).toEqual([`/gaming/lhdj?url=${encodeURIComponent(url)}`]);
    expect(lobbyGot).toEqual(['lobby.launched']);
    area.stop();
  });
});

describe('the area reads the session when it starts (issue 8 §1)', () => {
  const system = (snapshot: unknown) => ({
    get: (id: string) => (id === 'session' ? ({ getSnapshot: () => snapshot } as AnyActorRef) : undefined),
  });
  it('a confirmed token is a member; a kept token being checked, no token or no session actor are not', () => {
    expect(memberIn(system({ value: 'ready', context: { token: 'tok' } }))).toBe(true);
    expect(memberIn(system({ value: 'restoring', context: { token: 'tok' } }))).toBe(false);
    expect(memberIn(system({ value: 'ready', context: { token: null } }))).toBe(false);
    expect(memberIn({ get: () => undefined })).toBe(false);
  });
});

describe('China calendar and refusals', () => {
  it('table: the China day of an instant turns at 16:00 UTC (UTC+8, no daylight saving)', () => {
    const rows: Array<[string, string]> = [
      ['2026-11-24T15:59:59.999Z', '2026-11-24'],
      ['2026-11-24T16:00:00.000Z', '2026-11-25'],
      ['2026-12-31T16:00:00.000Z', '2027-01-01'],
      ['2028-02-28T16:00:00.000Z', '2028-02-29'],
    ];
    expect(rows.map(([at]) => chinaDay(Date.parse(at)))).toEqual(rows.map(([, day]) => day));
  });

  it('table: days between calendar days, and which texts are days', () => {
    expect(daysBetween('2026-10-26', '2026-11-25')).toBe(30);
    expect(daysBetween('2026-11-25', '2026-11-24')).toBe(-1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(['2026-02-28', '2028-02-29', '2026-02-29', '2026-13-01', '2026-1-01', ''].map(isDay)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('a refusal keeps the server words and the end of a maintenance; no answer is said as such', () => {
    expect(
      refusalOf(refused(6014, '维护中', { venue: 'IMTY', maintenanceUntil: '2030-01-01T10:00:00Z' })),
    ).toEqual({
      code: 6014,
      message: '维护中',
      until: '2030-01-01T10:00:00Z',
    });
    expect(refusalOf(refused(30063, '即将开放')).until).toBeNull();
    expect(refusalOf(NO_ANSWER)).toEqual({ code: NO_ANSWER_CODE, message: '', until: null });
    expect(refusalOf(null)).toEqual({ code: NO_ANSWER_CODE, message: '', until: null });
    expect([codeOf(refused(30062, '')), codeOf({ code: '30004' }), codeOf(NO_ANSWER), codeOf(null)]).toEqual([
      30062,
      30004,
      null,
      null,
    ]);
  });
});

describe('inert defaults: an unprovided effect reads nothing and the machine says it failed', () => {
  it('each machine on its own', async () => {
    const lobby = createActor(lobbyMachine, { input: { lobby: 'sport', member: true } }).start();
    const launch = createActor(launchMachine, {
      input: { member: true, phone: false, https: false, lobbyPath: '/game/sport' },
    }).start();
    launch.send({ type: 'launch.pick', venue: 'IMTY', game: null });
    const odds = createActor(oddsTypeMachine, { input: { member: true } }).start();
    const page = createActor(venuePageMachine, { input: { venue: 'IMTY' } }).start();
    const bets = createActor(betRecordMachine, { input: { today: '2026-11-25' } }).start();
    const sport = createActor(sportLobbyMachine, { input: { member: true } }).start();
    await settle();
    expect(lobby.getSnapshot().value).toEqual({ venues: 'failed', grid: 'idle', recent: 'failed' });
    // Not an answer of the server: no refusal to show, the pick kept for a retry.
    expect(launch.getSnapshot().value).toBe('failed');
    expect(odds.getSnapshot().value).toBe('loadFailed');
    expect(page.getSnapshot().value).toBe('failed');
    expect(bets.getSnapshot().value).toEqual({ records: 'failed', catalogue: 'unavailable' });
    expect(sport.getSnapshot().value).toBe('failed');
    for (const a of [lobby, launch, odds, page, bets, sport]) a.stop();
  });

  it('the later effects too, once the first ones are provided', async () => {
    const slots = {
      lobby: 'egame',
      venues: [{ code: 'PGDZ', name: 'PG 电子', hasGames: true }],
    };
    const summary = {
      central: { balance: 0, held: 0, available: 0 },
      venues: [],
      total: 0,
      locked: 0,
      autoTransfer: false,
    };
    const lobby = createActor(
      lobbyMachine.provide({ actors: { loadVenues: fromPromise(async () => slots) as never } }),
      { input: { lobby: 'egame', member: false } },
    ).start();
    const odds = createActor(
      oddsTypeMachine.provide({
        actors: { load: fromPromise(async () => ({ oddsType: 3 as const })) as never },
      }),
      { input: { member: true } },
    ).start();
    const page = createActor(
      venuePageMachine.provide({ actors: { loadWallet: fromPromise(async () => summary) as never } }),
      { input: { venue: 'IMTY' } },
    ).start();
    const sport = createActor(
      sportLobbyMachine.provide({ actors: { prepare: fromPromise(async () => ({ venues: [] })) as never } }),
      { input: { member: true } },
    ).start();
    await settle();
    odds.send({ type: 'odds.select', oddsType: 2 });
    page.send({ type: 'balance.refresh' });
    await settle();
    expect(lobby.getSnapshot().value).toEqual({ venues: 'ready', grid: 'failed', recent: 'off' });
    // The save failed: the type goes back to the one the server holds, and says so.
    expect(odds.getSnapshot().value).toBe('ready');
    expect(odds.getSnapshot().context).toMatchObject({ oddsType: 3, saveFailed: true });
    expect(page.getSnapshot().value).toBe('ready');
    expect(page.getSnapshot().context.note).toBe('failed');
    expect(sport.getSnapshot().value).toEqual({ live: 'shown' });
    expect(sport.getSnapshot().context.odds).toBeNull();
    for (const a of [lobby, odds, page, sport]) a.stop();
  });
});
