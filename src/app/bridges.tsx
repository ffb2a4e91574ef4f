import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { subscribeApiErrors } from '../api/error-bus.ts';
import { onVisibilityChange, onWindowFocus } from '../platform/page.ts';
import { AppActor } from './app-actor.ts';
import { forwardedError, navigation, visibilityEvent } from './bridge-rules.ts';
import { cachedMemberLater } from './compose.ts';
import { readToken } from './session-store.ts';

/**
 * The host side of the app actor: performs the navigation intents its machines emit, and turns the
 * browser's and the API client's happenings into events (what it decides is bridge-rules.ts'). Renders nothing.
 */
export function Bridges() {
  const app = AppActor.useActorRef();
  const navigate = useNavigate();
  const location = useLocation();
  // The router's location, not window.location: they can differ while a lazy route loads.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    const go = (intent: { to: string; replace?: boolean }) => {
      const next = navigation(intent, here.current);
      if (next) void navigate(next.to, { replace: next.replace });
    };
    const sub = app.on('navigate', go);
    return () => sub.unsubscribe();
  }, [app, navigate]);

  useEffect(() => {
    let live = true;
    void cachedMemberLater().then((member) => {
      if (live && member) app.system.get('session')?.send({ type: 'session.cached', member });
    });
    return () => {
      live = false;
    };
  }, [app]);

  useEffect(() => {
    app.send({ type: 'route.changed', path: location.pathname, search: location.search });
  }, [app, location.pathname, location.search]);

  useEffect(() => {
    const offErrors = subscribeApiErrors(({ error }) => {
      const info = forwardedError(error);
      if (info) app.send({ type: 'api.error', error: info });
    });
    const offVisibility = onVisibilityChange((hidden) => app.send(visibilityEvent(hidden)));
    const offFocus = onWindowFocus(() => app.send({ type: 'page.focus', cookieToken: readToken() }));
    return () => {
      offErrors();
      offVisibility();
      offFocus();
    };
  }, [app]);

  return null;
}
