// The venue launch (spec §7 POST /game/api/v1/venue/launch, every field; issue 11 §2; member).
import { CODE, isMoneyCode } from '../../protocol/api.ts';
import type { LaunchRequest, LaunchResult } from '../../protocol/venues.ts';
import { apiPost, type ApiCallConfig } from '../client.ts';
import { VENUE_PATH } from './paths.ts';

/**
 * The launch's refusals the lobby shows itself (venue maintenance 6014, the venue and money codes 30001–30099,
 * 10003); a session that ended still reaches the app's error catalogue.
 */
const ownErrors: ApiCallConfig = {
  handles: (e) =>
    e.type === 'business' &&
    (isMoneyCode(e.code) || Number(e.code) === CODE.maintenanceVenue || Number(e.code) === CODE.validation),
};

export const launchVenue = (req: LaunchRequest) => apiPost<LaunchResult>(VENUE_PATH.launch, req, ownErrors);
