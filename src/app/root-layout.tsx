import { useSelector } from '@xstate/react';
import { Outlet } from 'react-router-dom';
import { ModalHost } from '../ui/modal-host.tsx';
import { t } from '../i18n/zh-CN.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { Screen } from '../ui/screen.tsx';
import { AppActor } from './app-actor.ts';
import { Bridges } from './bridges.tsx';
import { Chrome } from './chrome.tsx';

/** The gate decides what the page may show; the chrome frames every route. */
export function RootLayout() {
  const gate = AppActor.useSelector((s) => s.children.siteGate);
  const state = useSelector(gate, (s) => s?.value);
  const appRef = AppActor.useActorRef();

  let body;
  if (state === 'cookiesBlocked') {
    body = (
      <Screen
        art="cookies"
        title={t.screens.cookiesTitle}
        text={t.screens.cookiesText}
        actions={
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            {t.screens.reload}
          </button>
        }
      />
    );
  } else if (state === 'failed') {
    body = (
      <Screen
        art="offline"
        title={t.gate.failedTitle}
        text={t.gate.failedText}
        actions={
          <button type="button" className="btn" onClick={() => appRef.send({ type: 'gate.retry' })}>
            {t.gate.retry}
          </button>
        }
      />
    );
  } else if (state === undefined || state === 'booting' || state === 'loading' || state === 'redirecting') {
    body = <LoadingScreen />;
  } else {
    body = <Outlet />;
  }

  return (
    <>
      <Bridges />
      <Chrome>{body}</Chrome>
      <ModalHost />
    </>
  );
}
