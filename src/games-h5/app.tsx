// The games page's shell (issue 12; docs/games.md "The page"): play money said on every screen, the venue wallet
// and the visit's net result always in view (issue 12 §2), the transfer in (issue 12 §3), the venue's games, and
// the three tabs of a game: play, rules, verify. Views render the shell machine and send it events.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { GameDef, GameKind, InsufficientData } from '../protocol/games.ts';
import { cleanAmountInput, yuanToFen } from '../protocol/money.ts';
import { LOBBIES, LOBBY_PLATFORM, type Platform } from '../protocol/venues.ts';
import { newRequestId, type GamesClient } from './api.ts';
import type { Shell } from './compose.ts';
import { signedYuan, yuan } from './format.ts';
import type { GameModule, GameViewProps } from './game-module.ts';
import { loadGameModule } from './registry.ts';
import { text } from './text.ts';
import { VerifyPanel } from './verify.tsx';

export function Banner() {
  return (
    <p className="banner" role="note">
      {text.banner}
    </p>
  );
}

export function Expired({ message }: { message: string }) {
  return (
    <main className="expired">
      <Banner />
      <h1>{text.title}</h1>
      <p role="alert">{message}</p>
    </main>
  );
}

/** The site's lobby of a category (/game/<lobby>): where 返回大厅 leads (the page replaced the site in this tab). */
export function lobbyPathOf(platform: Platform): string {
  const lobby = LOBBIES.find((l) => LOBBY_PLATFORM[l] === platform);
  return lobby ? `/game/${lobby}` : '/';
}

function Header({ shell }: { shell: Shell }) {
  const s = useSelector(shell.actor, (x) => x.context.session);
  useEffect(() => {
    if (s) document.title = `${s.venueName} · ${text.title}`;
  }, [s]);
  if (!s) return null;
  const tone = s.net > 0 ? 'up' : s.net < 0 ? 'down' : 'even';
  return (
    <header className="header">
      <h1>
        {s.venueName}
        <span className="sandbox-tag">{text.title}</span>
      </h1>
      <dl className="account">
        <div>
          <dt>{text.header.balance}</dt>
          <dd aria-live="polite" data-testid="venue-balance">
            {yuan(s.balance)}
          </dd>
        </div>
        <div>
          <dt>{text.header.net}</dt>
          <dd className={`net ${tone}`} aria-live="polite" data-testid="visit-net">
            {signedYuan(s.net)}
          </dd>
        </div>
        {s.pending > 0 && (
          <div>
            <dt>{text.header.pending}</dt>
            <dd>{yuan(s.pending)}</dd>
          </div>
        )}
      </dl>
      <div className="header-actions">
        <button
          type="button"
          className="secondary"
          onClick={() => shell.actor.send({ type: 'transfer.open' })}
        >
          {text.header.transferIn}
        </button>
        <a className="back" href={lobbyPathOf(s.platform)}>
          {text.header.back}
        </a>
      </div>
    </header>
  );
}

/** The transfer in: central → venue wallet, one request id per submission (a retry re-sends it). */
function TransferDialog({ shell }: { shell: Shell }) {
  const state = useSelector(shell.actor, (x) =>
    x.matches({ ready: { transfer: 'closed' } })
      ? 'closed'
      : x.matches({ ready: { transfer: 'sending' } })
        ? 'sending'
        : x.matches({ ready: { transfer: 'refused' } })
          ? 'refused'
          : x.matches({ ready: { transfer: 'open' } })
            ? 'open'
            : 'closed',
  );
  const need = useSelector(shell.actor, (x) => x.context.need);
  const error = useSelector(shell.actor, (x) => x.context.transferError);
  const central = useSelector(shell.actor, (x) => x.context.session?.central ?? 0);
  // The form lives only while the dialog is open: a new opening starts it afresh.
  if (state === 'closed') return null;
  const missing = need ? Math.max(0, need.stake - need.balance) : 0;
  return (
    <TransferForm shell={shell} state={state} need={need} error={error} central={central} missing={missing} />
  );
}

function TransferForm({
  shell,
  state,
  need,
  error,
  central,
  missing,
}: {
  shell: Shell;
  state: 'open' | 'sending' | 'refused';
  need: InsufficientData | null;
  error: string | null;
  central: number;
  missing: number;
}) {
  // Opened by a refused stake: the missing amount is filled in (the player sees and may change it).
  const [amount, setAmount] = useState(() => (missing > 0 ? (missing / 100).toFixed(2) : ''));
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0 || fen > central) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    shell.actor.send({ type: 'transfer.submit', requestId: newRequestId(), amount: fen });
  };
  return (
    <div className="dialog-backdrop">
      <section role="dialog" aria-modal="true" aria-labelledby="transfer-title" className="dialog">
        <h2 id="transfer-title">{text.transfer.title}</h2>
        {need && (
          <p role="alert" className="need">
            {text.transfer.needed(yuan(need.stake), yuan(need.balance))}
          </p>
        )}
        <p>{text.transfer.central(yuan(central))}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor="transfer-amount">{text.transfer.amount}</label>
          <div className="amount-row">
            <input
              id="transfer-amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'transfer-invalid' : undefined}
              onChange={(e) => setAmount(cleanAmountInput(e.target.value))}
              disabled={state === 'sending'}
              autoFocus
            />
            <button
              type="button"
              className="secondary"
              disabled={state === 'sending' || central <= 0}
              onClick={() => setAmount((central / 100).toFixed(2))}
            >
              {text.transfer.all}
            </button>
          </div>
          {invalid && (
            <p id="transfer-invalid" role="alert" className="error">
              {text.transfer.invalidAmount}
            </p>
          )}
          {state === 'refused' && (
            <p role="alert" className="error">
              {error ?? text.transfer.noAnswer}
            </p>
          )}
          <div className="actions">
            {state === 'refused' && error === null ? (
              <button type="button" onClick={() => shell.actor.send({ type: 'transfer.retry' })}>
                {text.transfer.retry}
              </button>
            ) : (
              <button type="submit" disabled={state === 'sending'}>
                {state === 'sending' ? text.transfer.sending : text.transfer.submit}
              </button>
            )}
            <button
              type="button"
              className="secondary"
              disabled={state === 'sending'}
              onClick={() => shell.actor.send({ type: 'transfer.close' })}
            >
              {text.transfer.cancel}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}

type Tab = 'play' | 'rules' | 'verify';
const TABS: readonly Tab[] = ['play', 'rules', 'verify'];

/** The category module of a kind, loaded once per kind (a chunk of its own). */
const lazyParts = new Map<
  GameKind,
  {
    View: ComponentType<GameViewProps>;
    Rules: ComponentType<{ game: GameDef }>;
    module: Promise<GameModule>;
  }
>();
function partsOf(kind: GameKind) {
  let parts = lazyParts.get(kind);
  if (!parts) {
    const module = loadGameModule(kind);
    parts = {
      module,
      View: lazy(() => module.then((m) => ({ default: m.View }))),
      Rules: lazy(() => module.then((m) => ({ default: m.Rules }))),
    };
    lazyParts.set(kind, parts);
  }
  return parts;
}

function GameTabs({ game, client, shell }: { game: GameDef; client: GamesClient; shell: Shell }) {
  const [tab, setTab] = useState<Tab>('play');
  const parts = useMemo(() => partsOf(game.kind), [game.kind]);
  const focusTab = (t: Tab) => {
    setTab(t);
    document.getElementById(`tab-${t}`)?.focus();
  };
  return (
    <section className="game" aria-label={game.name}>
      <div role="tablist" aria-label={text.tabs.label} className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t}
            id={`tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') focusTab(TABS[(i + 1) % TABS.length]!);
              if (e.key === 'ArrowLeft') focusTab(TABS[(i + TABS.length - 1) % TABS.length]!);
            }}
          >
            {text.tabs[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
        <Suspense fallback={<p className="muted">{text.loading}</p>}>
          {tab === 'play' && <parts.View game={game} client={client} shell={shell.port} />}
          {tab === 'rules' && <parts.Rules game={game} />}
          {tab === 'verify' && <VerifyPanel game={game} client={client} module={parts.module} />}
        </Suspense>
      </div>
    </section>
  );
}

/** The venue's games (a live casino's tables, a lottery venue's lotteries); a game launched from the grid opens at once. */
function GamePicker({
  games,
  chosen,
  choose,
}: {
  games: GameDef[];
  chosen: string | null;
  choose: (c: string) => void;
}) {
  if (games.length <= 1) return null;
  return (
    <nav aria-label={text.games.label} className="game-picker">
      <ul>
        {games.map((g) => (
          <li key={g.code}>
            <button
              type="button"
              aria-current={chosen === g.code ? 'true' : undefined}
              onClick={() => choose(g.code)}
            >
              {g.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function App({ shell, client }: { shell: Shell; client: GamesClient }) {
  const loading = useSelector(shell.actor, (x) => x.matches('loading'));
  const failed = useSelector(shell.actor, (x) => x.matches('failed'));
  const expired = useSelector(shell.actor, (x) => x.matches('expired'));
  const session = useSelector(shell.actor, (x) => x.context.session);
  const [chosen, setChosen] = useState<string | null>(null);
  if (expired) return <Expired message={text.expired} />;
  if (loading && !session)
    return (
      <main className="page">
        <Banner />
        <p className="muted">{text.loading}</p>
      </main>
    );
  if (failed || !session)
    return (
      <main className="page">
        <Banner />
        <p role="alert">{text.loadFailed}</p>
        <button type="button" onClick={() => shell.actor.send({ type: 'shell.retry' })}>
          {text.retry}
        </button>
      </main>
    );
  const code = chosen ?? session.game ?? session.games[0]?.code ?? null;
  const game = session.games.find((g) => g.code === code) ?? null;
  return (
    <>
      <Banner />
      <Header shell={shell} />
      <main className="page">
        <GamePicker games={session.games} chosen={code} choose={setChosen} />
        {game ? (
          <GameTabs key={game.code} game={game} client={client} shell={shell} />
        ) : (
          <p>{text.games.choose}</p>
        )}
      </main>
      <TransferDialog shell={shell} />
    </>
  );
}
