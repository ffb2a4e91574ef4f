import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { EMBEDDED_URL_PARAM, isVenueFrameUrl } from '../../protocol/venues.ts';
import { yuan } from './format.ts';
import { useVenuesChild } from './use-venues.ts';

/** The lobby an embedded page belongs to: /sport/… → /game/sport, /gaming/… → /game/gaming. */
const lobbyOf = (path: string) => `/game/${path.split('/')[1] ?? 'sport'}`;

/**
 * Sandbox and permissions of the venue frame, as tight as the sandbox venue allows: its page runs scripts,
 * calls its own API on its own origin with its credential (same origin) and submits its bet slip (forms). No
 * popups, no navigation of the site, no downloads, no device features (docs/venues.md "Front end").
 */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
const FRAME_ALLOW =
  "camera 'none'; microphone 'none'; geolocation 'none'; payment 'none'; usb 'none'; display-capture 'none'";

/**
 * An embedded venue page (issue 11 §2; spec §2 `sport/im?url=`…): the venue full-screen inside the site, with a
 * bar that leads back to the lobby and shows the player's balance (the central wallet and this venue's,
 * refreshable). The frame shows `url` only when it is a page of a known venue origin (isVenueFrameUrl with the
 * pre-info's venueOrigins): any other URL is refused, never framed (no open-frame injection). Focus stays in
 * the page while it covers the site: Tab past its end comes back to its start.
 */
export function VenuePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const url = params.get(EMBEDDED_URL_PARAM) ?? '';
  const gate = useSystemActor('siteGate');
  const origins = useSelector(gate, (s) => s?.context.preInfo?.venueOrigins ?? []);
  const allowed = isVenueFrameUrl(url, origins);
  const page = useVenuesChild('venuePage');
  const state = useSelector(page, (s) =>
    s ? (typeof s.value === 'string' ? s.value : 'refreshing') : 'loading',
  );
  const balances = useSelector(page, (s) => s?.context.balances ?? null);
  const note = useSelector(page, (s) => s?.context.note ?? null);
  const title = v.embeddedTitle[pathname] ?? '';
  const titleId = useId();
  const back = useRef<HTMLAnchorElement>(null);
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => back.current?.focus(), []);

  return (
    <section className="venue-frame" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <span tabIndex={0} className="visually-hidden" onFocus={() => last.current?.focus()} />
      <header className="venue-frame__bar">
        <Link ref={back} className="btn btn--small btn--ghost venue-frame__back" to={lobbyOf(pathname)}>
          <span aria-hidden="true">‹</span> {v.back}
        </Link>
        <h1 id={titleId} className="venue-frame__title">
          {title}
        </h1>
        <div className="venue-frame__balance" aria-label={v.balanceBar} role="group">
          {state === 'failed' ? (
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => page?.send({ type: 'balance.retry' })}
            >
              {v.balanceFailed} · {v.retry}
            </button>
          ) : (
            <>
              <span className="venue-frame__money">
                <span className="venue-frame__label">{v.centralWallet}</span>{' '}
                <span data-balance="central">{balances ? yuan(balances.central) : '—'}</span>
              </span>
              <span className="venue-frame__money">
                <span className="venue-frame__label">{v.venueWallet(balances?.venueName ?? title)}</span>{' '}
                <span data-balance="venue">{balances ? yuan(balances.venue) : '—'}</span>
              </span>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-label={v.refreshBalance}
                title={v.refreshBalance}
                disabled={state !== 'ready'}
                aria-busy={state === 'refreshing' || undefined}
                onClick={() => page?.send({ type: 'balance.refresh' })}
              >
                {state === 'refreshing' ? v.refreshing : '↻'}
              </button>
            </>
          )}
          <span className="venue-frame__note" aria-live="polite">
            {note === 'locked' ? v.refreshLocked : note === 'failed' ? v.refreshFailed : ''}
          </span>
        </div>
      </header>
      {allowed ? (
        <iframe
          ref={(el) => {
            last.current = el;
          }}
          className="venue-frame__frame"
          src={url}
          title={v.frameTitle(title)}
          sandbox={FRAME_SANDBOX}
          allow={FRAME_ALLOW}
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="venue-frame__refused card" role="alert">
          <h2>{v.frameRefusedTitle}</h2>
          <p>{v.frameRefused}</p>
          <Link
            className="btn btn--small"
            to={lobbyOf(pathname)}
            ref={(el) => {
              last.current = el;
            }}
          >
            {v.toLobby}
          </Link>
        </div>
      )}
      <span tabIndex={0} className="visually-hidden" onFocus={() => back.current?.focus()} />
    </section>
  );
}
