// The player's odds type (spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4), kept per player (member).
import type { OddsType, OddsTypeSetting } from '../../protocol/venues.ts';
import { apiGet, apiPost } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

export const fetchOddsType = () => apiGet<OddsTypeSetting>(VENUE_PATH.oddsType);

export const saveOddsType = (oddsType: OddsType) =>
  apiPost<OddsTypeSetting>(VENUE_PATH.oddsType, { oddsType } satisfies OddsTypeSetting);
