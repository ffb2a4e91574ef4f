import { t } from '../i18n/zh-CN.ts';

/** The loading placeholder while preloading (spec §2); the same markup index.html shows before scripts run. */
export function LoadingScreen() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <div className="spinner" />
      <span>{t.site.loading}</span>
    </div>
  );
}
