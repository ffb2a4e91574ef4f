// The mail list on the rendered app (issue 18 §2 on issue 13 §2, /mine/mail: site messages with read / unread,
// delete, mark all read). Each path is a member of its own on the reference back end with 30 messages (two pages
// at 20 a page, docs/mail.md, after the path's deletes); what the graph's answers say is made true there first (a message deleted by the
// member's other device for 31081; a new message when the graph's list has one unread and the server none), then
// the held call answers. The mail push needs the live socket, which the UI model keeps off: the machine model and
// the browser test (tests/e2e/mail.test.ts) carry it.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MAIL_PATH } from '../../src/protocol/mail.ts';
import { mailboxModel } from '../machines/mail/mailbox.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { asMember, callsTo, keptLoginOfNewMember, member, mine } from './payout-support.ts';

const PAGE = '/mine/mail';
const LIST = /^\/site\/api\/v1\/mail\/list$/;
const READ = /^\/site\/api\/v1\/mail\/read$/;
const DELETE = /^\/site\/api\/v1\/mail\/delete$/;
const READ_ALL = /^\/site\/api\/v1\/mail\/readAll$/;
const MESSAGES = 30;

/** zh-CN catalogue (src/i18n/zh-CN-mail.ts) and the server's message for 31081 (server/modules/mail/messages.ts). */
const TEXT = {
  heading: '站内信',
  list: '消息列表',
  unread: (n: number) => (n > 0 ? `${n} 封未读` : '全部已读'),
  readAll: '全部标为已读',
  back: '返回列表',
  loadFailed: '加载失败，请检查网络后重试。',
  retry: '重试',
  gone: '该消息已不存在，列表已刷新',
  noAnswer: '网络异常，请稍后再试',
  dismiss: '知道了',
  next: '下一页',
};

/** The last answer the server gave to a call of these paths (what the page must show). */
function lastAnswer(seen: UiSeen, ...paths: RegExp[]) {
  return seen.backend.calls
    .filter((c) => c.status === 200 && c.answered && paths.some((p) => p.test(c.url)))
    .sort((a, b) => a.answered! - b.answered!)
    .at(-1)?.answer as { status_code: number; data: any } | undefined;
}

const listRegion = () => screen.getByRole('region', { name: TEXT.list });
const items = () => within(listRegion()).queryAllByRole('listitem');

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
    // issue 13 §2 paged list: 20 a page (docs/mail.md), the page asked for.
    const call = mine(seen, LIST).at(-1) ?? callsTo(seen, LIST).at(-1)!;
    expect((call.body as { size: number }).size).toBe(20);
  },
  loadFailed: (seen) => {
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes(TEXT.loadFailed))!;
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen, LIST).at(-1)!.status).toBe(0);
  },
  ready: (seen) => {
    const opened = screen.queryByRole('article');
    if (opened) {
      // The message read: its whole body, as the server answered it.
      const read = lastAnswer(seen, READ)!.data;
      expect(opened.textContent).toContain(read.mail.body);
      return;
    }
    const list = lastAnswer(seen, LIST)!.data as {
      items: Array<{ title: string; read: boolean }>;
      unread: number;
    };
    // Read / unread as the server says, and the count the last answer gave (a read's, a delete's, mark-all's or
    // the list's, whichever came last).
    const rows = items();
    expect(rows.length).toBe(list.items.length);
    const latest = lastAnswer(seen, LIST, READ, DELETE, READ_ALL)!.data as { unread: number };
    expect(within(listRegion()).getByRole('status').textContent).toBe(TEXT.unread(latest.unread));
    expect(within(listRegion()).getByRole('button', { name: TEXT.readAll })).toHaveProperty(
      'disabled',
      latest.unread === 0,
    );
    const last = seen.history.at(-1);
    if (
      last?.type === 'xstate.error.actor.mail.read' ||
      last?.type === 'xstate.error.actor.mail.readAll' ||
      last?.type === 'xstate.error.actor.mail.remove'
    ) {
      if ((last['error'] as { type: string }).type !== 'business')
        expect(screen.getByRole('alert').textContent).toContain(TEXT.noAnswer);
    }
  },
  opening: (seen) => {
    expect(mine(seen, READ).map((c) => c.method)).toEqual(['POST']);
    for (const b of within(listRegion()).getAllByRole('button', { name: /删除消息/ }))
      expect(b).toHaveProperty('disabled', true);
  },
  deleting: (seen) => expect(callsTo(seen, DELETE).at(-1)!.method).toBe('POST'),
  markingAll: (seen) => {
    expect(mine(seen, READ_ALL).map((c) => c.method)).toEqual(['POST']);
    expect(within(listRegion()).getByRole('button', { name: TEXT.readAll })).toHaveProperty('disabled', true);
  },
};

/** The id the held call names (read or delete). */
const heldId = (backend: UiBackend, path: RegExp) =>
  (backend.calls.filter((c) => path.test(c.url)).at(-1)!.body as { id: number }).id;

async function goneFirst(step: UiStep, path: RegExp) {
  // 31081: the member's other device deleted it meanwhile.
  await asMember(step.backend, MAIL_PATH.delete, { id: heldId(step.backend, path) });
}

const click = (step: UiStep, el: HTMLElement) => step.user.click(el);

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  'xstate.done.actor.mail.load': async (step) => {
    // The graph's list has one unread message: a new one when the server has none left.
    const now = (await asMember(step.backend, MAIL_PATH.list, { page: 1, size: 1 })) as { unread: number };
    if (now.unread === 0) await step.backend.ops('mail', 'send', member.phone, '新消息', '新的内容');
    await step.backend.release(LIST);
  },
  'xstate.error.actor.mail.load': (step) => step.backend.fail(LIST),
  'mail.retry': (step) => click(step, screen.getByRole('button', { name: TEXT.retry })),
  'mail.open': (step) => click(step, within(items()[0]!).getAllByRole('button')[0]!),
  'xstate.done.actor.mail.read': (step) => step.backend.release(READ),
  'xstate.error.actor.mail.read': async (step) => {
    if ((step.event['error'] as { type: string }).type !== 'business') return step.backend.fail(READ);
    await goneFirst(step, READ);
    await step.backend.release(READ);
  },
  'mail.close': (step) => click(step, screen.getByRole('button', { name: TEXT.back })),
  'mail.delete': (step) => click(step, within(items()[1]!).getByRole('button', { name: /删除消息/ })),
  'xstate.done.actor.mail.remove': (step) => step.backend.release(DELETE),
  'xstate.error.actor.mail.remove': async (step) => {
    if ((step.event['error'] as { type: string }).type !== 'business') return step.backend.fail(DELETE);
    await goneFirst(step, DELETE);
    await step.backend.release(DELETE);
  },
  'mail.readAll': (step) => click(step, screen.getByRole('button', { name: TEXT.readAll })),
  'xstate.done.actor.mail.readAll': (step) => step.backend.release(READ_ALL),
  'xstate.error.actor.mail.readAll': (step) => step.backend.fail(READ_ALL),
  'mail.page': (step) => click(step, screen.getByRole('button', { name: TEXT.next })),
  'mail.dismiss': (step) => click(step, screen.getByRole('button', { name: TEXT.dismiss })),
};

const ctx = (s: AnyMachineSnapshot) => s.context as { opened: unknown; refusal: unknown; page: number };

describeUiModel(mailboxModel, {
  systemId: 'mail',
  actor: (get) =>
    (get('mail')?.getSnapshot() as { children?: Record<string, never> } | undefined)?.children?.['mailbox'],
  boot: {
    'a member with 25 messages on /mine/mail': {
      path: PAGE,
      ...keptLoginOfNewMember({ verified: false }, async (b) => {
        for (let i = 1; i <= MESSAGES; i++)
          await b.ops('mail', 'send', member.phone, `消息${i}`, `第 ${i} 封的正文`);
      }),
    },
  },
  hold: [LIST, READ, DELETE, READ_ALL],
  exclude: (event, snapshot) => {
    const c = ctx(snapshot);
    if (event.type === 'mail.pushed') return 'the mail push needs the live socket';
    if (event.type === 'xstate.done.actor.mail.load' && (event['output'] as { total: number }).total === 0)
      return 'an emptied page needs deletes by another device between two pages';
    if (event.type === 'mail.open' && event['id'] === 99) return 'the page offers only the messages it lists';
    if (event.type === 'mail.page' && (event['page'] !== 2 || c.page === 2))
      return 'the pager offers the next page only';
    if (c.opened && /^mail\.(open|delete|readAll|page)$/.test(event.type))
      return 'an open message covers the list';
    if (event.type === 'mail.close' && !c.opened) return 'no message is open';
    if (event.type === 'mail.readAll' && (snapshot.context as { unread: number | null }).unread === 0)
      return "the graph's list has none unread; the member's 30 messages keep some";
    if (event.type === 'mail.dismiss' && !c.refusal) return 'no refusal is shown';
    return null;
  },
  drive,
  see,
});
