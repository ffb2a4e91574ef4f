// A lottery's page (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "The page"): the venue's lotteries with their
// periods, the open period's number and countdown, the play tabs, the pick board with each pick's odds, the
// amount, the ticket confirmation, this period's tickets (a result stated as its net: no celebration, issue 12 §2)
// and the draw history as a table. The flow is the lottery machine's (machines/games/cp/lottery.machine.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { STAKE_MAX, STAKE_MIN, type lotteryMachine } from '../../../machines/games/cp/lottery.machine.ts';
import { seedHashOf } from '../../games-core/fair.ts';
import { engineOf, resultDigits, type LotteryResult } from '../../games-core/cp/plays.ts';
import type { LotteryKind } from '../../games-core/cp/periods.ts';
import type { LotteryList, LotteryPeriod, Ticket } from '../../games-core/cp/wire.ts';
import { cpText } from '../../i18n/zh-CN-games-cp.ts';
import { newRequestId, type GamesClient } from '../api.ts';
import type { GameViewProps } from '../game-module.ts';
import { lotteryLogic, readLotteries } from './compose.ts';
import './lottery.css';

type LotteryRef = ActorRefFrom<typeof lotteryMachine>;
const T = cpText;

/** mm:ss of the time left (never below zero). */
export const mmss = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The server's clock, re-read four times a second (for countdowns). */
function useServerNow(serverNow: () => number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(id);
  }, [serverNow]);
  return now;
}

const kindOf = (game: string): LotteryKind => (game === 'ssc' ? 'ssc' : 'k3');

/** The venue's lotteries, each with its open period and countdown (the shell's picker opens another one). */
export function LotteryListView({
  client,
  current,
  now,
}: {
  client: GamesClient;
  current: string;
  now: number;
}) {
  const [list, setList] = useState<LotteryList | null>(null);
  const due = list?.lotteries.some((l) => Date.parse(l.current.endsAt) <= now) ?? false;
  useEffect(() => {
    let live = true;
    readLotteries(client)
      .then((l) => live && setList(l))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, due]);
  if (!list) return null;
  return (
    <section aria-label={T.lotteries} className="cp-list">
      <ul>
        {list.lotteries.map((l) => {
          const open = Date.parse(l.current.closesAt) > now;
          return (
            <li key={l.game.code} aria-current={l.game.code === current ? 'true' : undefined}>
              <span className="cp-list-name">{l.game.name}</span>
              <span className="muted">{T.period(l.current.label)}</span>
              <span>
                {open
                  ? T.countdown(mmss(Date.parse(l.current.closesAt) - now))
                  : T.nextIn(mmss(Date.parse(l.current.endsAt) - now))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PeriodBar({ lottery, now }: { lottery: LotteryRef; now: number }) {
  const { value, period } = useSelector(lottery, (s) => ({
    value: s.matches('open') ? 'open' : (s.value as string),
    period: s.context.period,
  }));
  const phase =
    value === 'open'
      ? T.phase.open
      : value === 'closed'
        ? T.phase.closed
        : value === 'drawing'
          ? T.phase.drawing
          : value === 'result'
            ? T.phase.result
            : value === 'failed'
              ? T.phase.failed
              : T.phase.loading;
  return (
    <div className="cp-period" data-testid="cp-period">
      {period && <h2>{T.period(period.label)}</h2>}
      <p role="status" className="cp-phase">
        {phase}
      </p>
      {period && value === 'open' && (
        <p role="timer" aria-live="off" className="cp-countdown" data-testid="cp-countdown">
          {T.countdown(mmss(Date.parse(period.closesAt) - now))}
        </p>
      )}
      {period && value === 'result' && (
        <>
          <DrawFigure result={period.result} />
          <p className="muted">{T.nextIn(mmss(Date.parse(period.endsAt) - now))}</p>
        </>
      )}
      {value === 'failed' && (
        <button type="button" onClick={() => lottery.send({ type: 'lottery.retry' })}>
          {T.retry}
        </button>
      )}
    </div>
  );
}

function DrawFigure({ result }: { result: LotteryResult | null }) {
  if (!result) return null;
  const digits = resultDigits(result);
  const label = 'dice' in result ? T.diceLabel(digits) : T.digitsLabel(digits);
  return (
    <p className="cp-draw" role="img" aria-label={label} data-testid="cp-draw">
      {digits.map((d, i) => (
        <span key={i} className="cp-ball" aria-hidden="true">
          {d}
        </span>
      ))}
    </p>
  );
}

function PlayTabs({ lottery, kind }: { lottery: LotteryRef; kind: LotteryKind }) {
  const plays = engineOf(kind).plays;
  const chosen = useSelector(lottery, (s) => s.context.play) || plays[0]!.code;
  const focus = (i: number) => {
    const p = plays[(i + plays.length) % plays.length]!;
    lottery.send({ type: 'lottery.play', play: p.code });
    document.getElementById(`cp-play-${p.code}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={T.playTabs} className="cp-plays">
      {plays.map((p, i) => (
        <button
          key={p.code}
          id={`cp-play-${p.code}`}
          type="button"
          role="tab"
          aria-selected={p.code === chosen}
          aria-controls="cp-board"
          tabIndex={p.code === chosen ? 0 : -1}
          onClick={() => lottery.send({ type: 'lottery.play', play: p.code })}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') focus(i + 1);
            if (e.key === 'ArrowLeft') focus(i - 1);
          }}
        >
          {p.name}
        </button>
      ))}
    </div>
  );
}

function PickBoard({ lottery, kind }: { lottery: LotteryRef; kind: LotteryKind }) {
  const plays = engineOf(kind).plays;
  const { chosen, picks, open } = useSelector(lottery, (s) => ({
    chosen: s.context.play || plays[0]!.code,
    picks: s.context.picks,
    open: s.matches({ open: 'idle' }),
  }));
  const play = plays.find((p) => p.code === chosen) ?? plays[0]!;
  return (
    <div
      id="cp-board"
      role="tabpanel"
      aria-labelledby={`cp-play-${play.code}`}
      className="cp-board"
      data-testid="cp-board"
    >
      <div role="group" aria-label={`${T.pickBoard} ${play.name}`} className="cp-picks">
        {play.picks.map((k) => {
          const on = picks.some((p) => p.play === play.code && p.pick === k.code);
          return (
            <button
              key={k.code}
              type="button"
              className={on ? 'cp-pick on' : 'cp-pick'}
              aria-pressed={on}
              disabled={!open}
              onClick={() => lottery.send({ type: 'lottery.toggle', play: play.code, pick: k.code })}
            >
              <span className="cp-pick-label">{k.label}</span>
              <span className="cp-pick-odds">{T.odds(k.odds100)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

function AmountBar({ lottery }: { lottery: LotteryRef }) {
  const { amount, count, open } = useSelector(lottery, (s) => ({
    amount: s.context.amount,
    count: s.context.picks.length,
    open: s.matches({ open: 'idle' }),
  }));
  const [typed, setTyped] = useState(String(amount / 100));
  useEffect(() => setTyped(String(amount / 100)), [amount]);
  const set = (v: string) => {
    setTyped(v);
    const yuan = Number(v);
    lottery.send({
      type: 'lottery.amount',
      fen: Number.isFinite(yuan) && v.trim() !== '' ? Math.round(yuan * 100) : 0,
    });
  };
  const validAmount = amount >= STAKE_MIN && amount <= STAKE_MAX && amount % 100 === 0;
  return (
    <div className="cp-amount">
      <label htmlFor="cp-amount-input">{T.amount}</label>
      <input
        id="cp-amount-input"
        inputMode="numeric"
        value={typed}
        aria-invalid={!validAmount}
        aria-describedby="cp-amount-hint"
        onChange={(e) => set(e.target.value.replace(/[^0-9]/g, ''))}
      />
      <div role="group" aria-label={T.amountChipsLabel} className="cp-chips">
        {T.amountChips.map((y) => (
          <button
            key={y}
            type="button"
            className={amount === y * 100 ? '' : 'secondary'}
            aria-pressed={amount === y * 100}
            onClick={() => set(String(y))}
          >
            {T.chip(y)}
          </button>
        ))}
      </div>
      <p id="cp-amount-hint" className={validAmount ? 'muted' : 'error'}>
        {T.amountHint(STAKE_MIN / 100, STAKE_MAX / 100)}
      </p>
      <p className="cp-summary">
        {T.picked(count)} · {T.total(count * amount)}
      </p>
      <div className="actions">
        <button
          type="button"
          disabled={!open || count === 0 || !validAmount}
          onClick={() => lottery.send({ type: 'lottery.review' })}
        >
          {T.place}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!open || count === 0}
          onClick={() => lottery.send({ type: 'lottery.clear' })}
        >
          {T.clear}
        </button>
      </div>
    </div>
  );
}

function ConfirmDialog({ lottery, kind }: { lottery: LotteryRef; kind: LotteryKind }) {
  const { showing, picks, amount, period } = useSelector(lottery, (s) => ({
    showing: s.matches({ open: 'confirming' }),
    picks: s.context.picks,
    amount: s.context.amount,
    period: s.context.period,
  }));
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (showing) confirmRef.current?.focus();
  }, [showing]);
  if (!showing || !period) return null;
  const plays = engineOf(kind).plays;
  const words = (play: string, pick: string) => {
    const p = plays.find((x) => x.code === play);
    const k = p?.picks.find((x) => x.code === pick);
    return { play: p?.name ?? play, pick: k?.label ?? pick, odds: k?.odds100 ?? 0 };
  };
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="cp-confirm-title"
        className="dialog"
        onKeyDown={(e) => e.key === 'Escape' && lottery.send({ type: 'lottery.cancel' })}
      >
        <h2 id="cp-confirm-title">{T.confirmTitle}</h2>
        <p>{T.confirmPeriod(period.label)}</p>
        <ul className="cp-confirm-list">
          {picks.map((p) => {
            const w = words(p.play, p.pick);
            return (
              <li key={`${p.play}/${p.pick}`}>
                {w.play} · {w.pick} · {T.odds(w.odds)} · {T.stake(amount)}
              </li>
            );
          })}
        </ul>
        <p>{T.total(picks.length * amount)}</p>
        <div className="actions">
          <button
            ref={confirmRef}
            type="button"
            onClick={() =>
              lottery.send({ type: 'lottery.confirm', requestIds: picks.map(() => newRequestId()) })
            }
          >
            {T.confirm}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => lottery.send({ type: 'lottery.cancel' })}
          >
            {T.cancel}
          </button>
        </div>
      </div>
    </div>
  );
}

function Notice({ lottery }: { lottery: LotteryRef }) {
  const { notice, placing, unanswered } = useSelector(lottery, (s) => ({
    notice: s.context.notice,
    placing: s.matches({ open: 'placing' }),
    unanswered: s.matches({ open: 'unanswered' }),
  }));
  if (placing) return <p className="muted">{T.placing}</p>;
  if (!notice) return null;
  if (notice.kind === 'placed') return <p role="status">{T.placed(notice.count)}</p>;
  const words =
    notice.kind === 'closed'
      ? T.closedRefused
      : notice.kind === 'needFunds'
        ? T.needFunds
        : notice.kind === 'refused'
          ? T.refused(notice.message)
          : T.failedNetwork;
  return (
    <div role="alert" className="error">
      <p>{words}</p>
      {unanswered && (
        <div className="actions">
          <button type="button" onClick={() => lottery.send({ type: 'lottery.retry' })}>
            {T.resend}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => lottery.send({ type: 'lottery.cancel' })}
          >
            {T.cancel}
          </button>
        </div>
      )}
    </div>
  );
}

function MyTickets({ lottery }: { lottery: LotteryRef }) {
  const { tickets, period } = useSelector(lottery, (s) => ({
    tickets: s.context.read?.tickets ?? [],
    period: s.context.period,
  }));
  const mine: Ticket[] = period ? tickets.filter((t) => t.roundId === period.id) : [];
  return (
    <section aria-labelledby="cp-mine-title" className="cp-mine">
      <h3 id="cp-mine-title">{T.myTickets}</h3>
      {mine.length === 0 ? (
        <p className="muted">{T.noTickets}</p>
      ) : (
        <ul>
          {mine.map((t) => (
            <li key={t.orderNo} data-testid="cp-ticket">
              <span>
                {t.playName} · {t.pickLabel}
              </span>
              <span>{T.stake(t.stake)}</span>
              <span>{T.ticketStatus[t.status]}</span>
              {t.status !== 'open' && <span>{T.ticketNet(t.payout - t.stake)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A drawn period recomputed here from its revealed seed: the seed's hash and the draw (games-core). */
export function checkPeriod(kind: LotteryKind, p: LotteryPeriod): boolean {
  if (!p.serverSeed || !p.result || seedHashOf(p.serverSeed) !== p.seedHash) return false;
  const again = engineOf(kind).draw({ serverSeed: p.serverSeed, clientSeed: p.id, nonce: 0 });
  return again.sum === p.result.sum && resultDigits(again).join(',') === resultDigits(p.result).join(',');
}

export function DrawHistory({
  name,
  kind,
  history,
}: {
  name: string;
  kind: LotteryKind;
  history: readonly LotteryPeriod[];
}) {
  return (
    <section aria-labelledby="cp-history-title" className="cp-history">
      <h3 id="cp-history-title">{T.history}</h3>
      {history.length === 0 ? (
        <p className="muted">{T.historyEmpty}</p>
      ) : (
        <div className="cp-table-wrap">
          <table>
            <caption className="sr-only">{T.historyCaption(name)}</caption>
            <thead>
              <tr>
                <th scope="col">{T.historyCols.period}</th>
                <th scope="col">{T.historyCols.result}</th>
                <th scope="col">{T.historyCols.sum}</th>
                <th scope="col">{T.historyCols.seed}</th>
                <th scope="col">{T.historyCols.check}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((p) => {
                const r = p.result;
                const digits = r ? resultDigits(r) : [];
                const triple = r && 'dice' in r && r.dice[0] === r.dice[1] && r.dice[1] === r.dice[2];
                return (
                  <tr key={p.id}>
                    <th scope="row">{p.label}</th>
                    <td>{digits.join(' ')}</td>
                    <td>
                      {r ? r.sum : ''}
                      {triple ? ` ${T.shapeTriple}` : ''}
                    </td>
                    <td className="cp-seed">
                      <code>{p.serverSeed ?? T.seedHidden}</code>
                    </td>
                    <td>{T.historyCheck(checkPeriod(kind, p))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function LotteryView({ game, client, shell }: GameViewProps) {
  const logic = useMemo(() => lotteryLogic(client, shell), [client, shell]);
  const lottery = useActorRef(logic, { input: { game: game.code } });
  const kind = kindOf(game.code);
  const now = useServerNow(shell.serverNow);
  const history = useSelector(lottery, (s) => s.context.read?.state.history ?? []);
  const expired = useSelector(lottery, (s) => s.matches('expired'));
  if (expired) return null;
  return (
    <div className="cp-page" data-testid="cp-page">
      <LotteryListView client={client} current={game.code} now={now} />
      <div className="cp-main">
        <div className="cp-play">
          <PeriodBar lottery={lottery} now={now} />
          <PlayTabs lottery={lottery} kind={kind} />
          <PickBoard lottery={lottery} kind={kind} />
          <AmountBar lottery={lottery} />
          <Notice lottery={lottery} />
          <ConfirmDialog lottery={lottery} kind={kind} />
          <MyTickets lottery={lottery} />
        </div>
        <DrawHistory name={game.name} kind={kind} history={history} />
      </div>
    </div>
  );
}
