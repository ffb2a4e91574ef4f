// The fishing page (issue 12 §1 "Fishing", §2; docs/games-by.md "The page") over a fake native API and a fake
// shell: a fish in the list or on the canvas fires one shot at the chosen level; the result is plain ("+¥x" or
// "未命中 −¥x") and listed with its stake; the shell re-reads the wallet; 41002 opens its transfer in; a refusal
// is said in the server's words; no answer retries the same request id; arrow keys move along the fish and a
// held Enter fires once; reduced motion is said; the rules' figures; the verify view's recomputation.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fishGameOf, shoot } from '../../../../src/games-core/by/fish.ts';
import { fishName } from '../../../../src/i18n/zh-CN-games-by.ts';
import type { ShootRequest, ShotResult } from '../../../../src/games-core/by/wire.ts';
import { BusinessError, TransportError, type GamesClient } from '../../../../src/games-h5/api.ts';
import { modules } from '../../../../src/games-h5/by/index.tsx';
import { fishAt, REDUCED_MOTION_SPEED, schoolAt } from '../../../../src/games-h5/by/school.ts';
import type { ShellPort } from '../../../../src/games-h5/game-module.ts';
import type { PlayedRound } from '../../../../src/protocol/games.ts';

const GAME = { code: 'fish-tycoon', name: '捕鱼大亨', kind: 'fish' as const };
const SEED = { serverSeed: 'b'.repeat(64), clientSeed: 'client-1', nonce: 0 };
const fish = modules.fish!;

// jsdom draws nothing (no canvas package): the page then only animates the positions.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** A shot's answer: the engine's own outcome with the hit forced as asked. */
function answer(req: ShootRequest, hit: boolean, orderNo = `GM-${req.requestId.slice(0, 8)}`): ShotResult {
  const table = fishGameOf(req.game)!;
  const base = shoot(table, req.fish, req.stake, SEED)!;
  return {
    orderNo,
    outcome: { ...base, hit, payout: hit ? req.stake * base.multiplier : 0 },
    fair: { seedHash: 'h'.repeat(64), clientSeed: 'client-1', nonce: 0 },
    balance: 10_000,
    placedAt: new Date().toISOString(),
  };
}

function setUp(shootImpl: (req: ShootRequest) => Promise<ShotResult>) {
  const requests: ShootRequest[] = [];
  const call = vi.fn(async (_method: string, path: string, body?: unknown) => {
    expect(path).toBe('/fish/shoot');
    requests.push(body as ShootRequest);
    return shootImpl(body as ShootRequest);
  });
  const client = { call } as unknown as GamesClient;
  const shell: ShellPort = { refresh: vi.fn(), needFunds: vi.fn(), serverNow: () => Date.now() };
  render(<fish.View game={GAME} client={client} shell={shell} />);
  return { requests, shell, call };
}

const firstFish = () => screen.getAllByRole('button', { name: /^向.+开炮/ })[0]!;

describe('fishing page', () => {
  it('lists the fish on screen and the cannon levels; a fish fires one shot at the chosen level', async () => {
    const user = userEvent.setup();
    const { requests, shell } = setUp(async (req) => answer(req, true));
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      '10',
      '50',
      '100',
      '500',
      '1000',
    ]);
    expect((screen.getByRole('radio', { name: '0.10 元' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: /海底鱼群/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '5.00 元' }));
    const target = firstFish();
    const name = target.textContent!;
    await user.click(target);
    await screen.findByText(/\+¥/);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ game: 'fish-tycoon', stake: 500 });
    expect(requests[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,48}$/);
    expect(name).toContain(`向${fishName(requests[0]!.fish)}开炮`);
    // Plain: the stake and "+¥x", no more (issue 12 §2).
    const status = screen.getByTestId('shot-status');
    expect(status.textContent).toMatch(/每炮 ¥5\.00 · \+¥\d+\.\d\d$/);
    const shots = within(screen.getByTestId('last-shots')).getAllByRole('listitem');
    expect(shots).toHaveLength(1);
    expect(shots[0]!.textContent).toMatch(/每炮 ¥5\.00，命中，派彩 ¥/);
    expect(shell.refresh).toHaveBeenCalledTimes(1);
  });

  it('a miss is said as the stake lost', async () => {
    const user = userEvent.setup();
    setUp(async (req) => answer(req, false));
    await user.click(firstFish());
    await screen.findByText('未命中 −¥0.10');
    expect(within(screen.getByTestId('last-shots')).getByRole('listitem').textContent).toMatch(
      /每炮 ¥0\.10，未命中，派彩 ¥0\.00/,
    );
  });

  it('41002: the shell opens its transfer in with the balances; the player is told', async () => {
    const user = userEvent.setup();
    const data = { balance: 5, stake: 10, central: 9_000 };
    const { shell } = setUp(async () => {
      throw new BusinessError(41002, '场馆余额不足，请先转入', data);
    });
    await user.click(firstFish());
    expect((await screen.findByRole('alert')).textContent).toMatch('场馆余额不足，请先转入');
    expect(shell.needFunds).toHaveBeenCalledWith(data);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal is said in the server words (too fast)', async () => {
    const user = userEvent.setup();
    setUp(async () => {
      throw new BusinessError(41003, '开炮太快了，请稍候再试');
    });
    await user.click(firstFish());
    expect((await screen.findByRole('alert')).textContent).toMatch('开炮太快了，请稍候再试');
  });

  it('no answer: a retry sends the same request id', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { requests, shell } = setUp(async (req) => {
      n += 1;
      if (n === 1) throw new TransportError('network');
      return answer(req, false);
    });
    await user.click(firstFish());
    expect((await screen.findByRole('alert')).textContent).toMatch('网络异常');
    await user.click(screen.getByRole('button', { name: /重试/ }));
    await screen.findByText(/未命中/);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(shell.refresh).toHaveBeenCalledTimes(1);
  });

  it('keyboard: arrow keys move along the fish; Enter fires once, a held Enter does not fire again', async () => {
    const user = userEvent.setup();
    const { requests } = setUp(async (req) => answer(req, false));
    const buttons = screen.getAllByRole('button', { name: /^向.+开炮/ });
    expect(buttons.length).toBeGreaterThan(1);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons.at(-1));
    await user.keyboard('{Home}');
    await user.keyboard('{Enter}');
    await screen.findByText(/未命中/);
    expect(requests).toHaveLength(1);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', repeat: true });
    await act(async () => {});
    expect(requests).toHaveLength(1);
  });

  it('a tap on a fish on the canvas fires at it', async () => {
    const { requests } = setUp(async (req) => answer(req, true));
    const canvas = screen.getByRole('img', { name: /海底鱼群/ });
    // The page has not measured the canvas in jsdom: the sea is 360 × 240 and the fish are near their start.
    const table = fishGameOf('fish-tycoon')!;
    const sprite = schoolAt(table, 0, 360, 240).sort((a, b) => b.size - a.size)[0]!;
    fireEvent.click(canvas, { clientX: sprite.x, clientY: sprite.y });
    await screen.findByText(/\+¥/);
    expect(requests[0]!.fish).toBe(sprite.fish);
  });

  it('reduced motion is respected and said', () => {
    window.matchMedia = (q: string) =>
      ({
        matches: q.includes('reduce'),
        media: q,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
    setUp(async (req) => answer(req, true));
    expect(screen.getByText('已按系统设置减弱动画')).toBeTruthy();
  });
});

describe('fishing rules', () => {
  it('states each fish, its multiplier and hit probability, the RTP, the levels and the limit', () => {
    render(<fish.Rules game={GAME} />);
    expect(screen.getByText(/理论返还率（RTP）均为 96 %/)).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(rows[0]!.textContent).toBe('小丑鱼×248.00 %');
    expect(rows[8]!.textContent).toBe('座头鲸×1000.96 %');
    expect(
      screen.getByText('炮台等级（每炮）：0.10 元 / 0.50 元 / 1.00 元 / 5.00 元 / 10.00 元'),
    ).toBeTruthy();
    expect(screen.getByText(/每秒最多 10 炮/)).toBeTruthy();
  });
});

describe('fishing verify', () => {
  const table = fishGameOf('fish-tycoon')!;
  const outcome = shoot(table, 'shark', 100, SEED)!;
  const round = (over: Partial<PlayedRound> = {}): PlayedRound => ({
    orderNo: 'GM1',
    game: 'fish-tycoon',
    kind: 'fish',
    play: '炮台 1.00 元',
    pick: '大白鲨 ×50',
    stake: 100,
    payout: outcome.payout,
    status: outcome.hit ? 'won' : 'lost',
    placedAt: '2026-11-26T05:00:00.000Z',
    settledAt: '2026-11-26T05:00:00.000Z',
    roundId: null,
    fair: { seedHash: 'x', clientSeed: SEED.clientSeed, nonce: SEED.nonce, serverSeed: SEED.serverSeed },
    outcome,
    ...over,
  });

  it('recomputes the shot from the revealed seed', () => {
    const v = fish.verify(round());
    expect(v.ok).toBe(true);
    expect(v.lines[0]).toBe('目标 大白鲨 ×50，每炮 ¥1.00');
    expect(v.lines[1]).toBe(`随机数 ${outcome.roll}，命中阈值 ${outcome.threshold}（小于阈值即命中）`);
  });

  it('says a changed record, a record paying otherwise, and a seed not yet revealed', () => {
    expect(fish.verify(round({ outcome: { ...outcome, hit: !outcome.hit } })).ok).toBe(false);
    expect(fish.verify(round({ payout: outcome.payout + 100 })).lines.at(-1)).toBe(
      '重新计算的结果与记录不一致',
    );
    expect(fish.verify(round({ outcome: { ...outcome, game: 'nope' } })).ok).toBe(false);
    const hidden = fish.verify(round({ fair: { ...round().fair!, serverSeed: null } }));
    expect(hidden).toEqual({ ok: false, lines: ['服务器种子尚未公开，更换种子后可验证'] });
  });
});

describe('the sea (display only)', () => {
  it('every fish of every game crosses the screen within a minute, inside the sea, and a fish is found where it is', () => {
    for (const code of ['fish-tycoon', 'deep-sea', 'golden-toad']) {
      const table = fishGameOf(code)!;
      const seen = new Set<string>();
      for (let t = 0; t < 60; t += 0.5) {
        for (const s of schoolAt(table, t, 390, 260)) {
          seen.add(s.fish);
          expect(s.x).toBeGreaterThanOrEqual(-s.size);
          expect(s.x).toBeLessThanOrEqual(390 + s.size);
          expect(s.y).toBeGreaterThan(0);
          expect(s.y).toBeLessThan(260);
        }
      }
      expect([...seen].sort()).toEqual(table.fish.map((f) => f.id).sort());
    }
    const sprites = schoolAt(fishGameOf('deep-sea')!, 3, 390, 260);
    const one = sprites[0]!;
    expect(fishAt(sprites, one.x, one.y)?.fish).toBe(one.fish);
    expect(fishAt(sprites, -500, -500)).toBeNull();
    expect(REDUCED_MOTION_SPEED).toBe(0.2);
  });
});
