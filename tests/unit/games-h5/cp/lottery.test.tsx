// The lottery page (issue 12 §1 "Lottery (CP)", §2, §3; docs/games-cp.md "The page") over a fake native API and a
// fake shell: the venue's lotteries, the open period's number and countdown, the play tabs and the board with each
// pick's odds, the amount, the ticket confirmation (one request id per pick), the shell's wallet re-read, 41002
// to its transfer in, 41005 said plainly, no answer resent with the same ids, the draw shown with the tickets'
// net (a loss said as a loss), the history as a table; the rules' figures; the verify view's recomputation.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawK3 } from '../../../../src/games-core/cp/k3.ts';
import { seedHashOf } from '../../../../src/games-core/fair.ts';
import type {
  LotteryPeriod,
  LotteryState,
  Ticket,
  TicketRequest,
} from '../../../../src/games-core/cp/wire.ts';
import { BusinessError, TransportError, type GamesClient } from '../../../../src/games-h5/api.ts';
import { modules } from '../../../../src/games-h5/cp/index.tsx';
import type { ShellPort } from '../../../../src/games-h5/game-module.ts';
import type { PlayedRound } from '../../../../src/protocol/games.ts';

const K3 = { code: 'k3', name: '极速快三', kind: 'k3' as const };
const SSC = { code: 'ssc', name: '五分时时彩', kind: 'ssc' as const };
const k3 = modules.k3!;
const ssc = modules.ssc!;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const iso = (ms: number) => new Date(ms).toISOString();
function period(no: number, phase: LotteryPeriod['phase'], opensAt: number): LotteryPeriod {
  return {
    id: `SYCP:k3:${no}`,
    no,
    label: `20261126-${String(no).padStart(4, '0')}`,
    opensAt: iso(opensAt),
    closesAt: iso(opensAt + 50_000),
    endsAt: iso(opensAt + 60_000),
    seedHash: 'a'.repeat(64),
    serverSeed: phase === 'drawn' ? 'b'.repeat(64) : null,
    phase,
    result: phase === 'drawn' ? { dice: [2, 3, 5], sum: 10 } : null,
  };
}
function state(current: LotteryPeriod, history: LotteryPeriod[] = []): LotteryState {
  return {
    game: K3,
    schedule: { periodMs: 60_000, bettingMs: 50_000 },
    now: iso(Date.now()),
    current,
    history,
  };
}
const ticketOf = (req: TicketRequest, i: number, over: Partial<Ticket> = {}): Ticket => ({
  orderNo: `GM${i}`,
  requestId: req.picks[i]!.requestId,
  roundId: req.roundId,
  period: '20261126-0123',
  play: req.picks[i]!.play,
  pick: req.picks[i]!.pick,
  playName: '大小',
  pickLabel: req.picks[i]!.pick === 'big' ? '大' : '小',
  odds100: 198,
  stake: req.picks[i]!.stake,
  payout: 0,
  status: 'open',
  placedAt: iso(Date.now()),
  ...over,
});

function setUp(opts: {
  read?: () => LotteryState;
  tickets?: Ticket[];
  place?: (req: TicketRequest) => Promise<unknown>;
}) {
  const sent: TicketRequest[] = [];
  const open = period(123, 'open', Date.now() - 10_000);
  // A draw made from its seed (the check says 一致) and one whose result does not follow from its seed (不一致).
  const fair = period(122, 'drawn', Date.now() - 70_000);
  fair.serverSeed = 'c'.repeat(64);
  fair.seedHash = seedHashOf(fair.serverSeed);
  fair.result = drawK3({ serverSeed: fair.serverSeed, clientSeed: fair.id, nonce: 0 });
  const history = [fair, period(121, 'drawn', Date.now() - 130_000)];
  const call = vi.fn(async (method: string, path: string, body?: unknown) => {
    if (path === '/cp/lotteries')
      return {
        now: iso(Date.now()),
        lotteries: [
          { game: K3, current: open },
          { game: SSC, current: { ...open, id: 'SYCP:ssc:9', label: '20261126-025' } },
        ],
      };
    if (path.startsWith('/cp/state')) return opts.read ? opts.read() : state(open, history);
    if (path.startsWith('/cp/tickets?')) return { tickets: opts.tickets ?? [] };
    if (method === 'POST' && path === '/cp/tickets') {
      sent.push(body as TicketRequest);
      return opts.place
        ? opts.place(body as TicketRequest)
        : {
            tickets: (body as TicketRequest).picks.map((_, i) => ticketOf(body as TicketRequest, i)),
            balance: 9_000,
          };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  const client = { call } as unknown as GamesClient;
  const shell: ShellPort = { refresh: vi.fn(), needFunds: vi.fn(), serverNow: () => Date.now() };
  render(<k3.View game={K3} client={client} shell={shell} />);
  return { sent, shell, call, open };
}

async function pickAndReview(user: ReturnType<typeof userEvent.setup>, amount = '10') {
  await user.click(await screen.findByRole('button', { name: /^大 赔率 1\.98/ }));
  await user.click(screen.getByRole('button', { name: /^小 赔率 1\.98/ }));
  const input = screen.getByLabelText('每注金额（元）');
  await user.clear(input);
  await user.type(input, amount);
  await user.click(screen.getByRole('button', { name: '投注' }));
}

describe('lottery page', () => {
  it('shows the venue’s lotteries, the open period with its countdown, the plays, the board and the history table', async () => {
    setUp({});
    expect(await screen.findByRole('heading', { name: '第 20261126-0123 期' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^距封盘 00:(39|40)$/);
    const list = await screen.findByRole('region', { name: '彩种' });
    expect(within(list).getByText('极速快三')).toBeTruthy();
    expect(within(list).getByText('五分时时彩')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: '玩法' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '大小',
      '单双',
      '和值',
      '三同号',
      '二同号复选',
      '二同号单选',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const table = screen.getByRole('table', { name: '极速快三 最近开奖' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['期号', '开奖号码', '和值', '服务器种子', '本机验证']);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('20261126-0122');
    expect(rows[1]!.textContent).toContain('c'.repeat(64));
    expect(within(rows[1]!).getAllByRole('cell').at(-1)!.textContent).toBe('一致');
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('20261126-0121');
    expect(rows[2]!.textContent).toContain('2 3 5');
    expect(within(rows[2]!).getAllByRole('cell').at(-1)!.textContent).toBe('不一致');
  });

  it('the 和值 tab shows the sums 4–17 with their odds; arrow keys move along the tabs', async () => {
    const user = userEvent.setup();
    setUp({});
    await screen.findByRole('heading', { name: '第 20261126-0123 期' });
    await user.click(screen.getByRole('tab', { name: '和值' }));
    const board = screen.getByRole('group', { name: '选号 和值' });
    const picks = within(board).getAllByRole('button');
    expect(picks).toHaveLength(14);
    expect(picks[0]!.textContent).toBe('4赔率 69.00');
    expect(picks[6]!.textContent).toBe('10赔率 7.66');
    screen.getByRole('tab', { name: '和值' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '三同号' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '三同号' }));
  });

  it('a ticket: two picks reviewed and confirmed as two bets with their own request ids; the shell re-reads the wallet', async () => {
    const user = userEvent.setup();
    const { sent, shell, open } = setUp({});
    await pickAndReview(user);
    const dialog = screen.getByRole('dialog', { name: '确认投注' });
    expect(dialog.textContent).toContain('期号 20261126-0123');
    expect(dialog.textContent).toContain('大小 · 大 · 赔率 1.98 · ¥10.00');
    expect(dialog.textContent).toContain('合计 ¥20.00');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '确认' }));
    await user.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('已投注 2 注，开奖后自动结算')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      game: 'k3',
      roundId: open.id,
      picks: [
        { play: 'bs', pick: 'big', stake: 1_000 },
        { play: 'bs', pick: 'small', stake: 1_000 },
      ],
    });
    expect(new Set(sent[0]!.picks.map((p) => p.requestId)).size).toBe(2);
    expect(shell.refresh).toHaveBeenCalled();
    expect(screen.getAllByTestId('cp-ticket')).toHaveLength(2);
    expect(screen.getAllByTestId('cp-ticket')[0]!.textContent).toContain('待开奖');
  });

  it('an amount that is not whole 元 from 1 to 10 000 cannot be placed', async () => {
    const user = userEvent.setup();
    setUp({});
    await user.click(await screen.findByRole('button', { name: /^大 赔率 1\.98/ }));
    const input = screen.getByLabelText('每注金额（元）');
    await user.clear(input);
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, '20000');
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '50 元' }));
    expect((screen.getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('41002: the shell’s transfer in opens with what was missing; the refusal is said in the game', async () => {
    const user = userEvent.setup();
    const need = { balance: 500, stake: 1_000, central: 50_000 };
    const { shell } = setUp({
      place: async () => {
        throw new BusinessError(41002, '场馆余额不足，请先转入', need);
      },
    });
    await pickAndReview(user);
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect((await screen.findByRole('alert')).textContent).toContain('场馆余额不足，请先转入');
    expect(shell.needFunds).toHaveBeenCalledWith(need);
  });

  it('41005: the period has closed, said plainly; no answer: resent with the same request ids', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { sent } = setUp({
      place: async (req) => {
        n += 1;
        if (n === 1) throw new TransportError('network');
        if (n === 2) return { tickets: req.picks.map((_, i) => ticketOf(req, i)), balance: 8_000 };
        throw new BusinessError(41005, '本局已停止下注，请等待下一局');
      },
    });
    await pickAndReview(user);
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect((await screen.findByRole('alert')).textContent).toContain('网络异常，注单未确认');
    await user.click(screen.getByRole('button', { name: '重新提交' }));
    expect(await screen.findByText('已投注 2 注，开奖后自动结算')).toBeTruthy();
    expect(sent[1]!.picks.map((p) => p.requestId)).toEqual(sent[0]!.picks.map((p) => p.requestId));
    await pickAndReview(user);
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect((await screen.findByRole('alert')).textContent).toContain('本期已封盘，注单未提交');
    expect(screen.getByText('已封盘，等待开奖')).toBeTruthy();
  });

  it('a drawn period: the dice, and each ticket’s result as its net (a loss as a loss)', async () => {
    const drawn = period(123, 'drawn', Date.now() - 52_000);
    const req = {
      game: 'k3',
      roundId: drawn.id,
      picks: [
        { requestId: 'r1-000000', play: 'bs', pick: 'big', stake: 1_000 },
        { requestId: 'r2-000000', play: 'bs', pick: 'small', stake: 1_000 },
      ],
    };
    setUp({
      read: () => state(drawn, [drawn]),
      tickets: [ticketOf(req, 0, { status: 'lost' }), ticketOf(req, 1, { status: 'won', payout: 1_980 })],
    });
    expect(await screen.findByLabelText('骰子 2、3、5')).toBeTruthy();
    expect(screen.getByText('本期开奖')).toBeTruthy();
    const tickets = screen.getAllByTestId('cp-ticket');
    expect(tickets[0]!.textContent).toContain('未中奖');
    expect(tickets[0]!.textContent).toContain('净 −¥10.00');
    expect(tickets[1]!.textContent).toContain('中奖');
    expect(tickets[1]!.textContent).toContain('净 +¥9.80');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /赔率/ })[0]!.hasAttribute('disabled')).toBe(true),
    );
  });
});

describe('rules and verify', () => {
  it('the rules list every pick with its odds, winning outcomes and RTP', () => {
    render(<k3.Rules game={K3} />);
    const sum = screen.getByRole('table', { name: '和值' });
    const ten = within(sum).getByRole('row', { name: /^10 / });
    expect(ten.textContent).toBe('107.6627 / 21695.75%');
    const bs = screen.getByRole('table', { name: '大小' });
    expect(within(bs).getByRole('row', { name: /^大 / }).textContent).toBe('大1.98105 / 21696.25%');
    cleanup();
    render(<ssc.Rules game={SSC} />);
    const digit = screen.getByRole('table', { name: '定位胆' });
    expect(within(digit).getAllByRole('row')).toHaveLength(51);
    expect(within(digit).getByRole('row', { name: /^万位 0 / }).textContent).toBe(
      '万位 09.7010000 / 10000097.00%',
    );
  });

  it('verify recomputes the draw from the revealed seed and compares it with the stored one', () => {
    const serverSeed = 'c'.repeat(64);
    const clientSeed = 'SYCP:k3:123';
    const outcome = drawK3({ serverSeed, clientSeed, nonce: 0 });
    const round: PlayedRound = {
      orderNo: 'GM1',
      game: 'k3',
      kind: 'k3',
      play: '大小',
      pick: '大 · 第20261126-0123期',
      stake: 1_000,
      payout: 0,
      status: 'lost',
      placedAt: iso(Date.now()),
      settledAt: iso(Date.now()),
      roundId: clientSeed,
      fair: { seedHash: seedHashOf(serverSeed), clientSeed, nonce: 0, serverSeed },
      outcome,
    };
    // As it comes back from jsonb: the keys in another order.
    const ok = k3.verify({ ...round, outcome: { sum: outcome.sum, dice: outcome.dice } });
    expect(ok.ok).toBe(true);
    expect(ok.lines).toEqual([
      '种子哈希与开奖前公布的承诺一致',
      `重算骰子：${outcome.dice.join(' ')}（和值 ${outcome.sum}）`,
      '与服务器开奖结果一致',
    ]);
    const other = { ...outcome, dice: [outcome.dice[0] === 6 ? 1 : 6, outcome.dice[1], outcome.dice[2]] };
    expect(k3.verify({ ...round, outcome: other }).ok).toBe(false);
    expect(k3.verify({ ...round, fair: { ...round.fair!, seedHash: 'd'.repeat(64) } }).ok).toBe(false);
    expect(k3.verify({ ...round, fair: { ...round.fair!, serverSeed: null } })).toEqual({
      ok: false,
      lines: ['本期尚未开奖，种子未公布'],
    });
  });
});
