// The slots' jackpot pool as the home page shows it (issue 19 §2; contract src/protocol/jackpot.ts, public).
import { JACKPOT_POOL_PATH, type JackpotPoolResponse } from '../../protocol/jackpot.ts';
import { apiGet } from '../client.ts';
import { showcaseErrors } from './showcase.ts';

export const fetchJackpotPool = () => apiGet<JackpotPoolResponse>(JACKPOT_POOL_PATH, showcaseErrors);
