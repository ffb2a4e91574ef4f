import { t } from '../i18n/zh-CN.ts';
import { Screen } from './screen.tsx';

/** The fallback screen on rendering failure (spec §2), for route errors and the top-level boundary alike. */
export function RouteError() {
  return (
    <Screen
      art="crash"
      title={t.screens.crashTitle}
      text={t.screens.crashText}
      actions={
        <>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            {t.screens.reload}
          </button>
          <a className="btn btn--ghost" href="/">
            {t.screens.backHome}
          </a>
        </>
      }
    />
  );
}
