// The offline state machine inspector (development builds only: app.tsx loads it lazily behind
// import.meta.env.DEV). A developer tool, so its few labels live here rather than in src/i18n.
import { Component, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import {
  actorTree,
  clearEvents,
  eventLog,
  EVENTS_SHOWN,
  getVersion,
  latestEvents,
  subscribe,
  type ActorView,
  type LoggedEvent,
} from './store.ts';
import './inspector.css';

const OPEN_KEY = 'dev.inspector.open';

const text = {
  open: '打开状态机检查器',
  close: '关闭状态机检查器',
  title: '状态机检查器',
  actors: 'Actors',
  events: `Events (latest ${EVENTS_SHOWN})`,
  filter: 'Filter events',
  pause: 'Pause',
  clear: 'Clear',
  context: 'context',
  none: 'No actors yet',
  noEvents: 'No events',
  failed: 'The inspector failed; reload the page to retry.',
} as const;

function readOpen(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

function keepOpen(open: boolean): void {
  try {
    sessionStorage.setItem(OPEN_KEY, open ? '1' : '0');
  } catch {
    // Storage may be unavailable (private mode); the panel just starts closed.
  }
}

function formatTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** Keeps an inspector failure from taking the app down with it. */
class InspectorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[inspector]', error);
  }
  override render() {
    return this.state.failed ? (
      <p className="xsi-failed" role="status">
        {text.failed}
      </p>
    ) : (
      this.props.children
    );
  }
}

export default function InspectorPanel() {
  return (
    <InspectorBoundary>
      <Inspector />
    </InspectorBoundary>
  );
}

function Inspector() {
  const [open, setOpen] = useState(readOpen);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Re-renders (throttled by the store) whenever an inspection event arrives; the panel reads live.
  useSyncExternalStore(subscribe, getVersion, getVersion);

  const toggle = useCallback(() => {
    setOpen((was) => {
      keepOpen(!was);
      return !was;
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      keepOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="xsi-root">
      <button
        ref={toggleRef}
        type="button"
        className="xsi-toggle"
        aria-label={open ? text.close : text.open}
        title={open ? text.close : text.open}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="6" cy="7" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="18" cy="17" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9 7h4a3 3 0 0 1 3 3v4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13.5 12.5 16 15l2.5-2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && <Panel id={panelId} />}
    </div>
  );
}

function Panel({ id }: { id: string }) {
  const [filter, setFilter] = useState('');
  const [paused, setPaused] = useState<{ log: LoggedEvent[]; tree: ActorView[] } | null>(null);
  const headingId = useId();
  // Read live on every render: the parent re-renders whenever the store has news.
  // While paused, the panel shows what it had when paused (the filter still applies).
  const tree = paused?.tree ?? actorTree();
  const events = latestEvents(paused?.log ?? eventLog(), filter);

  return (
    <section id={id} className="xsi-panel" aria-labelledby={headingId}>
      <header className="xsi-header">
        <h2 id={headingId} className="xsi-title">
          {text.title}
        </h2>
        <button
          type="button"
          className="xsi-btn"
          aria-pressed={paused !== null}
          onClick={() => setPaused(paused ? null : { log: eventLog(), tree })}
        >
          {text.pause}
        </button>
      </header>

      <h3 className="xsi-subtitle">{text.actors}</h3>
      {tree.length === 0 ? (
        <p className="xsi-empty">{text.none}</p>
      ) : (
        <ul className="xsi-tree" aria-label={text.actors}>
          {tree.map((actor) => (
            <ActorItem key={actor.key} actor={actor} />
          ))}
        </ul>
      )}

      <div className="xsi-events-head">
        <h3 className="xsi-subtitle">{text.events}</h3>
        <input
          className="xsi-filter"
          type="search"
          value={filter}
          placeholder={text.filter}
          aria-label={text.filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button type="button" className="xsi-btn" onClick={clearEvents}>
          {text.clear}
        </button>
      </div>
      {events.length === 0 ? (
        <p className="xsi-empty">{text.noEvents}</p>
      ) : (
        <ol className="xsi-events">
          {events.map((e) => (
            <li key={e.seq} className="xsi-event">
              <time className="xsi-time" dateTime={new Date(e.at).toISOString()}>
                {formatTime(e.at)}
              </time>
              <code className="xsi-type">{e.type}</code>
              <span className="xsi-target">
                → {e.target}
                {e.source && e.source !== e.target ? (
                  <span className="xsi-muted"> (from {e.source})</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ActorItem({ actor }: { actor: ActorView }) {
  const finished = actor.status !== 'active';
  return (
    <li className={finished ? 'xsi-actor xsi-actor--finished' : 'xsi-actor'}>
      <div className="xsi-actor-line">
        <strong className="xsi-name">{actor.label}</strong>
        {actor.detail && <span className="xsi-muted">{actor.detail}</span>}
        <span className={`xsi-status xsi-status--${actor.status}`}>{actor.status}</span>
        <span className="xsi-muted xsi-session">{actor.sessionId}</span>
      </div>
      <code className="xsi-value">{actor.value}</code>
      {actor.lastEvent && (
        <div className="xsi-muted xsi-last">
          last: <code>{actor.lastEvent}</code>
        </div>
      )}
      {actor.context !== null && (
        <details className="xsi-context">
          <summary>{text.context}</summary>
          <pre>{actor.context}</pre>
        </details>
      )}
      {actor.children.length > 0 && (
        <ul className="xsi-tree">
          {actor.children.map((child) => (
            <ActorItem key={child.key} actor={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
