// The payout pages show their own refusals (the money codes 30001–30099 and 10003 on a form); every other code
// (a session that ended, a restriction) still reaches the app's error catalogue.
import { CODE, isMoneyCode } from '../../protocol/api.ts';
import type { ApiCallConfig } from '../client.ts';

export const ownErrors: ApiCallConfig = {
  handles: (e) => e.type === 'business' && (isMoneyCode(e.code) || e.code === CODE.validation),
};
