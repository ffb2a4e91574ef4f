import { Link } from 'react-router-dom';
import type { SuspensionIcon } from '../../protocol/site.ts';
import { t } from '../../i18n/zh-CN.ts';

export function FloatingIcon({ icon }: { icon: SuspensionIcon }) {
  return (
    <Link className="floating" to={icon.linkUrl || '/'} aria-label={t.home.floating(icon.title)}>
      <img src={icon.imageUrl} alt="" width="64" height="64" loading="lazy" />
    </Link>
  );
}
