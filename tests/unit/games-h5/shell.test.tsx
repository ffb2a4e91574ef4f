// The games page's shell (issue 12 §2, §3; docs/games.md "The page") rendered with its machines over a fake native
// API and a fake category module: the header's venue wallet and the visit's net result (a loss said as a loss),
// the venue's games, the tabs, the transfer in (opened by hand or by a refused stake, one request id re-sent after
// no answer, the server's refusal shown), the verify view (hash and outcome checked, a mismatch alerted, the seed
// change and its refusal), the expired credential, and the page's client.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mocked } from 'vitest';
import { seedHashOf } from '../../../src/games-core/fair.ts';
import type { GamesClient } from '../../../src/games-h5/api.ts';
import type { GamesSession, PlayedRound } from '../../../src/protocol/games.ts';

const fakeModule = {
  View: ({
    game,
    shell,
  }: {
    game: { name: string };
    shell: { needFunds: (d: unknown) => void; refresh: () => void };
  }) => (
    <div>
      <p>正在玩 {game.name}</p>
      <button type="button" onClick={() => shell.needFunds({ balance: 100, stake: 2_000, central: 50_000 })}>
        下注 20 元
      </button>
      <button type="button" onClick={() => shell.refresh()}>
        刷新
      </button>
    </div>
  ),
  Rules: ({ game }: { game: { name: string } }) => <p>{game.name} 的规则</p>,
  verify: (round: PlayedRound) => ({
    ok: (round.outcome as { good?: boolean } | null)?.good === true,
    lines: [`重算 ${round.orderNo}`],
  }),
};
vi.mock('../../../src/games-h5/registry.ts', () => ({ loadGameModule: async () => fakeModule }));

const { App } = await import('../../../src/games-h5/app.tsx');
const { createShell } = await import('../../../src/games-h5/compose.ts');
const { BusinessError, TransportError, gamesClient } = await import('../../../src/games-h5/api.ts');

const SEED = 'a'.repeat(64);
const session = (over: Partial<GamesSession> = {}): GamesSession => ({
  venue: 'PGDZ',
  venueName: 'PG 电子',
  platform: 'DZ',
  game: 'fortune-god',
  games: [{ code: 'fortune-god', name: '财神到', kind: 'slot' }],
  balance: 12_345,
  central: 50_000,
  net: -500,
  pending: 0,
  since: '2026-11-26T04:00:00.000Z',
  now: new Date().toISOString(),
  ...over,
});
const round = (orderNo: string, revealed: string | null, good: boolean): PlayedRound => ({
  orderNo,
  game: 'fortune-god',
  kind: 'slot',
  play: '旋转',
  pick: '20 线',
  stake: 200,
  payout: 0,
  status: 'lost',
  placedAt: '2026-11-26T04:01:00.000Z',
  settledAt: '2026-11-26T04:01:00.000Z',
  roundId: null,
  fair: { seedHash: seedHashOf(SEED), clientSeed: 'c1', nonce: 3, serverSeed: revealed },
  outcome: { good },
});

function fakeClient(over: Partial<GamesClient> = {}): Mocked<GamesClient> {
  return {
    call: vi.fn(),
    session: vi.fn(async () => session()),
    transferIn: vi.fn(async () => ({ balance: 17_345, central: 45_000 })),
    seed: vi.fn(async () => ({ seedHash: seedHashOf(SEED), clientSeed: 'c1', nonce: 4 })),
    rotateSeed: vi.fn(async () => ({
      revealed: { serverSeed: SEED, seedHash: seedHashOf(SEED), clientSeed: 'c1', rounds: 4 },
      next: { seedHash: 'b'.repeat(64), clientSeed: 'c2', nonce: 0 },
    })),
    rounds: vi.fn(async () => ({ rounds: [] })),
    ...over,
  } as never;
}

async function renderPage(client: GamesClient) {
  const shell = createShell(client);
  shell.actor.start();
  render(<App shell={shell} client={client} />);
  await screen.findByText('PG 电子');
  return shell;
}

afterEach(() => cleanup());

describe('the header (issue 12 §2: the net result visible in every game)', () => {
  it('shows the venue wallet and the visit net signed; a loss is a loss', async () => {
    await renderPage(fakeClient());
    expect(screen.getByTestId('venue-balance').textContent).toBe('¥123.45');
    expect(screen.getByTestId('visit-net').textContent).toBe('−¥5.00');
    expect(screen.getByTestId('visit-net').className).toContain('down');
    expect(document.title).toBe('PG 电子 · 沙盒游戏');
    expect(screen.getByRole('note').textContent).toContain('仅使用游戏币');
    // The page replaced the site in this tab: the way back is to the category's lobby (spec §2 /game/egame).
    expect(screen.getByRole('link', { name: '返回大厅' }).getAttribute('href')).toBe('/game/egame');
    expect(await screen.findByText('正在玩 财神到')).toBeTruthy();
  });

  it('a game asks for a refresh after a round: the header is read again', async () => {
    const client = fakeClient();
    client.session
      .mockResolvedValueOnce(session())
      .mockResolvedValueOnce(session({ net: 1_500, pending: 300 }));
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: '刷新' }));
    expect(await screen.findByText('+¥15.00')).toBeTruthy();
    expect(screen.getByText('待开奖')).toBeTruthy();
  });
});

describe("the venue's games and the tabs", () => {
  it('a live casino launched as a whole lists its tables; the chosen one opens', async () => {
    const games = [
      { code: 'baccarat-1', name: '百家乐 1 号桌', kind: 'baccarat' as const },
      { code: 'dragon-tiger-1', name: '龙虎 1 号桌', kind: 'dragon-tiger' as const },
    ];
    await renderPage(
      fakeClient({ session: vi.fn(async () => session({ platform: 'ZR', game: null, games })) }),
    );
    const nav = screen.getByRole('navigation', { name: '选择游戏' });
    expect(within(nav).getByRole('button', { name: '百家乐 1 号桌' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await userEvent.click(within(nav).getByRole('button', { name: '龙虎 1 号桌' }));
    expect(await screen.findByText('正在玩 龙虎 1 号桌')).toBeTruthy();
  });

  it('tabs by click and arrow keys: rules, verify', async () => {
    await renderPage(fakeClient());
    const play = screen.getByRole('tab', { name: '游戏' });
    expect(play.getAttribute('aria-selected')).toBe('true');
    play.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText('财神到 的规则')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '规则' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '公平验证' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('the transfer in (issue 12 §3: a way to transfer in)', () => {
  it('a refused stake opens it with what is missing, filled in as the amount', async () => {
    const client = fakeClient();
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: '下注 20 元' }));
    const dialog = screen.getByRole('dialog', { name: '转入场馆钱包' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '本次投注 ¥20.00，场馆余额仅 ¥1.00，请先转入。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '确认转入' }));
    expect(client.transferIn).toHaveBeenCalledWith(expect.stringMatching(/^[A-Za-z0-9_-]{8,48}$/), 1_900);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('venue-balance').textContent).toBe('¥173.45');
  });

  it('refuses a bad amount on the page; no answer → 重新提交 re-sends the same request id; a refusal shows its words', async () => {
    const client = fakeClient();
    client.transferIn
      .mockRejectedValueOnce(new TransportError('timeout'))
      .mockRejectedValueOnce(new BusinessError(41009, '转入失败：中心钱包余额不足或场馆暂不可用'));
    await renderPage(client);
    await userEvent.click(screen.getByRole('button', { name: '转入' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByLabelText('转入金额（元）');
    await userEvent.type(input, '600');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认转入' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('大于 0 且不超过中心钱包余额');
    expect(client.transferIn).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '12.345');
    expect((input as HTMLInputElement).value).toBe('12.34');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认转入' }));
    expect(await within(dialog).findByText('网络无响应，请重新提交（不会重复转入）。')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '重新提交' }));
    expect(await within(dialog).findByText('转入失败：中心钱包余额不足或场馆暂不可用')).toBeTruthy();
    const [first, second] = client.transferIn.mock.calls;
    expect(first).toEqual([expect.any(String), 1_234]);
    expect(second).toEqual(first);
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the verify view (issue 12 §2)', () => {
  it('checks a revealed round (hash and outcome), alerts a mismatch, waits for an unrevealed one', async () => {
    const client = fakeClient({
      rounds: vi.fn(async () => ({
        rounds: [round('GM1', SEED, true), round('GM2', 'b'.repeat(64), false), round('GM3', null, false)],
      })),
    });
    await renderPage(client);
    await userEvent.click(screen.getByRole('tab', { name: '公平验证' }));
    expect((await screen.findByTestId('seed-hash')).textContent).toBe(seedHashOf(SEED));
    const items = await screen.findAllByRole('listitem');
    const [ok, bad, waiting] = items.filter((li) => li.textContent?.includes('注单号'));
    expect(within(ok!).getByText('哈希一致')).toBeTruthy();
    expect(within(ok!).getByText('重新计算结果与记录一致')).toBeTruthy();
    expect(within(ok!).getByText('重算 GM1')).toBeTruthy();
    expect(
      within(bad!)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['哈希不一致！', '重新计算结果与记录不一致！']);
    expect(waiting!.textContent).toContain('未公开（更换种子后公开）');
    expect(client.rounds).toHaveBeenCalledWith('fortune-god');
  });

  it('changes the seed (with a chosen client seed) and reads again; an open hand refuses it', async () => {
    const client = fakeClient();
    client.rotateSeed.mockRejectedValueOnce(new BusinessError(41008, '当前牌局状态不能进行此操作'));
    await renderPage(client);
    await userEvent.click(screen.getByRole('tab', { name: '公平验证' }));
    const button = await screen.findByRole('button', { name: '更换种子（公开当前种子）' });
    await userEvent.type(screen.getByLabelText('新的客户端种子（可选）'), 'bad!seed');
    expect(screen.getByLabelText('新的客户端种子（可选）').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(screen.getByLabelText('新的客户端种子（可选）'));
    await userEvent.type(screen.getByLabelText('新的客户端种子（可选）'), 'my-seed');
    await userEvent.click(button);
    expect(await screen.findByText('有未结束的牌局，结束后才能更换种子。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '更换种子（公开当前种子）' }));
    expect(await screen.findByText('已公开上一组种子（共 4 局），可在下方逐局核对。')).toBeTruthy();
    expect(client.rotateSeed).toHaveBeenLastCalledWith('my-seed');
    expect(client.seed).toHaveBeenCalledTimes(2);
  });
});

describe('the page when the session cannot be read', () => {
  it('41001: the page sends the player back to the site; no answer: a retry', async () => {
    const expired = fakeClient({
      session: vi.fn(async () => Promise.reject(new BusinessError(41001, 'expired'))),
    });
    const shell = createShell(expired);
    shell.actor.start();
    render(<App shell={shell} client={expired} />);
    expect((await screen.findByRole('alert')).textContent).toContain('场馆登录已过期');
    cleanup();
    const flaky = fakeClient();
    flaky.session.mockRejectedValueOnce(new TransportError('network'));
    const s2 = createShell(flaky);
    s2.actor.start();
    render(<App shell={s2} client={flaky} />);
    expect((await screen.findByRole('alert')).textContent).toBe('场馆信息加载失败，请检查网络后重试。');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('PG 电子')).toBeTruthy();
  });
});

describe("the page's client", () => {
  it('sends the credential as Bearer and reads the envelope; a code is a business error', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      expect(headers['Authorization']).toBe('Bearer tok');
      return new Response(
        JSON.stringify(
          init.method === 'POST'
            ? { status_code: 41009, message: '转入失败', data: null }
            : { status_code: 6000, message: 'ok', data: { seedHash: 'h', clientSeed: 'c', nonce: 0 } },
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      const c = gamesClient('tok');
      expect(await c.seed()).toEqual({ seedHash: 'h', clientSeed: 'c', nonce: 0 });
      await expect(c.transferIn('req-00000001', 100)).rejects.toMatchObject({
        type: 'business',
        code: 41009,
      });
      await c.rounds('k3').catch(() => {});
      expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
        '/sandbox/games/api/seed',
        '/sandbox/games/api/transfer-in',
        '/sandbox/games/api/rounds?game=k3',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
