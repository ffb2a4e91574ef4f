// The sports providers' wire details the site's adapters send and the sandbox's provider faces read (issue 11 §3;
// spec §4, §7, §8), and the rules the two spec machines share with the adapters. Pure: the machines import it.
import { EXPIRED_MESSAGE, PROVIDER_THREE_EXPIRED_CODE, PROVIDER_TWO_EXPIRED_CODE_PART } from './venues.ts';
import type { Provider, SportCounts } from './venues.ts';

/** spec §7: provider two's calls and the counts call carry this header. */
export const REQUEST_ID_HEADER = 'requestId';
/** spec §7: provider three's calls carry the Authorization shared parameter as this header. */
export const AUTHORIZATION_HEADER = 'Authorization';
/**
 * spec §7: provider two's GETs get a `cuid` and a random number (a cache-buster) as query parameters. The
 * random number's name is not in the spec; this is its design. The provider face ignores its value.
 */
export const PROVIDER_TWO_QUERY = { cuid: 'cuid', random: 'rnd' } as const;
/** spec §7, §9: the counts call `GET {token}?merchantCode=Y`. */
export const COUNTS_MERCHANT_PARAM = 'merchantCode';

/**
 * spec §4: the provider's shared parameters expired: provider two's code contains 400401, provider three's code
 * is 14010. Provider one's parameters come only from a launch; no code of its re-fetches them.
 */
export function isProviderParamsExpired(provider: Provider, code: number | string): boolean {
  if (provider === 'two') return String(code).includes(PROVIDER_TWO_EXPIRED_CODE_PART);
  if (provider === 'three') return String(code) === String(PROVIDER_THREE_EXPIRED_CODE);
  return false;
}

/** spec §4, §8: the counts call answered the expired message (its credential is dead: re-launch the venue). */
export function isExpiredMessage(message: string): boolean {
  return message === EXPIRED_MESSAGE;
}

/**
 * What one counts request came to, as the sport-count machine reads it: the decoded counts, the expired message
 * (spec §4: re-launch and retry), or any other failure (network, a code, an answer that cannot be read).
 */
export type SportCountOutcome =
  { kind: 'ok'; counts: SportCounts } | { kind: 'expired' } | { kind: 'failed'; reason: string };
