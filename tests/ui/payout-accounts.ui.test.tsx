// The payout account list's generated paths on the rendered app (issue 18 §2 on issue 10 §2: the bound accounts,
// masked; delete with confirmation in the shell's dialog, then the fund password once it is set, then the list read
// again; the server's refusals on the page).
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { accountsModel, DELETE, LOAD } from '../machines/payout/accounts.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import {
  accountsOfMember,
  asMember,
  CALL,
  callsTo,
  keptLoginOfNewMember,
  mine,
  PAYOUT,
  payoutChild,
} from './payout-support.ts';

/** spec §2: the Alipay account list (one of the six e-wallet list pages). */
const PAGE = '/mine/alipayAcount';
/** The two Alipay accounts (mainland mobiles, issue 10 §2) the member has whenever the list is read. */
const ALIPAY = ['13800000001', '13800000002'];
/** docs/payout.md masking: a phone shows its first 3 and last 4. */
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
/** docs/api.md PayoutAccountList.limits: 3 Alipay accounts. */
const ALIPAY_LIMIT = 3;
/** The member's real fund password once it is set: not the graph's typed 123456 (see `producible`). */
const REAL_FUND_PASSWORD = '246810';
/** issue 10 §3: five wrong tries, then the lock (docs/payout.md). */
const MAX_TRIES = 5;
/** spec §9: a dialog's leave animation, 300 ms. */
const LEAVE_MS = 300;
/** spec §9: the same dialog opened again within 700 ms is not opened twice (dialog de-dup). */
const DEDUP_MS = 700;

/** zh-CN catalogue (payout.list, payout.form) and the server's messages (docs/api.md, docs/payout.md). */
const TEXT = {
  heading: '支付宝账户',
  kind: '支付宝',
  count: (n: number) => `已绑定 ${n} / ${ALIPAY_LIMIT}`,
  deleteLabel: (m: string) => `删除 ${m}`,
  dialogTitle: '删除收款账户',
  dialogText: (m: string) => `确定删除 ${m}？删除后提现将不能再使用该账户。`,
  cancel: '取消',
  confirm: '删除',
  deleted: '已删除',
  passwordForm: '请输入资金密码以删除该账户',
  fundPassword: '资金密码',
  passwordProblem: '请输入 6 位数字资金密码',
  loadFailed: '读取失败，请检查网络后重试。',
  retry: '重试',
  add: '添加账户',
  /** 30034. */
  gone: '收款账户不存在或已删除',
  /** 30042 / 30043 (docs/payout.md). */
  wrong: (left: number) => `资金密码错误，还可以尝试 ${left} 次`,
  locked: /^资金密码错误次数过多，已锁定 30 分钟/,
};

const LOAD_DONE = `xstate.done.actor.${LOAD}`;
const DELETE_ERROR = `xstate.error.actor.${DELETE}`;
const codeOf = (e: AnyEventObject) => (e['error'] as { code?: number }).code;

// ── what the player did and the server holds (independent of the machine) ──

/** The list the server answered last (what travelled). */
function lastList(seen: UiSeen) {
  const answered = callsTo(seen, PAYOUT.accounts).filter((c) => c.status === 200);
  return (
    answered.at(-1)?.answer as { data: { accounts: Array<{ id: string; masked: string }> } } | undefined
  )?.data;
}
/** The account the player chose to delete last. */
const lastTarget = (seen: UiSeen) =>
  seen.history.findLast((e) => e.type === 'accounts.delete') ? chosen.masked : null;
/** The fund password typed since the box was last emptied (issue 10 §3: digits only, six at most). */
function typed(history: readonly AnyEventObject[]) {
  let text = '';
  for (const e of history) {
    if (e.type === 'accounts.fundPassword') text = (e['text'] as string).replace(/\D/g, '').slice(0, 6);
    if (
      e.type === 'accounts.keep' ||
      e.type.startsWith(`xstate.done.actor.${DELETE}`) ||
      e.type === DELETE_ERROR
    )
      text = '';
  }
  return text;
}
/** The refusal shown after the last delete that went out, if it was refused. */
function refusal(history: readonly AnyEventObject[]): string | RegExp | null {
  const wrongs = history.filter((e) => e.type === DELETE_ERROR && codeOf(e) === 30042).length;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const e = history[i]!;
    if (e.type === 'accounts.delete' || e.type === `xstate.done.actor.${DELETE}`) return null;
    if (e.type === DELETE_ERROR)
      return codeOf(e) === 30034
        ? TEXT.gone
        : wrongs >= MAX_TRIES
          ? TEXT.locked
          : TEXT.wrong(MAX_TRIES - wrongs);
  }
  return null;
}

const section = () => screen.getByRole('region', { name: new RegExp(`^${TEXT.kind}`) });
function listShown(seen: UiSeen) {
  const list = lastList(seen)!;
  const heading = within(section()).getByRole('heading', { level: 2 });
  expect(heading.textContent).toBe(`${TEXT.kind} ${TEXT.count(list.accounts.length)}`);
  // issue 10 §2: masked display, with a delete per account.
  for (const a of list.accounts) {
    expect(within(section()).getByText(a.masked)).toBeTruthy();
    expect(within(section()).getByRole('button', { name: TEXT.deleteLabel(a.masked) })).toBeTruthy();
  }
  for (const phone of ALIPAY) expect(document.body.textContent).not.toContain(phone);
  return list;
}
const dialog = () => screen.queryByRole('dialog', { name: TEXT.dialogTitle });

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
    expect(mine(seen, PAYOUT.accounts).map((c) => c.method)).toEqual(['GET']);
    // After a delete went through, the list is read again and says so.
    if (seen.event.type === `xstate.done.actor.${DELETE}`) {
      expect(screen.getByText(TEXT.deleted)).toBeTruthy();
      expect(section().getAttribute('aria-busy')).toBe('true');
    }
  },
  loadFailed: (seen) => {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen, PAYOUT.accounts).at(-1)!.status).toBe(0);
  },
  ready: (seen) => {
    const list = listShown(seen);
    for (const a of list.accounts)
      expect(screen.getByRole('button', { name: TEXT.deleteLabel(a.masked) })).toHaveProperty(
        'disabled',
        false,
      );
    expect(dialog()).toBeNull();
    expect(screen.queryByRole('form', { name: TEXT.passwordForm })).toBeNull();
    const shown = refusal(seen.history);
    const alerts = screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    if (shown === null) expect(alerts).toEqual([]);
    else expect(alerts).toEqual([expect.stringMatching(shown)]);
    // Below the limit, the page links to binding one more.
    expect(screen.getByRole('link', { name: TEXT.add }).getAttribute('href')).toBe('/mine/addAlipayCard');
  },
  confirming: (seen) => {
    listShown(seen);
    const m = lastTarget(seen)!;
    // issue 10 §2: delete with confirmation — the shell's dialog names the account.
    const d = dialog()!;
    expect(d).not.toBeNull();
    expect(within(d).getByText(TEXT.dialogText(m))).toBeTruthy();
    expect(within(d).getByRole('button', { name: TEXT.cancel })).toBeTruthy();
    expect(within(d).getByRole('button', { name: TEXT.confirm })).toBeTruthy();
    expect(mine(seen, PAYOUT.deleteAccount)).toEqual([]);
  },
  password: (seen) => {
    listShown(seen);
    expect(dialog()).toBeNull();
    // issue 10 §2: deleting asks for the fund password once it exists.
    const form = screen.getByRole('form', { name: TEXT.passwordForm });
    expect((within(form).getByLabelText(TEXT.fundPassword) as HTMLInputElement).value).toBe(
      typed(seen.history),
    );
    const alerts = within(form)
      .queryAllByRole('alert')
      .map((a) => a.textContent ?? '');
    const expected: Array<string | RegExp> = [];
    if (seen.event.type === 'accounts.submit') expected.push(TEXT.passwordProblem);
    const r = refusal(seen.history);
    if (r !== null) expected.push(r);
    expect(alerts).toEqual(expected.map((x) => expect.stringMatching(x)));
    if (seen.event.type === 'accounts.submit') expect(mine(seen, PAYOUT.deleteAccount)).toEqual([]);
  },
  deleting: (seen) => {
    expect(section().getAttribute('aria-busy')).toBe('true');
    const sent = mine(seen, PAYOUT.deleteAccount);
    expect(sent.map((c) => c.method)).toEqual(['POST']);
    // docs/api.md accounts/delete: { id } and the fund password once it is set, only then.
    expect(sent[0]!.body).toEqual(
      passwordSet ? { id: chosen.id, fundPassword: typed(seen.history.slice(0, -1)) } : { id: chosen.id },
    );
  },
};

// ── how each event happens ──

/** What the server holds for the path (set by the drivers; a new member each path). */
let passwordSet = false;
const chosen = { id: '', masked: '' };

/** The member holds exactly the two Alipay accounts, as every list answer of the graph has them. */
async function twoAccounts(backend: UiBackend) {
  const { accounts } = await accountsOfMember(backend);
  for (const phone of ALIPAY)
    if (!accounts.some((a) => a.masked === masked(phone)))
      await asMember(backend, CALL.addAccount, {
        kind: 'alipay',
        account: phone,
        ...(passwordSet ? { fundPassword: REAL_FUND_PASSWORD } : {}),
      });
}

const click = (step: UiStep, name: string, within_: HTMLElement | null = null) =>
  step.user.click((within_ ? within(within_) : screen).getByRole('button', { name }));
const afterLeave = (step: UiStep) => act(async () => void step.clock.increment(LEAVE_MS));
const stateOf = (step: UiStep) => (step.actor.getSnapshot() as AnyMachineSnapshot).value;

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [LOAD_DONE]: async (step) => {
    // The fund password set meanwhile (on another device: issue 10 §3 sets it at the first withdrawal).
    if ((step.event['output'] as { fundPasswordSet: boolean }).fundPasswordSet && !passwordSet) {
      await asMember(step.backend, CALL.fundSet, { password: REAL_FUND_PASSWORD });
      passwordSet = true;
    }
    await twoAccounts(step.backend);
    await step.backend.release(PAYOUT.accounts);
  },
  [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(PAYOUT.accounts),
  'accounts.retry': (step) => click(step, TEXT.retry),
  'accounts.delete': async (step) => {
    // The first account shown that the server still holds (after a 30034 the page still shows the one that went).
    const held = (await accountsOfMember(step.backend)).accounts.map((a) => a.id);
    const list = (step.actor.getSnapshot() as AnyMachineSnapshot).context.list as {
      accounts: Array<{ id: string; masked: string }>;
    };
    const pick = list.accounts.find((a) => held.includes(a.id)) ?? list.accounts[0]!;
    Object.assign(chosen, pick);
    const first = within(section()).getByRole('button', { name: TEXT.deleteLabel(pick.masked) });
    // spec §9: the same dialog opened again within 700 ms of its last opening is not opened twice, and the list
    // then stays on the list (a bug this test found, fixed: it waited in `confirming` for the dialog the host had
    // dropped, every button disabled; tests/unit/features/payout-delete-dialog.test.tsx and
    // tests/machines/payout/bugs-found.test.ts pin it). The model's 删除 opens the dialog, so the player here takes
    // the 700 ms a person takes.
    await act(async () => void step.clock.increment(DEDUP_MS));
    await step.user.click(first);
  },
  'accounts.keep': async (step) => {
    if (stateOf(step) === 'confirming') {
      await click(step, TEXT.cancel, dialog());
      await afterLeave(step);
    } else await click(step, TEXT.cancel, screen.getByRole('form', { name: TEXT.passwordForm }));
  },
  'accounts.confirm': async (step) => {
    await click(step, TEXT.confirm, dialog());
    await afterLeave(step);
  },
  'accounts.fundPassword': async ({ user, event }) => {
    const box = screen.getByLabelText(TEXT.fundPassword) as HTMLInputElement;
    if (box.value) await user.clear(box);
    await user.click(box);
    await user.paste(event['text'] as string);
  },
  'accounts.submit': (step) =>
    click(step, TEXT.confirm, screen.getByRole('form', { name: TEXT.passwordForm })),
  [`xstate.done.actor.${DELETE}`]: (step) => step.backend.release(PAYOUT.deleteAccount),
  [DELETE_ERROR]: async (step) => {
    // 30034: the account was deleted on another device meanwhile. 30042: the typed password is not the member's.
    if (codeOf(step.event) === 30034)
      await asMember(step.backend, '/fd/api/v1/payout/accounts/delete', { id: chosen.id });
    await step.backend.release(PAYOUT.deleteAccount);
  },
};

/**
 * What the page and the back end can produce (a graph filter). The graph's list answers are produced by the
 * server (the member holds two Alipay accounts at each read); its typed password is 123456 while the member's,
 * once set, is 246810 — so with the fund password set a delete is refused (30042, then 30043 after five), and
 * without it goes through. Also left out:
 * - a list read saying "no fund password" after one said it is set: it cannot be unset (no operator command);
 * - deleting an account not in the list (the page offers only the listed ones), and `accounts.reload` (sent by
 *   the area when a card is bound on the same page: the bank card page, not a list page — the payout area's UI
 *   test covers it);
 * - 30034 while the fund password is set: the other device would need the password, and five wrong tries lock it.
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const set =
    (snapshot.context as { list: { fundPasswordSet: boolean } | null }).list?.fundPasswordSet ?? false;
  if (event.type === LOAD_DONE)
    return (event['output'] as { fundPasswordSet: boolean }).fundPasswordSet || !set;
  if (event.type === 'accounts.delete') return event['id'] === 'a1';
  if (event.type === 'accounts.reload') return false;
  if (event.type === `xstate.done.actor.${DELETE}`) return !set;
  if (event.type === DELETE_ERROR) return codeOf(event) === 30042 ? set : !set;
  return true;
}

const [bankList] = accountsModel.graphs;
const onApp: MachineModel = {
  ...accountsModel,
  graphs: [
    bankList!,
    {
      ...bankList!,
      name: 'a member on the Alipay account list',
      input: { kind: 'alipay' },
      filterEvents: producible,
    },
  ],
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'accounts',
  actor: payoutChild('accounts'),
  boot: {
    'a member on the bank card list': {
      skip: 'the bank card page holds the list and the add form, whose reads of the accounts share one call: the back end cannot hold one and not the other — the Alipay list runs the same machine',
    },
    'a member on the Alipay account list': {
      path: PAGE,
      ...keptLoginOfNewMember({}, async (b) => {
        passwordSet = false;
        await twoAccounts(b);
      }),
    },
  },
  hold: [PAYOUT.accounts, PAYOUT.deleteAccount],
  drive,
  see,
});
