// What both chess-and-card games show around their hand (docs/games-qp.md "The page"): the base stake chooser and
// the start, the round timer, the refusal said plainly, the "no answer" retry, the result as a plain net figure
// (a loss said as a loss, no celebration: issue 12 §2).
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { qpTableMachine } from '../../../machines/games/qp/table.machine.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';
import { newRequestId } from '../api.ts';
import { signedYuan, yuan } from '../format.ts';

export type TableRef = ActorRefFrom<typeof qpTableMachine>;
const T = qpText.table;

export function Countdown({ deadline, now }: { deadline: string; now: () => number }) {
  const left = () => Math.max(0, Math.ceil((Date.parse(deadline) - now()) / 1000));
  const [s, setS] = useState(left);
  useEffect(() => {
    setS(left());
    const id = setInterval(() => setS(left()), 250);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  return (
    <p className="qp-timer" role="timer" aria-label={T.timerLabel} data-testid="qp-timer">
      {T.timer(s)}
    </p>
  );
}

/** The base chooser and the start (between hands). */
export function StartBar({ table }: { table: TableRef }) {
  const { bases, base, done, busy } = useSelector(table, (s) => ({
    bases: s.context.bases,
    base: s.context.base,
    done: s.matches('done'),
    busy: !(s.matches('idle') || s.matches('done')),
  }));
  return (
    <div className="qp-start">
      <div role="group" aria-label={T.bases} className="qp-choices">
        <span className="muted">{T.base}</span>
        {bases.map((b) => (
          <button
            key={b}
            type="button"
            className={b === base ? '' : 'secondary'}
            aria-pressed={b === base}
            disabled={busy}
            onClick={() => table.send({ type: 'base.set', base: b })}
          >
            {yuan(b)}
          </button>
        ))}
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => table.send({ type: 'start', requestId: newRequestId() })}
      >
        {done ? T.again(yuan(base)) : T.start(yuan(base))}
      </button>
    </div>
  );
}

/** The table's state in words: sending, the timer ran out, no answer, a refusal. */
export function TableStatus({ table }: { table: TableRef }) {
  const { value, refusal } = useSelector(table, (s) => ({ value: s.value, refusal: s.context.refusal }));
  return (
    <div className="qp-status">
      {value === 'loading' && <p className="muted">{T.loading}</p>}
      {value === 'sending' && <p className="muted">{T.sending}</p>}
      {(value === 'expired' || value === 'reading') && <p role="status">{T.expired}</p>}
      {value === 'failed' && (
        <div role="alert" className="qp-failed">
          <p>{T.noAnswer}</p>
          <button type="button" onClick={() => table.send({ type: 'retry' })}>
            {T.retry}
          </button>
          <button type="button" className="secondary" onClick={() => table.send({ type: 'giveUp' })}>
            {T.giveUp}
          </button>
        </div>
      )}
      {refusal && (
        <div role="alert" className="qp-refusal">
          <p className="error">{refusal.message}</p>
          <button type="button" className="secondary" onClick={() => table.send({ type: 'dismiss' })}>
            {T.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}

/** A finished hand's result: the net figure as it is, then what came back of the stake. */
export function Result({ net, line, auto }: { net: number; line: string; auto: boolean }) {
  return (
    <section className="qp-result" aria-label={T.resultTitle} data-testid="qp-result">
      <p className={net < 0 ? 'bad' : ''}>{net === 0 ? T.even : T.net(signedYuan(net))}</p>
      <p className="muted">{line}</p>
      {auto && <p className="muted">{T.auto}</p>}
    </section>
  );
}
