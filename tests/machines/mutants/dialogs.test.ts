// Mutation testing (issue 18 §3): the whole dialog specs the app opens itself, checked against the product
// specification — the machine tests only check that a dialog with the right key opens.
import { describe, expect, it } from 'vitest';
import { depositWarningDialog, logoutConfirmDialog, noticeDialog } from '../../../machines/dialogs.ts';
import { popActivityDialog } from '../../../machines/home/pop-activity-dialog.ts';
import type { ModalSpec, Text } from '../../../machines/modal-types.ts';
import { zhCN } from '../../../src/i18n/zh-CN.ts';

/** What the player reads: a literal, or the zh-CN text of an i18n key (as the view resolves it). */
function read(text: Text | undefined): unknown {
  if (text === undefined) return undefined;
  if (typeof text === 'string') return text;
  let node: unknown = zhCN;
  for (const part of text.key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const labels = (spec: ModalSpec) => spec.buttons.map((b) => read(b.label));

describe('notice dialog (spec §2 shared modal dialogs, §8 error catalogue)', () => {
  it('an alert has the friendly-notice title, the server message and a single OK button (spec §2)', () => {
    const spec = noticeDialog('alert', 'device blocked', null);
    expect(spec.kind).toBe('alert');
    expect(read(spec.title)).toBe('温馨提示');
    expect(spec.content).toEqual({ kind: 'text', text: 'device blocked' });
    expect(labels(spec)).toEqual(['确定']);
  });

  it('an OK with nowhere to go runs no event; one that goes to login navigates there (spec §8 10102)', () => {
    expect(noticeDialog('alert', 'm', null).buttons[0]?.events).toEqual([]);
    expect(noticeDialog('alert', 'm', '/user/login').buttons[0]?.events).toEqual([
      { type: 'app.navigate', to: '/user/login' },
    ]);
  });

  it('a confirm has a cancel before the OK, and only the OK goes to login (spec §8 6001)', () => {
    const spec = noticeDialog('confirm', 'logged in elsewhere', '/user/login');
    expect(spec.kind).toBe('confirm');
    expect(read(spec.title)).toBe('温馨提示');
    expect(labels(spec)).toEqual(['取消', '确定']);
    expect(spec.buttons[0]?.events ?? []).toEqual([]);
    expect(spec.buttons[1]?.events).toEqual([{ type: 'app.navigate', to: '/user/login' }]);
  });

  it('two different notices are two dialogs; the same notice again is the same one (spec §9 de-dup 700 ms)', () => {
    const a = noticeDialog('alert', 'first', null).key;
    expect(noticeDialog('alert', 'first', null).key).toBe(a);
    expect(noticeDialog('alert', 'second', null).key).not.toBe(a);
    expect(noticeDialog('confirm', 'first', null).key).not.toBe(a);
    expect(a).not.toBe('');
  });
});

describe('deposit-safety warning (spec §2)', () => {
  it('is 440 px wide with one "I understand" button that closes all modals, then runs the callback', () => {
    const callback = [{ type: 'app.navigate', to: '/mine/finance/deposit' }];
    const spec = depositWarningDialog(callback);
    expect(spec.width).toBe(440); // spec §2, §9: 440 px
    expect(read(spec.title)).toBe('防骗提醒');
    expect(spec.content).toEqual({ kind: 'depositWarning' });
    expect(spec.buttons).toHaveLength(1);
    expect(read(spec.buttons[0]?.label)).toBe('我知道了');
    expect(spec.buttons[0]?.closeAll).toBe(true);
    expect(spec.buttons[0]?.events).toEqual(callback);
    // spec §9: a lone button is a confirm button.
    expect(spec.buttons[0]?.type).toBe('confirm');
  });

  it('its one button is the only way out: no close icon, no backdrop close (spec §2 "its one button")', () => {
    const spec = depositWarningDialog();
    expect(spec.closable).toBe(false);
    expect(spec.maskClosable).toBe(false);
    expect(spec.buttons[0]?.events).toEqual([]);
  });

  it('is an alert, like the default notice, not a confirm with a cancel (spec §2)', () => {
    expect(depositWarningDialog().kind).toBe('alert');
  });
});

describe('home pop-up activity', () => {
  const pop = {
    id: 7,
    title: 'Lucky flip',
    content: 'c',
    imageUrl: '/i.png',
    linkUrl: '/activity/luckyFlip',
  };
  const seen = { type: 'home.popClose', actor: 'home' };

  it('shows the activity with a close and a go button; both count as seen, go also navigates', () => {
    const spec = popActivityDialog(pop);
    expect(spec.title).toBe('Lucky flip');
    expect(spec.content).toEqual({ kind: 'popActivity', pop });
    expect(labels(spec)).toEqual(['关闭', '立即参与']);
    expect(spec.buttons[0]?.events).toEqual([seen]);
    expect(spec.buttons[1]?.events).toEqual([seen, { type: 'app.navigate', to: '/activity/luckyFlip' }]);
    expect(spec.onDismiss).toEqual([seen]);
  });

  it('without a link the go button only marks it seen', () => {
    expect(popActivityDialog({ ...pop, linkUrl: '' }).buttons[1]?.events).toEqual([seen]);
  });

  it('is an info dialog (no cancel semantics), one per activity, dismissable by its backdrop', () => {
    const spec = popActivityDialog(pop);
    expect(spec.kind).toBe('info');
    expect(spec.key).not.toBe(popActivityDialog({ ...pop, id: 8 }).key);
    expect(spec.maskClosable).toBe(true);
    expect(spec.closable).toBe(true);
    expect(spec.route).toBe('/');
  });
});

describe('where each dialog sits (spec §2: position top, center or scroll)', () => {
  /** spec §2: the three positions; unset = the view's default. */
  const POSITIONS = [undefined, 'top', 'center', 'scroll'];
  const pop = { id: 1, title: 't', content: 'c', imageUrl: '/i.png', linkUrl: '' };

  it.each([
    ['the alert notice', noticeDialog('alert', 'm', null)],
    ['the confirm notice', noticeDialog('confirm', 'm', '/user/login')],
    ['the deposit warning', depositWarningDialog()],
    ['the pop-up activity', popActivityDialog(pop)],
  ])('%s has one of the spec positions', (_name, spec) => {
    expect(POSITIONS).toContain(spec.position);
  });
});

describe('logout confirmation (issue 19 §1 finding 1: logging out asks for confirmation)', () => {
  it('asks with 取消 first and 退出登录 second; only 退出登录 logs out, through the session actor', () => {
    const spec = logoutConfirmDialog();
    expect(spec.kind).toBe('confirm');
    expect(read(spec.title)).toBe('退出登录');
    expect(spec.content.kind).toBe('text');
    expect(read((spec.content as { text: Text }).text)).toBe(
      '确定要退出当前账号吗？退出后需要重新登录才能游戏和充值。',
    );
    expect(labels(spec)).toEqual(['取消', '退出登录']);
    expect(spec.buttons[0]?.events ?? []).toEqual([]);
    expect(spec.buttons[1]?.events).toEqual([{ type: 'session.logout', actor: 'session' }]);
    expect(spec.buttons[1]?.type).toBe('danger');
  });

  it('a stray tap on the backdrop neither logs out nor dismisses it; the close icon and Escape cancel', () => {
    const spec = logoutConfirmDialog();
    expect(spec.maskClosable).toBe(false);
    expect(spec.closable).toBe(true);
    expect(spec.onDismiss ?? []).toEqual([]);
    // One key: a double tap opens one dialog (spec §9 de-dup).
    expect(logoutConfirmDialog().key).toBe(spec.key);
  });
});
