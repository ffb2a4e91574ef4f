// The payout area actor's generated paths on the rendered app (issue 18 §2 on issue 10; spec §2 paths): which flow
// each payout page runs (verification, binding an account of the page's kind, the list, the withdrawal with the
// fund password, none on the tutorial), verifying on .../bindBankCard continuing straight into binding the first
// bank card (issue 10 §1), a bound account leading to its list (or the list read again on the page that holds
// both), the fund password set at the first withdrawal letting the withdrawal go on (issue 10 §3), and the delete
// dialog's buttons reaching the list (issue 10 §2).
//
// What differs from the machine's model: there the area's `navigate` is a recorded effect, so after a bind on an
// add page the model stays on that page; on the app the navigation happens and the app reports it as a route
// change. The paths are therefore generated from the machine with its `navigate` raising that route change (the
// composed app's behaviour), and where each step must lead is this file's table (`expected`, from issue 10), which
// says so: a bound account leads to its list.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { raise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { payoutMachine } from '../../machines/payout/payout.machine.ts';
import type { MachineModel } from '../support/model-paths.ts';
import { payoutModel } from '../machines/payout/payout.model.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import {
  asMember,
  CALL,
  callsTo,
  freshCardNumber,
  keptLoginOfNewMember,
  mine,
  PAYOUT,
  trustForwardedFor,
} from './payout-support.ts';

trustForwardedFor();

/** spec §2 paths of the payout area (issue 10). */
const KYC = '/mine/userInfo/authentication';
const BIND = '/mine/userInfo/authentication/bindBankCard';
const WITHDRAWAL = '/mine/finance/withdrawal';
const BANKS = '/mine/addBankCard';
const USDT = '/mine/virtualCoinCard';
const ADD_EBPAY = '/mine/addEBpayCard';
const EBPAY_LIST = '/mine/ebpayAcount';
const ADD_WECHAT = '/mine/addwechatCard';
const WECHAT_LIST = '/mine/wechatAcount';
const TUTORIAL = '/help/xnbcqkjc';

/** The member's fund password once it is set (issue 10 §3: six digits). */
const FUND_PASSWORD = '246810';
/** spec §9: a dialog's leave animation (300 ms) and the dialog de-dup (700 ms). */
const LEAVE_MS = 300;
const DEDUP_MS = 700;
/** docs/api.md PayoutAccountList.limits (issue 10 §2: 5 bank cards; the e-wallets 3). */
const LIMIT: Record<string, number> = { bank: 5, ebpay: 3, wechat: 3, usdt: 5 };
/** Accounts of each kind the member holds when the path starts (so a list has one to delete and one left). */
const START = 2;

/** zh-CN catalogue (pages, payout.*). */
const TEXT = {
  title: {
    [KYC]: '实名认证',
    [BIND]: '绑定银行卡',
    [WITHDRAWAL]: '提现',
    [BANKS]: '添加银行卡',
    [USDT]: '虚拟币钱包',
    [ADD_EBPAY]: '添加 EBpay 账户',
    [EBPAY_LIST]: 'EBpay 账户',
    [ADD_WECHAT]: '添加微信账户',
    [WECHAT_LIST]: '微信账户',
    [TUTORIAL]: '虚拟币存款教程',
  } as Record<string, string>,
  kind: { bank: '银行卡', ebpay: 'EBpay 钱包', wechat: '微信', usdt: 'USDT 地址' } as Record<string, string>,
  verified: '已完成实名认证',
  bindNext: '实名认证完成，请继续绑定您的第一张银行卡。',
  bank: '开户银行',
  cardNumber: '银行卡号',
  province: '开户省份',
  city: '开户城市',
  account: { ebpay: 'EBpay 钱包 ID', wechat: '微信号' } as Record<string, string>,
  submit: '确认绑定',
  fundPasswordTitle: '请输入资金密码',
  fundPassword: '资金密码',
  confirm: '确认',
  add: '添加账户',
  toList: '查看已绑定账户',
  full: (n: number) => `该类账户最多绑定 ${n} 个，已达上限。如需更换请先删除旧账户。`,
  setTitle: '设置资金密码',
  confirmPassword: '确认资金密码',
  save: '保存',
  isSet: '资金密码已设置',
  saved: '资金密码已保存',
  amount: '提现金额（元）',
  deleteTitle: '删除收款账户',
  cancel: '取消',
  delete: '删除',
  deleted: '已删除',
  deletePassword: '请输入资金密码以删除该账户',
  tutorialToUsdt: /USDT|虚拟币/,
};

/** The page each path is, and the kind of account it is about (spec §2 as issue 10 builds it). */
const KIND: Record<string, string> = {
  [BANKS]: 'bank',
  [USDT]: 'usdt',
  [ADD_EBPAY]: 'ebpay',
  [EBPAY_LIST]: 'ebpay',
  [ADD_WECHAT]: 'wechat',
  [WECHAT_LIST]: 'wechat',
};
const PAGE: Record<string, string> = {
  [KYC]: 'kyc',
  [WITHDRAWAL]: 'withdrawal',
  [BANKS]: 'accountsWithForm.form',
  [USDT]: 'accountsWithForm.form',
  [ADD_EBPAY]: 'add',
  [EBPAY_LIST]: 'list',
  [ADD_WECHAT]: 'add',
  [WECHAT_LIST]: 'list',
  [TUTORIAL]: 'static',
};
/** Where a bound account leads (issue 10 §2: back to the accounts of its kind). */
const LIST_OF: Record<string, string> = { bank: BANKS, ebpay: EBPAY_LIST, wechat: WECHAT_LIST };
const ADD_PAGES = new Set([ADD_EBPAY, ADD_WECHAT]);

// ── where the player is (independent of the machine) ──

interface Where {
  path: string;
  /** On .../bindBankCard: verified, so binding the first card. */
  binding: boolean;
}
function where(history: readonly AnyEventObject[], input: { path: string }): Where {
  const w: Where = { path: input.path, binding: false };
  for (const e of history) {
    if (e.type === 'route.changed' && e['path'] !== w.path) Object.assign(w, { path: e['path'], binding: false });
    if (e.type === 'payout.kycVerified' && w.path === BIND) w.binding = true;
    // A bound account leads to its list; on the bank card page the list is on the same page.
    if (e.type === 'payout.added' && (ADD_PAGES.has(w.path) || (w.path === BIND && w.binding)))
      Object.assign(w, { path: LIST_OF[e['kind'] as string]!, binding: false });
  }
  return w;
}
const stateOf = (w: Where) =>
  w.path === BIND ? (w.binding ? 'bindBankCard.binding' : 'bindBankCard.verifying') : PAGE[w.path]!;
const fundSetIn = (history: readonly AnyEventObject[]) =>
  history.some((e) => e.type === 'payout.fundPasswordChanged');

// ── the oracles ──

type ListAnswer = { accounts: Array<{ id: string; kind: string; masked: string }>; limits: Record<string, number> };
/** The accounts as the server answered them last (what travelled). */
const lastList = (seen: UiSeen) =>
  (
    callsTo(seen, PAYOUT.accounts)
      .filter((c) => c.status === 200)
      .at(-1)?.answer as { data: ListAnswer } | undefined
  )?.data;

function onPage(seen: UiSeen): Where {
  const w = where(seen.history, seen.input);
  expect(window.location.pathname).toBe(w.path);
  expect(screen.getByRole('heading', { level: 1, name: TEXT.title[w.path] })).toBeTruthy();
  return w;
}
const entered = (seen: UiSeen) =>
  seen.index === 0 || seen.event.type === 'route.changed' || seen.event.type === 'payout.added';

/** The list of the page's kind: every account the server holds of it, and the count against the limit. */
function listShown(seen: UiSeen, kind: string) {
  const list = lastList(seen)!;
  const mineOfKind = list.accounts.filter((a) => a.kind === kind);
  const region = screen.getByRole('region', { name: new RegExp(`^${TEXT.kind[kind]} `) });
  expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe(
    `${TEXT.kind[kind]} 已绑定 ${mineOfKind.length} / ${list.limits[kind]}`,
  );
  // Masked (a bank card with its bank's name before it).
  for (const a of mineOfKind) expect(region.textContent).toContain(a.masked);
  return { region, mineOfKind };
}

/** After a bind: the account is on the list the server answered in this step and on the page (issue 10 §2). */
function boundShown(seen: UiSeen, kind: string) {
  expect(mine(seen, PAYOUT.accounts).length, 'the list read again').toBeGreaterThan(0);
  const { mineOfKind } = listShown(seen, kind);
  expect(mineOfKind.some((a) => a.masked.endsWith(bound.last4))).toBe(true);
}

/** What the delete dialog's buttons did on a list (issue 10 §2: delete with confirmation; the fund password). */
function buttonOutcome(seen: UiSeen) {
  const t = seen.event.type;
  if (t !== 'accounts.keep' && t !== 'accounts.confirm') return;
  expect(screen.queryByRole('dialog', { name: TEXT.deleteTitle })).toBeNull();
  const deletes = mine(seen, PAYOUT.deleteAccount);
  if (t === 'accounts.keep' || fundSetIn(seen.history)) expect(deletes).toEqual([]);
  if (t === 'accounts.keep') {
    expect(screen.queryByRole('form', { name: TEXT.deletePassword })).toBeNull();
  } else if (fundSetIn(seen.history)) {
    // Once the fund password is set, deleting asks for it first.
    expect(screen.getByRole('form', { name: TEXT.deletePassword })).toBeTruthy();
  } else {
    expect(deletes.map((c) => [c.method, c.body])).toEqual([['POST', { id: removed.id }]]);
    expect(screen.getByText(TEXT.deleted)).toBeTruthy();
    expect(lastList(seen)!.accounts.some((a) => a.id === removed.id)).toBe(false);
  }
}

const see: Record<string, (seen: UiSeen) => void> = {
  // The verification flow: the member is verified, so the page shows the name and the masked ID read-only.
  kyc: (seen) => {
    onPage(seen);
    if (entered(seen)) expect(mine(seen, PAYOUT.kycStatus).map((c) => c.method)).toEqual(['GET']);
    expect(screen.getByRole('heading', { name: TEXT.verified })).toBeTruthy();
    expect(screen.queryByLabelText(TEXT.cardNumber)).toBeNull();
  },
  // issue 10 §1: verification first — the status is being read; no card form yet.
  'bindBankCard.verifying': (seen) => {
    onPage(seen);
    expect(seen.backend.heldPaths()).toContain('/fd/api/v1/kyc/status');
    expect(screen.queryByLabelText(TEXT.cardNumber)).toBeNull();
    expect(screen.queryByText(TEXT.bindNext)).toBeNull();
  },
  // issue 10 §1: verified → straight into binding the first bank card, on the same page.
  'bindBankCard.binding': (seen) => {
    onPage(seen);
    expect(screen.getByText(TEXT.bindNext)).toBeTruthy();
    expect(screen.getByLabelText(TEXT.cardNumber)).toBeTruthy();
    expect(screen.getByLabelText(TEXT.bank)).toBeTruthy();
  },
  // issue 10 §3: the withdrawal with the fund password panel; set at the first withdrawal, then the form.
  withdrawal: (seen) => {
    onPage(seen);
    if (entered(seen)) expect(mine(seen, PAYOUT.options).map((c) => c.method)).toEqual(['GET']);
    if (fundSetIn(seen.history)) {
      expect(screen.getByRole('heading', { name: TEXT.isSet })).toBeTruthy();
      expect(screen.getByLabelText(TEXT.amount)).toBeTruthy();
      if (seen.event.type === 'payout.fundPasswordChanged') {
        expect(screen.getByText(TEXT.saved)).toBeTruthy();
        // The withdrawal reads its options again and goes on.
        expect(mine(seen, PAYOUT.options).map((c) => c.method)).toEqual(['GET']);
      }
    } else {
      expect(screen.getByRole('form', { name: TEXT.setTitle })).toBeTruthy();
      expect(screen.queryByLabelText(TEXT.amount)).toBeNull();
    }
  },
  // The bank cards (or USDT addresses): the list and, behind 添加账户, the add form, on one page.
  'accountsWithForm.form': (seen) => {
    const w = onPage(seen);
    const kind = KIND[w.path]!;
    listShown(seen, kind);
    if (seen.event.type === 'payout.added') {
      boundShown(seen, kind);
      // On the same page: a fresh form (the one that bound it came from .../bindBankCard or was this page's).
      const field = screen.queryByLabelText(TEXT.cardNumber) as HTMLInputElement | null;
      if (field) expect(field.value).toBe('');
    }
    buttonOutcome(seen);
  },
  // An e-wallet's add page: the form of its kind with a link to the list — or, at the limit, that it is reached.
  add: (seen) => {
    const w = onPage(seen);
    const kind = KIND[w.path]!;
    const list = lastList(seen)!;
    if (list.accounts.filter((a) => a.kind === kind).length >= list.limits[kind]!) {
      expect(screen.getByText(TEXT.full(list.limits[kind]!))).toBeTruthy();
      expect(screen.queryByLabelText(TEXT.account[kind]!)).toBeNull();
    } else {
      expect(screen.getByLabelText(TEXT.account[kind]!)).toBeTruthy();
      expect(screen.getByRole('link', { name: TEXT.toList })).toBeTruthy();
    }
  },
  // An e-wallet's list page.
  list: (seen) => {
    const w = onPage(seen);
    const kind = KIND[w.path]!;
    listShown(seen, kind);
    if (seen.event.type === 'payout.added') boundShown(seen, kind);
    buttonOutcome(seen);
  },
  // The tutorial: text and links, no flow, nothing read.
  static: (seen) => {
    onPage(seen);
    expect(
      seen.travelled.filter((c) => /^\/fd\/api\/v1\/(kyc|payout|fundPassword|withdrawal)\//.test(c.url)),
    ).toEqual([]);
    expect(screen.getAllByRole('link').some((l) => l.getAttribute('href') === USDT)).toBe(true);
  },
};

// ── how each event happens ──

/** What the member holds in this path (set by the boot and the drivers; a new member each path). */
const held: Record<string, number> = {};
const bound = { last4: '' };
const removed = { id: '' };
let fundSet = false;
let serial = 0;

async function goTo({ app }: UiStep, path: string) {
  await act(async () => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await Promise.resolve();
  });
  await waitFor(() => expect(app.getSnapshot().context).toMatchObject({ path }));
}

/** Types the fund password where a form asks for it (binding once it is set: issue 10 §2). */
async function fundPasswordIfAsked(step: UiStep) {
  if (!fundSet) return;
  const region = await screen.findByRole('region', { name: TEXT.fundPasswordTitle });
  const box = within(region).getByLabelText(TEXT.fundPassword);
  await step.user.click(box);
  await step.user.paste(FUND_PASSWORD);
  await step.user.click(screen.getByRole('button', { name: TEXT.confirm }));
}

async function bindBankCard(step: UiStep) {
  if (window.location.pathname === BANKS && !screen.queryByLabelText(TEXT.cardNumber))
    await step.user.click(screen.getByRole('button', { name: TEXT.add }));
  const bank = (await screen.findByLabelText(TEXT.bank)) as HTMLSelectElement;
  await step.user.selectOptions(bank, [...bank.options].find((o) => o.value !== '')!.value);
  const card = freshCardNumber();
  await step.user.type(screen.getByLabelText(TEXT.cardNumber), card);
  await step.user.selectOptions(screen.getByLabelText(TEXT.province), '广东省');
  await step.user.selectOptions(screen.getByLabelText(TEXT.city), '深圳市');
  await step.user.click(screen.getByRole('button', { name: TEXT.submit }));
  bound.last4 = card.slice(-4);
}

/** A wallet id of its own (docs/payout.md: EBpay EB + 16 digits; WeChat a letter, then 5–19). */
function freshAccount(kind: string) {
  serial += 1;
  const n = `${Date.now() % 1e10}`.padStart(10, '0') + String(serial).padStart(6, '0');
  return kind === 'ebpay' ? `EB${n}` : `wx${n.slice(-12)}`;
}

async function bindWallet(step: UiStep, kind: string) {
  const account = freshAccount(kind);
  const box = await screen.findByLabelText(TEXT.account[kind]!);
  await step.user.click(box);
  await step.user.paste(account);
  await step.user.click(screen.getByRole('button', { name: TEXT.submit }));
  bound.last4 = account.slice(-4);
}

/** 删除 on the first account of the list (a fund password form left open by an earlier 删除 is cancelled first). */
async function openDelete(step: UiStep) {
  const asking = screen.queryByRole('form', { name: TEXT.deletePassword });
  if (asking) await step.user.click(within(asking).getByRole('button', { name: TEXT.cancel }));
  // spec §9: the same dialog is not opened twice within 700 ms — the player takes the time a person takes.
  await act(async () => void step.clock.increment(DEDUP_MS));
  const kind = KIND[window.location.pathname]!;
  const region = screen.getByRole('region', { name: new RegExp(`^${TEXT.kind[kind]} `) });
  const button = within(region).getAllByRole('button', { name: new RegExp(`^${TEXT.delete} `) })[0]!;
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  const masked = button.getAttribute('aria-label')!.slice(`${TEXT.delete} `.length);
  // Which account that is (the list's own copy of the server's answer).
  const list = (step.actor.getSnapshot() as AnyMachineSnapshot).children['accounts']?.getSnapshot().context
    .list as ListAnswer;
  removed.id = list.accounts.find((a) => a.masked === masked)!.id;
  await step.user.click(button);
  return screen.findByRole('dialog', { name: TEXT.deleteTitle });
}

async function answerDialog(step: UiStep, button: string) {
  const dialog = await openDelete(step);
  await step.user.click(within(dialog).getByRole('button', { name: button }));
  await act(async () => void step.clock.increment(LEAVE_MS));
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  'route.changed': async (step) => {
    const to = step.event['path'] as string;
    // On .../bindBankCard the verification status is held until the step says it answers.
    step.backend.hold(...(to === BIND ? [PAYOUT.kycStatus] : []));
    await goTo(step, to);
  },
  // The member is verified (at the start, on another device): the status answers so, and the flow goes on.
  'payout.kycVerified': async (step) => {
    step.backend.hold();
    await step.backend.release(PAYOUT.kycStatus);
  },
  'payout.added': async (step) => {
    const kind = step.event['kind'] as string;
    if (kind === 'bank') await bindBankCard(step);
    else await bindWallet(step, kind);
    await fundPasswordIfAsked(step);
    held[kind] = (held[kind] ?? 0) + 1;
  },
  // issue 10 §3: set at the first withdrawal, in the panel of the withdrawal page.
  'payout.fundPasswordChanged': async (step) => {
    const form = await screen.findByRole('form', { name: TEXT.setTitle });
    await step.user.type(within(form).getByLabelText(TEXT.fundPassword), FUND_PASSWORD);
    await step.user.type(within(form).getByLabelText(TEXT.confirmPassword), FUND_PASSWORD);
    await step.user.click(within(form).getByRole('button', { name: TEXT.save }));
    fundSet = true;
  },
  'accounts.keep': (step) => answerDialog(step, TEXT.cancel),
  'accounts.confirm': async (step) => {
    await answerDialog(step, TEXT.delete);
    if (!fundSet) held[KIND[window.location.pathname]!]! -= 1;
  },
};

/**
 * What the page and the back end can produce (a graph filter). Left out:
 * - a route change to the page the player is on: the router reports a change of address only;
 * - a bind of another kind than the page's (each form binds its page's kind), and any bind on the USDT page (the
 *   graph's binds are bank, EBpay and WeChat; the account form's own UI test covers the address form);
 * - the dialog's buttons on the USDT page: the member holds no address (a TRC20 address is bound once on the whole
 *   site, so each path's member cannot get one of its own from this file's fixed address).
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const path = (snapshot.context as { path: string }).path;
  if (event.type === 'route.changed') return event['path'] !== path;
  if (event.type === 'payout.added') return event['kind'] === (path === BIND ? 'bank' : KIND[path]);
  if (event.type === 'accounts.keep' || event.type === 'accounts.confirm') return path !== USDT;
  return true;
}

/** The graph's machine: the area as composed, its `navigate` moving the app (reported back as a route change). */
const asComposed = payoutMachine.provide({
  actions: {
    navigate: raise((_: unknown, params: { to: string }) => ({
      type: 'route.changed' as const,
      path: params.to,
      search: '',
    })) as never,
  },
});

const [graph] = payoutModel.graphs;
const onApp = {
  ...payoutModel,
  machine: asComposed,
  graphs: [
    {
      ...graph!,
      name: 'a member with two accounts of each kind, entering at the withdrawal page',
      // The WeChat list is a page of its own too (where a bound WeChat account leads).
      events: [...graph!.events, { type: 'route.changed', path: WECHAT_LIST, search: '' }],
      filterEvents: producible,
    },
  ],
  harness: {
    ...payoutModel.harness,
    // Where each step leads on the app (issue 10), whatever the state: the page of the address the player is at.
    transitions: ({ history, input }: { history: AnyEventObject[]; input: { path: string } }) =>
      stateOf(where(history, input)),
  },
} as unknown as MachineModel;

describeUiModel(onApp, {
  systemId: 'payout',
  boot: {
    'a member with two accounts of each kind, entering at the withdrawal page': {
      path: WITHDRAWAL,
      ...keptLoginOfNewMember({}, async (b) => {
        fundSet = false;
        for (const kind of ['bank', 'ebpay', 'wechat']) {
          held[kind] = START;
          for (let i = 0; i < START; i += 1)
            await asMember(
              b,
              CALL.addAccount,
              kind === 'bank'
                ? {
                    kind,
                    account: freshCardNumber(),
                    bankCode: 'ICBC',
                    province: '广东省',
                    city: '深圳市',
                  }
                : { kind, account: freshAccount(kind) },
            );
        }
      }),
    },
  },
  drive,
  see,
  // The member's accounts stay within the site's limits, and a list keeps one to delete.
  cannot: (event) => {
    const kind =
      event.type === 'payout.added' ? (event['kind'] as string) : KIND[window.location.pathname] ?? '';
    if (event.type === 'payout.added' && (held[kind] ?? 0) >= LIMIT[kind]!)
      return `the member holds ${LIMIT[kind]} accounts of this kind, the most the site allows`;
    if ((event.type === 'accounts.keep' || event.type === 'accounts.confirm') && (held[kind] ?? 0) === 0)
      return 'the list is empty: no delete dialog to answer';
    return null;
  },
});
