import { useSelector } from '@xstate/react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { decide, type Decision } from '../../machines/navigation-policy.ts';
import { endedHere, loginStatus } from '../../machines/session.machine.ts';
import { gateFacts } from '../../machines/site-gate.machine.ts';
import { t } from '../i18n/zh-CN.ts';
import { ModalHost } from '../ui/modal-host.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { Screen } from '../ui/screen.tsx';
import { AppActor } from './app-actor.ts';
import { Bridges } from './bridges.tsx';
import { Chrome } from './chrome.tsx';
import type { RouteHandle } from './routes.tsx';
import { useSystemActor } from './system.ts';

/**
 * The navigation policy's decision for the page the router matched (issue 8 §2): it runs before the page
 * renders, so a member page never mounts for a visitor and a page bound to a condition never shows without it.
 */
function usePolicy(): Decision {
  const { pathname, search } = useLocation();
  const handle = useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .findLast((h) => h?.access !== undefined);
  const session = useSystemActor('session');
  const gate = useSystemActor('siteGate');
  const login = useSelector(session, loginStatus);
  const ended = useSelector(session, endedHere);
  const alertSkipped = AppActor.useSelector((s) => s.context.alertSkipped);
  const gateNow = useSelector(
    gate,
    (s) => gateFacts(s, alertSkipped),
    (a, b) =>
      a.settled === b.settled &&
      a.maintenance === b.maintenance &&
      a.restricted === b.restricted &&
      a.alert === b.alert,
  );
  return decide({
    access: handle?.access ?? 'public',
    onlyWhen: handle?.onlyWhen,
    path: pathname,
    search,
    login,
    endedHere: ended,
    gate: gateNow,
  });
}

function Routed() {
  const decision = usePolicy();
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <LoadingScreen />;
  return <Outlet />;
}

/** The gate decides what the page may show; the chrome frames every route. */
export function RootLayout() {
  const gate = useSystemActor('siteGate');
  const state = useSelector(gate, (s) => s.value);

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
          <button type="button" className="btn" onClick={() => gate.send({ type: 'gate.retry' })}>
            {t.gate.retry}
          </button>
        }
      />
    );
  } else if (state === 'booting' || state === 'loading' || state === 'redirecting') {
    body = <LoadingScreen />;
  } else {
    body = <Routed />;
  }

  return (
    <>
      <Bridges />
      <Chrome>{body}</Chrome>
      <ModalHost />
    </>
  );
}
