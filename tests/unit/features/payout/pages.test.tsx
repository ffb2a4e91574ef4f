// The payout pages (issue 10): each rendered against the real payout area actor (machines + area.ts) with the
// API mocked, the area and shell actors handed to the pages through a mocked src/app/system.ts (as the app
// would). Read by role and label; amounts as the site writes them (spec §9); every string from zh-CN.ts.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { BusinessError } from '../../../../src/api/errors.ts';
import { assign, createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import { smsCodeMachine } from '../../../../machines/sms-code.machine.ts';
import type {
  KycStatus,
  PayoutAccount,
  PayoutAccountList,
  PayoutKind,
  WithdrawalOptions,
} from '../../../../src/protocol/payout.ts';

const api = vi.hoisted(() => ({
  fetchKycStatus: vi.fn(),
  verifyKyc: vi.fn(),
  fetchBanks: vi.fn(),
  fetchPayoutAccounts: vi.fn(),
  addPayoutAccount: vi.fn(),
  deletePayoutAccount: vi.fn(),
  fetchFundPasswordStatus: vi.fn(),
  setFundPassword: vi.fn(),
  changeFundPassword: vi.fn(),
  fetchWithdrawalOptions: vi.fn(),
  createWithdrawal: vi.fn(),
  fetchWithdrawals: vi.fn(),
  cancelWithdrawal: vi.fn(),
  sendSms: vi.fn(),
}));
const held = vi.hoisted(() => ({
  area: undefined as AnyActorRef | undefined,
  shell: {} as Record<string, AnyActorRef>,
}));

vi.mock('../../../../src/api/payout/kyc.ts', () => ({
  fetchKycStatus: api.fetchKycStatus,
  verifyKyc: api.verifyKyc,
}));
vi.mock('../../../../src/api/payout/accounts.ts', () => ({
  fetchBanks: api.fetchBanks,
  fetchPayoutAccounts: api.fetchPayoutAccounts,
  addPayoutAccount: api.addPayoutAccount,
  deletePayoutAccount: api.deletePayoutAccount,
}));
vi.mock('../../../../src/api/payout/fund-password.ts', () => ({
  fetchFundPasswordStatus: api.fetchFundPasswordStatus,
  setFundPassword: api.setFundPassword,
  changeFundPassword: api.changeFundPassword,
}));
vi.mock('../../../../src/api/payout/withdrawal.ts', () => ({
  fetchWithdrawalOptions: api.fetchWithdrawalOptions,
  createWithdrawal: api.createWithdrawal,
  fetchWithdrawals: api.fetchWithdrawals,
  cancelWithdrawal: api.cancelWithdrawal,
}));
vi.mock('../../../../src/app/system.ts', () => ({
  useAreaActor: () => held.area,
  useSystemActor: (id: string) => held.shell[id],
}));

const { area } = await import('../../../../src/features/payout/area.ts');

const account = (id: string, kind: PayoutKind, masked: string): PayoutAccount => ({
  id,
  kind,
  masked,
  holder: kind === 'usdt' ? null : '张三',
  bankCode: kind === 'bank' ? 'ICBC' : null,
  bankName: kind === 'bank' ? '中国工商银行' : null,
  province: kind === 'bank' ? '广东省' : null,
  city: kind === 'bank' ? '深圳市' : null,
  branch: null,
  network: kind === 'usdt' ? 'TRC20' : null,
  label: kind === 'usdt' ? '冷钱包' : null,
  hasQr: false,
  createdAt: '2026-11-25T10:00:00.000Z',
});

const LIMITS = { bank: 5, alipay: 3, wechat: 3, ebpay: 3, koipay: 3, sharelife: 3, digital: 3, usdt: 5 };
const accountList = (accounts: PayoutAccount[], o: Partial<PayoutAccountList> = {}): PayoutAccountList => ({
  accounts,
  limits: LIMITS,
  kycVerified: true,
  fundPasswordSet: true,
  ...o,
});
const VERIFIED: KycStatus = {
  verified: true,
  realName: '张三',
  idMasked: '110***********002X',
  verifiedAt: '2026-11-25T10:00:00.000Z',
};
const OPTIONS: WithdrawalOptions = {
  methods: [
    { kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 100, feeCap: 500 },
    { kind: 'usdt', min: 10_000, max: 10_000_000, feeBp: 0, feeCap: 0 },
  ],
  available: 300_000,
  today: { count: 1, amount: 50_000, countLeft: 4, amountLeft: 200_000 },
  limits: { dailyCount: 5, dailyAmount: 250_000 },
  audit: { required: 0, done: 0, outstanding: 0, policy: 'refuse', deductionBp: 0 },
  usdtRate: 720,
  fundPassword: { set: true, triesLeft: 5, lockedUntil: null },
  kycVerified: true,
};

const shellStub = (context: Record<string, unknown>) => createActor(createMachine({ context })).start();

/** Starts the payout area at `path` and renders `Page`. */
function renderPage(path: string, Page: ComponentType, socket?: AnyActorRef) {
  held.shell = {
    socket: socket ?? shellStub({ loginData: null, lastBalance: null, lastWithdrawal: null }),
    session: shellStub({ member: { countryCode: '86', phone: '13800138000', userName: '13800138000' } }),
    smsCode: createActor(
      smsCodeMachine.provide({ actors: { sendSms: fromPromise(async ({ input }) => api.sendSms(input)) } }),
    ).start(),
  };
  const actor = createActor(area.actor!.logic, { input: area.actor!.input(path) });
  actor.start();
  held.area = actor;
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  return { actor, ...view };
}

/** The text of what describes a field (its hint and error, by aria-describedby). */
const described = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const page = (path: string) => area.pages[path]!;
const user = () => userEvent.setup();

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchKycStatus.mockResolvedValue(VERIFIED);
  api.fetchBanks.mockResolvedValue({
    banks: [
      { code: 'ICBC', name: '中国工商银行' },
      { code: 'CMB', name: '招商银行' },
    ],
  });
  api.fetchPayoutAccounts.mockResolvedValue(accountList([]));
  api.fetchFundPasswordStatus.mockResolvedValue({ set: true, triesLeft: 5, lockedUntil: null });
  api.fetchWithdrawalOptions.mockResolvedValue(OPTIONS);
  api.fetchWithdrawals.mockResolvedValue({ items: [], total: 0, page: 1, size: 20 });
});
afterEach(() => {
  cleanup();
  held.area?.stop();
});

describe('/mine/userInfo/authentication (issue 10 §1)', () => {
  const PATH = '/mine/userInfo/authentication';

  it('checks the form in Chinese, sends what was typed, shows a coded refusal, then the masked result', async () => {
    api.fetchKycStatus.mockResolvedValue({
      verified: false,
      realName: null,
      idMasked: null,
      verifiedAt: null,
    });
    api.verifyKyc
      .mockRejectedValueOnce(new BusinessError(30024, '未满 18 周岁，不能进行实名认证'))
      .mockResolvedValueOnce(VERIFIED);
    renderPage(PATH, page(PATH));
    const u = user();
    await u.click(await screen.findByRole('button', { name: '提交认证' }));
    expect(described(screen.getByLabelText('真实姓名'))).toContain('请输入真实姓名');
    await u.type(screen.getByLabelText('真实姓名'), 'Tom');
    await u.type(screen.getByLabelText('身份证号码'), '110105201001010010');
    await u.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('姓名只能是 2–20 个汉字，外籍姓名用「·」分隔')).toBeTruthy();
    await u.clear(screen.getByLabelText('真实姓名'));
    await u.type(screen.getByLabelText('真实姓名'), '张三');
    await u.click(screen.getByRole('button', { name: '提交认证' }));
    expect((await screen.findByRole('alert')).textContent).toContain('未满 18 周岁，不能进行实名认证');
    expect(api.verifyKyc).toHaveBeenLastCalledWith({ realName: '张三', idNumber: '110105201001010010' });
    await u.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByRole('heading', { name: '已完成实名认证' })).toBeTruthy();
    expect(screen.getByText('110***********002X')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('.../bindBankCard goes straight on to binding the first bank card once verified', async () => {
    const BIND = '/mine/userInfo/authentication/bindBankCard';
    renderPage(BIND, page(BIND));
    expect(await screen.findByText('实名认证完成，请继续绑定您的第一张银行卡。')).toBeTruthy();
    expect(await screen.findByLabelText('开户银行')).toBeTruthy();
    // The holder is the verified name, read-only.
    expect((screen.getByLabelText('持卡人') as HTMLInputElement).value).toBe('张三');
    expect((screen.getByLabelText('持卡人') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('/mine/addBankCard (issue 10 §2)', () => {
  const PATH = '/mine/addBankCard';

  it('lists the bound cards masked and binds a new one after the fund password', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([account('a1', 'bank', '**** **** **** 1234')]));
    api.addPayoutAccount.mockResolvedValue(account('a2', 'bank', '**** **** **** 0123'));
    renderPage(PATH, page(PATH));
    const u = user();
    expect(await screen.findByText('中国工商银行 **** **** **** 1234')).toBeTruthy();
    expect(screen.getByText('已绑定 1 / 5')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '添加账户' }));
    await u.click(await screen.findByRole('button', { name: '确认绑定' }));
    expect(described(screen.getByLabelText('银行卡号'))).toContain('此项为必填');
    await u.selectOptions(screen.getByLabelText('开户银行'), 'ICBC');
    await u.type(screen.getByLabelText('银行卡号'), '6222 0212 3456 7890 128');
    await u.selectOptions(screen.getByLabelText('开户省份'), '广东省');
    await u.selectOptions(screen.getByLabelText('开户城市'), '深圳市');
    await u.click(screen.getByRole('button', { name: '确认绑定' }));
    await u.type(await screen.findByLabelText('资金密码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(api.addPayoutAccount).toHaveBeenCalledWith({
        kind: 'bank',
        account: '6222021234567890128',
        bankCode: 'ICBC',
        province: '广东省',
        city: '深圳市',
        fundPassword: '123456',
      }),
    );
    await waitFor(() => expect(api.fetchPayoutAccounts.mock.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('deletes a card after the confirmation and the fund password', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([account('a1', 'bank', '**** **** **** 1234')]));
    api.deletePayoutAccount.mockResolvedValue({ id: 'a1' });
    const { actor } = renderPage(PATH, page(PATH));
    const u = user();
    await u.click(await screen.findByRole('button', { name: '删除 **** **** **** 1234' }));
    // The shell's modal would send this (its confirm button, to the area actor 'payout').
    actor.send({ type: 'accounts.confirm' });
    const form = await screen.findByRole('form', { name: '请输入资金密码以删除该账户' });
    await u.type(within(form).getByLabelText('资金密码'), '654321');
    await u.click(within(form).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(api.deletePayoutAccount).toHaveBeenCalledWith({ id: 'a1', fundPassword: '654321' }),
    );
    expect(await screen.findByText('已删除')).toBeTruthy();
  });
});

describe('/mine/addwechatCard (issue 10 §2)', () => {
  it('refuses a QR image of the wrong type before anything is sent', async () => {
    const PATH = '/mine/addwechatCard';
    api.fetchPayoutAccounts.mockResolvedValue(accountList([], { fundPasswordSet: false }));
    renderPage(PATH, page(PATH));
    const u = userEvent.setup({ applyAccept: false });
    const file = new File(['GIF89a'], 'qr.gif', { type: 'image/gif' });
    await u.upload(await screen.findByLabelText('收款二维码（选填）'), file);
    expect(await screen.findByText('二维码只支持 PNG 或 JPEG 图片')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看已绑定账户' }).getAttribute('href')).toBe(
      '/mine/wechatAcount',
    );
  });
});

describe('/mine/finance/withdrawal (issue 10 §3)', () => {
  const PATH = '/mine/finance/withdrawal';
  const BANK = account('b1', 'bank', '**** 1234');

  it('shows the limits, fills 最高, shows the fee and what arrives, and withdraws with the fund password', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK]));
    api.createWithdrawal.mockImplementation(async (req: { requestId: string; amount: number }) => ({
      id: 'W1',
      requestId: req.requestId,
      state: 'pending',
      amount: req.amount,
      fee: 500,
      deduction: 0,
      payout: req.amount - 500,
      usdtMicro: null,
      usdtRate: null,
      account: BANK,
      reason: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
    }));
    renderPage(PATH, page(PATH));
    const u = user();
    // spec §9: two decimals and thousands separators.
    expect(await screen.findByText('¥3,000.00')).toBeTruthy();
    expect(screen.getByText('今日剩余 4 次，剩余额度 ¥2,000.00')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '最高' }));
    // min(available ¥3,000, max ¥50,000, today's ¥2,000 left)
    expect((screen.getByLabelText('提现金额（元）') as HTMLInputElement).value).toBe('2000');
    // 1 % capped at ¥5
    expect(screen.getByText('¥5.00')).toBeTruthy();
    expect(screen.getByText('¥1,995.00')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '下一步' }));
    await u.click(await screen.findByRole('button', { name: '确认提现' }));
    expect(described(screen.getByLabelText('资金密码'))).toContain('请输入 6 位数字资金密码');
    await u.type(screen.getByLabelText('资金密码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认提现' }));
    expect(await screen.findByRole('heading', { name: '提现申请已提交' })).toBeTruthy();
    const req = api.createWithdrawal.mock.calls[0]![0] as Record<string, unknown>;
    expect(req).toMatchObject({ accountId: 'b1', amount: 200_000, fundPassword: '123456' });
    expect(req['requestId']).toMatch(/^[A-Za-z0-9_-]{8,48}$/);
    expect((screen.getAllByRole('button', { name: '取消提现' })[0] as HTMLButtonElement).disabled).toBe(
      false,
    );
    // The new withdrawal is in the player's list with its state.
    expect(screen.getByRole('heading', { name: '提现记录' })).toBeTruthy();
    expect(screen.getAllByText(/审核中/).length).toBeGreaterThan(0);
  });

  it('after submitting, reads again at once when the server pushes a state change (msgId 20005), not at the 5 s poll', async () => {
    const pending = {
      id: 'W1',
      requestId: 'req-00000001',
      state: 'pending' as const,
      amount: 20_000,
      fee: 0,
      deduction: 0,
      payout: 20_000,
      usdtMicro: null,
      usdtRate: null,
      account: BANK,
      reason: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
    };
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK]));
    api.createWithdrawal.mockResolvedValue(pending);
    // A socket whose context the test changes, as a push would.
    const socket = createActor(
      createMachine({
        types: {} as {
          context: Record<string, unknown>;
          events: { type: 'push'; ctx: Record<string, unknown> };
        },
        context: { loginData: null, lastBalance: null, lastWithdrawal: null },
        on: { push: { actions: assign(({ context, event }) => ({ ...context, ...event.ctx })) } },
      }),
    ).start();
    renderPage(PATH, page(PATH), socket);
    const u = user();
    await u.type(await screen.findByLabelText('提现金额（元）'), '200');
    await u.click(screen.getByRole('button', { name: '下一步' }));
    await u.click(await screen.findByRole('button', { name: '确认提现' }));
    await u.type(screen.getByLabelText('资金密码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认提现' }));
    expect(await screen.findByRole('heading', { name: '提现申请已提交' })).toBeTruthy();
    const reads = api.fetchWithdrawals.mock.calls.length;
    api.fetchWithdrawals.mockResolvedValue({
      items: [{ ...pending, state: 'rejected', reason: '资料不符' }],
      total: 1,
      page: 1,
      size: 20,
    });
    // A rejection moves no balance: only the withdrawal push says so.
    socket.send({
      type: 'push',
      ctx: {
        lastWithdrawal: {
          id: 'W1',
          state: 'rejected',
          amount: 20_000,
          payout: 20_000,
          reason: '资料不符',
          at: 't1',
        },
      },
    });
    await waitFor(() => expect(api.fetchWithdrawals.mock.calls.length).toBeGreaterThan(reads));
    expect((await screen.findAllByText(/已拒绝/)).length).toBeGreaterThan(0);
  });

  it('says what turnover is missing before confirming when the site refuses', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK]));
    api.fetchWithdrawalOptions.mockResolvedValue({
      ...OPTIONS,
      audit: { required: 200_000, done: 150_000, outstanding: 50_000, policy: 'refuse', deductionBp: 1_000 },
    });
    renderPage(PATH, page(PATH));
    const u = user();
    await u.type(await screen.findByLabelText('提现金额（元）'), '1000');
    await u.click(screen.getByRole('button', { name: '下一步' }));
    const dialog = await screen.findByRole('alertdialog', { name: '流水未达标' });
    expect(within(dialog).getByText('¥500.00')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '查看稽核记录' }).getAttribute('href')).toBe(
      '/mine/audit',
    );
  });

  it('asks for the deduction to be accepted when the site deducts', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK]));
    api.fetchWithdrawalOptions.mockResolvedValue({
      ...OPTIONS,
      audit: { required: 200_000, done: 150_000, outstanding: 50_000, policy: 'deduct', deductionBp: 1_000 },
    });
    renderPage(PATH, page(PATH));
    const u = user();
    await u.type(await screen.findByLabelText('提现金额（元）'), '1000');
    await u.click(screen.getByRole('button', { name: '下一步' }));
    await u.type(await screen.findByLabelText('资金密码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认提现' }));
    expect(await screen.findByText('请先确认同意扣除行政费')).toBeTruthy();
    // 10 % of ¥1,000
    expect(screen.getByText('¥100.00')).toBeTruthy();
    expect(api.createWithdrawal).not.toHaveBeenCalled();
  });

  it('asks for the fund password to be set at the first withdrawal, entered twice', async () => {
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK], { fundPasswordSet: false }));
    api.fetchWithdrawalOptions.mockResolvedValue({
      ...OPTIONS,
      fundPassword: { set: false, triesLeft: 5, lockedUntil: null },
    });
    api.fetchFundPasswordStatus.mockResolvedValue({ set: false, triesLeft: 5, lockedUntil: null });
    api.setFundPassword.mockResolvedValue({ set: true, triesLeft: 5, lockedUntil: null });
    renderPage(PATH, page(PATH));
    const u = user();
    expect(await screen.findByRole('heading', { name: '设置资金密码' })).toBeTruthy();
    await u.type(screen.getByLabelText('资金密码'), '123456');
    await u.type(screen.getByLabelText('确认资金密码'), '123457');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('两次输入的资金密码不一致')).toBeTruthy();
    await u.clear(screen.getByLabelText('确认资金密码'));
    await u.type(screen.getByLabelText('确认资金密码'), '123456');
    api.fetchWithdrawalOptions.mockResolvedValue(OPTIONS);
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.setFundPassword).toHaveBeenCalledWith({ password: '123456' }));
    // The withdrawal reads its options again and goes on to the form.
    expect(await screen.findByLabelText('提现金额（元）')).toBeTruthy();
  });

  it('says plainly that withdrawals are locked, and until when', async () => {
    const until = new Date('2026-11-25T12:30:00').getTime();
    api.fetchPayoutAccounts.mockResolvedValue(accountList([BANK]));
    api.fetchWithdrawalOptions.mockResolvedValue({
      ...OPTIONS,
      fundPassword: { set: true, triesLeft: 0, lockedUntil: until },
    });
    api.fetchFundPasswordStatus.mockResolvedValue({ set: true, triesLeft: 0, lockedUntil: until });
    renderPage(PATH, page(PATH));
    expect((await screen.findByRole('alert')).textContent).toContain('资金密码输错 5 次，提现已锁定');
    expect(screen.getByRole('alert').textContent).toContain('12:30:00');
    // Changing it with the SMS code lifts the lock (docs/payout.md): the way is on the page.
    await user().click(screen.getByRole('button', { name: '修改资金密码' }));
    expect(await screen.findByRole('heading', { name: '修改资金密码' })).toBeTruthy();
    expect(screen.getByLabelText('新资金密码')).toBeTruthy();
  });
});

describe('/help/xnbcqkjc (issue 10 §2)', () => {
  it('explains TRC20 and ERC20, addresses, confirmations and the rate, in Chinese', async () => {
    const PATH = '/help/xnbcqkjc';
    renderPage(PATH, page(PATH));
    expect(screen.getByRole('heading', { level: 1, name: '虚拟币存款教程' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '一、TRC20 与 ERC20 的区别' })).toBeTruthy();
    expect(screen.getByText(/base58check/)).toBeTruthy();
    expect(screen.getByText(/EIP-55/)).toBeTruthy();
    expect(screen.getByText(/区块确认/)).toBeTruthy();
    expect(screen.getByText(/汇率按提交时的价格锁定/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去绑定 USDT 地址' }).getAttribute('href')).toBe(
      '/mine/virtualCoinCard',
    );
  });
});
