import { NavLink } from 'react-router-dom';
import { FEEDBACK_PAGE, MAIL_PAGE, NO_ANSWER_CODE, type MailRefusal } from '../../../machines/mail/common.ts';
import { mailText as m } from '../../i18n/zh-CN-mail.ts';

// Small pieces the mail area's pages share.

export function Header({ title }: { title: string }) {
  return (
    <header className="page-header mail-header">
      <h1>{title}</h1>
      <nav className="mail-tabs" aria-label={`${m.mailTitle} / ${m.feedbackTitle}`}>
        <NavLink to={MAIL_PAGE} end>
          {m.toMail}
        </NavLink>
        <NavLink to={FEEDBACK_PAGE} end>
          {m.toFeedback}
        </NavLink>
      </nav>
    </header>
  );
}

export function Pager(props: { page: number; pages: number; busy: boolean; onPage: (page: number) => void }) {
  const { page, pages, busy, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className="pager mail-pager" aria-label={m.pager}>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {m.prev}
      </button>
      <span>{m.pageOf(page, pages)}</span>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {m.next}
      </button>
    </nav>
  );
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {m.loadFailed}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {m.retry}
      </button>
    </p>
  );
}

/** A coded refusal with the server's words (or no answer), and a way to put it away. */
export function Refusal({ refusal, onDismiss }: { refusal: MailRefusal | null; onDismiss: () => void }) {
  if (!refusal) return null;
  const text = refusal.code === NO_ANSWER_CODE || !refusal.message ? m.noAnswer : refusal.message;
  return (
    <p className="form-alert form-alert--error" role="alert">
      {text}{' '}
      <button type="button" className="btn btn--small btn--ghost" onClick={onDismiss}>
        {m.dismiss}
      </button>
    </p>
  );
}
