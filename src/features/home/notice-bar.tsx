import type { CSSProperties } from 'react';
import type { Notice } from '../../protocol/site.ts';
import { t } from '../../i18n/zh-CN.ts';

/** Seconds the marquee takes per notice: slow enough to read. */
const SECONDS_PER_NOTICE = 12;

/** The scrolling notice bar (queryNoticeList). The list is doubled so the loop is seamless; the copy is hidden from readers. */
export function NoticeBar({ notices }: { notices: Notice[] }) {
  const style = {
    '--notice-duration': `${Math.max(1, notices.length) * SECONDS_PER_NOTICE}s`,
  } as CSSProperties;
  return (
    <section className="card notice-bar section" aria-label={t.home.notices}>
      <svg
        className="notice-bar__label"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M3 10v4h4l6 5V5L7 10zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      </svg>
      <div className="notice-bar__viewport" tabIndex={notices.length ? 0 : -1}>
        <ul className="notice-bar__track" style={style}>
          {[...notices, ...notices].map((n, i) => (
            <li
              key={`${n.id}-${i}`}
              className="notice-bar__item"
              aria-hidden={i >= notices.length || undefined}
            >
              <strong>{n.title}</strong>
              {n.content}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
