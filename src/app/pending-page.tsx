import { useLocation } from 'react-router-dom';
import { t } from '../i18n/zh-CN.ts';

/** The title of a spec §2 path: its own, a help topic's, or its area's. */
export function pageTitle(pathname: string): string {
  const exact = t.pages[pathname];
  if (exact) return exact;
  const topic = /^\/help\/([^/]+)$/.exec(pathname)?.[1];
  if (topic && t.helpTopics[topic]) return t.helpTopics[topic];
  return t.site.brand;
}

/** A registered route whose screen a later issue builds: the chrome, its title and a short note. */
export function PendingPage() {
  const { pathname } = useLocation();
  return (
    <>
      <header className="page-header">
        <h1>{pageTitle(pathname)}</h1>
      </header>
      <div className="card pending" data-pending="">
        {t.screens.pendingText}
      </div>
    </>
  );
}
