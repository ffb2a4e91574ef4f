// The chess-and-card pages (issue 12 §1, §2; docs/games-qp.md "The page") on their real table machine with a fake
// native API: the calls' paths and bodies, the cards named in words (the others face down until the showdown),
// the round timer, the choices, the result said as it is, 41002 to the shell's transfer in, the rules' figures
// and the verify from a revealed seed.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairStream } from '../../../../src/games-core/fair.ts';
import { bjShoe, replayBj } from '../../../../src/games-core/qp/blackjack.ts';
import {
  BULL_BETS,
  BULL_GRABS,
  BULL_MAX_LOSS_UNITS,
  dealBull,
  settleBull,
} from '../../../../src/games-core/qp/bull.ts';
import { BJ_DEALER_STANDS, BJ_DECKS } from '../../../../src/games-core/qp/blackjack.ts';
import { BJ_DECISION_MS, BULL_BET_MS, BULL_GRAB_MS } from '../../../../src/games-core/qp/wire.ts';
import type { BjView, BullView } from '../../../../src/games-core/qp/views.ts';
import { bjRecord, bullRecord } from '../../../../src/games-core/qp/views.ts';
import { BusinessError } from '../../../../src/games-h5/api.ts';
import type { GamesClient } from '../../../../src/games-h5/api.ts';
import type { ShellPort } from '../../../../src/games-h5/game-module.ts';
import { modules } from '../../../../src/games-h5/qp/index.tsx';
import { BULL_RANK_GROUP_COUNTS, FIVE_CARD_HANDS } from '../../../../src/games-h5/qp/rules.tsx';
import type { PlayedRound } from '../../../../src/protocol/games.ts';

const Bull = modules.bull!;
const Bj = modules.blackjack!;

afterEach(cleanup);

const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const NOW = Date.parse('2026-11-26T05:00:00.000Z');

function fakes(answers: Record<string, (body: any) => unknown>) {
  const calls: Array<{ method: string; path: string; body: any }> = [];
  const call = vi.fn(async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body });
    const key = `${method} ${path.split('?')[0]}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer(body);
  });
  const client = { call } as unknown as GamesClient;
  const shell: ShellPort = { refresh: vi.fn(), needFunds: vi.fn(), serverNow: () => NOW };
  return { client, shell, calls };
}

const seat = (s: number, cards: number[], over: Partial<BullView['seats'][number]> = {}) => ({
  seat: s,
  cards,
  grab: null,
  bet: null,
  rank: null,
  handMultiplier: null,
  units: null,
  ...over,
});
const bull = (over: Partial<BullView>): BullView => ({
  kind: 'bull',
  handId: '7',
  game: 'bull-bull',
  phase: 'grab',
  deadline: '2026-11-26T05:00:08.000Z',
  base: 50,
  stake: 15_000,
  seats: [seat(0, [c(1, 1), c(13), c(5, 3), c(9, 2)]), seat(1, []), seat(2, []), seat(3, [])],
  banker: null,
  multiplier: null,
  payout: null,
  net: null,
  auto: false,
  ...over,
});
const BULL_GAME = { code: 'bull-bull', name: '抢庄牛牛', kind: 'bull' as const };
const BJ_GAME = { code: 'blackjack', name: '二十一点', kind: 'blackjack' as const };

describe('抢庄牛牛 table', () => {
  it('start, grab, bet, showdown: the calls, the cards in words, the timer, the result as a loss', async () => {
    const user = userEvent.setup();
    const f = fakes({
      'GET /qp/hand': () => null,
      'POST /qp/bull/start': () => bull({}),
      'POST /qp/bull/grab': () =>
        bull({
          phase: 'bet',
          banker: 2,
          multiplier: 3,
          deadline: '2026-11-26T05:00:09.000Z',
          seats: [
            seat(0, [c(1, 1), c(13), c(5, 3), c(9, 2)], { grab: 1 }),
            seat(1, [], { grab: 0 }),
            seat(2, [], { grab: 3 }),
            seat(3, [], { grab: 2 }),
          ],
        }),
      'POST /qp/bull/bet': () =>
        bull({
          phase: 'done',
          deadline: null,
          banker: 2,
          multiplier: 3,
          seats: [
            seat(0, [c(1, 1), c(13), c(5, 3), c(9, 2), c(3)], {
              grab: 1,
              bet: 2,
              rank: '牛八',
              handMultiplier: 2,
              units: -12,
            }),
            seat(1, [c(2), c(3, 1), c(4), c(6), c(7)], {
              grab: 0,
              bet: 1,
              rank: '无牛',
              handMultiplier: 1,
              units: 3,
            }),
            seat(2, [c(10), c(12), c(11), c(13, 1), c(10, 2)], {
              grab: 3,
              bet: 0,
              rank: '五花牛',
              handMultiplier: 4,
              units: 21,
            }),
            seat(3, [c(2, 2), c(8), c(10, 3), c(4, 2), c(5)], {
              grab: 2,
              bet: 5,
              rank: '牛九',
              handMultiplier: 2,
              units: -12,
            }),
          ],
          payout: 14_400,
          net: -600,
        }),
    });
    render(<Bull.View game={BULL_GAME} client={f.client} shell={f.shell} />);
    await user.click(await screen.findByRole('button', { name: '¥0.50' }));
    expect(screen.getByText(/开局预扣 ¥150.00/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '开始（底注 ¥0.50）' }));
    expect(f.calls[1]).toMatchObject({
      method: 'POST',
      path: '/qp/bull/start',
      body: { game: 'bull-bull', base: 50 },
    });
    expect(f.calls[1]!.body.requestId).toMatch(/^[A-Za-z0-9_-]{8,48}$/);
    // The player's four cards named; the others face down (five each).
    const mine = await screen.findByRole('list', { name: '你的牌' });
    expect(within(mine).getByRole('img', { name: '红桃 A' })).toBeTruthy();
    expect(within(mine).getByRole('img', { name: '黑桃 K' })).toBeTruthy();
    expect(within(mine).getAllByRole('img', { name: '暗牌' })).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: '电脑 1的牌' })).getAllByRole('img', { name: '暗牌' }),
    ).toHaveLength(5);
    expect(screen.getByRole('timer').textContent).toBe('剩余 8 秒');
    expect(f.shell.refresh).toHaveBeenCalledTimes(1);

    const grabs = within(screen.getByRole('group', { name: '抢庄倍数' })).getAllByRole('button');
    expect(grabs.map((b) => b.textContent)).toEqual(['不抢', '抢 1 倍', '抢 2 倍', '抢 3 倍', '抢 4 倍']);
    await user.click(screen.getByRole('button', { name: '抢 1 倍' }));
    expect(f.calls[2]).toMatchObject({ path: '/qp/bull/grab', body: { handId: '7', grab: 1 } });
    expect(await screen.findByText('电脑 2坐庄（3 倍）')).toBeTruthy();
    const bets = within(screen.getByRole('group', { name: '下注倍数' })).getAllByRole('button');
    expect(bets.map((b) => b.textContent)).toEqual(['1 倍', '2 倍', '3 倍', '5 倍']);
    await user.click(screen.getByRole('button', { name: '2 倍' }));
    expect(f.calls[3]).toMatchObject({ path: '/qp/bull/bet', body: { handId: '7', bet: 2 } });
    const result = await screen.findByTestId('qp-result');
    // A loss is said as a loss, with what came back of the stake.
    expect(result.textContent).toContain('本局净输赢 −¥6.00');
    expect(result.textContent).toContain('预扣 ¥150.00，结算退回 ¥144.00');
    expect(screen.getByTestId('qp-seat-2').textContent).toContain('五花牛（×4）');
    expect(
      within(screen.getByRole('list', { name: '电脑 1的牌' })).getByRole('img', { name: '黑桃 2' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '再来一局（底注 ¥0.50）' })).toBeTruthy();
    expect(f.shell.refresh).toHaveBeenCalledTimes(3);
  });

  it('41002: the shell opens its transfer in and the refusal is said', async () => {
    const user = userEvent.setup();
    const data = { balance: 100, stake: 3_000, central: 80_000 };
    const f = fakes({
      'GET /qp/hand': () => null,
      'POST /qp/bull/start': () => {
        throw new BusinessError(41002, '场馆余额不足，请先转入', data);
      },
    });
    render(<Bull.View game={BULL_GAME} client={f.client} shell={f.shell} />);
    await user.click(await screen.findByRole('button', { name: '开始（底注 ¥0.10）' }));
    expect((await screen.findByRole('alert')).textContent).toContain('场馆余额不足，请先转入');
    expect(f.shell.needFunds).toHaveBeenCalledWith(data);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes up a finished hand the server played at the deadline, and says so', async () => {
    const f = fakes({
      'GET /qp/hand': () =>
        bull({
          phase: 'done',
          deadline: null,
          auto: true,
          banker: 0,
          multiplier: 1,
          payout: 16_000,
          net: 1_000,
          seats: [0, 1, 2, 3].map((s) =>
            seat(s, [c(1 + s), c(5 + s), c(9), c(2, 1), c(3, 2)], { units: s === 0 ? 20 : -5 }),
          ),
        }),
    });
    render(<Bull.View game={BULL_GAME} client={f.client} shell={f.shell} />);
    const result = await screen.findByTestId('qp-result');
    expect(result.textContent).toContain('本局净输赢 +¥10.00');
    expect(result.textContent).toContain('系统已按默认选择代为完成本局');
  });
});

describe('二十一点 table', () => {
  const bj = (over: Partial<BjView>): BjView => ({
    kind: 'blackjack',
    handId: '9',
    game: 'blackjack',
    phase: 'player',
    deadline: '2026-11-26T05:00:20.000Z',
    base: 1000,
    stake: 1000,
    hands: [{ cards: [c(8), c(8, 1)], total: 16, soft: false, doubled: false, result: null }],
    active: 0,
    dealer: { cards: [c(6, 3)], total: null },
    can: { hit: true, stand: true, double: true, split: true },
    payout: null,
    net: null,
    auto: false,
    ...over,
  });

  it("the dealer's hole card face down, the actions the hand allows, the result of the hand", async () => {
    const user = userEvent.setup();
    const f = fakes({
      'GET /qp/hand': () => bj({}),
      'POST /qp/blackjack/action': () =>
        bj({
          phase: 'done',
          deadline: null,
          hands: [{ cards: [c(8), c(8, 1)], total: 16, soft: false, doubled: false, result: 'win' }],
          dealer: { cards: [c(6, 3), c(10), c(12)], total: 26 },
          can: { hit: false, stand: false, double: false, split: false },
          payout: 2000,
          net: 1000,
        }),
    });
    render(<Bj.View game={BJ_GAME} client={f.client} shell={f.shell} />);
    const dealer = await screen.findByRole('list', { name: '庄家的牌' });
    expect(within(dealer).getByRole('img', { name: '方块 6' })).toBeTruthy();
    expect(within(dealer).getByRole('img', { name: '暗牌' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('剩余 20 秒');
    const actions = within(screen.getByRole('group', { name: '你的操作' })).getAllByRole('button');
    expect(actions.map((b) => b.textContent)).toEqual(['要牌', '停牌', '加倍', '分牌']);
    await user.click(screen.getByRole('button', { name: '停牌' }));
    expect(f.calls[1]).toMatchObject({
      path: '/qp/blackjack/action',
      body: { handId: '9', action: 'stand' },
    });
    const result = await screen.findByTestId('qp-result');
    expect(result.textContent).toContain('本局净输赢 +¥10.00');
    expect(result.textContent).toContain('本局共下注 ¥10.00，派彩 ¥20.00');
    expect(screen.getByTestId('qp-hand-0').textContent).toContain('赢');
    expect(within(screen.getByRole('list', { name: '庄家的牌' })).getAllByRole('img')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '再来一局（底注 ¥1.00）' })).toBeTruthy();
  });

  it('no answer: the same request is sent again on retry', async () => {
    const user = userEvent.setup();
    let n = 0;
    const f = fakes({
      'GET /qp/hand': () => null,
      'POST /qp/blackjack/start': () => {
        n += 1;
        if (n === 1) throw Object.assign(new Error('network'), { type: 'transport' });
        return bj({});
      },
    });
    render(<Bj.View game={BJ_GAME} client={f.client} shell={f.shell} />);
    await user.click(await screen.findByRole('button', { name: '¥5.00' }));
    await user.click(screen.getByRole('button', { name: '开始（底注 ¥5.00）' }));
    await user.click(await screen.findByRole('button', { name: '重新提交（不会重复下注）' }));
    await screen.findByRole('group', { name: '你的操作' });
    expect(f.calls[2]!.body).toEqual(f.calls[1]!.body);
    expect(f.calls[1]!.body.base).toBe(500);
  });
});

describe('rules (issue 12 §2: how it pays and its return to player)', () => {
  it('抢庄牛牛: the ranks with their multipliers and exact frequencies, RTP 100 %', () => {
    expect(BULL_RANK_GROUP_COUNTS.reduce((a, b) => a + b, 0)).toBe(FIVE_CARD_HANDS);
    render(<Bull.Rules game={BULL_GAME} />);
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('无牛');
    expect(rows[0]).toContain('33.51%');
    expect(rows[3]).toContain('牛牛');
    expect(rows[3]).toContain('×3');
    expect(rows[6]).toContain('五小牛');
    expect(rows[6]).toContain('×5');
    expect(screen.getByTestId('qp-rtp').textContent).toContain('返还率 100%');
  });
  it("the rules state the engine's figures: timers, the stake reserve, bases, bets", () => {
    const { container } = render(<Bull.Rules game={BULL_GAME} />);
    const text = container.textContent ?? '';
    expect(text).toContain(`在 ${BULL_GRAB_MS / 1000} 秒内选择不抢或抢 1–${Math.max(...BULL_GRABS)} 倍`);
    expect(text).toContain(
      `闲家在 ${BULL_BET_MS / 1000} 秒内选择 ${BULL_BETS.slice(0, -1).join('、')} 或 ${BULL_BETS.at(-1)} 倍`,
    );
    expect(text).toContain(`（${BULL_MAX_LOSS_UNITS} × 底注）`);
    cleanup();
    const bj = render(<Bj.Rules game={BJ_GAME} />).container.textContent ?? '';
    expect(bj).toContain(`每次操作有 ${BJ_DECISION_MS / 1000} 秒`);
    expect(bj).toContain(`${BJ_DECKS} 副牌`);
    expect(bj).toContain(`${BJ_DEALER_STANDS} 点（含软 ${BJ_DEALER_STANDS}）停牌`);
  });
  it('二十一点: 3:2, RTP 99.56 %', () => {
    render(<Bj.Rules game={BJ_GAME} />);
    expect(screen.getByText('3 赔 2（退回本金 + 1.5 倍）')).toBeTruthy();
    expect(screen.getByTestId('qp-rtp').textContent).toContain('99.56%');
  });
});

describe('verify: the deck recomputed from the revealed seed', () => {
  const fair = { serverSeed: 'd'.repeat(64), clientSeed: 'page', nonce: 4 };
  const played = (
    kind: 'bull' | 'blackjack',
    outcome: unknown,
    serverSeed: string | null = fair.serverSeed,
  ) =>
    ({
      orderNo: 'GM1',
      game: kind === 'bull' ? 'bull-bull' : 'blackjack',
      kind,
      play: '',
      pick: '',
      stake: 0,
      payout: 0,
      status: 'lost',
      placedAt: '',
      settledAt: '',
      roundId: null,
      fair: { seedHash: 'x', clientSeed: fair.clientSeed, nonce: fair.nonce, serverSeed },
      outcome,
    }) as PlayedRound;

  it("抢庄牛牛: every seat's cards and result; a changed card is a mismatch", () => {
    const deal = dealBull(fairStream(fair));
    const state = {
      kind: 'bull' as const,
      betId: '1',
      base: 100,
      stake: 30_000,
      phase: 'done' as const,
      deal,
      playerGrab: 2,
      playerBet: 3,
      auto: false,
      requests: [],
    };
    const rec = bullRecord(state, settleBull(deal, 2, 3));
    const v = modules.bull!.verify(played('bull', rec));
    expect(v.ok).toBe(true);
    expect(v.lines).toHaveLength(6);
    expect(v.lines[1]).toMatch(/^你：(黑桃|红桃|梅花|方块) /);
    const bad = { ...rec, hands: [[...rec.hands[0]!].reverse(), ...rec.hands.slice(1)] };
    expect(modules.bull!.verify(played('bull', bad)).ok).toBe(false);
    expect(modules.bull!.verify(played('bull', rec, null))).toEqual({
      ok: false,
      lines: ['服务器种子尚未公开，更换种子后可验证。'],
    });
  });

  it('二十一点: the hand replayed with the recorded actions', () => {
    const s = replayBj(bjShoe(fairStream(fair)), ['stand']);
    const rec = bjRecord({
      kind: 'blackjack',
      betId: '1',
      base: 100,
      bj: s,
      bets: [],
      auto: true,
      requests: [],
    });
    // As stored: jsonb gives the keys back in its own order.
    const stored = {
      ...rec,
      hands: rec.hands.map((h) => ({ result: h.result, doubled: h.doubled, cards: h.cards })),
    };
    const v = modules.blackjack!.verify(played('blackjack', stored));
    expect(v.ok).toBe(true);
    expect(v.lines[0]).toMatch(/^庄家：/);
    expect(v.lines.at(-1)).toContain('超时由系统代为选择');
    expect(modules.blackjack!.verify(played('blackjack', { ...rec, dealer: [c(1), c(13)] })).ok).toBe(false);
  });
});
