// The feedback page on the rendered app (issue 18 §2 on issue 13 §2, /mine/feedback): the member's feedback list
// read (or failing and retried), a type and a text, sending and sent (the list read again with it). Each path is
// a member of its own on the reference back end. The form graph (images, refusals) is the machine model's: its
// paths send more feedback than the server's rate limit lets one member (3 in 10 minutes, docs/mail.md), so only
// the list graph runs here; the browser test (tests/e2e/mail.test.ts) sends an image and reads the reply.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { feedbackModel } from '../machines/mail/feedback.model.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { callsTo, keptLoginOfNewMember, mine } from './payout-support.ts';

const PAGE = '/mine/feedback';
const LIST = /^\/site\/api\/v1\/mail\/feedback\/list$/;
const CREATE = /^\/site\/api\/v1\/mail\/feedback\/create$/;

/** zh-CN catalogue (src/i18n/zh-CN-mail.ts). */
const TEXT = {
  heading: '意见反馈',
  form: '意见反馈',
  mine: '我的反馈',
  type: '充值问题',
  text: '问题描述',
  submit: '提交反馈',
  sending: '提交中…',
  sent: '反馈已提交，客服回复后会通过站内信通知您',
  loadFailed: '加载失败，请检查网络后重试。',
  retry: '重试',
  none: '暂无反馈记录',
  waiting: '等待客服回复',
};

const sends = (seen: UiSeen) => callsTo(seen, CREATE).filter((c) => c.status === 200).length;

const see: Record<string, (seen: UiSeen) => void> = {
  'list.loading': (seen) => {
    expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
    // docs/mail.md: 10 a page on the feedback page.
    const call = mine(seen, LIST).at(-1) ?? callsTo(seen, LIST).at(-1)!;
    expect((call.body as { size: number }).size).toBe(10);
  },
  'list.failed': (seen) => {
    const region = screen.getByRole('region', { name: TEXT.mine });
    expect(within(region).getByRole('alert').textContent).toContain(TEXT.loadFailed);
    expect(callsTo(seen, LIST).at(-1)!.status).toBe(0);
  },
  'list.ready': (seen) => {
    const region = screen.getByRole('region', { name: TEXT.mine });
    // issue 13 §2: the member's feedback list, each waiting for the operator's reply.
    const n = sends(seen);
    if (n === 0) expect(within(region).getByText(TEXT.none)).toBeTruthy();
    else expect(within(region).getAllByText(TEXT.waiting).length).toBeGreaterThanOrEqual(1);
  },
  'form.editing': (seen) => {
    const form = screen.getByRole('form', { name: TEXT.form });
    expect(within(form).getByRole('button', { name: TEXT.submit })).toHaveProperty('disabled', false);
    if (seen.event.type === 'xstate.done.actor.feedback.send') {
      expect(within(form).getByRole('status').textContent).toBe(TEXT.sent);
      // The form empties once sent.
      expect((within(form).getByLabelText(TEXT.text) as HTMLTextAreaElement).value).toBe('');
    }
  },
  'form.sending': (seen) => {
    const form = screen.getByRole('form', { name: TEXT.form });
    expect(within(form).getByRole('button', { name: TEXT.sending })).toHaveProperty('disabled', true);
    const body = callsTo(seen, CREATE).at(-1)!.body as { type: string; text: string; images: string[] };
    expect(body).toEqual({ type: 'deposit', text: '充值没有到账', images: [] });
  },
};

const click = (step: UiStep, name: string) => step.user.click(screen.getByRole('button', { name }));

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  'xstate.done.actor.feedback.load': (step) => step.backend.release(LIST),
  'xstate.error.actor.feedback.load': (step) => step.backend.fail(LIST),
  'feedback.retry': (step) => click(step, TEXT.retry),
  'feedback.type': (step) => step.user.click(screen.getByRole('radio', { name: TEXT.type })),
  'feedback.text': async (step) => {
    const area = screen.getByLabelText(TEXT.text);
    await step.user.clear(area);
    await step.user.type(area, step.event['value'] as string);
  },
  'feedback.submit': (step) => click(step, TEXT.submit),
  'xstate.done.actor.feedback.send': (step) => step.backend.release(CREATE),
};

describeUiModel(feedbackModel, {
  systemId: 'mail',
  actor: (get) =>
    (get('mail')?.getSnapshot() as { children?: Record<string, never> } | undefined)?.children?.['feedback'],
  boot: {
    'a member filling the form on /mine/feedback': {
      skip: 'its paths send more feedback than one member may (3 in 10 minutes); the machine model carries them',
    },
    'a member with 15 feedback reading the list': {
      path: PAGE,
      ...keptLoginOfNewMember({ verified: false }),
    },
  },
  hold: [LIST, CREATE],
  // A send takes four events (type, text, submit, the answer): 8 events after a path's first new edge keep a path
  // at three sends at most, the rate limit of one member (docs/mail.md).
  maxWalk: 8,
  exclude: (event, snapshot) => {
    if (event.type === 'feedback.pushed') return 'the feedback push needs the live socket';
    if (event.type === 'feedback.page')
      return "a member's feedback fits one page here (the rate limit: 3 a path)";
    if (
      event.type === 'feedback.type' &&
      (snapshot.context as { form: { type: unknown } }).form.type !== null
    )
      return 'the type is chosen already';
    return null;
  },
  drive,
  see,
});
