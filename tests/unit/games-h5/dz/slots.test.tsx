// The slots page (issue 12 §1 "Slots (DZ)", §2; docs/games-dz.md "The page") over a fake native API and a fake
// shell: the reels as a 5 × 3 table whose every cell names its symbol; the line bet and the stake; one spin per
// press (no autoplay), the reels' turn skippable and showing no symbols, none with reduced motion; the stake and
// the win of every spin, a win smaller than the stake said to be a net loss with no win styling; the winning
// lines drawn and listed; free spins shown one by one or all at once; 41002 opens the shell's transfer in; a
// refusal in the server's words; no answer retries the same request id; the rules' RTP and pay table; the
// verify view's recomputation from the revealed seed.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINES, playSpin, windowOf } from '../../../../src/games-core/dz/engine.ts';
import { FORTUNE_GOD, SLOT_GAMES } from '../../../../src/games-core/dz/games.ts';
import type { SpinRequest, SpinResponse } from '../../../../src/games-core/dz/wire.ts';
import { fairStream, seedHashOf } from '../../../../src/games-core/fair.ts';
import { BusinessError, TransportError, type GamesClient } from '../../../../src/games-h5/api.ts';
import { modules } from '../../../../src/games-h5/dz/index.tsx';
import type { ShellPort } from '../../../../src/games-h5/game-module.ts';
import { symbolName } from '../../../../src/i18n/zh-CN-games-dz.ts';
import { GRID_GAMES, type PlayedRound } from '../../../../src/protocol/games.ts';
import type { JackpotPoolResponse } from '../../../../src/protocol/jackpot.ts';

const GAME = GRID_GAMES.DZ[0]!;
const slot = modules.slot!;
/** The seed pair of tests/server/games-dz.test.ts: nonce 0 loses, 1 wins, 2 a small win, 222 free spins. */
const SEED = { serverSeed: 'c'.repeat(64), clientSeed: 'dz-cases' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

function reducedMotion() {
  (window as { matchMedia?: unknown }).matchMedia = (q: string) => ({
    matches: q.includes('reduce'),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
}

function answer(req: SpinRequest, nonce: number, jackpotWin = 0, pool = 50_000): SpinResponse {
  return {
    orderNo: `GM-${nonce}`,
    outcome: { ...playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce }), req.lineBet), jackpotWin },
    pool,
    fair: { seedHash: seedHashOf(SEED.serverSeed), clientSeed: SEED.clientSeed, nonce },
    balance: 10_000,
    placedAt: new Date().toISOString(),
  };
}

/** docs/games-dz.md "Jackpot": the pool as GET /dz/jackpot answers it (seed ¥500.00). */
const FIGURE: JackpotPoolResponse = {
  pool: 123_456,
  seed: 50_000,
  lastWin: { userName: '13**07', game: '金龙献瑞', amount: 250_000, at: '2026-11-26T05:00:00.000Z' },
};

function setUp(
  spinImpl: (req: SpinRequest) => Promise<SpinResponse>,
  figure: () => Promise<JackpotPoolResponse> = async () => FIGURE,
) {
  const requests: SpinRequest[] = [];
  const call = vi.fn(async (_method: string, path: string, body?: unknown) => {
    if (path === '/dz/jackpot') return figure();
    expect(path).toBe('/dz/spin');
    requests.push(body as SpinRequest);
    return spinImpl(body as SpinRequest);
  });
  const client = { call } as unknown as GamesClient;
  const shell: ShellPort = { refresh: vi.fn(), needFunds: vi.fn(), serverNow: () => Date.now() };
  render(<slot.View game={GAME} client={client} shell={shell} />);
  return { requests, shell, call };
}

const cells = () => within(screen.getByRole('table', { name: /转轴/ })).getAllByRole('cell');
const spinButton = () => screen.getByRole('button', { name: /^旋转（投注/ });
const status = () => screen.getByTestId('slot-status');

describe('slots page', () => {
  it('shows the reels as 15 named cells, the line bets, the stake; no autoplay', async () => {
    const user = userEvent.setup();
    setUp(async (req) => answer(req, 0));
    expect(cells()).toHaveLength(15);
    const grid = windowOf(FORTUNE_GOD, [0, 0, 0, 0, 0]);
    expect(cells()[0]!.getAttribute('aria-label')).toBe(
      `第 1 轴第 1 行：${symbolName('fortune-god', grid[0]![0]!)}`,
    );
    expect(cells()[1]!.getAttribute('aria-label')).toBe(
      `第 2 轴第 1 行：${symbolName('fortune-god', grid[1]![0]!)}`,
    );
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '5',
      '10',
      '20',
      '50',
      '100',
    ]);
    expect(screen.getByTestId('slot-stake').textContent).toBe('本局投注 ¥0.20（每线 ¥0.01 × 20 线）');
    await user.click(screen.getByRole('radio', { name: '¥0.10' }));
    expect(screen.getByTestId('slot-stake').textContent).toBe('本局投注 ¥2.00（每线 ¥0.10 × 20 线）');
    expect(spinButton().textContent).toBe('旋转（投注 ¥2.00）');
    expect(screen.getByText('每次旋转需手动点击，本游戏不提供自动旋转。')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a spin sends one request; the reels turn with no symbols, skippable; a loss is said plainly', async () => {
    const user = userEvent.setup();
    const { requests, shell } = setUp(async (req) => answer(req, 0));
    await user.click(screen.getByRole('radio', { name: '¥0.10' }));
    await user.click(spinButton());
    const skip = await screen.findByRole('button', { name: '立即显示结果' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ game: 'fortune-god', lineBet: 10 });
    expect(requests[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,48}$/);
    // No symbols while turning: nothing to tease a near miss with.
    expect(screen.getByRole('table', { name: /转轴/ }).getAttribute('aria-busy')).toBe('true');
    for (const c of cells()) expect(c.getAttribute('aria-label')).toMatch(/转动中$/);
    expect(shell.refresh).toHaveBeenCalledTimes(1);
    await user.click(skip);
    const stops = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 0 }), 10).base.stops;
    const grid = windowOf(FORTUNE_GOD, stops);
    expect(cells()[0]!.getAttribute('aria-label')).toBe(
      `第 1 轴第 1 行：${symbolName('fortune-god', grid[0]![0]!)}`,
    );
    const result = screen.getByTestId('slot-result');
    expect(result.textContent).toContain('未中奖（本局净输 ¥2.00）');
    expect(result.className).not.toContain('won');
    expect(requests).toHaveLength(1);
  });

  it('shows the progressive jackpot’s pool and its newest win; the figure follows every spin (issue 19 §2)', async () => {
    reducedMotion();
    const user = userEvent.setup();
    const { call } = setUp(async (req) => answer(req, 0, 0, 123_458));
    const banner = screen.getByRole('region', { name: '累积奖池' });
    expect(await within(banner).findByText('¥1234.56')).toBeTruthy();
    expect(banner.textContent).toContain('最近一次：13**07 在金龙献瑞赢得 ¥2500.00。全站电子游戏共享');
    expect(banner.textContent).toContain('每局投注的 1.00% 计入');
    await user.click(spinButton());
    await screen.findByTestId('slot-result');
    expect(screen.getByTestId('slot-jackpot-pool').textContent).toBe('¥1234.58');
    expect(screen.queryByTestId('slot-jackpot-won')).toBeNull();
    // No second read for a spin that did not win the pool.
    expect(call.mock.calls.filter((c) => c[1] === '/dz/jackpot')).toHaveLength(1);
  });

  it('a spin that won the jackpot says so plainly, counts it in the round’s payout, and reads the pool again', async () => {
    reducedMotion();
    const user = userEvent.setup();
    // Nonce 10977 of the pair at ¥1.00 a line: its jackpot draw (614) is below the stake (2000 fen).
    const { call } = setUp(async (req) => answer(req, 10_977, 123_476, 50_000));
    await screen.findByText('¥1234.56');
    await user.click(screen.getByRole('radio', { name: '¥1.00' }));
    await user.click(spinButton());
    const won = await screen.findByTestId('slot-jackpot-won');
    expect(won.textContent).toBe('本局赢得累积奖池 ¥1234.76（已计入本局派彩）');
    const o = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 10_977 }), 100);
    expect(o.jackpot!.hit).toBe(true);
    const total = o.payout + 123_476;
    expect(screen.getByTestId('slot-result').textContent).toContain(
      `赢得 ¥${(total / 100).toFixed(2)}（本局投注 ¥20.00，净赢 ¥${((total - 2000) / 100).toFixed(2)}）`,
    );
    await vi.waitFor(() => expect(call.mock.calls.filter((c) => c[1] === '/dz/jackpot')).toHaveLength(2));
  });

  it('says when the pool cannot be read', async () => {
    setUp(
      async (req) => answer(req, 0),
      async () => {
        throw new TransportError('network');
      },
    );
    expect(await screen.findByText('暂时无法读取，稍后自动重试')).toBeTruthy();
  });

  it('the reels stop by themselves (at most 900 ms: the machine’s model test times it)', async () => {
    const user = userEvent.setup();
    setUp(async (req) => answer(req, 0));
    await user.click(spinButton());
    expect(await screen.findByRole('button', { name: '立即显示结果' })).toBeTruthy();
    const started = Date.now();
    await screen.findByTestId('slot-result', {}, { timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a win smaller than the stake is a net loss (no win styling); a real win is said with its net', async () => {
    reducedMotion();
    const user = userEvent.setup();
    let nonce = 2;
    setUp(async (req) => answer(req, nonce));
    await user.click(screen.getByRole('radio', { name: '¥0.10' }));
    await user.click(spinButton());
    // Reduced motion: the result at once, no turning.
    const small = await screen.findByTestId('slot-result');
    expect(screen.queryByRole('button', { name: '立即显示结果' })).toBeNull();
    const o2 = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 2 }), 10);
    expect(small.textContent).toContain(
      `赢得 ¥${(o2.payout / 100).toFixed(2)}（本局净输 ¥${((200 - o2.payout) / 100).toFixed(2)}）`,
    );
    expect(small.className).not.toContain('won');
    nonce = 1;
    await user.click(spinButton());
    await screen.findByText(/净赢/);
    const o1 = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 1 }), 10);
    const won = screen.getByTestId('slot-result');
    expect(won.textContent).toContain(
      `赢得 ¥${(o1.payout / 100).toFixed(2)}（本局投注 ¥2.00，净赢 ¥${((o1.payout - 200) / 100).toFixed(2)}）`,
    );
    expect(won.className).toContain('won');
    // Every winning line listed in words and drawn over the reels; its cells named as winning.
    const listed = within(screen.getByTestId('line-wins')).getAllByRole('listitem');
    expect(listed).toHaveLength(o1.base.lineWins.length + (o1.base.scatter.win > 0 ? 1 : 0));
    expect(listed[0]!.textContent).toMatch(/^第 \d+ 线：.+ × [345]，¥\d+\.\d\d$/);
    expect(document.querySelectorAll('svg.paylines polyline')).toHaveLength(o1.base.lineWins.length);
    expect(cells().filter((c) => c.getAttribute('aria-label')!.endsWith('（中奖）')).length).toBeGreaterThan(
      0,
    );
  });

  it('free spins are shown one by one when asked, or all at once; nothing spins by itself', async () => {
    reducedMotion();
    const user = userEvent.setup();
    const { requests } = setUp(async (req) => answer(req, 222));
    await user.click(screen.getByRole('radio', { name: '¥0.10' }));
    await user.click(spinButton());
    await screen.findByText('获得免费旋转 10 次');
    expect(screen.queryByTestId('slot-result')).toBeNull();
    await user.click(screen.getByRole('button', { name: '下一次免费旋转（1 / 10）' }));
    expect(status().textContent).toContain('免费旋转 1 / 10');
    expect(status().textContent).toContain('免费旋转不另收投注，奖金 × 2');
    await user.click(screen.getByRole('button', { name: '下一次免费旋转（2 / 10）' }));
    await user.click(screen.getByRole('button', { name: '显示全部免费旋转' }));
    const o = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 222 }), 10);
    expect(status().textContent).toContain('免费旋转 10 / 10');
    expect(screen.getByTestId('slot-result').textContent).toContain(`赢得 ¥${(o.payout / 100).toFixed(2)}`);
    expect(requests).toHaveLength(1);
  });

  it('41002 opens the shell’s transfer in; a refusal is said in the server’s words', async () => {
    reducedMotion();
    const user = userEvent.setup();
    let n = 0;
    const data = { balance: 10, stake: 20, central: 5_000 };
    const { shell } = setUp(async () => {
      n += 1;
      if (n === 1) throw new BusinessError(41002, '场馆余额不足，请先转入', data);
      throw new BusinessError(41003, '投注内容无效，请重新选择');
    });
    await user.click(spinButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      '场馆余额不足以支付本局投注，请先转入。',
    );
    expect(shell.needFunds).toHaveBeenCalledWith(data);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(spinButton());
    expect((await screen.findByRole('alert')).textContent).toContain('投注内容无效，请重新选择');
    expect(shell.needFunds).toHaveBeenCalledTimes(1);
  });

  it('no answer: retry sends the same request id', async () => {
    reducedMotion();
    const user = userEvent.setup();
    let n = 0;
    const { requests } = setUp(async (req) => {
      n += 1;
      if (n === 1) throw new TransportError('network');
      return answer(req, 0);
    });
    await user.click(spinButton());
    expect((await screen.findByRole('alert')).textContent).toContain('旋转未完成，请重试。');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByTestId('slot-result');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.requestId).toBe(requests[0]!.requestId);
  });
});

describe('slots rules', () => {
  it('state each game’s return to player, its pay table and its 20 paylines', () => {
    for (const def of GRID_GAMES.DZ) {
      const game = SLOT_GAMES.find((g) => g.code === def.code)!;
      render(<slot.Rules game={def} />);
      expect(screen.getByTestId('slot-rtp').textContent).toBe(
        `理论返还率（RTP）：${(game.statedRtp * 100).toFixed(2)}%（不含累积奖池）`,
      );
      // issue 19 §2, docs/games-dz.md "Jackpot": 1 % of every stake, P = stake / 16,777,216, seed ¥500.00,
      // a long-run return of 1 % + 500 / 167,772.16 = 1.30 % on top of the game's.
      const jp = screen.getByTestId('slot-jackpot-rules');
      expect(jp.textContent).toContain('全站 4 款电子游戏共享一个累积奖池');
      expect(jp.textContent).toContain('有 1.00% 由平台计入奖池');
      expect(jp.textContent).toContain('中奖机会 = 投注 ÷ 16,777,216');
      expect(jp.textContent).toContain('平台立即放入 ¥500.00 作为新的起始金额');
      const chances = within(screen.getByRole('list', { name: '各档投注赢得奖池的机会' })).getAllByRole(
        'listitem',
      );
      expect(chances.map((c) => c.textContent)).toEqual([
        '投注 ¥0.20：约 838,861 分之一',
        '投注 ¥0.40：约 419,430 分之一',
        '投注 ¥1.00：约 167,772 分之一',
        '投注 ¥2.00：约 83,886 分之一',
        '投注 ¥4.00：约 41,943 分之一',
        '投注 ¥10.00：约 16,777 分之一',
        '投注 ¥20.00：约 8,389 分之一',
      ]);
      expect(screen.getByTestId('slot-jackpot-rtp').textContent).toContain(`奖池的长期返还率为 1.30%`);
      expect(screen.getByTestId('slot-jackpot-rtp').textContent).toContain(
        `合计约 ${((game.statedRtp + 0.01 + 50_000 / 16_777_216) * 100).toFixed(2)}%`,
      );
      const pay = screen.getByRole('table', { name: /赔付表/ });
      // 8 symbols and the scatter, 3/4/5 of a kind.
      expect(within(pay).getAllByRole('row')).toHaveLength(1 + 9);
      expect(within(pay).getByRole('rowheader', { name: symbolName(def.code, 'A') })).toBeTruthy();
      const a = within(pay)
        .getByRole('rowheader', { name: symbolName(def.code, 'A') })
        .closest('tr')!;
      expect([...a.querySelectorAll('td')].map((td) => td.textContent)).toEqual(
        game.pays.A!.map((p) => `×${p}`),
      );
      expect(within(screen.getByRole('table', { name: /支付线/ })).getAllByRole('row')).toHaveLength(LINES);
      expect(screen.getByText(/不提供自动旋转/)).toBeTruthy();
      cleanup();
    }
    expect(screen.queryByTestId('slot-rtp')).toBeNull();
  });
});

describe('slots verify', () => {
  const round = (over: Partial<PlayedRound> = {}): PlayedRound => {
    const outcome = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 222 }), 10);
    return {
      orderNo: 'GM-222',
      game: 'fortune-god',
      kind: 'slot',
      play: '每线 0.10 元 × 20 线',
      pick: '旋转 1 次，含免费旋转 10 次',
      stake: 200,
      payout: outcome.payout,
      status: 'won',
      placedAt: '2026-11-26T05:00:00.000Z',
      settledAt: '2026-11-26T05:00:00.000Z',
      roundId: null,
      fair: {
        seedHash: seedHashOf(SEED.serverSeed),
        clientSeed: SEED.clientSeed,
        nonce: 222,
        serverSeed: SEED.serverSeed,
      },
      outcome,
      ...over,
    };
  };

  it('recomputes the stops, the window, the wins and every free spin from the revealed seed', () => {
    const r = round();
    const v = slot.verify(r);
    expect(v.ok).toBe(true);
    const o = r.outcome as ReturnType<typeof playSpin>;
    expect(v.lines[0]).toBe(`停止位置：${o.base.stops.join(', ')}`);
    expect(v.lines[1]).toMatch(/^画面：上：/);
    expect(v.lines.filter((l) => l.startsWith('免费旋转 '))).toHaveLength(10);
    expect(v.lines).toContain(`派彩 ¥${(o.payout / 100).toFixed(2)}（投注 ¥2.00）`);
    // The jackpot's draw after the free spins (issue 19 §2).
    expect(v.lines.at(-1)).toBe(
      `奖池抽取：${o.jackpot!.draw}（0 至 16777216 − 1），不小于投注 200 分：未中奖池`,
    );
    expect(v.lines).not.toContain('重算结果与记录不一致');
  });

  it('a real jackpot win recomputed from the revealed seed: the draw below the stake, the pool paid, the total', () => {
    const o = playSpin(FORTUNE_GOD, fairStream({ ...SEED, nonce: 10_977 }), 100);
    const r = round({
      stake: 2000,
      payout: o.payout + 123_476,
      outcome: { ...o, jackpotWin: 123_476 },
      fair: { ...round().fair!, nonce: 10_977 },
    });
    const v = slot.verify(r);
    expect(v.ok).toBe(true);
    expect(v.lines.slice(-3)).toEqual([
      '奖池抽取：614（0 至 16777216 − 1），小于投注 2000 分：赢得奖池',
      '奖池派彩 ¥1234.76',
      `本局派彩合计 ¥${((o.payout + 123_476) / 100).toFixed(2)}`,
    ]);
    // The record must count the jackpot in the payout.
    expect(slot.verify({ ...r, payout: o.payout }).ok).toBe(false);
  });

  it('a spin that won the jackpot: the draw, the pool paid and the total; paid without a hit fails', () => {
    const r = round();
    const o = r.outcome as ReturnType<typeof playSpin>;
    const hit = { ...o, jackpot: { ...o.jackpot!, hit: true } };
    // The stated odds redraw a miss: a stored hit is refused.
    expect(
      slot.verify(round({ outcome: { ...hit, jackpotWin: 60_000 }, payout: o.payout + 60_000 })).ok,
    ).toBe(false);
    expect(slot.verify(round({ outcome: { ...o, jackpotWin: 60_000 }, payout: o.payout + 60_000 })).ok).toBe(
      false,
    );
    expect(slot.verify(round({ outcome: { ...o, jackpotWin: 0 }, payout: o.payout })).ok).toBe(true);
    // A spin from before the jackpot: no draw, said so.
    const { jackpot: _none, ...old } = o;
    const v = slot.verify(round({ outcome: old }));
    expect(v.ok).toBe(true);
    expect(v.lines.at(-1)).toBe('本局在累积奖池推出之前，没有奖池抽取');
  });

  it('says so when the record does not match, or the seed is not revealed yet', () => {
    const r = round();
    const o = r.outcome as ReturnType<typeof playSpin>;
    expect(slot.verify(round({ payout: r.payout + 1 })).ok).toBe(false);
    expect(slot.verify(round({ outcome: { ...o, payout: o.payout + 1 } })).ok).toBe(false);
    expect(slot.verify(round({ outcome: { ...o, base: { ...o.base, stops: [1, 1, 1, 1, 1] } } })).ok).toBe(
      false,
    );
    const bad = slot.verify(round({ fair: { ...r.fair!, seedHash: 'f'.repeat(64) } }));
    expect(bad).toEqual({ ok: false, lines: expect.arrayContaining(['重算结果与记录不一致']) });
    expect(slot.verify(round({ fair: { ...r.fair!, serverSeed: null } }))).toEqual({
      ok: false,
      lines: ['服务器种子尚未公开：更换种子后即可验证本局'],
    });
    expect(slot.verify(round({ outcome: null })).ok).toBe(false);
    expect(slot.verify(round({ outcome: { ...o, game: 'nope' } })).ok).toBe(false);
  });
});
