// The sandbox sportsbook's venue page (issue 11 §4) rendered with its three machines composed over a fake
// native API: what the browser test does not reach — a price moved (old → new, accepted or refused), 40007 said
// plainly, no answer then a retry with the same request id, the expired credential — and the page's own client
// (Bearer, the envelope, business and transport errors).
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  Match,
  MatchesResponse,
  PlaceBetRequest,
  SportsBet,
  SportsbookSession,
} from '../../../src/protocol/sportsbook.ts';
import { ActorsContext } from '../../../src/venue-h5/actors.ts';
import {
  BusinessError,
  sportsbookClient,
  TransportError,
  type SportsbookClient,
} from '../../../src/venue-h5/api.ts';
import { App } from '../../../src/venue-h5/app.tsx';
import { createActors, sportsOf } from '../../../src/venue-h5/compose.ts';
import { textFor } from '../../../src/venue-h5/text.ts';

const LATER = new Date(Date.now() + 3 * 3600_000).toISOString();

const MATCH: Match = {
  id: 'FB1',
  sport: 'football',
  league: '沙盒甲级联赛',
  home: '松原竞技',
  away: '海湾联合',
  startsAt: LATER,
  phase: 'prematch',
  score: null,
  clock: null,
  markets: [
    {
      id: 'FB1-1x2',
      kind: '1x2',
      lineQuarters: null,
      selections: [
        { id: 'FB1-h', pick: 'home', odds: 1_950, suspended: false },
        { id: 'FB1-d', pick: 'draw', odds: 3_300, suspended: false },
        { id: 'FB1-a', pick: 'away', odds: 4_000, suspended: true },
      ],
    },
    {
      id: 'FB1-ah',
      kind: 'ah',
      lineQuarters: -3,
      selections: [
        { id: 'FB1-ahh', pick: 'home', odds: 2_080, suspended: false },
        { id: 'FB1-aha', pick: 'away', odds: 1_750, suspended: false },
      ],
    },
  ],
};

const session = (balance: number): SportsbookSession => ({
  venue: 'IMTY',
  venueName: 'IM 体育',
  player: '137****1101',
  balance,
  oddsType: 3,
  clockRate: 6,
});

const receipt = (req: PlaceBetRequest): SportsBet => ({
  orderNo: 'SB0000000001',
  requestId: req.requestId,
  venue: 'IMTY',
  kind: 'single',
  stake: req.stake,
  odds: req.selections[0]!.odds,
  payout: 0,
  status: 'open',
  legs: [],
  placedAt: new Date().toISOString(),
  settledAt: null,
});

/** A fake native API: the list above, and placing answered by the test's queue. */
function fakeClient(answers: Array<(req: PlaceBetRequest) => Promise<SportsBet>>) {
  const placed: PlaceBetRequest[] = [];
  let balance = 100_000;
  const client: SportsbookClient = {
    session: async () => session(balance),
    matches: async (): Promise<MatchesResponse> => ({
      matches: [MATCH],
      serverTime: new Date().toISOString(),
    }),
    match: async () => MATCH,
    bets: async () => [],
    place: async (req) => {
      placed.push(req);
      const answer = answers.shift()!;
      const bet = await answer(req);
      balance -= bet.stake;
      return bet;
    },
  };
  return { client, placed };
}

const running: Array<ReturnType<typeof createActors>> = [];

function show(client: SportsbookClient) {
  const actors = createActors(client, 'IMTY');
  running.push(actors);
  actors.session.start();
  actors.feed.start();
  actors.slip.start();
  render(
    <ActorsContext.Provider value={actors}>
      <App />
    </ActorsContext.Provider>,
  );
  return actors;
}

afterEach(() => {
  cleanup();
  // The session and the feed poll: no timer outlives its test.
  for (const a of running.splice(0)) for (const actor of [a.session, a.feed, a.slip]) actor.stop();
});

const slip = () => screen.getByRole('complementary', { name: /投注单/ });

async function pickHomeAndStake(user: ReturnType<typeof userEvent.setup>, stake: string) {
  await user.click(await screen.findByRole('button', { name: '独赢 松原竞技 胜 赔率 1.95' }));
  await user.type(within(slip()).getByLabelText('投注金额（元）'), stake);
}

describe('the venue page', () => {
  it('shows the venue, the play-money banner, the prices; a suspended price says why it cannot be added', async () => {
    const user = userEvent.setup();
    show(fakeClient([]).client);
    expect(screen.getByText('沙盒体育 · 娱乐币，非真实资金')).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('¥1,000.00')).toBeTruthy();
    expect(within(header).getByText('欧洲盘')).toBeTruthy();
    // 让球 −0.75 on the home side, +0.75 for the away side.
    expect(await screen.findByRole('button', { name: '让球 松原竞技 -0.75 赔率 2.08' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '让球 海湾联合 +0.75 赔率 1.75' })).toBeTruthy();
    const suspended = screen.getByRole('button', { name: '独赢 海湾联合 胜 赔率 4.00（封盘）' });
    expect(suspended.getAttribute('aria-disabled')).toBe('true');
    await user.click(suspended);
    expect(within(slip()).getByRole('alert').textContent).toBe('该选项已封盘，暂时不能投注。');
    expect(within(slip()).getByText('点击赔率加入投注单')).toBeTruthy();
  });

  it('a price that moved (40006) shows old and new; accepted, the new price is sent with a new request id', async () => {
    const user = userEvent.setup();
    const { client, placed } = fakeClient([
      async () => {
        throw new BusinessError(40006, '赔率已变化', {
          selections: [{ id: 'FB1-h', pick: 'home', odds: 1_900, suspended: false }],
        });
      },
      async (req) => receipt(req),
    ]);
    show(client);
    await pickHomeAndStake(user, '10');
    expect(within(slip()).getByText('可赢金额 ¥19.50')).toBeTruthy();
    await user.click(within(slip()).getByRole('button', { name: '确认投注' }));
    const dialog = await within(slip()).findByRole('alertdialog', { name: '赔率已变化' });
    expect(within(dialog).getByText('独赢 松原竞技 胜：1.95 → 1.90')).toBeTruthy();
    // The accept button takes the focus: the decision is one key away.
    expect(document.activeElement?.textContent).toBe('接受新赔率并投注');
    await user.keyboard('{Enter}');
    const done = await within(slip()).findByRole('status');
    expect(done.textContent).toContain('投注已提交');
    expect(done.textContent).toContain('SB0000000001');
    expect(placed.map((r) => r.selections)).toEqual([
      [{ selectionId: 'FB1-h', odds: 1_950 }],
      [{ selectionId: 'FB1-h', odds: 1_900 }],
    ]);
    expect(placed.every((r) => r.acceptChangedOdds === false)).toBe(true);
    expect(placed[0]!.requestId).not.toBe(placed[1]!.requestId);
    expect(placed[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,48}$/);
    // The header's balance is read again at once.
    expect(await within(screen.getByRole('banner')).findByText('¥990.00')).toBeTruthy();
  });

  it('refusing a moved price sends nothing; 40007 is said plainly', async () => {
    const user = userEvent.setup();
    const { client, placed } = fakeClient([
      async () => {
        throw new BusinessError(40006, '赔率已变化', {
          selections: [{ id: 'FB1-h', pick: 'home', odds: 1_900, suspended: false }],
        });
      },
      async () => {
        throw new BusinessError(40007, '场馆余额不足，请先转入');
      },
    ]);
    show(client);
    await pickHomeAndStake(user, '10');
    await user.click(within(slip()).getByRole('button', { name: '确认投注' }));
    await user.click(await within(slip()).findByRole('button', { name: '不接受' }));
    expect(placed).toHaveLength(1);
    // The slip keeps the pick, marked as moved.
    expect(within(slip()).getByText('赔率已变：1.95 → 1.90')).toBeTruthy();
    await user.click(within(slip()).getByRole('button', { name: '确认投注' }));
    await user.click(await within(slip()).findByRole('button', { name: '接受新赔率并投注' }));
    expect((await within(slip()).findByRole('alert')).textContent).toBe(
      '场馆余额不足，投注未成功。请先在网站把余额转入本场馆。',
    );
  });

  it('no answer: the result is unknown; a retry sends the same request id', async () => {
    const user = userEvent.setup();
    const { client, placed } = fakeClient([
      async () => {
        throw new TransportError('timeout');
      },
      async (req) => receipt(req),
    ]);
    show(client);
    await pickHomeAndStake(user, '20');
    await user.click(within(slip()).getByRole('button', { name: '确认投注' }));
    const unsure = await within(slip()).findByRole('alertdialog', { name: '网络异常，投注结果未知' });
    await user.click(within(unsure).getByRole('button', { name: '重试' }));
    expect(await within(slip()).findByText('投注已提交')).toBeTruthy();
    expect(placed).toHaveLength(2);
    expect(placed[1]!.requestId).toBe(placed[0]!.requestId);
  });

  it('an expired credential (40001) says to launch again from the site', async () => {
    const { client } = fakeClient([]);
    client.session = async () => {
      throw new BusinessError(40001, 'expired');
    };
    show(client);
    expect((await screen.findByRole('alert')).textContent).toBe('投注会话已过期，请返回网站重新进入场馆。');
    expect(screen.getByText('沙盒体育 · 娱乐币，非真实资金')).toBeTruthy();
  });

  it('the match page lists every market; my bets shows open and settled bets plainly', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient([]);
    const settled: SportsBet = {
      ...receipt({
        requestId: 'r-settled-1',
        stake: 2_000,
        selections: [{ selectionId: 'FB1-h', odds: 1_950 }],
        acceptChangedOdds: false,
      }),
      orderNo: 'SB0000000009',
      kind: 'parlay',
      odds: 3_900,
      payout: 0,
      status: 'lost',
      legs: [
        {
          selectionId: 'FB1-h',
          matchId: 'FB1',
          match: '松原竞技 vs 海湾联合',
          market: '1x2',
          lineQuarters: null,
          pick: 'home',
          odds: 1_950,
          status: 'won',
        },
        {
          selectionId: 'FB2-aha',
          matchId: 'FB2',
          match: '金沙体育 vs 东港城',
          market: 'ah',
          lineQuarters: -1,
          pick: 'away',
          odds: 2_000,
          status: 'lost',
        },
      ],
      settledAt: new Date().toISOString(),
    };
    client.bets = async (status) => (status === 'settled' ? [settled] : []);
    show(client);
    await user.click(await screen.findByRole('button', { name: '松原竞技 对 海湾联合 的全部玩法' }));
    expect(await screen.findByRole('heading', { name: '松原竞技 vs 海湾联合' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '让球 -0.75' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '独赢' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回赛事列表' }));
    expect(await screen.findByRole('heading', { name: '足球 · 今日' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '我的注单' }));
    expect(await screen.findByText('暂无注单')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '已结算' }));
    const list = await screen.findByRole('list', { name: '已结算' });
    const text = (list.textContent ?? '').replace(/\s+/g, '');
    expect(text).toContain('串关2串1');
    expect(text).toContain('独赢·松原竞技胜@1.95');
    expect(text).toContain('让球·东港城+0.25@2.00');
    expect(text).toContain('派彩¥0.00');
    expect(text).toContain('净输赢-¥20.00');
    expect(text).not.toMatch(/恭喜|翻本/);
    // Another sport from my bets goes back to the list.
    await user.click(screen.getByRole('button', { name: '篮球' }));
    expect(await screen.findByRole('heading', { name: '篮球 · 今日' })).toBeTruthy();
  });

  it('esports venues offer esports only; sport venues every sport', () => {
    expect(sportsOf('YBDJ')).toEqual(['esports']);
    expect(sportsOf('IMTY')).toEqual(['football', 'basketball', 'tennis', 'esports']);
  });

  it("an esports venue's page says 沙盒电竞 in its title and banner; a sport venue's 沙盒体育 (issue 19 §3, contact sheet)", () => {
    for (const code of ['YBDJ', 'IMDJ', 'LHDJ']) {
      const t = textFor(`/sandbox/venue/${code}/`);
      expect([t.title, t.banner]).toEqual(['沙盒电竞', '沙盒电竞 · 娱乐币，非真实资金']);
    }
    const sport = textFor('/sandbox/venue/IMTY/');
    expect([sport.title, sport.banner]).toEqual(['沙盒体育', '沙盒体育 · 娱乐币，非真实资金']);
  });
});

describe("the page's client", () => {
  const answer = (body: unknown, ok = true) =>
    vi.fn(async () => ({ ok, json: async () => body }) as unknown as Response);

  afterEach(() => vi.unstubAllGlobals());

  it('sends the credential as Bearer and reads the envelope', async () => {
    const fetchFake = answer({ status_code: 6000, message: 'success', data: { bets: [] } });
    vi.stubGlobal('fetch', fetchFake);
    expect(await sportsbookClient('tok-123').bets('open')).toEqual([]);
    const [url, init] = fetchFake.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/sandbox/sportsbook/api/v1/bets?status=open');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok-123');
  });

  it('a coded answer is a business error with its data; no answer or no JSON a transport error', async () => {
    vi.stubGlobal('fetch', answer({ status_code: 40006, message: '赔率已变化', data: { selections: [] } }));
    await expect(sportsbookClient('t').session()).rejects.toMatchObject({
      type: 'business',
      code: 40006,
      data: { selections: [] },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(sportsbookClient('t').session()).rejects.toMatchObject({
      type: 'transport',
      kind: 'network',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: false, json: async () => Promise.reject(new SyntaxError('html')) })),
    );
    await expect(sportsbookClient('t').session()).rejects.toMatchObject({
      type: 'transport',
      kind: 'status',
    });
  });
});

// Keep act() quiet about the actors' own timers between tests.
afterEach(async () => {
  await act(async () => {});
});
