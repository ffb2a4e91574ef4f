import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { Screen } from '../../ui/screen.tsx';

export function MaintenancePage() {
  const gate = useSystemActor('siteGate');
  const info = useSelector(gate, (s) => s?.context.preInfo);
  const down = useSelector(gate, (s) => s?.matches('maintenance') ?? false);
  const cfg = info?.maintainConfig;
  return (
    <Screen
      art="maintenance"
      title={t.screens.maintenanceTitle}
      text={cfg?.notice || t.screens.maintenanceText}
      actions={
        !down && (
          <Link className="btn" to="/">
            {t.screens.backHome}
          </Link>
        )
      }
    >
      {cfg?.startTime && cfg.endTime && (
        <p className="screen__text">{t.screens.maintenanceWindow(cfg.startTime, cfg.endTime)}</p>
      )}
      <p className="screen__text">
        {t.screens.maintenanceContact}
        {info?.globePhoneNumber && ` ${info.globePhoneNumber}`}
      </p>
    </Screen>
  );
}
