// The sandbox games' page shell: the generated paths of the shell model (tests/machines/games/shell.model.ts) on
// the rendered games page (src/games-h5/app.tsx) against the reference back end (issue 18 §2 on issue 12 §2, §3;
// docs/games.md "The page"). The header shows the venue wallet and the visit's net result as the server last said
// them: read when the page opens, every 15 s and after each spin; the transfer in opens by hand (转入) or from a
// spin the venue wallet cannot afford (41002: "refused in the game with a clear message and a way to transfer
// in"), sends one request id (a retry after no answer sends the same one, and the money moves once), shows the
// server's refusal, and puts the new balances in the header; 41001 (the venue credential expired) ends the page.
//
// The demo player launches PG 电子's 财神到 from another device; the page gets the credential of that launch. A
// spin is a real paid spin of the slot on the server (¥0.20 at the lowest line bet); the balances a step needs
// are set by another tab of the same login (the central wallet, the venue wallet).
import { act, render, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { gamesClient } from '../../src/games-h5/api.ts';
import { App } from '../../src/games-h5/app.tsx';
import { createShell, type Shell } from '../../src/games-h5/compose.ts';
import { shellModel } from '../machines/games/shell.model.ts';
import { nodeFetch, type Travelled, type UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { DEMO_PLAYER_PASSWORD, DEMO_PLAYER_PHONE, OtherDevice } from './accounts.ts';
import { login, OtherTab, SINK, setBalances } from './wallet-support.ts';

/** The games' native API (src/protocol/games.ts GAMES_API; docs/api.md "Sandbox games"). */
const SESSION = /^\/sandbox\/games\/api\/session$/;
const TRANSFER_IN = /^\/sandbox\/games\/api\/transfer-in$/;
const SPIN = /^\/sandbox\/games\/api\/dz\/spin$/;
const VENUE = 'PGDZ';
const GAME = 'fortune-god';
const PAGE = `/sandbox/venue/${VENUE}/`;
/** docs/games-dz.md: the lowest line bet 1 fen × 20 lines. */
const LOWEST_STAKE = 20;

const LOAD = '0.gamesShell.loading';
const READ = '0.gamesShell.ready.data.refreshing';
const SEND = '0.gamesShell.ready.transfer.sending';

/** The games page's words (src/i18n/zh-CN-games.ts, zh-CN-games-dz.ts). */
const TEXT = {
  venue: 'PG 电子',
  balance: '场馆余额',
  net: '本次游戏净输赢',
  transferIn: '转入',
  dialog: '转入场馆钱包',
  amount: '转入金额（元）',
  submit: '确认转入',
  sending: '转入中…',
  cancel: '取消',
  retry: '重新提交',
  noAnswer: '网络无响应，请重新提交（不会重复转入）。',
  loadFailed: '场馆信息加载失败，请检查网络后重试。',
  reload: '重试',
  expired: '场馆登录已过期：请关闭本页，从网站的游戏大厅重新进入。',
  needed: (stake: string, balance: string) => `本次投注 ${stake}，场馆余额仅 ${balance}，请先转入。`,
  spin: /^旋转（投注/,
  skip: '立即显示结果',
  showAll: '显示全部免费旋转',
  dismiss: '知道了',
};

/** The page under test (set by `render`): its shell and the credential of its launch. */
const page: { shell: Shell | null; token: string } = { shell: null, token: '' };

const yuan = (fen: number) =>
  `${fen < 0 ? '−' : ''}¥${Math.floor(Math.abs(fen) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
const signed = (fen: number) => (fen > 0 ? `+${yuan(fen)}` : yuan(fen));

// ── the oracles ──

const calls = (list: readonly Travelled[], re: RegExp) => list.filter((c) => re.test(c.url.split('?')[0]!));
interface SessionData {
  balance: number;
  central: number;
  net: number;
}
const answered = (c: Travelled) =>
  c.status === 200 && (c.answer as { status_code?: number }).status_code === 6000
    ? (c.answer as { data: unknown }).data
    : null;

/** What the header must show: the last session answer, then a transfer's balances on top (the model's `shown`). */
function lastShown(seen: UiSeen): SessionData {
  let s: SessionData | null = null;
  const inOrder = seen.backend.calls.filter((c) => c.answered).sort((a, b) => a.answered! - b.answered!);
  for (const c of inOrder) {
    const data = answered(c);
    if (!data) continue;
    if (SESSION.test(c.url)) s = data as SessionData;
    if (TRANSFER_IN.test(c.url) && s) {
      const t = data as { balance: number; central: number };
      s = { ...s, balance: t.balance, central: t.central };
    }
  }
  return s!;
}

function header(seen: UiSeen) {
  const s = lastShown(seen);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(TEXT.venue);
  expect(screen.getByTestId('venue-balance').textContent).toBe(yuan(s.balance));
  expect(screen.getByTestId('visit-net').textContent).toBe(signed(s.net));
}
const dialog = () => screen.queryByRole('dialog', { name: TEXT.dialog });
/** What the dialog's alerts say (a refused stake's need, then the transfer's refusal). */
const alerts = (d: HTMLElement) =>
  within(d)
    .getAllByRole('alert')
    .map((a) => a.textContent);
/** The last transfer submitted (what a retry must send again). */
const transfers = (run: { backend: UiBackend }) => calls(run.backend.calls, TRANSFER_IN);

const see: Record<string, (seen: UiSeen) => void> = {
  // Nothing to show yet; the session asked once.
  loading: (seen) => {
    expect(screen.queryByTestId('venue-balance')).toBeNull();
    expect(calls(seen.travelled, SESSION).length).toBeLessThanOrEqual(1);
    expect(calls(seen.backend.calls, SESSION).at(-1)!.status).toBe(0);
  },
  // Not read: said so, with 重试; no header.
  failed: () => {
    expect(screen.getByRole('alert').textContent).toBe(TEXT.loadFailed);
    expect(screen.getByRole('button', { name: TEXT.reload })).toBeTruthy();
    expect(screen.queryByTestId('venue-balance')).toBeNull();
  },
  // 41001: the page says so and offers nothing else.
  expired: (seen) => {
    expect(screen.getByRole('alert').textContent).toBe(TEXT.expired);
    expect(screen.queryByRole('button')).toBeNull();
    const last = seen.backend.calls
      .filter((c) => c.answered)
      .sort((a, b) => a.answered! - b.answered!)
      .at(-1)!;
    expect((last.answer as { status_code: number }).status_code).toBe(41001);
  },
  'ready.data.idle': (seen) => header(seen),
  // Re-reading: what is shown stays while the session is asked again.
  'ready.data.refreshing': (seen) => {
    header(seen);
    expect(calls(seen.backend.calls, SESSION).at(-1)!.status).toBe(0);
  },
  'ready.transfer.closed': () => {
    expect(dialog()).toBeNull();
    expect(screen.getByRole('button', { name: TEXT.transferIn })).toBeTruthy();
  },
  'ready.transfer.open': (seen) => {
    const d = dialog()!;
    expect(d).toBeTruthy();
    const opener = seen.history
      .filter((e) => e.type === 'transfer.open' || e.type === 'transfer.needFunds')
      .at(-1)!;
    const need = within(d).queryByText(/请先转入/);
    const amount = within(d).getByLabelText(TEXT.amount) as HTMLInputElement;
    if (opener.type === 'transfer.needFunds') {
      // The spin's refusal (41002) said what it needed; the missing amount is filled in.
      const refusal = calls(seen.backend.calls, SPIN).at(-1)!.answer as {
        status_code: number;
        data: { stake: number; balance: number };
      };
      expect(refusal.status_code).toBe(41002);
      expect(need?.textContent).toBe(TEXT.needed(yuan(refusal.data.stake), yuan(refusal.data.balance)));
      expect(amount.value).toBe(((refusal.data.stake - refusal.data.balance) / 100).toFixed(2));
    } else {
      expect(need).toBeNull();
    }
    expect(within(d).queryByText(TEXT.noAnswer)).toBeNull();
    expect(within(d).getByRole('button', { name: TEXT.submit }).hasAttribute('disabled')).toBe(false);
  },
  // One request id per submission; a retry after no answer sends the same one.
  'ready.transfer.sending': (seen) => {
    const d = dialog()!;
    expect(within(d).getByRole('button', { name: TEXT.sending }).hasAttribute('disabled')).toBe(true);
    const sent = transfers(seen);
    const last = sent.at(-1)!;
    expect(last.status).toBe(0);
    const body = last.body as { requestId: string; amount: number };
    const by = seen.history
      .filter((e) => e.type === 'transfer.retry' || e.type === 'transfer.submit')
      .at(-1)!;
    if (by.type === 'transfer.retry') expect(body).toEqual(sent.at(-2)!.body);
    else
      expect(sent.filter((c) => (c.body as { requestId: string }).requestId === body.requestId)).toHaveLength(
        1,
      );
  },
  // A coded refusal shows the server's words; no answer says so and offers 重新提交 (the same id again).
  'ready.transfer.refused': (seen) => {
    const d = dialog()!;
    const last = transfers(seen).at(-1)!;
    if (last.status === 0) {
      expect(alerts(d)).toContain(TEXT.noAnswer);
      expect(within(d).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    } else {
      const answer = last.answer as { status_code: number; message: string };
      expect(answer.status_code).toBe(41009);
      expect(alerts(d)).toContain(answer.message);
    }
  },
};

// ── how each event happens ──

/** The slot back where a new spin can be sent (the last result shown at once, a refusal dismissed). */
async function slotReady(step: UiStep) {
  for (const name of [TEXT.skip, TEXT.showAll, TEXT.dismiss]) {
    const b = screen.queryByRole('button', { name });
    if (b) await step.user.click(b);
  }
  await vi.waitFor(() => expect(screen.getByRole('button', { name: TEXT.spin })).toBeTruthy());
}

/** A spin the venue wallet can afford (it settles at once; the game asks the shell to re-read). */
async function spinAffordable(step: UiStep) {
  await slotReady(step);
  const summary = await new OtherTab(step.backend).summary();
  const venue = summary.venues.find((v) => v.venue === VENUE)!.balance;
  if (venue < LOWEST_STAKE) await setBalances(step.backend, summary.central.available, { [VENUE]: 1_000 });
  await step.user.click(screen.getByRole('button', { name: TEXT.spin }));
  await vi.waitFor(() => expect(calls(step.backend.calls, SPIN).at(-1)!.status).toBe(200));
}

/** A spin the venue wallet cannot afford: its money is taken back to the central wallet first (41002). */
async function spinUnaffordable(step: UiStep) {
  await slotReady(step);
  await new OtherTab(step.backend).recall();
  await step.user.click(screen.getByRole('button', { name: TEXT.spin }));
}

/** Types an amount into the open dialog and submits it (at most what the page shows the central wallet has). */
async function submit(step: UiStep, fen: number) {
  const d = dialog()!;
  const shown = /中心钱包可用 ¥([\d,]+)\.(\d\d)/.exec(d.textContent ?? '')!;
  fen = Math.min(fen, Number(shown[1]!.replace(/,/g, '')) * 100 + Number(shown[2]));
  const input = within(d).getByLabelText(TEXT.amount);
  await step.user.clear(input);
  await step.user.type(input, (fen / 100).toFixed(2));
  await step.user.click(within(d).getByRole('button', { name: TEXT.submit }));
}

/** The credential ends on the server (`npm run ops -- venue expire`), then the held call goes through. */
async function expireThenRelease(step: UiStep, held: RegExp) {
  await step.backend.ops('venue', 'expire', DEMO_PLAYER_PHONE);
  await step.backend.release(held);
}

const isExpired = (e: AnyEventObject) => (e['error'] as { code?: number } | undefined)?.code === 41001;
const isCoded = (e: AnyEventObject) =>
  typeof (e['error'] as { code?: unknown } | undefined)?.code === 'number';

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [`xstate.done.actor.${LOAD}`]: (step) => step.backend.release(SESSION),
  [`xstate.error.actor.${LOAD}`]: (step) =>
    isExpired(step.event) ? expireThenRelease(step, SESSION) : step.backend.fail(SESSION),
  'shell.retry': (step) => step.user.click(screen.getByRole('button', { name: TEXT.reload })),
  'shell.refresh': spinAffordable,
  [`xstate.done.actor.${READ}`]: (step) => step.backend.release(SESSION),
  [`xstate.error.actor.${READ}`]: (step) =>
    isExpired(step.event) ? expireThenRelease(step, SESSION) : step.backend.fail(SESSION),
  'transfer.open': (step) => step.user.click(screen.getByRole('button', { name: TEXT.transferIn })),
  'transfer.needFunds': spinUnaffordable,
  'transfer.close': (step) => step.user.click(within(dialog()!).getByRole('button', { name: TEXT.cancel })),
  'transfer.submit': (step) => submit(step, step.event['amount'] as number),
  'transfer.retry': (step) => step.user.click(within(dialog()!).getByRole('button', { name: TEXT.retry })),
  [`xstate.done.actor.${SEND}`]: async (step) => {
    // The central wallet can pay the amount typed.
    const tab = new OtherTab(step.backend);
    const amount = (transfers(step).at(-1)!.body as { amount: number }).amount;
    const summary = await tab.summary();
    if (summary.central.available < amount)
      await step.backend.ops('credit', DEMO_PLAYER_PHONE, String(Math.ceil(amount / 100)), 'ui test');
    await step.backend.release(TRANSFER_IN);
  },
  [`xstate.error.actor.${SEND}`]: async (step) => {
    if (isExpired(step.event)) return expireThenRelease(step, TRANSFER_IN);
    if (!isCoded(step.event)) return step.backend.fail(TRANSFER_IN);
    // 41009: the central wallet cannot pay it any more (another tab moved the money away meanwhile).
    const tab = new OtherTab(step.backend);
    const { central } = await tab.summary();
    if (central.available > 0) await tab.transfer('in', SINK, central.available);
    await step.backend.release(TRANSFER_IN);
    await vi.waitFor(() => expect(transfers(step).at(-1)!.answered).toBeTruthy());
    // …and puts it back, so the central wallet the page reads next can pay again.
    if (central.available > 0) await tab.transfer('out', SINK, central.available);
  },
};
/** What the page cannot produce in a state (the model's events that have no way on the page there): out of the graph. */
function cannot(event: AnyEventObject, snapshot: AnyMachineSnapshot): string | null {
  const open = !snapshot.matches({ ready: { transfer: 'closed' } }) && snapshot.matches('ready');
  if (open && ['shell.refresh', 'transfer.needFunds', 'transfer.open'].includes(event.type))
    return 'the transfer dialog covers the game and the header';
  if (event.type === 'transfer.submit' && !Number.isSafeInteger(event['amount']))
    return 'the page sends whole fen only (yuan with at most two decimals)';
  if (event.type === 'transfer.submit' && (event['amount'] as number) <= 0)
    return 'the page refuses an amount of ¥0.00 before sending (it says why: 请输入大于 0…)';
  if (snapshot.matches({ ready: { transfer: 'refused' } })) {
    const error = (snapshot.context as { transferError: string | null }).transferError;
    if (event.type === 'transfer.submit' && error === null)
      return 'after no answer the dialog offers 重新提交 (the same request id), not a new one';
    if (event.type === 'transfer.retry' && error !== null)
      return 'after a refusal the dialog offers 确认转入 (a new request: the refused one would be refused again)';
  }
  return null;
}

const boot = {
  path: PAGE,
  backend: async (b: UiBackend) => {
    // The demo player: ¥100.00 to spend, ¥10.00 in PG 电子; 财神到 launched by another device of the player.
    const device = new OtherDevice(b);
    const auth = await device.login(DEMO_PLAYER_PHONE, DEMO_PLAYER_PASSWORD, true);
    login.token = auth.token;
    await setBalances(b, 10_000, { [VENUE]: 1_000 });
    const launch = await device.call<{ url: string }>(
      '/game/api/v1/venue/launch',
      { enName: VENUE, gameCode: GAME, isManualLaunch: 1, https: 0, isApp: 0, siteId: '10001' },
      auth.token,
    );
    expect(launch.status_code, launch.message).toBe(6000);
    page.token = new URL(launch.data.url, 'http://x').searchParams.get('token')!;
    expect(page.token).toBeTruthy();
  },
};

describeUiModel(shellModel, {
  systemId: 'gamesShell',
  actor: () => page.shell?.actor as AnyActorRef | undefined,
  boot: { 'a player in a game': boot },
  hold: [SESSION, TRANSFER_IN],
  drive,
  see,
  exclude: cannot,
  // The page shows the dialog's state, whether a refused stake opened it and whether the refusal was coded: the
  // amounts and request ids (the machine never branches on them) are the back end's, checked by the oracles.
  key: (s) => {
    const c = s.context as { need: unknown; transferError: string | null };
    return { value: s.value, need: c.need !== null, coded: c.transferError !== null };
  },
  render: async ({ backend, clock }) => {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      typeof input === 'string' && input.startsWith('/')
        ? backend.fetch(input, init)
        : nodeFetch(input, init),
    );
    const client = gamesClient(page.token);
    const shell = createShell(client, Date.now, clock);
    page.shell = shell;
    shell.actor.start();
    await act(async () => {
      render(<App shell={shell} client={client} />);
    });
    return shell.actor as AnyActorRef;
  },
});
