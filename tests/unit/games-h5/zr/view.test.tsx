// The live table's page (issue 12 §1 "Live casino", §2, §3) rendered with its machine over a fake native API: the
// betting board with chips and the countdown, a confirmed bet (one request, the shell refreshed), 41002 handed
// to the shell's transfer in, 41007 said with the limits, the deal of a drawn round with the round's net result
// said plainly (a payout below the stake is a loss), the roads as accessible grids, the table history, the rules
// with every RTP, the verify recomputing a round from its revealed seed, and axe on the rendered table.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawZr } from '../../../../src/games-core/zr/table.ts';
import type { ZrTableResponse } from '../../../../src/games-core/zr/wire.ts';
import type { GamesClient } from '../../../../src/games-h5/api.ts';
import { BusinessError } from '../../../../src/games-h5/api.ts';
import type { ShellPort } from '../../../../src/games-h5/game-module.ts';
import { modules } from '../../../../src/games-h5/zr/index.tsx';
import type { GameDef, PlayedRound, SharedRound } from '../../../../src/protocol/games.ts';

afterEach(cleanup);

const GAME: GameDef = { code: 'baccarat-1', name: '百家乐 1 号桌', kind: 'baccarat' };
const PERIOD = 35_000;
const BETTING = 25_000;
const OPENS = Date.UTC(2026, 10, 26, 5, 0, 0);
const SEED = 'c'.repeat(64);

function drawn(no: number): SharedRound {
  const id = `AGZR:baccarat-1:${no}`;
  return {
    id,
    game: 'baccarat-1',
    no,
    opensAt: new Date(OPENS + (no - 10) * PERIOD).toISOString(),
    closesAt: new Date(OPENS + (no - 10) * PERIOD + BETTING).toISOString(),
    seedHash: 'a'.repeat(64),
    serverSeed: SEED,
    status: 'drawn',
    result: drawZr('baccarat', { serverSeed: SEED, clientSeed: id, nonce: 0 }),
  };
}
const PICKS = [
  { pick: 'banker', min: 1_000, max: 5_000_000, rtp: 98.94 },
  { pick: 'player', min: 1_000, max: 5_000_000, rtp: 98.76 },
  { pick: 'tie', min: 1_000, max: 500_000, rtp: 85.64 },
  { pick: 'banker-pair', min: 1_000, max: 500_000, rtp: 89.64 },
  { pick: 'player-pair', min: 1_000, max: 500_000, rtp: 89.64 },
] as ZrTableResponse['table']['picks'];
function tableAt(now: number, round: SharedRound, mine: ZrTableResponse['mine'] = []): ZrTableResponse {
  return {
    table: {
      code: 'baccarat-1',
      name: GAME.name,
      kind: 'baccarat',
      picks: PICKS,
      periodMs: PERIOD,
      bettingMs: BETTING,
    },
    round,
    history: [7, 8, 9].reverse().map(drawn),
    mine,
    now: new Date(now).toISOString(),
  };
}
const OPEN_ROUND: SharedRound = {
  ...drawn(10),
  serverSeed: null,
  status: 'open',
  result: null,
  opensAt: new Date(OPENS).toISOString(),
  closesAt: new Date(OPENS + BETTING).toISOString(),
};

function setUp(answers: { table: () => unknown; bet?: (body: unknown) => unknown }) {
  const now = OPENS + 5_000;
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  const call = vi.fn(async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body });
    if (path.startsWith('/zr/table?')) return answers.table();
    if (path === '/zr/tables') return { tables: [], now: new Date(now).toISOString() };
    if (path === '/zr/bet') return answers.bet!(body);
    throw new Error(`unexpected ${path}`);
  });
  const client = { call } as unknown as GamesClient;
  const shell: ShellPort = { refresh: vi.fn(), needFunds: vi.fn(), serverNow: () => now };
  const View = modules.baccarat!.View;
  render(<View game={GAME} client={client} shell={shell} />);
  return { calls, shell };
}

describe('the betting board', () => {
  it('shows the countdown, takes chips on picks and confirms them in one request; the shell is refreshed', async () => {
    const user = userEvent.setup();
    const { calls, shell } = setUp({
      table: () => tableAt(OPENS + 5_000, OPEN_ROUND),
      bet: (body) => ({
        mine: (body as { bets: Array<{ pick: string; stake: number }> }).bets.map((b, i) => ({
          orderNo: `GM${i}`,
          roundId: OPEN_ROUND.id,
          pick: b.pick,
          stake: b.stake,
          payout: 0,
          status: 'open',
        })),
        balance: 90_000,
      }),
    });
    // issue 12 §1: a betting countdown (25 s of bets; the page's clock 5 s in).
    expect((await screen.findByTestId('countdown')).textContent).toContain('剩余 20 秒');
    expect(screen.getByTestId('phase').textContent).toContain('请下注');
    await user.click(screen.getByRole('button', { name: '50 元筹码' }));
    expect(screen.getByRole('button', { name: '50 元筹码' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '庄 1:0.95' }));
    await user.click(screen.getByRole('button', { name: '庄 1:0.95' }));
    await user.click(screen.getByRole('button', { name: '10 元筹码' }));
    await user.click(screen.getByRole('button', { name: '和 1:8' }));
    expect(screen.getByTestId('pick-banker').textContent).toContain('待确认 100 元');
    await user.click(screen.getByRole('button', { name: '确认下注' }));
    const bet = calls.find((c) => c.path === '/zr/bet')!;
    expect(bet.body).toMatchObject({
      game: 'baccarat-1',
      roundId: OPEN_ROUND.id,
      bets: [
        { pick: 'banker', stake: 10_000 },
        { pick: 'tie', stake: 1_000 },
      ],
    });
    expect((bet.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,44}$/);
    await screen.findByText(/已下注 100 元/);
    expect(screen.getByTestId('pick-banker').textContent).toContain('已下注 100 元');
    expect(shell.refresh).toHaveBeenCalled();
    const mine = screen.getByRole('region', { name: '本局我的注单' });
    expect(within(mine).getByText(/庄/)).toBeTruthy();
  });

  it("41002 opens the shell's transfer in with what is missing; 41007 says the limits", async () => {
    const user = userEvent.setup();
    const need = { balance: 500, stake: 1_000, central: 9_000 };
    let n = 0;
    const { shell } = setUp({
      table: () => tableAt(OPENS + 5_000, OPEN_ROUND),
      bet: () => {
        n += 1;
        if (n === 1) throw new BusinessError(41002, '场馆余额不足，请先转入', need);
        throw new BusinessError(41007, '投注金额不在限额范围内', { min: 1_000, max: 500_000 });
      },
    });
    await user.click(await screen.findByRole('button', { name: '闲 1:1' }));
    await user.click(screen.getByRole('button', { name: '确认下注' }));
    expect((await screen.findByRole('alert')).textContent).toContain('场馆余额不足，请先转入');
    expect(shell.needFunds).toHaveBeenCalledWith(need);
    await user.click(screen.getByRole('button', { name: '确认下注' }));
    expect((await screen.findByRole('alert')).textContent).toContain('投注金额须在 10 – 5,000 元之间');
  });
});

describe('a drawn round', () => {
  it("shows the deal and the round's net result plainly; roads and history are accessible tables; axe finds nothing", async () => {
    const round = drawn(10);
    const result = round.result as ReturnType<typeof drawZr> & { kind: 'baccarat' };
    // A bet on 庄 of 100 yuan: its payout by the pay table.
    const payout = result.winner === 'banker' ? 19_500 : result.winner === 'tie' ? 10_000 : 0;
    const status = payout > 10_000 ? 'won' : payout === 10_000 ? 'push' : 'lost';
    setUp({
      table: () =>
        tableAt(OPENS + BETTING + 2_000, round, [
          { orderNo: 'GM1', roundId: round.id, pick: 'banker', stake: 10_000, payout, status },
        ]),
    });
    const deal = await screen.findByTestId('deal');
    expect(deal.textContent).toContain(`${result.playerTotal} 点`);
    expect(screen.getByTestId('phase').textContent).toContain('本局结果');
    const net = payout - 10_000;
    expect(screen.getByTestId('round-net').textContent).toContain(
      net > 0 ? `本局净赢 ${net / 100} 元` : net < 0 ? `本局净输 ${-net / 100} 元` : '本局不输不赢',
    );
    // Nothing to bet on while the deal is shown.
    expect((screen.getByRole('button', { name: '庄 1:0.95' }) as HTMLButtonElement).disabled).toBe(true);
    // The roads: grids of 6 rows, the cells named for a screen reader.
    const bead = screen.getByTestId('bead-plate');
    expect(within(bead).getAllByRole('row')).toHaveLength(6);
    expect(within(bead).getByText(/^第 7 局/)).toBeTruthy();
    expect(screen.getByTestId('big-road')).toBeTruthy();
    const history = screen.getByTestId('history');
    expect(within(history).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(history).getAllByText(SEED).length).toBeGreaterThan(0);
    const res = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      res.violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('a closed round is read again until its deal is known', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      setUp({
        table: () => {
          reads += 1;
          return reads === 1
            ? tableAt(OPENS + BETTING + 500, OPEN_ROUND)
            : tableAt(OPENS + BETTING + 2_500, drawn(10));
        },
      });
      expect((await screen.findByTestId('phase')).textContent).toContain('停止下注，等待开牌');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(await screen.findByTestId('deal')).toBeTruthy();
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('rules and verify', () => {
  it("the rules state every bet's RTP (issue 12 §2)", () => {
    const Rules = modules.baccarat!.Rules;
    render(<Rules game={GAME} />);
    expect(screen.getByTestId('rtp-banker').textContent).toContain('98.94%');
    expect(screen.getByTestId('rtp-player').textContent).toContain('98.76%');
    expect(screen.getByTestId('rtp-tie').textContent).toContain('85.64%');
    expect(screen.getByTestId('rtp-banker-pair').textContent).toContain('89.64%');
    cleanup();
    render(<Rules game={{ code: 'dragon-tiger-1', name: '龙虎 1 号桌', kind: 'dragon-tiger' }} />);
    expect(screen.getByTestId('rtp-dragon').textContent).toContain('96.27%');
    expect(screen.getByTestId('rtp-tie').textContent).toContain('67.23%');
    expect(screen.getByTestId('rtp-dragon-odd').textContent).toContain('94.23%');
    expect(screen.getByTestId('rtp-tiger-even').textContent).toContain('94.62%');
  });

  it('verify recomputes the deal from the revealed seed (client seed = round id) and catches a mismatch', () => {
    const r = drawn(12);
    const played: PlayedRound = {
      orderNo: 'GM1',
      game: 'baccarat-1',
      kind: 'baccarat',
      play: '百家乐',
      pick: '庄',
      stake: 1_000,
      payout: 0,
      status: 'lost',
      placedAt: r.opensAt,
      settledAt: r.closesAt,
      roundId: r.id,
      fair: { seedHash: r.seedHash, clientSeed: r.id, nonce: 0, serverSeed: SEED },
      outcome: r.result,
    };
    const ok = modules.baccarat!.verify(played);
    expect(ok.ok).toBe(true);
    expect(ok.lines[0]).toMatch(/^闲：/);
    const bad = modules.baccarat!.verify({ ...played, outcome: { ...(r.result as object), winner: 'x' } });
    expect(bad.ok).toBe(false);
    expect(modules.baccarat!.verify({ ...played, fair: { ...played.fair!, serverSeed: null } }).ok).toBe(
      false,
    );
    const dt = drawZr('dragon-tiger', { serverSeed: SEED, clientSeed: 'AGZR:dragon-tiger-1:5', nonce: 0 });
    expect(
      modules['dragon-tiger']!.verify({
        ...played,
        kind: 'dragon-tiger',
        roundId: 'AGZR:dragon-tiger-1:5',
        fair: { seedHash: 'a'.repeat(64), clientSeed: 'AGZR:dragon-tiger-1:5', nonce: 0, serverSeed: SEED },
        outcome: dt,
      }).ok,
    ).toBe(true);
  });
});
