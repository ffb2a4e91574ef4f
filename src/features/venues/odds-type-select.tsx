import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { ODDS_TYPE, type OddsType } from '../../protocol/venues.ts';
import { useVenuesChild } from './use-venues.ts';

const TYPES = Object.values(ODDS_TYPE) as OddsType[];

/** The player's odds type (spec §3), kept per player; every odds figure of the area follows it. */
export function OddsTypeSelect() {
  const odds = useVenuesChild('oddsType');
  const value = useSelector(odds, (s) => s?.context.oddsType);
  const saveFailed = useSelector(odds, (s) => s?.context.saveFailed ?? false);
  const loading = useSelector(odds, (s) => s?.matches('loading') ?? true);
  const id = useId();
  if (value === undefined) return null;
  return (
    <div className="odds-type">
      <label className="field__label" htmlFor={id}>
        {v.oddsType}
      </label>
      <select
        id={id}
        className="field__select"
        value={value}
        disabled={loading}
        onChange={(e) => odds?.send({ type: 'odds.select', oddsType: Number(e.target.value) as OddsType })}
      >
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {v.oddsTypes[type]}
          </option>
        ))}
      </select>
      <span aria-live="polite">{saveFailed && <span className="field__error">{v.oddsSaveFailed}</span>}</span>
    </div>
  );
}

/** The odds type the area shows prices in now. */
export function useOddsType(): OddsType {
  const odds = useVenuesChild('oddsType');
  return useSelector(odds, (s) => s?.context.oddsType ?? ODDS_TYPE.europe);
}
