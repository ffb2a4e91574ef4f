// The bet record (issue 11 §5, /mine/record/betRecord; member): every bet of every venue, filtered and paged.
import type { BetRecordRequest, BetRecordResponse } from '../../protocol/bets.ts';
import { apiPost } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

export const fetchBetRecords = (req: BetRecordRequest) =>
  apiPost<BetRecordResponse>(
    VENUE_PATH.betRecords,
    Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined && v !== '')),
  );
