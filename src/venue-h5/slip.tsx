import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import {
  combinedOdds,
  potentialReturn,
  stakeOf,
  type SlipPick,
} from '../../machines/sportsbook/bet-slip.machine.ts';
import {
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
  SPORTSBOOK_MAX_STAKE,
  SPORTSBOOK_MIN_STAKE,
} from '../protocol/sportsbook.ts';
import { useActors } from './actors.ts';
import { sandboxNow } from './clock.ts';
import { odds, pickText, yuan } from './format.ts';
import { text } from './text.ts';

const whatOf = (p: SlipPick) => `${text.markets[p.market]} ${pickText(p)}`;
/** Whole yuan where there are no fen: "10", "50,000". */
const limit = (fen: number) => yuan(fen).replace(/\.00$/, '');

function refusalText(code: number | string | null, message: string): string {
  const known = typeof code === 'number' ? text.refusals[code] : undefined;
  return known ?? (message || text.refusals.other);
}

function PickRow({ pick, oddsType }: { pick: SlipPick; oddsType: number }) {
  const { slip } = useActors();
  const moved = pick.current !== pick.odds;
  return (
    <li className="pick">
      <div className="pick-main">
        <span className="pick-match">
          {pick.home} {text.list.vs} {pick.away}
        </span>
        <span className="pick-what">{whatOf(pick)}</span>
        {moved && (
          <span className="mark">
            {text.slip.changedMark(odds(pick.odds, oddsType), odds(pick.current, oddsType))}
          </span>
        )}
        {pick.suspended && <span className="mark">{text.slip.suspendedMark}</span>}
        {pick.started && <span className="mark">{text.slip.startedMark}</span>}
      </div>
      <span className="pick-odds">{odds(pick.odds, oddsType)}</span>
      <button
        type="button"
        className="remove"
        aria-label={text.slip.remove(whatOf(pick))}
        onClick={() => slip.send({ type: 'slip.remove', selectionId: pick.selectionId })}
      >
        ×
      </button>
    </li>
  );
}

function OddsChanged({ oddsType }: { oddsType: number }) {
  const { slip } = useActors();
  const changes = useSelector(slip, (s) => s.context.changes);
  const picks = useSelector(slip, (s) => s.context.picks);
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => accept.current?.focus(), []);
  return (
    <div
      className="decide"
      role="alertdialog"
      aria-labelledby="odds-changed-title"
      aria-describedby="odds-changed-lead"
    >
      <h3 id="odds-changed-title">{text.oddsChanged.title}</h3>
      <p id="odds-changed-lead">{text.oddsChanged.lead}</p>
      <ul>
        {changes.map((c) => {
          const p = picks.find((x) => x.selectionId === c.selectionId);
          return (
            <li key={c.selectionId}>
              {text.oddsChanged.row(
                p ? whatOf(p) : c.selectionId,
                odds(c.from, oddsType),
                odds(c.to, oddsType),
              )}
              {c.suspended ? `（${text.slip.suspendedMark}）` : ''}
            </li>
          );
        })}
      </ul>
      <div className="actions">
        <button
          ref={accept}
          type="button"
          className="primary"
          onClick={() => slip.send({ type: 'slip.acceptOdds' })}
        >
          {text.oddsChanged.accept}
        </button>
        <button type="button" className="secondary" onClick={() => slip.send({ type: 'slip.refuseOdds' })}>
          {text.oddsChanged.refuse}
        </button>
      </div>
    </div>
  );
}

function Unsure() {
  const { slip, feed } = useActors();
  return (
    <div className="decide" role="alertdialog" aria-labelledby="unsure-title" aria-describedby="unsure-lead">
      <h3 id="unsure-title">{text.unsure.title}</h3>
      <p id="unsure-lead">{text.unsure.lead}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => slip.send({ type: 'slip.retry' })}>
          {text.unsure.retry}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            slip.send({ type: 'slip.dismiss' });
            feed.send({ type: 'feed.bets' });
          }}
        >
          {text.nav.myBets}
        </button>
      </div>
    </div>
  );
}

function Receipt({ oddsType }: { oddsType: number }) {
  const { slip } = useActors();
  const bet = useSelector(slip, (s) => s.context.receipt);
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  if (!bet) return null;
  return (
    <div className="receipt" role="status" aria-labelledby="receipt-title">
      <h3 id="receipt-title">{text.receipt.title}</h3>
      <dl>
        <div>
          <dt>{text.receipt.orderNo}</dt>
          <dd>{bet.orderNo}</dd>
        </div>
        <div>
          <dt>{text.receipt.stake}</dt>
          <dd>¥{yuan(bet.stake)}</dd>
        </div>
        <div>
          <dt>{text.receipt.odds}</dt>
          <dd>{odds(bet.odds, oddsType)}</dd>
        </div>
      </dl>
      <button ref={done} type="button" className="primary" onClick={() => slip.send({ type: 'slip.done' })}>
        {text.receipt.done}
      </button>
    </div>
  );
}

function Editing({ oddsType }: { oddsType: number }) {
  const { slip } = useActors();
  const ctx = useSelector(slip, (s) => s.context);
  const placing = useSelector(slip, (s) => s.matches('placing'));
  const { picks, mode } = ctx;
  const combined = combinedOdds(picks.map((p) => p.odds));
  const stake = stakeOf(ctx);
  const problem = ctx.problem;
  const min = limit(SPORTSBOOK_MIN_STAKE);
  const max = limit(SPORTSBOOK_MAX_STAKE);
  const problemText =
    problem === 'tooFewLegs'
      ? text.problems.tooFewLegs(PARLAY_MIN_LEGS)
      : problem === 'belowMin'
        ? text.problems.belowMin(min)
        : problem === 'aboveMax'
          ? text.problems.aboveMax(max)
          : problem
            ? text.problems[problem]
            : null;
  const added = ctx.added;
  return (
    <>
      <div className="tabs mode" role="group" aria-label={text.slip.mode}>
        {(['single', 'parlay'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={m === mode}
            onClick={() => slip.send({ type: 'slip.mode', mode: m })}
          >
            {text.slip[m]}
          </button>
        ))}
      </div>
      {added && (
        <p className="alert" role="alert">
          {added.reason === 'tooMany'
            ? text.addRefused.tooMany(PARLAY_MAX_LEGS)
            : text.addRefused[added.reason]}
        </p>
      )}
      {picks.length === 0 ? (
        <p className="notice">{text.slip.empty}</p>
      ) : (
        <ul className="picks">
          {picks.map((p) => (
            <PickRow key={p.selectionId} pick={p} oddsType={oddsType} />
          ))}
        </ul>
      )}
      {picks.length > 0 && (
        <button type="button" className="link" onClick={() => slip.send({ type: 'slip.clear' })}>
          {text.slip.clear}
        </button>
      )}
      <form
        className="stake"
        aria-label={text.slip.title}
        onSubmit={(e) => {
          e.preventDefault();
          slip.send({ type: 'slip.place', now: sandboxNow() });
        }}
      >
        <label htmlFor="stake">{text.slip.stake}</label>
        <input
          id="stake"
          inputMode="decimal"
          autoComplete="off"
          value={ctx.stakeText}
          aria-describedby="stake-hint"
          onChange={(e) => slip.send({ type: 'slip.stake', text: e.target.value })}
        />
        <p id="stake-hint" className="hint">
          {text.slip.stakeHint(min, max)}
        </p>
        {mode === 'parlay' && picks.length >= PARLAY_MIN_LEGS && (
          <p className="figure">
            {text.slip.legs(picks.length)} · {text.slip.combined} {odds(combined, oddsType)}
          </p>
        )}
        {stake !== null && picks.length > 0 && (
          <p className="figure">
            {text.slip.potential} ¥{yuan(potentialReturn(stake, combined))}
          </p>
        )}
        {problemText && (
          <p className="alert" role="alert">
            {problemText}
          </p>
        )}
        {ctx.refusal && (
          <p className="alert" role="alert">
            {refusalText(ctx.refusal.code, ctx.refusal.message)}
          </p>
        )}
        <button type="submit" className="primary place" disabled={placing}>
          {placing ? text.slip.placing : text.slip.place}
        </button>
      </form>
    </>
  );
}

/** The bet slip: a side panel on a wide screen, a bottom sheet on a phone (opened with its bar). */
export function Slip({ oddsType }: { oddsType: number }) {
  const { slip } = useActors();
  const expanded = useSelector(slip, (s) => s.context.expanded);
  const count = useSelector(slip, (s) => s.context.picks.length);
  const view = useSelector(slip, (s) =>
    s.matches('oddsChanged')
      ? 'changed'
      : s.matches('unsure')
        ? 'unsure'
        : s.matches('placed')
          ? 'placed'
          : 'editing',
  );
  return (
    <aside className="slip" data-expanded={expanded} aria-labelledby="slip-title">
      <div className="slip-bar">
        <h2 id="slip-title">{text.slip.open(count)}</h2>
        <button
          type="button"
          className="slip-toggle"
          aria-expanded={expanded}
          aria-controls="slip-body"
          aria-label={expanded ? text.slip.close : text.slip.open(count)}
          onClick={() => slip.send({ type: 'slip.expand', expanded: !expanded })}
        >
          {expanded ? '▾' : '▴'}
        </button>
      </div>
      <div id="slip-body" className="slip-body">
        {view === 'changed' && <OddsChanged oddsType={oddsType} />}
        {view === 'unsure' && <Unsure />}
        {view === 'placed' && <Receipt oddsType={oddsType} />}
        {view === 'editing' && <Editing oddsType={oddsType} />}
      </div>
    </aside>
  );
}
