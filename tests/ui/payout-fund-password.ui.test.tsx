// The fund password's generated paths on the rendered app (issue 18 §2 on issue 10 §3: six digits, separate from the
// login password, set (entered twice) at the first withdrawal — its panel is on /mine/finance/withdrawal — changed
// with the SMS code sent to the member's own phone, and locked after five wrong tries, said plainly with the time;
// the change lifts the lock).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CHANGE, fundPasswordModel, LOAD, SET } from '../machines/payout/fund-password.model.ts';
import type { MachineModel, ModelOptions } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import type { AuthResponse } from '../../src/protocol/member.ts';
import { readSmsCode } from './accounts.ts';
import {
  accountsOfMember,
  asMember,
  asMemberAnswer,
  CALL,
  callsTo,
  freshCardNumber,
  keptLoginOfNewMember,
  member,
  mine,
  PAYOUT,
  payoutChild,
  registerMember,
  trustForwardedFor,
} from './payout-support.ts';

trustForwardedFor();

const PAGE = '/mine/finance/withdrawal';
/** The member's fund password when another device set it (the page's typed ones are the graph's). */
const OTHER_PASSWORD = '246810';
/** issue 10 §3: five wrong tries lock it (docs/payout.md: for 30 minutes). */
const MAX_TRIES = 5;
/** docs/api.md sms/send: another code for the same phone after 60 s. */
const RESEND_MS = 60_000;

/** zh-CN catalogue (payout.fund) and the server's messages (docs/api.md, docs/payout.md). */
const TEXT = {
  setTitle: '设置资金密码',
  setIntro: '首次提现前请设置 6 位数字资金密码。资金密码与登录密码不同，用于提现和绑定收款账户。',
  changeTitle: '修改资金密码',
  password: '资金密码',
  newPassword: '新资金密码',
  confirm: '确认资金密码',
  smsCode: '短信验证码',
  sendCode: '获取验证码',
  change: '修改资金密码',
  cancel: '取消',
  save: '保存',
  saving: '保存中…',
  saved: '资金密码已保存',
  isSet: '资金密码已设置',
  locked: /^资金密码输错 5 次，提现已锁定，请于 .+ 后再试，或联系客服。$/,
  unlockByChange: '通过短信验证码修改资金密码后即可解除锁定。',
  loadFailed: '读取失败，请检查网络后重试。',
  retry: '重试',
  problems: {
    format: '资金密码须为 6 位数字',
    mismatch: '两次输入的资金密码不一致',
    smsCode: '请输入短信验证码',
  },
  /** 30044, 10409 (docs/payout.md, docs/api.md). */
  alreadySet: '资金密码已设置，如需修改请通过短信验证码修改',
  wrongCode: '验证码错误',
};

const LOAD_DONE = `xstate.done.actor.${LOAD}`;
const SET_ERROR = `xstate.error.actor.${SET}`;
const CHANGE_DONE = `xstate.done.actor.${CHANGE}`;
const CHANGE_ERROR = `xstate.error.actor.${CHANGE}`;

// ── what the player typed and what the page keeps (independent of the machine) ──

/** What a field keeps of what was typed: digits, six at most (the code: digits, eight at most). */
const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
/** The fields since the form was last emptied (saved, cancelled, a new change, a failed set). */
function fields(history: readonly AnyEventObject[]) {
  let password = '';
  let confirm = '';
  let sms = '';
  for (const e of history) {
    if (e.type === 'fund.password') password = digits(e['text'] as string, 6);
    else if (e.type === 'fund.confirm') confirm = digits(e['text'] as string, 6);
    else if (e.type === 'fund.smsCode') sms = typedCode ?? digits(e['text'] as string, 8);
    else if (
      e.type === 'fund.change' ||
      e.type === 'fund.cancel' ||
      e.type === `xstate.done.actor.${SET}` ||
      e.type === SET_ERROR ||
      e.type === CHANGE_DONE
    ) {
      password = '';
      confirm = '';
      sms = '';
    } else if (e.type === CHANGE_ERROR) sms = '';
  }
  return { password, confirm, sms };
}
/** issue 10 §3: six digits, entered twice the same; changing also needs the SMS code (4–8 digits). */
function problemOf(history: readonly AnyEventObject[], withSms: boolean): keyof typeof TEXT.problems | null {
  const f = fields(history);
  if (withSms && !/^\d{4,8}$/.test(f.sms)) return 'smsCode';
  if (!/^\d{6}$/.test(f.password)) return 'format';
  if (f.password !== f.confirm) return 'mismatch';
  return null;
}
/**
 * The refusal the form shows: the last one, until the next save or a new change (a change opens on a clean form,
 * from the lock as from the set password: issue 10 §3).
 * (A bug this test found, fixed: a change started from the lock screen kept the refusal of an earlier attempt, so
 * the form opened with "验证码错误" before the player typed anything; tests/machines/payout/bugs-found.test.ts
 * pins it.)
 */
function refusal(history: readonly AnyEventObject[]): string | null {
  let r: string | null = null;
  for (const e of history) {
    if (e.type === SET_ERROR) r = TEXT.alreadySet;
    if (e.type === CHANGE_ERROR) r = TEXT.wrongCode;
    if (e.type === `xstate.done.actor.${SET}` || e.type === CHANGE_DONE || e.type === 'fund.change') r = null;
  }
  return r;
}

const panel = () =>
  screen.getByRole('form', { name: new RegExp(`^(${TEXT.setTitle}|${TEXT.changeTitle})$`) });
const valueOf = (label: string) => (within(panel()).getByLabelText(label) as HTMLInputElement).value;

function formShown(seen: UiSeen, changing: boolean) {
  const form = panel();
  expect(
    within(form).getByRole('heading', { name: changing ? TEXT.changeTitle : TEXT.setTitle }),
  ).toBeTruthy();
  if (!changing) expect(within(form).getByText(TEXT.setIntro)).toBeTruthy();
  const f = fields(seen.history);
  expect(valueOf(changing ? TEXT.newPassword : TEXT.password)).toBe(f.password);
  expect(valueOf(TEXT.confirm)).toBe(f.confirm);
  if (changing) expect(valueOf(TEXT.smsCode)).toBe(f.sms);
  else expect(within(form).queryByLabelText(TEXT.smsCode)).toBeNull();
  const expected: string[] = [];
  if (seen.event.type === 'fund.submit') {
    const p = problemOf(seen.history.slice(0, -1), changing);
    expect(p).not.toBeNull();
    expected.push(TEXT.problems[p!]);
    // A form the browser refuses sends nothing.
    expect(mine(seen, changing ? PAYOUT.fundChange : PAYOUT.fundSet)).toEqual([]);
  }
  const r = refusal(seen.history);
  if (r) expected.push(r);
  expect(
    within(form)
      .queryAllByRole('alert')
      .map((a) => a.textContent ?? '')
      .sort(),
  ).toEqual(expected.sort());
  expect(within(form).getByRole('button', { name: TEXT.save })).toHaveProperty('disabled', false);
  expect(within(form).queryByRole('button', { name: TEXT.cancel }) !== null).toBe(changing);
}

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    expect(screen.queryByRole('form', { name: TEXT.setTitle })).toBeNull();
    const read = mine(seen, PAYOUT.fundStatus).map((c) => c.method);
    if (seen.index === 0) expect(new Set(read)).toEqual(new Set(['GET']));
    else expect(read).toEqual(['GET']);
  },
  loadFailed: (seen) => {
    const retry = screen.getByRole('button', { name: TEXT.retry });
    expect(retry.closest('[role="alert"]')!.textContent).toContain(TEXT.loadFailed);
    expect(callsTo(seen, PAYOUT.fundStatus).at(-1)!.status).toBe(0);
  },
  locked: () => {
    // issue 10 §3: locked for a time, said plainly; changing it with the SMS code lifts the lock.
    const alert = screen.getByText(TEXT.locked);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByText(TEXT.unlockByChange)).toBeTruthy();
    expect(screen.getByRole('button', { name: TEXT.change })).toBeTruthy();
  },
  unset: (seen) => formShown(seen, false),
  changing: (seen) => formShown(seen, true),
  setting: (seen) => {
    expect(within(panel()).getByRole('button', { name: TEXT.saving })).toHaveProperty('disabled', true);
    // docs/api.md fundPassword/set: { password: 6 digits }.
    expect(mine(seen, PAYOUT.fundSet).map((c) => c.body)).toEqual([
      { password: fields(seen.history).password },
    ]);
  },
  submittingChange: (seen) => {
    expect(within(panel()).getByRole('button', { name: TEXT.saving })).toHaveProperty('disabled', true);
    const f = fields(seen.history);
    // docs/api.md fundPassword/change: { smsCode, password }.
    expect(mine(seen, PAYOUT.fundChange).map((c) => c.body)).toEqual([
      { smsCode: f.sms, password: f.password },
    ]);
  },
  set: (seen) => {
    const section = screen.getByRole('heading', { name: TEXT.isSet }).closest('section')!;
    const saved = seen.event.type === `xstate.done.actor.${SET}` || seen.event.type === CHANGE_DONE;
    expect(within(section).queryByText(TEXT.saved) !== null).toBe(saved);
    expect(within(section).getByRole('button', { name: TEXT.change })).toBeTruthy();
    // The typed digits are not kept on the page.
    expect(screen.queryByLabelText(TEXT.password)).toBeNull();
    // issue 10 §3: setting it at the first withdrawal lets the withdrawal go on: the flow reads its options again.
    if (saved) expect(mine(seen, PAYOUT.options).map((c) => c.method)).toEqual(['GET']);
  },
};

// ── the server as the graph's answers say, and how each event happens ──

type Status = 'unset' | 'set' | 'locked';
const path = {
  status: 'unset' as Status,
  codeRight: false,
  code: null as string | null,
  registeredAt: 0,
  /** The member's registration code (the next one the page asks for differs). */
  registerCode: '',
};
/** The code the driver typed (the real one in the graph where the code is right), for the oracles. */
let typedCode: string | null = null;

async function setElsewhere(b: UiBackend) {
  await asMember(b, CALL.fundSet, { password: OTHER_PASSWORD });
  path.status = 'set';
}
/** Five wrong tries on another device (binding an account with a wrong fund password). */
async function lockElsewhere(b: UiBackend) {
  if (path.status === 'unset') await setElsewhere(b);
  for (let i = 0; i < MAX_TRIES; i += 1)
    await asMemberAnswer(b, CALL.addAccount, {
      kind: 'alipay',
      account: '13800000009',
      fundPassword: '000000',
    });
  path.status = 'locked';
}
const statusOf = (event: AnyEventObject): Status => {
  const s = event['output'] as { set: boolean; lockedUntil: number | null };
  return s.lockedUntil !== null ? 'locked' : s.set ? 'set' : 'unset';
};

const clickIn = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name });
async function typeInto(step: UiStep, label: string, text: string) {
  const box = within(panel()).getByLabelText(label) as HTMLInputElement;
  if (box.value) await step.user.clear(box);
  await step.user.click(box);
  await step.user.paste(text);
}
const changing = (step: UiStep) =>
  ['changing', 'submittingChange'].includes(String((step.actor.getSnapshot() as AnyMachineSnapshot).value));

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [LOAD_DONE]: async (step) => {
    const want = statusOf(step.event);
    if (want === 'set' && path.status === 'unset') await setElsewhere(step.backend);
    if (want === 'locked' && path.status !== 'locked') await lockElsewhere(step.backend);
    await step.backend.release(PAYOUT.fundStatus);
  },
  [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(PAYOUT.fundStatus),
  'fund.reload': (step) => step.user.click(screen.getByRole('button', { name: TEXT.retry })),
  'fund.password': (step) =>
    typeInto(step, changing(step) ? TEXT.newPassword : TEXT.password, step.event['text'] as string),
  'fund.confirm': (step) => typeInto(step, TEXT.confirm, step.event['text'] as string),
  'fund.smsCode': async (step) => {
    if (!path.codeRight) return typeInto(step, TEXT.smsCode, step.event['text'] as string);
    // The code the player received: asked for once with the panel's 获取验证码 (docs/api.md: one a minute per phone;
    // the member's registration used the last), read as the sandbox shows it. (This test found the panel sending
    // the stored form '(86)…', refused 10003: fixed in 8e9ff49, pinned by tests/unit/features/payout-fund-sms.test.tsx.)
    if (path.code === null) {
      const wait = path.registeredAt + RESEND_MS + 1_000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await step.user.click(clickIn(panel(), TEXT.sendCode));
      await expect
        .poll(() => step.backend.calls.find((c) => /\/user\/sms\/send$/.test(c.url) && c.status === 200), {
          timeout: 10_000,
        })
        .toBeTruthy();
      const sent = step.backend.calls.filter((c) => /\/user\/sms\/send$/.test(c.url));
      // docs/api.md sms/send: to the member's own phone, as digits, for the fund password.
      expect(sent.map((c) => [c.body, (c.answer as { status_code: number }).status_code])).toEqual([
        [{ countryCode: '86', phone: member.phone, purpose: 'fundPassword' }, 6000],
      ]);
      path.code = await readSmsCode(step.backend, member.phone);
      expect(path.code).not.toBe(path.registerCode);
    }
    typedCode = path.code;
    await typeInto(step, TEXT.smsCode, path.code);
  },
  'fund.submit': (step) => step.user.click(clickIn(panel(), TEXT.save)),
  [`xstate.done.actor.${SET}`]: async (step) => {
    await step.backend.release(PAYOUT.fundSet);
    path.status = 'set';
  },
  // 30044: set on another device meanwhile.
  [SET_ERROR]: async (step) => {
    await setElsewhere(step.backend);
    await step.backend.release(PAYOUT.fundSet);
  },
  'fund.change': (step) => step.user.click(screen.getByRole('button', { name: TEXT.change })),
  'fund.cancel': (step) => step.user.click(clickIn(panel(), TEXT.cancel)),
  [CHANGE_DONE]: async (step) => {
    await step.backend.release(PAYOUT.fundChange);
    path.status = 'set';
  },
  // 10409: the graph's typed code is no code the member was sent.
  [CHANGE_ERROR]: (step) => step.backend.release(PAYOUT.fundChange),
};

// ── the graphs on the app ──

type Ctx = {
  status: { set: boolean; lockedUntil: number | null } | null;
  refusal: { code: unknown } | null;
  saved: boolean;
};
const ctxStatus = (c: Ctx): Status | null =>
  c.status === null ? null : c.status.lockedUntil !== null ? 'locked' : c.status.set ? 'set' : 'unset';

/**
 * What the page and the back end can produce in every graph (a filter): the status only as the server can answer
 * it next — not set only before it was set (nothing unsets it; after a 30044 it is set); after a lock (30 minutes)
 * only locked again, until a change with the SMS code lifts it — and `fund.reload` only from the load failure's 重试
 * (the lock's panel offers the change, not a reload).
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as Ctx;
  if (event.type === LOAD_DONE) {
    const now = ctxStatus(ctx);
    const next = statusOf(event);
    if (next === 'unset') return (now === null || now === 'unset') && ctx.refusal?.code !== 30044;
    if (now === 'locked') return next === 'locked';
    return true;
  }
  if (event.type === 'fund.reload') return snapshot.value === 'loadFailed';
  return true;
}

/**
 * In the change graphs only the right digits are typed into the two password boxes: the wrong ones (format,
 * mismatch) are the set form's graph's, and the same field component shows them; with them the change graphs hold
 * 1,370 edges instead of 429.
 */
const plainTyping = (e: AnyEventObject) =>
  !(['fund.password', 'fund.confirm'].includes(e.type) && e['text'] !== '123456');
const [base] = fundPasswordModel.graphs as ModelOptions[];
const SETTING = 'a member setting the fund password, and the status read';
const REFUSED = 'a member changing it with a code that was never sent';
const ACCEPTED = 'a member changing it with the code received';
const graph = (name: string, keep: (s: AnyMachineSnapshot, e: AnyEventObject) => boolean): ModelOptions => ({
  ...base!,
  name,
  filterEvents: (s, e) => producible(s, e) && keep(s, e),
});

const onApp: MachineModel = {
  ...fundPasswordModel,
  graphs: [
    base!,
    // No change: the set form, the status, the lock.
    graph(SETTING, (_, e) => !['fund.change', 'fund.cancel', 'fund.smsCode'].includes(e.type)),
    // The typed code (the graph's 8888) was never sent: every change is refused (10409); nothing is set here.
    graph(
      REFUSED,
      (_, e) =>
        e.type !== CHANGE_DONE && !(e.type === LOAD_DONE && statusOf(e) === 'unset') && plainTyping(e),
    ),
    // The real code, one per path (one code a minute per phone): no 10409, and no second change after a save.
    graph(
      ACCEPTED,
      (s, e) =>
        e.type !== CHANGE_ERROR &&
        !(e.type === 'fund.change' && (s.context as Ctx).saved) &&
        !(e.type === LOAD_DONE && statusOf(e) === 'unset') &&
        plainTyping(e),
    ),
  ],
} as MachineModel;

/**
 * The members of the graph where the code is right, registered together the first time one is needed: each path
 * then waits only for what is left of its member's minute since registering (one code a minute per phone).
 */
const pool: Array<{ phone: string; auth: AuthResponse; at: number }> = [];
async function pooled(b: UiBackend) {
  if (pool.length === 0)
    for (let i = 0; i < ACCEPTED_POOL; i += 1) pool.push({ ...(await registerMember(b)), at: Date.now() });
  const next = pool.shift()!;
  registeredAt = next.at;
  return next;
}
/** The change graph's paths at maxWalk 100 (tests/ui/payout-fund-password: 6). */
const ACCEPTED_POOL = 6;
let registeredAt = 0;

/** Each path: a new member, verified, with a bank card (the withdrawal page shows the panel then). */
const boot = (codeRight: boolean) =>
  keptLoginOfNewMember(codeRight ? { registered: pooled } : {}, async (b) => {
    Object.assign(path, {
      status: 'unset',
      codeRight,
      code: null,
      registeredAt: codeRight ? registeredAt : Date.now(),
    });
    path.registerCode = await readSmsCode(b, member.phone);
    typedCode = null;
    await asMember(b, CALL.addAccount, {
      kind: 'bank',
      account: freshCardNumber(),
      bankCode: 'ICBC',
      province: '广东省',
      city: '深圳市',
    });
    expect((await accountsOfMember(b)).accounts).toHaveLength(1);
  });

describeUiModel(onApp, {
  systemId: 'fundPassword',
  actor: payoutChild('fundPassword'),
  boot: {
    [base!.name]: {
      skip: 'run as its three parts below: one fund password per member, one SMS code a minute per phone',
    },
    [SETTING]: { path: PAGE, ...boot(false) },
    [REFUSED]: { path: PAGE, ...boot(false) },
    [ACCEPTED]: { path: PAGE, ...boot(true) },
  },
  hold: [PAYOUT.fundStatus, PAYOUT.fundSet, PAYOUT.fundChange],
  drive,
  see,
  // Fewer, longer paths (each path is a member of its own, one sandbox code each): 32 paths, ~1,000 steps.
  maxWalk: 100,
});
