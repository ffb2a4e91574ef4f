import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { ACCESS_ALERT } from '../../../machines/navigation-policy.ts';
import { AppActor } from '../../app/app-actor.ts';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { Screen } from '../../ui/screen.tsx';

/** spec §2: /other/restrictionIp?name=access-caveat|access-alert. */
export function RestrictionPage() {
  const [params] = useSearchParams();
  const app = AppActor.useActorRef();
  const gate = useSystemActor('siteGate');
  const ip = useSelector(gate, (s) => s?.context.preInfo?.ip);
  const alert = params.get('name') === ACCESS_ALERT;
  return (
    <Screen
      art={alert ? 'alert' : 'restricted'}
      title={alert ? t.screens.alertTitle : t.screens.caveatTitle}
      text={alert ? t.screens.alertText : t.screens.caveatText}
      actions={
        alert && (
          <button type="button" className="btn" onClick={() => app.send({ type: 'alert.skip' })}>
            {t.screens.alertContinue}
          </button>
        )
      }
    >
      {ip && <p className="screen__text">{t.screens.yourIp(ip)}</p>}
    </Screen>
  );
}
