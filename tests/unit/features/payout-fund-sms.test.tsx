// A bug the fund password's UI model test found (tests/ui/payout-fund-password.ui.test.tsx, issue 18 §2): changing the fund password needs the SMS code sent to the member's own phone (issue 10
// §3; docs/api.md: POST /site/api/v1/user/sms/send { countryCode, phone: digits, purpose: "fundPassword" }), but
// the panel's 获取验证码 sends the member's phone as member/info answers it — the stored form '(86)13800138000'
// (spec §3) — and the server refuses it (10003, field /phone): no code comes, the fund password cannot be changed
// and a lock cannot be lifted from the page. (tests/unit/features/payout/pages.test.tsx gives the session a member
// whose phone has no prefix, which the server never answers.)
//
// Fixed 2026-11-26: the panel parses the stored form (parseStoredPhone) and sends the digits.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import { smsCodeMachine } from '../../../machines/sms-code.machine.ts';

const api = vi.hoisted(() => ({ sendSms: vi.fn() }));
const held = vi.hoisted(() => ({
  area: undefined as AnyActorRef | undefined,
  shell: {} as Record<string, AnyActorRef>,
}));
vi.mock('../../../src/app/system.ts', () => ({
  useAreaActor: () => held.area,
  useSystemActor: (id: string) => held.shell[id],
}));
vi.mock('../../../src/api/payout/fund-password.ts', () => ({
  fetchFundPasswordStatus: async () => ({ set: true, triesLeft: 5, lockedUntil: null }),
  setFundPassword: vi.fn(),
  changeFundPassword: vi.fn(),
}));
vi.mock('../../../src/api/payout/withdrawal.ts', () => ({
  fetchWithdrawalOptions: () => new Promise(() => {}),
  createWithdrawal: vi.fn(),
  fetchWithdrawals: () => new Promise(() => {}),
  cancelWithdrawal: vi.fn(),
}));
vi.mock('../../../src/api/payout/accounts.ts', () => ({
  fetchBanks: vi.fn(),
  fetchPayoutAccounts: () => new Promise(() => {}),
  addPayoutAccount: vi.fn(),
  deletePayoutAccount: vi.fn(),
}));

const { area } = await import('../../../src/features/payout/area.ts');
const { FundPasswordPanel } = await import('../../../src/features/payout/fund-password.tsx');

afterEach(cleanup);

/** The member as POST /site/api/v1/user/member/info answers it (spec §3: phone '(86)13800138000'). */
const MEMBER = { userId: 7, userName: '13800138000', phone: '(86)13800138000', countryCode: '86' };

describe('the fund password panel asks for its SMS code (issue 10 §3, docs/api.md sms/send)', () => {
  it('sends { countryCode: "86", phone: "13800138000", purpose: "fundPassword" }', async () => {
    api.sendSms.mockResolvedValue({ resendAfter: 60 });
    held.shell = {
      session: createActor(createMachine({ context: { member: MEMBER } })).start(),
      smsCode: createActor(
        smsCodeMachine.provide({ actors: { sendSms: fromPromise(async ({ input }) => api.sendSms(input)) } }),
      ).start(),
    };
    const payout = createActor(area.actor!.logic, { input: area.actor!.input('/mine/finance/withdrawal') });
    payout.start();
    held.area = payout;
    render(
      <MemoryRouter>
        <FundPasswordPanel />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '修改资金密码' }));
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.sendSms).toHaveBeenCalledTimes(1));
    expect(api.sendSms.mock.calls[0]![0]).toEqual({
      countryCode: '86',
      phone: '13800138000',
      purpose: 'fundPassword',
    });
    payout.stop();
  });
});
