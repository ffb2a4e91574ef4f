// The logins list's generated paths on the rendered app (issue 18 §2 on issue 13 §1: /mine/userInfo shows the
// devices and recent logins of the account — time, IP, device, this one marked — and "log out other devices" asks
// in the shell's dialog, then ends every other login; this device goes on under a fresh token, the page starts
// again with it).
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { LOAD, loginsModel, OUT } from '../machines/mine/logins.model.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { keptLogin, login } from './wallet-support.ts';

const PAGE = '/mine/userInfo';
const CALL = {
  logins: /\/site\/api\/v1\/mine\/logins$/,
  logoutOthers: /\/site\/api\/v1\/mine\/logins\/logoutOthers$/,
};
/** spec §9: a dialog's leave animation, 300 ms. */
const LEAVE_MS = 300;
/** spec §9: the same dialog opened again within 700 ms is not opened twice (dialog de-dup). */
const DEDUP_MS = 700;

/** zh-CN catalogue (src/i18n/zh-CN-mine.ts logins). */
const TEXT = {
  heading: '登录设备与记录',
  current: '本机',
  logoutOthers: '退出其他设备',
  loggingOut: '正在退出…',
  done: '其他设备已全部退出，本机保持登录',
  dialogTitle: '退出其他设备',
  dialogText: '将退出除本机外所有设备上的登录，本机将保持登录。确定继续吗？',
  confirm: '确定退出',
  cancel: '取消',
  loadFailed: '登录记录加载失败',
  retry: '重试',
  noAnswer: '网络异常，请稍后重试',
};

const mineChild =
  (id: string) =>
  (get: (id: string) => AnyActorRef | undefined): AnyActorRef | undefined =>
    (get('mine')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[id];

const section = () => screen.getByRole('region', { name: TEXT.heading });
const dialog = () => screen.queryByRole('dialog', { name: TEXT.dialogTitle });
const travelled = (seen: UiSeen, re: RegExp) => seen.travelled.filter((c) => re.test(c.url));
const stateOf = (step: UiStep) => (step.actor.getSnapshot() as AnyMachineSnapshot).value;

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    expect(within(section()).getAllByRole('status').length).toBeGreaterThan(0);
    expect(within(section()).queryByRole('list')).toBeNull();
    expect(travelled(seen, CALL.logins).map((c) => c.method)).toEqual(['GET']);
  },
  failed: () => {
    const alert = within(section()).getByRole('alert');
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: TEXT.logoutOthers })).toBeNull();
  },
  list: (seen) => {
    // issue 13 §1: each login with its time, IP and device; the kept login of this page first, marked 本机.
    const items = within(section()).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.textContent).toContain(TEXT.current);
    expect(items[0]!.textContent).toMatch(/IP \S+/);
    expect(dialog()).toBeNull();
    const button = within(section()).getByRole('button', { name: TEXT.logoutOthers });
    expect(button).toHaveProperty('disabled', false);
    // A log-out-others without an answer says so on the list.
    const failedOut = seen.event.type === `xstate.error.actor.${OUT}`;
    const alerts = within(section())
      .queryAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toEqual(failedOut ? [TEXT.noAnswer] : []);
    if (seen.event.type === 'logins.keep') expect(travelled(seen, CALL.logoutOthers)).toEqual([]);
  },
  confirming: () => {
    // Asks first, in the shell's dialog (spec §2 shared modal dialogs).
    const d = dialog()!;
    expect(d).toBeTruthy();
    expect(within(d).getByText(TEXT.dialogText)).toBeTruthy();
    expect(within(d).getByRole('button', { name: TEXT.confirm })).toBeTruthy();
    expect(within(section()).getByRole('button', { name: TEXT.logoutOthers })).toHaveProperty(
      'disabled',
      true,
    );
  },
  loggingOut: (seen) => {
    expect(within(section()).getByRole('button', { name: TEXT.loggingOut })).toHaveProperty('disabled', true);
    expect(travelled(seen, CALL.logoutOthers).map((c) => c.method)).toEqual(['POST']);
  },
  done: (seen) => {
    expect(within(section()).getByRole('status').textContent).toBe(TEXT.done);
    // This device goes on under the fresh token: stored as the session's, and the app starts the page again.
    expect(document.cookie).toContain('X-API-TOKEN=');
    expect(document.cookie).not.toContain(`X-API-TOKEN=${login.token}`);
    expect(seen.outside.reloads).toBe(1);
  },
};

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [`xstate.done.actor.${LOAD}`]: (step) => step.backend.release(CALL.logins),
  [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(CALL.logins),
  'logins.retry': (step) => step.user.click(within(section()).getByRole('button', { name: TEXT.retry })),
  'logins.logoutOthers': async (step) => {
    // spec §9: the same dialog opened again within 700 ms is not opened twice (the list then stays on the list);
    // the model's click opens it, so the player here takes the 700 ms a person takes.
    await act(async () => void step.clock.increment(DEDUP_MS));
    await step.user.click(within(section()).getByRole('button', { name: TEXT.logoutOthers }));
  },
  'logins.keep': async (step) => {
    if (stateOf(step) !== 'confirming') return;
    await step.user.click(within(dialog()!).getByRole('button', { name: TEXT.cancel }));
    await act(async () => void step.clock.increment(LEAVE_MS));
  },
  'logins.confirm': async (step) => {
    await step.user.click(within(dialog()!).getByRole('button', { name: TEXT.confirm }));
    await act(async () => void step.clock.increment(LEAVE_MS));
  },
  [`xstate.done.actor.${OUT}`]: (step) => step.backend.release(CALL.logoutOthers),
  [`xstate.error.actor.${OUT}`]: (step) => step.backend.fail(CALL.logoutOthers),
};

describeUiModel(loginsModel, {
  systemId: 'logins',
  actor: mineChild('logins'),
  boot: { 'a member on /mine/userInfo': { path: PAGE, ...keptLogin() } },
  hold: [CALL.logins, CALL.logoutOthers],
  drive,
  see,
});
