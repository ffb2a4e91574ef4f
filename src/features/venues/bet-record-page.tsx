import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { pagesOf, type BetFilter } from '../../../machines/venues/bet-record.machine.ts';
import {
  BET_RECORD_MAX_DAYS,
  BET_RECORD_STATUSES,
  type BetRecordItem,
  type BetRecordStatus,
} from '../../protocol/bets.ts';
import { PLATFORMS, type OddsType, type Platform } from '../../protocol/venues.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { chinaTime, oddsText, signedYuan, yuan } from './format.ts';
import { OddsTypeSelect, useOddsType } from './odds-type-select.tsx';
import { useVenuesChild } from './use-venues.ts';

function BetItem({ bet, oddsType }: { bet: BetRecordItem; oddsType: OddsType }) {
  return (
    <li className="bet" data-order={bet.orderNo}>
      <div className="bet__head">
        <span className="bet__venue">{bet.venueName}</span>
        <span className={`bet__status bet__status--${bet.status}`}>{v.statuses[bet.status]}</span>
      </div>
      <p className="bet__game">{bet.game}</p>
      <dl className="bet__facts">
        <div>
          <dt>{v.playKind}</dt>
          <dd>{bet.play}</dd>
        </div>
        <div>
          <dt>{v.pick}</dt>
          <dd>{bet.pick}</dd>
        </div>
        <div>
          <dt>{v.odds}</dt>
          <dd data-odds={bet.odds ?? ''}>
            {bet.odds === null ? v.notSettled : oddsText(bet.odds, oddsType)}
          </dd>
        </div>
        <div>
          <dt>{v.stake}</dt>
          <dd>{yuan(bet.stake)}</dd>
        </div>
        <div>
          <dt>{v.validBet}</dt>
          <dd>{yuan(bet.validBet)}</dd>
        </div>
        <div>
          <dt>{v.payout}</dt>
          <dd>{bet.status === 'open' ? v.notSettled : yuan(bet.payout)}</dd>
        </div>
        <div>
          <dt>{v.net}</dt>
          <dd className={bet.net !== null && bet.net < 0 ? 'money--out' : bet.net ? 'money--in' : undefined}>
            {bet.net === null ? v.notSettled : signedYuan(bet.net)}
          </dd>
        </div>
        <div>
          <dt>{v.placedAt}</dt>
          <dd>
            <time dateTime={bet.placedAt}>{chinaTime(bet.placedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{v.settledAt}</dt>
          <dd>
            {bet.settledAt ? <time dateTime={bet.settledAt}>{chinaTime(bet.settledAt)}</time> : v.notSettled}
          </dd>
        </div>
        <div className="bet__order">
          <dt>{v.orderNo}</dt>
          <dd>{bet.orderNo}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /mine/record/betRecord (issue 11 §5): every bet of every venue — filters (category, venue, China-time date
 * range of at most BET_RECORD_MAX_DAYS days, today to begin with, status), the daily totals of the range and
 * the bets, newest first, paged; odds in the player's odds type.
 */
export function BetRecordPage() {
  const bets = useVenuesChild('betRecord');
  const state = useSelector(bets, (s) => (s ? (s.value as { records: string }).records : 'loading'));
  const ctx = useSelector(bets, (s) => s?.context);
  const oddsType = useOddsType();
  const [draft, setDraft] = useState<BetFilter | null>(null);
  const filter = draft ?? ctx?.filter ?? null;
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (filter) bets?.send({ type: 'bets.filter', filter });
  };
  const set = (patch: Partial<BetFilter>) => filter && setDraft({ ...filter, ...patch });
  const venues = (ctx?.venues ?? []).filter((x) => !filter?.platform || x.platform === filter.platform);
  const pages = pagesOf(ctx?.result ?? null);
  const problem = ctx?.problem ?? null;
  return (
    <>
      <header className="page-header lobby__header">
        <h1>{v.betRecordTitle}</h1>
        <OddsTypeSelect />
      </header>
      {filter && (
        <form className="card records-filter bet-filter" onSubmit={search} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="bets-platform">
              {v.filterCategory}
            </label>
            <select
              id="bets-platform"
              className="field__select"
              value={filter.platform}
              onChange={(e) => set({ platform: e.target.value as Platform | '', venue: '' })}
            >
              <option value="">{v.allCategories}</option>
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {v.platform[p]}
                </option>
              ))}
            </select>
          </div>
          {ctx?.venues && (
            <div className="field">
              <label className="field__label" htmlFor="bets-venue">
                {v.filterVenue}
              </label>
              <select
                id="bets-venue"
                className="field__select"
                value={filter.venue}
                onChange={(e) => set({ venue: e.target.value })}
              >
                <option value="">{v.allVenues}</option>
                {venues.map((x) => (
                  <option key={x.venue} value={x.venue}>
                    {x.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor="bets-from">
              {v.filterFrom}
            </label>
            <input
              id="bets-from"
              className="field__input"
              type="date"
              value={filter.from}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? 'bets-problem' : undefined}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bets-to">
              {v.filterTo}
            </label>
            <input
              id="bets-to"
              className="field__input"
              type="date"
              value={filter.to}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? 'bets-problem' : undefined}
              onChange={(e) => set({ to: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bets-status">
              {v.filterStatus}
            </label>
            <select
              id="bets-status"
              className="field__select"
              value={filter.status}
              onChange={(e) => set({ status: e.target.value as BetRecordStatus | '' })}
            >
              <option value="">{v.allStatuses}</option>
              {BET_RECORD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {v.statuses[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn">
            {v.searchBets}
          </button>
          <div aria-live="polite" className="bet-filter__problem">
            {problem && (
              <p id="bets-problem" className="form-alert form-alert--error">
                {problem === 'tooLong'
                  ? v.filterProblems.tooLong(BET_RECORD_MAX_DAYS)
                  : v.filterProblems[problem]}
              </p>
            )}
          </div>
        </form>
      )}
      {state === 'failed' ? (
        <p className="form-alert form-alert--error" role="alert">
          {v.betsLoadFailed}{' '}
          <button type="button" className="btn btn--small" onClick={() => bets?.send({ type: 'bets.retry' })}>
            {v.retry}
          </button>
        </p>
      ) : !ctx?.result ? (
        <LoadingScreen />
      ) : ctx.result.items.length === 0 ? (
        <p className="card bets-empty">{v.betsEmpty}</p>
      ) : (
        <div aria-busy={state === 'loading' || undefined}>
          <section className="card bet-days" aria-labelledby="bet-days-title">
            <h2 id="bet-days-title" className="section__title">
              {v.dailyTotals}
            </h2>
            {/* A region the keyboard can scroll when the table is wider than a phone. */}
            <div className="bet-days__scroll" role="region" aria-labelledby="bet-days-title" tabIndex={0}>
              <table className="bet-days__table">
                <thead>
                  <tr>
                    <th scope="col">{v.day}</th>
                    <th scope="col">{v.count}</th>
                    <th scope="col">{v.stake}</th>
                    <th scope="col">{v.validBet}</th>
                    <th scope="col">{v.net}</th>
                  </tr>
                </thead>
                <tbody>
                  {ctx.result.days.map((d) => (
                    <tr key={d.day} data-day={d.day}>
                      <th scope="row">{d.day}</th>
                      <td>{d.count}</td>
                      <td>{yuan(d.stake)}</td>
                      <td>{yuan(d.validBet)}</td>
                      <td className={d.net < 0 ? 'money--out' : d.net > 0 ? 'money--in' : undefined}>
                        {signedYuan(d.net)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card bets-list" aria-labelledby="bets-title">
            <h2 id="bets-title" className="section__title">
              {v.betsCount(ctx.result.total)}
            </h2>
            <ul className="bets">
              {ctx.result.items.map((bet) => (
                <BetItem key={bet.orderNo} bet={bet} oddsType={oddsType} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="pager" aria-label={v.betPages}>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={ctx.page <= 1 || state === 'loading'}
                  onClick={() => bets?.send({ type: 'bets.page', page: ctx.page - 1 })}
                >
                  {v.prev}
                </button>
                <span>{v.pageOf(ctx.page, pages)}</span>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={ctx.page >= pages || state === 'loading'}
                  onClick={() => bets?.send({ type: 'bets.page', page: ctx.page + 1 })}
                >
                  {v.next}
                </button>
              </nav>
            )}
          </section>
        </div>
      )}
    </>
  );
}
