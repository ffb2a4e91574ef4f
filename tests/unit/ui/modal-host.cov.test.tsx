// The shared modal dialogs as the player uses them (spec §2 shared modal dialogs: title, close icon, content,
// footer buttons, a backdrop click can close; opening locks scrolling until the last one closes; spec §9 leave
// animation 300 ms): keyboard focus stays inside the top dialog and returns where it was.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModalSpec } from '../../../machines/modal-types.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { renderApp, type AppRef } from '../app/harness.tsx';

afterEach(cleanup);

const PAGE = '/activity/discount';

function spec(overrides: Partial<ModalSpec> = {}): ModalSpec {
  return {
    key: 'test-modal',
    kind: 'confirm',
    title: '确认操作',
    content: { kind: 'text', text: '确定要继续吗？' },
    buttons: [{ label: '取消', type: 'hoverCancel' }, { label: '继续' }],
    maskClosable: true,
    ...overrides,
  };
}

async function page() {
  const view = renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: t.pages[PAGE]! });
  await view.bridged();
  return view;
}

function open(actor: { current: AppRef | null }, modal: ModalSpec) {
  act(() => actor.current!.system.get('modals')!.send({ type: 'modal.open', spec: modal }));
}

describe('modal host', () => {
  it('shows title, content and buttons, focusing the first footer button; scrolling is locked', async () => {
    const { actor, effects } = await page();
    open(actor, spec());
    const dialog = await screen.findByRole('dialog', { name: '确认操作' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('确定要继续吗？')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }));
    expect(effects.lockScroll).toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog: forward from the last wraps to the first, back from the first to the last', async () => {
    const user = userEvent.setup({ delay: null });
    const { actor } = await page();
    open(actor, spec());
    await screen.findByRole('dialog', { name: '确认操作' });
    const close = screen.getByRole('button', { name: t.dialog.closeIcon });
    const cancel = screen.getByRole('button', { name: '取消' });
    const go = screen.getByRole('button', { name: '继续' });
    await user.tab();
    expect(document.activeElement).toBe(go);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(go);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
  });

  it('a backdrop click closes a mask-closable dialog; a click inside it does not', async () => {
    const user = userEvent.setup({ delay: null });
    const { actor } = await page();
    open(actor, spec());
    const dialog = await screen.findByRole('dialog', { name: '确认操作' });
    await user.click(screen.getByText('确定要继续吗？'));
    expect(screen.getByRole('dialog', { name: '确认操作' })).toBe(dialog);
    await user.click(dialog.parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a backdrop click leaves a dialog that is not mask-closable open', async () => {
    const user = userEvent.setup({ delay: null });
    const { actor } = await page();
    open(actor, spec({ maskClosable: false }));
    const dialog = await screen.findByRole('dialog', { name: '确认操作' });
    await user.click(dialog.parentElement!);
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByRole('dialog', { name: '确认操作' })).toBeTruthy();
  });

  it('the close icon closes it, and scrolling is restored after the last one', async () => {
    const user = userEvent.setup({ delay: null });
    const { actor, effects } = await page();
    open(actor, spec());
    await screen.findByRole('dialog', { name: '确认操作' });
    await user.click(screen.getByRole('button', { name: t.dialog.closeIcon }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(effects.unlockScroll).toHaveBeenCalled();
  });

  it('has no close icon when it is not closable', async () => {
    const { actor } = await page();
    open(actor, spec({ closable: false, kind: 'alert' }));
    await screen.findByRole('alertdialog', { name: '确认操作' });
    expect(screen.queryByRole('button', { name: t.dialog.closeIcon })).toBeNull();
  });

  it('Escape closes the top dialog only; focus goes back to where it was', async () => {
    const user = userEvent.setup({ delay: null });
    const { actor } = await page();
    open(actor, spec({ key: 'first', title: '第一个' }));
    await screen.findByRole('dialog', { name: '第一个' });
    const firstCancel = screen.getByRole('button', { name: '取消' });
    open(actor, spec({ key: 'second', title: '第二个', buttons: [{ label: '知道了' }] }));
    await screen.findByRole('dialog', { name: '第二个' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '知道了' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '第二个' })).toBeNull());
    expect(screen.getByRole('dialog', { name: '第一个' })).toBeTruthy();
    expect(document.activeElement).toBe(firstCancel);
  });
});
