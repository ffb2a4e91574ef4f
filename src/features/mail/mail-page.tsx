import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { lastPage } from '../../../machines/mail/common.ts';
import { mailText as m } from '../../i18n/zh-CN-mail.ts';
import { CODE } from '../../protocol/api.ts';
import type { MailSummary } from '../../protocol/mail.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Failed, Header, Pager, Refusal } from './parts.tsx';
import { useMailChild, useMemberPushes, when } from './use-mail.ts';

const PUSH_TOPICS = ['mail', 'feedback'] as const;

const label = (i: MailSummary) => (i.kind === 'feedback' ? m.feedbackReply : m.audience[i.audience]);

/** /mine/mail (issue 13 §2): the member's site messages, read / unread, delete, mark all read; live. */
export function MailPage() {
  const flow = useMailChild('mailbox');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  useMemberPushes(PUSH_TOPICS, 'mail.pushed');
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const openedId = ctx?.opened?.id ?? null;
  useEffect(() => {
    if (openedId !== null) detailHeading.current?.focus();
  }, [openedId]);

  if (state === 'loadFailed' && !ctx?.list)
    return (
      <>
        <Header title={m.mailTitle} />
        <Failed onRetry={() => flow?.send({ type: 'mail.retry' })} />
      </>
    );
  if (!ctx?.list)
    return (
      <>
        <Header title={m.mailTitle} />
        <LoadingScreen />
      </>
    );
  const busy = state !== 'ready' && state !== 'loadFailed';
  const { list, opened } = ctx;
  const unread = ctx.unread ?? list.unread;
  const gone = ctx.refusal?.code === CODE.mailNotFound;
  return (
    <>
      <Header title={m.mailTitle} />
      {state === 'loadFailed' && <Failed onRetry={() => flow?.send({ type: 'mail.retry' })} />}
      {gone ? (
        <p className="form-alert form-alert--info" role="status">
          {m.gone}{' '}
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => flow?.send({ type: 'mail.dismiss' })}
          >
            {m.dismiss}
          </button>
        </p>
      ) : (
        <Refusal refusal={ctx.refusal} onDismiss={() => flow?.send({ type: 'mail.dismiss' })} />
      )}
      {opened ? (
        <article className="card mail-detail" aria-labelledby="mail-detail-title">
          <h2 id="mail-detail-title" ref={detailHeading} tabIndex={-1}>
            {opened.title}
          </h2>
          <p className="mail-meta">
            <span className="mail-tag">{label(opened)}</span>
            <span>
              {m.sentAt} <time dateTime={opened.createdAt}>{when(opened.createdAt)}</time>
            </span>
          </p>
          <div className="mail-body">{opened.body}</div>
          <div className="mail-actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => flow?.send({ type: 'mail.close' })}
            >
              {m.back}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              aria-label={m.removeLabel(opened.title)}
              onClick={() => flow?.send({ type: 'mail.delete', id: opened.id })}
            >
              {m.remove}
            </button>
          </div>
        </article>
      ) : (
        <section className="card mail-list" aria-label={m.listLabel} aria-busy={busy || undefined}>
          <div className="mail-list__bar">
            <p className="mail-count" role="status">
              {m.unreadCount(unread)}
            </p>
            <button
              type="button"
              className="btn btn--small"
              disabled={busy || unread === 0}
              onClick={() => flow?.send({ type: 'mail.readAll' })}
            >
              {m.readAll}
            </button>
          </div>
          {list.items.length === 0 ? (
            <p className="mail-empty">{m.empty}</p>
          ) : (
            <ul className="mail-items">
              {list.items.map((i) => (
                <li
                  key={i.id}
                  className={`mail-item${i.read ? '' : ' mail-item--unread'}`}
                  data-mail-id={i.id}
                >
                  <button
                    type="button"
                    className="mail-item__open"
                    disabled={busy}
                    onClick={() => flow?.send({ type: 'mail.open', id: i.id })}
                  >
                    <span className="mail-item__head">
                      {!i.read && <span className="mail-dot" aria-hidden="true" />}
                      {!i.read && <span className="visually-hidden">{m.unreadMark}</span>}
                      <span className="mail-item__title">{i.title}</span>
                      <span className="mail-tag">{label(i)}</span>
                    </span>
                    <span className="mail-item__preview">{i.preview}</span>
                    <time className="mail-item__time" dateTime={i.createdAt}>
                      {when(i.createdAt)}
                    </time>
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--ghost mail-item__delete"
                    disabled={busy}
                    aria-label={m.removeLabel(i.title)}
                    onClick={() => flow?.send({ type: 'mail.delete', id: i.id })}
                  >
                    {m.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={ctx.page}
            pages={lastPage(list)}
            busy={busy}
            onPage={(page) => flow?.send({ type: 'mail.page', page })}
          />
        </section>
      )}
    </>
  );
}
