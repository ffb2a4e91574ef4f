import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ApiErrorInfo } from '../../machines/error-catalogue.ts';
import type { ApiError } from '../api/errors.ts';
import { subscribeApiErrors } from '../api/error-bus.ts';
import { onVisibilityChange, onWindowFocus } from '../platform/page.ts';
import { AppActor } from './app-actor.ts';
import { cachedMemberLater } from './compose.ts';
import { readToken } from './session-store.ts';

export function toErrorInfo(error: ApiError): ApiErrorInfo {
  switch (error.type) {
    case 'business':
      return { type: 'business', code: error.code, message: error.message, data: error.data };
    case 'network':
      return { type: 'network', code: error.status, message: error.message };
    case 'transport':
      return { type: 'transport', code: error.kind, message: error.message };
  }
}

/**
 * The host side of the app actor: performs the navigation intents its machines emit, and turns the
 * browser's and the API client's happenings into events. Renders nothing.
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
    const go = ({ to, replace }: { to: string; replace?: boolean }) => {
      if (to !== here.current.pathname + here.current.search)
        void navigate(to, { replace: replace ?? false });
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
      if (error.type === 'transport' && error.kind === 'cancelled') return;
      app.send({ type: 'api.error', error: toErrorInfo(error) });
    });
    const offVisibility = onVisibilityChange((hidden) =>
      app.send({ type: hidden ? 'page.hidden' : 'page.visible' }),
    );
    const offFocus = onWindowFocus(() => app.send({ type: 'page.focus', cookieToken: readToken() }));
    return () => {
      offErrors();
      offVisibility();
      offFocus();
    };
  }, [app]);

  return null;
}
