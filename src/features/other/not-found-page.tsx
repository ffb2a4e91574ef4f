import { Link } from 'react-router-dom';
import { t } from '../../i18n/zh-CN.ts';
import { Screen } from '../../ui/screen.tsx';

export function NotFoundPage() {
  return (
    <Screen
      art="not-found"
      title={t.screens.notFoundTitle}
      text={t.screens.notFoundText}
      actions={
        <Link className="btn" to="/">
          {t.screens.backHome}
        </Link>
      }
    />
  );
}
