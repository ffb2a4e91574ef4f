// Real-name verification's generated paths on the rendered app (issue 18 §2 on issue 10 §1:
// /mine/userInfo/authentication — the status read; a verified player sees the name and the masked ID read-only;
// otherwise the form: a real name and an 18-digit ID number checked in the browser → submitting → verified, or the
// server's refusal on the form, which keeps what was typed).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { kycModel, LOAD, SUBMIT } from '../machines/payout/kyc.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { DEMO_PLAYER_PHONE, OtherDevice } from './accounts.ts';
import {
  asThePlayer,
  CALL,
  callsTo,
  ID_MASKED,
  ID_NUMBER,
  mine,
  otherMember,
  PAYOUT,
  payoutChild,
  REAL_NAME,
  resetKyc,
} from './payout-support.ts';
import { keptLogin } from './wallet-support.ts';

const PAGE = '/mine/userInfo/authentication';

/** zh-CN catalogue (src/i18n/zh-CN.ts payout.kyc) and the server's messages (server/modules/payout/messages.ts). */
const TEXT = {
  heading: '实名认证',
  realName: '真实姓名',
  idNumber: '身份证号码',
  submit: '提交认证',
  submitting: '认证中…',
  verifiedTitle: '已完成实名认证',
  verifiedText: '实名信息已锁定，如需更正请联系客服。',
  toBindCard: '绑定银行卡',
  loadFailed: '读取失败，请检查网络后重试。',
  retry: '重试',
  noAnswer: '网络异常，请稍后重试。',
  /** 30025 (docs/api.md): the ID number is verified on another account. */
  taken: '该身份证号码已在其他账号完成实名认证',
  problems: {
    nameRequired: '请输入真实姓名',
    nameFormat: '姓名只能是 2–20 个汉字，外籍姓名用「·」分隔',
    idRequired: '请输入身份证号码',
    idFormat: '身份证号码应为 18 位（最后一位可为 X）',
  },
};

// ── the form as the player left it, from issue 10 §1 (independent of the machine) ──

/** What each field shows of what was typed (issue 10 §1: Chinese names; ID digits and a final X, upper-cased). */
const SHOWN: Record<string, string> = {
  张三: '张三',
  'Zhang San': 'Zhang San',
  '11010519491231002x': ID_NUMBER,
  '1101-05': '110105',
};
const LOAD_DONE = `xstate.done.actor.${LOAD}`;
const SUBMIT_ERROR = `xstate.error.actor.${SUBMIT}`;

interface Form {
  name: string;
  id: string;
  nameError: string | null;
  idError: string | null;
  /** The alert of the last refusal since the last submit that went out. */
  refusal: string | null;
}
/** Why the browser keeps a form (issue 10 §1: a Chinese name; an 18-character ID number). */
const nameProblem = (name: string) =>
  name === '' ? TEXT.problems.nameRequired : name === REAL_NAME ? null : TEXT.problems.nameFormat;
const idProblem = (id: string) =>
  id === '' ? TEXT.problems.idRequired : id.length === 18 ? null : TEXT.problems.idFormat;

function form(history: readonly AnyEventObject[]): Form {
  const f: Form = { name: '', id: '', nameError: null, idError: null, refusal: null };
  for (const e of history) {
    if (e.type === 'kyc.name') {
      f.name = SHOWN[e['text'] as string]!;
      f.nameError = null;
    } else if (e.type === 'kyc.id') {
      f.id = SHOWN[e['text'] as string]!;
      f.idError = null;
    } else if (e.type === 'kyc.submit') {
      f.nameError = nameProblem(f.name);
      f.idError = idProblem(f.id);
      if (!f.nameError && !f.idError) f.refusal = null;
    } else if (e.type === SUBMIT_ERROR) {
      const business = (e['error'] as { type: string }).type === 'business';
      f.refusal = business ? TEXT.taken : TEXT.noAnswer;
    }
  }
  return f;
}

const heading = () => expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    heading();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: TEXT.realName })).toBeNull();
    // The status is read (GET), once per entry or retry.
    expect(mine(seen, PAYOUT.kycStatus).map((c) => c.method)).toEqual(['GET']);
  },
  loadFailed: (seen) => {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: TEXT.realName })).toBeNull();
    expect(callsTo(seen, PAYOUT.kycStatus).at(-1)!.status).toBe(0);
  },
  form: (seen) => {
    heading();
    const f = form(seen.history);
    // The form keeps what was typed, also after a refusal (issue 10 §1).
    expect(box(TEXT.realName).value).toBe(f.name);
    expect(box(TEXT.idNumber).value).toBe(f.id);
    expect(box(TEXT.realName).disabled).toBe(false);
    const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
    const expected = [f.nameError, f.idError, f.refusal].filter((x): x is string => x !== null);
    expect(alerts.sort()).toEqual(expected.sort());
    expect(box(TEXT.realName).getAttribute('aria-invalid')).toBe(f.nameError ? 'true' : null);
    expect(box(TEXT.idNumber).getAttribute('aria-invalid')).toBe(f.idError ? 'true' : null);
    // A form the browser refuses sends nothing.
    if (seen.event.type === 'kyc.submit') expect(mine(seen, PAYOUT.kycVerify)).toEqual([]);
    expect(screen.getByRole('button', { name: TEXT.submit })).toHaveProperty('disabled', false);
    expect(screen.queryByText(TEXT.verifiedTitle)).toBeNull();
  },
  submitting: (seen) => {
    const button = screen.getByRole('button', { name: TEXT.submitting });
    expect(button).toHaveProperty('disabled', true);
    expect(box(TEXT.realName).disabled).toBe(true);
    expect(box(TEXT.idNumber).disabled).toBe(true);
    // docs/api.md kyc/verify: { realName, idNumber } as typed, trimmed.
    expect(mine(seen, PAYOUT.kycVerify).map((c) => [c.method, c.body])).toEqual([
      ['POST', { realName: REAL_NAME, idNumber: ID_NUMBER }],
    ]);
  },
  verified: () => {
    heading();
    const status = screen.getByRole('status', { name: TEXT.verifiedTitle });
    // issue 10 §1: the name and the ID number masked, read-only; it cannot be changed (no form).
    expect(within(status).getByText(REAL_NAME)).toBeTruthy();
    expect(within(status).getByText(ID_MASKED)).toBeTruthy();
    expect(within(status).getByText(TEXT.verifiedText)).toBeTruthy();
    expect(within(status).getByText(/^认证时间：/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    // The ID number cannot be read back in full anywhere on the page.
    expect(document.body.textContent).not.toContain(ID_NUMBER);
    expect(within(status).getByRole('link', { name: TEXT.toBindCard }).getAttribute('href')).toBe(
      '/mine/addBankCard',
    );
  },
};

// ── how each event happens ──

/** Another account verifies the ID number first (30025 for the page's submit), and lets it go after. */
async function takenByAnother(backend: UiBackend, then: () => Promise<void>) {
  const other = await otherMember(backend);
  const answer = await new OtherDevice(backend).call(
    CALL.kycVerify,
    { realName: REAL_NAME, idNumber: ID_NUMBER },
    other.token,
  );
  expect(answer.status_code).toBe(6000);
  await then();
  await resetKyc(backend, other.phone);
}

async function typeInto(step: UiStep, name: string) {
  const input = box(name);
  if (input.value) await step.user.clear(input);
  await step.user.click(input);
  await step.user.paste(step.event['text'] as string);
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [LOAD_DONE]: async (step) => {
    // Verified on another device of the same player meanwhile (issue 10 §1: the status is the server's).
    if ((step.event['output'] as { verified: boolean }).verified)
      await asThePlayer(step.backend, CALL.kycVerify, { realName: REAL_NAME, idNumber: ID_NUMBER });
    await step.backend.release(PAYOUT.kycStatus);
  },
  [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(PAYOUT.kycStatus),
  'kyc.retry': (step) => step.user.click(screen.getByRole('button', { name: TEXT.retry })),
  'kyc.name': (step) => typeInto(step, TEXT.realName),
  'kyc.id': (step) => typeInto(step, TEXT.idNumber),
  'kyc.submit': (step) => step.user.click(screen.getByRole('button', { name: TEXT.submit })),
  [`xstate.done.actor.${SUBMIT}`]: (step) => step.backend.release(PAYOUT.kycVerify),
  // The graph's coded refusal (30024 under 18) cannot come for the graph's adult ID number: on the app the
  // coded refusal is 30025 (the number verified on another account), what the page does with any code.
  [SUBMIT_ERROR]: (step) =>
    (step.event['error'] as { type: string }).type === 'business'
      ? takenByAnother(step.backend, () => step.backend.release(PAYOUT.kycVerify))
      : step.backend.fail(PAYOUT.kycVerify),
};

describeUiModel(kycModel, {
  systemId: 'kyc',
  actor: payoutChild('kyc'),
  boot: {
    'a member on the verification page': {
      path: PAGE,
      ...keptLogin((b) => resetKyc(b, DEMO_PLAYER_PHONE)),
    },
  },
  hold: [PAYOUT.kycStatus, PAYOUT.kycVerify],
  drive,
  see,
});
