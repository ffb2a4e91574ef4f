// The /demo page (spec §2 Home, demo) opens example dialogs; the countdown one shows spec §4's countdown button:
// disabled until zero, its label showing the remaining seconds (spec §9 countdown tick 1 s).
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { t } from '../../../src/i18n/zh-CN.ts';
import { renderApp } from '../app/harness.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('opens the countdown example: its confirm button counts down from 5 s and is enabled at zero', async () => {
  renderApp('/demo');
  const open = await screen.findByRole('button', { name: t.demo.countdown });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  await user.click(open);
  await screen.findByRole('dialog', { name: t.demo.countdownTitle });
  const agree = screen.getByRole('button', { name: t.dialog.countdown(t.demo.agree, 5) });
  expect((agree as HTMLButtonElement).disabled).toBe(true);
  await act(async () => vi.advanceTimersByTime(1_000));
  expect(agree.textContent).toBe(t.dialog.countdown(t.demo.agree, 4));
  await act(async () => vi.advanceTimersByTime(4_000));
  expect(agree.textContent).toBe(t.demo.agree);
  expect((agree as HTMLButtonElement).disabled).toBe(false);
});
