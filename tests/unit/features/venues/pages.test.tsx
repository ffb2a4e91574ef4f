// The venues pages (issue 11): each rendered against the real venues area actor (machines + area.ts) with the API
// mocked, the area started as the child of a stand-in for the app actor (which records the navigation asked of
// it), the shell actors handed to the pages through a mocked src/app/system.ts. Read by role and label; times in
// China time; amounts as the site writes them (spec §9); odds converted exactly (src/protocol/odds.ts).
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { BusinessError, TransportError } from '../../../../src/api/errors.ts';
import { formatOdds } from '../../../../src/protocol/odds.ts';
import type { BetRecordItem, BetRecordResponse } from '../../../../src/protocol/bets.ts';
import type { LiveMatch } from '../../../../src/protocol/live-odds.ts';
import type { GamesResponse, LobbyResponse, LobbyVenue } from '../../../../src/protocol/venues.ts';
import type { WalletSummary } from '../../../../src/protocol/wallet.ts';

const api = vi.hoisted(() => ({
  fetchLobby: vi.fn(),
  fetchGames: vi.fn(),
  fetchRecentGames: vi.fn(),
  launchVenue: vi.fn(),
  fetchOddsType: vi.fn(),
  saveOddsType: vi.fn(),
  fetchBetRecords: vi.fn(),
  fetchWallet: vi.fn(),
  refreshVenueWallet: vi.fn(),
  fetchLiveMatches: vi.fn(),
  sportCountOutcome: vi.fn(),
}));
/** What the player's own launches answer, in turn (the sport lobby's quiet launches always go through). */
const manual = vi.hoisted(() => [] as Array<() => Promise<unknown>>);
const held = vi.hoisted(() => ({
  area: undefined as AnyActorRef | undefined,
  shell: {} as Record<string, AnyActorRef>,
}));

vi.mock('../../../../src/api/venues/lobby.ts', () => ({ fetchLobby: api.fetchLobby }));
vi.mock('../../../../src/api/venues/games.ts', () => ({ fetchGames: api.fetchGames }));
vi.mock('../../../../src/api/venues/recent.ts', () => ({ fetchRecentGames: api.fetchRecentGames }));
vi.mock('../../../../src/api/venues/launch.ts', () => ({ launchVenue: api.launchVenue }));
vi.mock('../../../../src/api/venues/odds-type.ts', () => ({
  fetchOddsType: api.fetchOddsType,
  saveOddsType: api.saveOddsType,
}));
vi.mock('../../../../src/api/venues/bet-records.ts', () => ({ fetchBetRecords: api.fetchBetRecords }));
vi.mock('../../../../src/api/venues/live-matches.ts', () => ({ fetchLiveMatches: api.fetchLiveMatches }));
vi.mock('../../../../src/api/wallet/wallet.ts', () => ({
  fetchWallet: api.fetchWallet,
  refreshVenueWallet: api.refreshVenueWallet,
}));
vi.mock('../../../../src/api/providers/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sportCountOutcome: api.sportCountOutcome,
}));
vi.mock('../../../../src/app/system.ts', () => ({
  useAreaActor: () => held.area,
  useSystemActor: (id: string) => held.shell[id],
}));

const { area } = await import('../../../../src/features/venues/area.ts');

const ORIGIN = 'http://127.0.0.1:4000';
const venue = (code: string, name: string, o: Partial<LobbyVenue> = {}): LobbyVenue => ({
  code,
  name,
  platform: 'DZ',
  provider: 'two',
  logo: `/media/venues/${code}.svg`,
  status: 'open',
  maintenanceUntil: null,
  playable: false,
  hasGames: true,
  ...o,
});
const SLOTS: LobbyResponse = {
  lobby: 'egame',
  venues: [
    venue('PGDZ', 'PG 电子'),
    venue('JDBDZ', 'JDB 电子', { status: 'maintenance', maintenanceUntil: '2030-01-01T10:00:00.000Z' }),
  ],
};
const SPORT: LobbyResponse = {
  lobby: 'sport',
  venues: [
    venue('IMTY', 'IM 体育', { platform: 'TY', provider: 'one', playable: true, hasGames: false }),
    venue('FBTY', 'FB 体育', { platform: 'TY', provider: 'three', playable: true, hasGames: false }),
  ],
};
const games = (venueCode: string, page: number, total = 30): GamesResponse => ({
  venue: venueCode,
  items: [{ code: `g${page}`, name: `金牛${page}`, icon: '/media/games/ox.svg', tags: ['hot'] }],
  total,
  page,
  size: 24,
});
const SUMMARY: WalletSummary = {
  central: { balance: 20_000, held: 0, available: 20_000 },
  venues: [{ venue: 'IMTY', name: 'IM 体育', platform: 'TY', status: 'open', balance: 1_250 }],
  total: 21_250,
  locked: 0,
  autoTransfer: false,
};
const LAUNCHED = {
  url: `${ORIGIN}/sandbox/venue/IMTY/?token=t0k&view=pc`,
  h5Url: `${ORIGIN}/sandbox/venue/IMTY/?token=t0k&view=h5`,
  activityUrl: '',
  resource: `${ORIGIN}/sandbox/venue/static/`,
  token: `${ORIGIN}/sandbox/sportsbook/count/t0k`,
  apiUrl: '/improxy/api/mobile',
  params: {
    provider: 'one',
    values: {
      LanguageCode: 'CHS',
      OddsType: 3,
      TimeStamp: 1,
      origin: ORIGIN,
      Token: 't0k',
      MemberCode: 'M1',
    },
  },
  moved: 0,
};

/** A stand-in for the app actor: the area is its child (as the app spawns it); it keeps app.navigate's target. */
const appStandIn = (logic: AnyActorLogic, input: unknown) =>
  setup({
    types: {} as { context: { navigated: string[] }; events: { type: 'app.navigate'; to: string } },
    actors: { venues: logic },
  }).createMachine({
    context: { navigated: [] },
    invoke: { id: 'venues', src: 'venues', input: input as never },
    on: {
      'app.navigate': {
        actions: assign({ navigated: ({ context, event }) => [...context.navigated, event.to] }),
      },
    },
  });

const shellStub = (context: Record<string, unknown>) => createActor(createMachine({ context })).start();

let app: AnyActorRef | undefined;
function renderPage(path: string, opts: { member?: boolean; search?: string; phone?: boolean } = {}) {
  held.shell = { siteGate: shellStub({ preInfo: { venueOrigins: [ORIGIN] } }) };
  const input = {
    ...(area.actor!.input(path) as object),
    member: opts.member ?? true,
    phone: opts.phone ?? false,
    today: '2026-11-25',
  };
  app = createActor(appStandIn(area.actor!.logic, input)).start();
  held.area = app.getSnapshot().children['venues'] as AnyActorRef;
  const Page = area.pages[path] as ComponentType;
  return render(
    <MemoryRouter initialEntries={[path + (opts.search ?? '')]}>
      <Page />
    </MemoryRouter>,
  );
}
const navigated = () => (app!.getSnapshot().context as { navigated: string[] }).navigated;
const user = () => userEvent.setup();

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchLobby.mockImplementation(async (lobby: string) => (lobby === 'sport' ? SPORT : SLOTS));
  api.fetchGames.mockImplementation(async (req: { venue: string; page?: number }) =>
    games(req.venue, req.page ?? 1),
  );
  api.fetchRecentGames.mockResolvedValue({ items: [] });
  api.fetchOddsType.mockResolvedValue({ oddsType: 3 });
  api.saveOddsType.mockImplementation(async (oddsType: number) => ({ oddsType }));
  api.fetchWallet.mockResolvedValue(SUMMARY);
  manual.length = 0;
  api.launchVenue.mockImplementation(async (req: { isPreload?: number }) => {
    const next = req.isPreload ? undefined : manual.shift();
    return next ? next() : LAUNCHED;
  });
  api.fetchLiveMatches.mockResolvedValue([]);
  api.sportCountOutcome.mockResolvedValue({ kind: 'failed', reason: 'not in this test' });
});
afterEach(() => {
  cleanup();
  app?.stop();
});

describe('a lobby (issue 11 §1)', () => {
  it('venues with their state (maintenance until when, in China time), the grid searched after the typing stops, by tag and by page', async () => {
    renderPage('/game/egame', { member: false });
    expect(screen.getByRole('heading', { level: 1, name: '电子游戏' })).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: '游戏大厅分类' });
    expect(within(bar).getAllByRole('link')).toHaveLength(7);
    expect(await screen.findByText('维护中，预计 2030/01/01 18:00（北京时间）恢复')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'JDB 电子游戏列表' })).toHaveProperty('disabled', true);
    // Not open yet: the games show, none can be started.
    const grid = await screen.findByRole('region', { name: 'PG 电子 · 游戏列表' });
    expect(await within(grid).findByText('共 30 款游戏')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: /金牛1/ })).toHaveProperty('disabled', true);
    expect(within(grid).getByText('该平台的沙盒游戏将在后续版本开放，目前只能浏览，不能进入。')).toBeTruthy();
    const u = user();
    await u.type(within(grid).getByLabelText('搜索游戏'), '金牛');
    await waitFor(() =>
      expect(api.fetchGames).toHaveBeenLastCalledWith({ venue: 'PGDZ', page: 1, size: 24, search: '金牛' }),
    );
    // One request for the whole word (spec §9 handler debounce), not one per key.
    expect(api.fetchGames.mock.calls.filter((call) => (call[0] as { search?: string }).search)).toHaveLength(
      1,
    );
    await u.click(within(grid).getByRole('button', { name: '热门' }));
    await waitFor(() =>
      expect(api.fetchGames).toHaveBeenLastCalledWith({
        venue: 'PGDZ',
        page: 1,
        size: 24,
        search: '金牛',
        tag: 'hot',
      }),
    );
    await within(grid).findByText('第 1 / 2 页');
    await u.click(within(grid).getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(api.fetchGames).toHaveBeenLastCalledWith({
        venue: 'PGDZ',
        page: 2,
        size: 24,
        search: '金牛',
        tag: 'hot',
      }),
    );
    expect(await within(grid).findByText('第 2 / 2 页')).toBeTruthy();
    // A visitor is invited to log in for recent games.
    expect(screen.getByRole('link', { name: '登录后可查看最近玩过的游戏' }).getAttribute('href')).toBe(
      '/user/login?redirect=%2Fgame%2Fegame',
    );
  });

  it('a failed read says so and reads again on 重试; no game found says so', async () => {
    api.fetchLobby.mockRejectedValueOnce(new TransportError('timeout', '请求超时'));
    api.fetchGames.mockResolvedValue({ ...games('PGDZ', 1, 0), items: [] });
    renderPage('/game/egame');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('没有找到相关游戏')).toBeTruthy();
    expect(await screen.findByText('还没有玩过这一类游戏')).toBeTruthy();
  });

  it('a visitor who picks a venue is sent to log in, the pick in the way back', async () => {
    renderPage('/game/sport', { member: false });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '进入IM 体育' }));
    expect(navigated()).toEqual(['/user/login?redirect=%2Fgame%2Fsport%3Fplay%3DIMTY']);
    expect(api.launchVenue).not.toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: '登录后可查看实时赛事数量与赔率' })).toBeTruthy();
  });

  it('back from the login with the pick: the launch proceeds onto the framed page (the phone page on a phone)', async () => {
    renderPage('/game/sport', { search: '?play=IMTY', phone: true });
    await waitFor(() => expect(navigated()).toEqual([`/sport/im?url=${encodeURIComponent(LAUNCHED.h5Url)}`]));
    expect(api.launchVenue).toHaveBeenCalledWith({
      enName: 'IMTY',
      isManualLaunch: 1,
      https: 0,
      isApp: 0,
      siteId: '10001',
    });
  });

  it('30062 asks (the transfer page, or go in anyway with isSure 1); a coded refusal is told in the server words', async () => {
    manual.push(
      async () => {
        throw new BusinessError(30062, '场馆钱包余额为 0', 'main', {
          venue: 'IMTY',
          venueBalance: 0,
          central: 20_000,
        });
      },
      async () => LAUNCHED,
      async () => {
        throw new BusinessError(6014, '该场馆正在维护，预计 2030-01-01 18:00（北京时间）恢复');
      },
    );
    renderPage('/game/sport');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '进入IM 体育' }));
    const ask = await screen.findByRole('alertdialog', { name: '场馆钱包余额为 0' });
    expect(ask.textContent).toContain('中心钱包可转入 ¥200.00');
    expect(within(ask).getByRole('link', { name: '去额度转换' }).getAttribute('href')).toBe(
      '/mine/finance/transfer',
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('去额度转换'));
    await u.click(within(ask).getByRole('button', { name: '仍然进入' }));
    await waitFor(() => expect(navigated()).toEqual([`/sport/im?url=${encodeURIComponent(LAUNCHED.url)}`]));
    expect(api.launchVenue).toHaveBeenLastCalledWith(expect.objectContaining({ enName: 'IMTY', isSure: 1 }));
    await u.click(screen.getByRole('button', { name: '进入FB 体育' }));
    const told = await screen.findByRole('alert');
    expect(told.textContent).toContain('该场馆正在维护，预计 2030-01-01 18:00（北京时间）恢复');
    await u.click(within(told).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('no answer to a launch offers it again', async () => {
    manual.push(async () => {
      throw new TransportError('timeout', '请求超时');
    });
    renderPage('/game/sport');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '进入IM 体育' }));
    const told = await screen.findByRole('alert');
    expect(told.textContent).toContain('网络异常，未能进入游戏，请重试');
    await u.click(within(told).getByRole('button', { name: '重新进入' }));
    await waitFor(() => expect(navigated()).toHaveLength(1));
  });
});

describe('the sport lobby: counts and live odds (issue 11 §1, §3)', () => {
  const MATCH: LiveMatch = {
    id: 'FB20261125001',
    sport: 'football',
    league: '沙盒超级联赛',
    home: '红队',
    away: '蓝队',
    startsAt: '2026-11-25T10:00:00.000Z',
    phase: 'live',
    score: { home: 1, away: 0 },
    clock: "63'",
    prices: [
      { pick: 'home', odds: 1_955, suspended: false },
      { pick: 'draw', odds: 3_400, suspended: true },
      { pick: 'away', odds: 4_000, suspended: false },
    ],
  };

  it('the venues launched quietly, their counts and a live match; every price in the odds type chosen, saved for the player', async () => {
    api.sportCountOutcome.mockResolvedValue({
      kind: 'ok',
      counts: {
        venue: 'IMTY',
        sports: [{ sport: 'football', name: '足球', live: 2, today: 14, early: 48 }],
        total: 64,
        at: '2026-11-25T10:00:00.000Z',
      },
    });
    api.fetchLiveMatches.mockResolvedValue([MATCH]);
    renderPage('/game/sport');
    const im = await screen.findByRole('heading', { level: 3, name: 'IM 体育' });
    const card = im.closest('li')!;
    expect(await within(card).findByText('共 64 场')).toBeTruthy();
    expect(within(card).getByRole('row', { name: '足球 2 14 48' })).toBeTruthy();
    // spec §7: quietly launched (no transfer, no recent entry).
    expect(api.launchVenue).toHaveBeenCalledWith(expect.objectContaining({ enName: 'IMTY', isPreload: 1 }));
    const shown = () => [...card.querySelectorAll('.price__odds')].map((e) => e.textContent);
    await waitFor(() => expect(shown()).toEqual(['1.955', '3.40', '4.00']));
    const u = user();
    const select = screen.getByLabelText('赔率类型');
    await u.selectOptions(select, '2');
    expect(shown()).toEqual([formatOdds(1_955, 2), formatOdds(3_400, 2), formatOdds(4_000, 2)]);
    expect(shown()).toEqual(['0.95', '2.40', '3.00']);
    await u.selectOptions(select, '1');
    expect(shown()).toEqual(['0.95', '-0.42', '-0.34']);
    await u.selectOptions(select, '4');
    expect(shown()).toEqual(['-1.05', '2.40', '3.00']);
    await waitFor(() => expect(api.saveOddsType).toHaveBeenLastCalledWith(4));
    // A suspended price says so to assistive tech.
    expect(within(card).getByText('（暂停投注）')).toBeTruthy();
  });

  it('a failed save goes back to the saved type and says so', async () => {
    api.saveOddsType.mockRejectedValueOnce(new TransportError('timeout', '请求超时'));
    renderPage('/game/sport');
    const u = user();
    const select = await screen.findByLabelText('赔率类型');
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    await u.selectOptions(select, '2');
    expect(await screen.findByText('赔率类型保存失败，已恢复为原设置')).toBeTruthy();
    expect((select as HTMLSelectElement).value).toBe('3');
  });
});

describe('an embedded venue page (issue 11 §2)', () => {
  it('frames a known venue page under a bar with the way back and both balances, refreshed on demand', async () => {
    api.refreshVenueWallet
      .mockResolvedValueOnce({ venue: SUMMARY.venues[0], lockedUntil: 0 })
      .mockRejectedValueOnce(new BusinessError(30004, '刷新过于频繁'));
    renderPage('/sport/im', { search: `?url=${encodeURIComponent(LAUNCHED.url)}` });
    expect(screen.getByRole('heading', { level: 1, name: 'IM 体育' })).toBeTruthy();
    const frame = screen.getByTitle('IM 体育（沙盒场馆）');
    expect(frame.getAttribute('src')).toBe(LAUNCHED.url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(screen.getByRole('link', { name: /返回大厅/ }).getAttribute('href')).toBe('/game/sport');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('返回大厅'));
    const bar = screen.getByRole('group', { name: '余额' });
    expect(await within(bar).findByText('¥200.00')).toBeTruthy();
    expect(within(bar).getByText('¥12.50')).toBeTruthy();
    api.fetchWallet.mockResolvedValue({ ...SUMMARY, venues: [{ ...SUMMARY.venues[0]!, balance: 900 }] });
    const u = user();
    await u.click(within(bar).getByRole('button', { name: '刷新余额' }));
    expect(await within(bar).findByText('¥9.00')).toBeTruthy();
    expect(api.refreshVenueWallet).toHaveBeenCalledWith('IMTY');
    await u.click(within(bar).getByRole('button', { name: '刷新余额' }));
    expect(await within(bar).findByText('刚刚刷新过，请稍后再试')).toBeTruthy();
  });

  it('refuses any other URL: nothing is framed', async () => {
    for (const url of ['https://evil.example/sandbox/venue/IMTY/', `${ORIGIN}/mine`, '']) {
      renderPage('/gaming/lhdj', { search: `?url=${encodeURIComponent(url)}` });
      expect(screen.getByRole('alert').textContent).toContain('该链接不是本站认可的场馆地址');
      expect(document.querySelector('iframe')).toBeNull();
      expect(screen.getByRole('link', { name: '去游戏大厅' }).getAttribute('href')).toBe('/game/gaming');
      cleanup();
      app?.stop();
    }
  });
});

describe('the bet record (issue 11 §5)', () => {
  const bet = (o: Partial<BetRecordItem>): BetRecordItem => ({
    orderNo: 'SB20261125000001',
    venue: 'IMTY',
    venueName: 'IM 体育',
    platform: 'TY',
    game: '红队 vs 蓝队',
    play: '全场独赢',
    pick: '红队',
    odds: 1_955,
    stake: 1_000,
    validBet: 1_000,
    payout: 1_955,
    net: 955,
    status: 'won',
    placedAt: '2026-11-25T02:00:00.000Z',
    settledAt: '2026-11-25T04:00:00.000Z',
    ...o,
  });
  const answer = (items: BetRecordItem[], total = items.length): BetRecordResponse => ({
    items,
    total,
    page: 1,
    size: 20,
    days: items.length ? [{ day: '2026-11-25', count: 2, stake: 2_000, validBet: 1_000, net: 955 }] : [],
  });

  it('today to begin with: the day totals and each bet, odds in the player odds type; filters and their limits', async () => {
    api.fetchOddsType.mockResolvedValue({ oddsType: 2 });
    api.fetchBetRecords.mockResolvedValue(
      answer(
        [
          bet({}),
          bet({ orderNo: 'SB2', status: 'open', payout: 0, net: null, validBet: 0, settledAt: null }),
        ],
        41,
      ),
    );
    renderPage('/mine/record/betRecord');
    await waitFor(() =>
      expect(api.fetchBetRecords).toHaveBeenCalledWith({
        from: '2026-11-25',
        to: '2026-11-25',
        page: 1,
        size: 20,
      }),
    );
    const won = (await screen.findByText('SB20261125000001')).closest('li')!;
    expect(within(won).getByText('赢')).toBeTruthy();
    await waitFor(() => expect(within(won).getByText(formatOdds(1_955, 2))).toBeTruthy());
    expect(within(won).getByText('+¥9.55')).toBeTruthy();
    expect(within(won).getByText('2026/11/25 10:00')).toBeTruthy();
    const open = screen.getByText('SB2').closest('li')!;
    expect(within(open).getByText('未结算')).toBeTruthy();
    expect(screen.getByRole('row', { name: '2026-11-25 2 ¥20.00 ¥10.00 +¥9.55' })).toBeTruthy();
    expect(screen.getByText('第 1 / 3 页')).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(api.fetchBetRecords).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })),
    );
    // Filters: the venue list narrows to the category; 32 days is refused before asking.
    api.fetchBetRecords.mockResolvedValue(answer([]));
    await u.selectOptions(screen.getByLabelText('游戏类型'), 'TY');
    await u.selectOptions(screen.getByLabelText('游戏平台'), 'IMTY');
    await u.selectOptions(screen.getByLabelText('注单状态'), 'lost');
    const calls = api.fetchBetRecords.mock.calls.length;
    await act(async () => {
      const from = screen.getByLabelText('开始日期') as HTMLInputElement;
      await u.clear(from);
      await u.type(from, '2026-10-25');
    });
    await u.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('查询范围最多 31 天')).toBeTruthy();
    expect(api.fetchBetRecords.mock.calls.length).toBe(calls);
    await act(async () => {
      const from = screen.getByLabelText('开始日期') as HTMLInputElement;
      await u.clear(from);
      await u.type(from, '2026-10-26');
    });
    await u.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.fetchBetRecords).toHaveBeenLastCalledWith({
        from: '2026-10-26',
        to: '2026-11-25',
        platform: 'TY',
        venue: 'IMTY',
        status: 'lost',
        page: 1,
        size: 20,
      }),
    );
    expect(await screen.findByText('所选时间内没有投注记录')).toBeTruthy();
  });

  it('a failed read says so and reads again', async () => {
    api.fetchBetRecords
      .mockRejectedValueOnce(new TransportError('timeout', '请求超时'))
      .mockResolvedValue(answer([]));
    renderPage('/mine/record/betRecord');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('所选时间内没有投注记录')).toBeTruthy();
  });
});
