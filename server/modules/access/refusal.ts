import { CODE } from '../../../src/protocol/api.ts';
import { SERVER_MESSAGE } from '../../http/envelope.ts';
import type { RestrictionKind } from './restrictions.ts';

/** What the caller's standing answers: a coded refusal, or null when the call may proceed. */
export interface Refusal {
  code: number;
  message: string;
}

export interface Standing {
  restriction: RestrictionKind | null;
  deviceBlocked: boolean;
}

/**
 * The one restriction check of the HTTP guard and the socket route (spec §8): a blocked device (10102) is
 * refused everywhere; an address restricted as caveat (6031) or blocked (6033) is refused; an alert (6032) is
 * advisory (preInfo answers it with its data, every other call proceeds).
 */
export function refusalFor(standing: Standing): Refusal | null {
  if (standing.deviceBlocked) return { code: CODE.deviceBlocked, message: SERVER_MESSAGE.deviceBlocked };
  switch (standing.restriction) {
    case 'caveat':
      return { code: CODE.accessCaveat, message: SERVER_MESSAGE.accessCaveat };
    case 'blocked':
      return { code: CODE.accessBlocked, message: SERVER_MESSAGE.accessBlocked };
    default:
      return null;
  }
}
