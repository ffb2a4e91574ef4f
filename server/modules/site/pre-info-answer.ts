import { CODE, type Envelope } from '../../../src/protocol/api.ts';
import type { PreInfo } from '../../../src/protocol/site.ts';
import { SERVER_MESSAGE, SUCCESS_MESSAGE } from '../../http/envelope.ts';
import { toPreInfo, type SiteConfig } from './config.ts';

/**
 * preInfo's answer as JSON text, built once per configuration: every caller gets the same bytes but for its own
 * address. The hot path then costs a string concatenation instead of building and serialising the object per
 * request (docs/decisions/0013). The text comes from the same typed object the route's response schema
 * describes (toPreInfo), so it cannot drift from the schema.
 */
interface Split {
  before: string;
  /** Between the ip and the venue origins (the origins are the last field). */
  middle: string;
  after: string;
}
interface Answers {
  success: Split;
  /** spec §8 6032: the access alert carries the pre-info as its data. */
  alert: Split;
}

/** Placeholders no configuration value can produce in JSON (a lone surrogate is always escaped). */
const IP_MARK = '\uD800ip\uD800';
const IP_MARK_JSON = JSON.stringify(IP_MARK);
const ORIGINS_MARK = '\uD800origins\uD800';
const ORIGINS_MARK_JSON = JSON.stringify([ORIGINS_MARK]);

const answers = new WeakMap<SiteConfig, Answers>();

function split(config: SiteConfig, code: number, message: string): Split {
  const answer: Envelope<PreInfo> = {
    status_code: code,
    message,
    data: toPreInfo(config, IP_MARK, [ORIGINS_MARK]),
  };
  const text = JSON.stringify(answer);
  const at = text.indexOf(IP_MARK_JSON);
  const rest = at + IP_MARK_JSON.length;
  const originsAt = text.indexOf(ORIGINS_MARK_JSON, rest);
  return {
    before: text.slice(0, at),
    middle: text.slice(rest, originsAt),
    after: text.slice(originsAt + ORIGINS_MARK_JSON.length),
  };
}

/**
 * The envelope {6000 | 6032, message, data: the pre-info for ip} as JSON text; venueOrigins is the caller's
 * public origin list (server/modules/venue/origin.ts), passed as its JSON text.
 */
export function preInfoJson(
  config: SiteConfig,
  ip: string,
  alert: boolean,
  venueOriginsJson: string,
): string {
  let built = answers.get(config);
  if (!built) {
    built = {
      success: split(config, CODE.success, SUCCESS_MESSAGE),
      alert: split(config, CODE.accessAlert, SERVER_MESSAGE.accessAlert),
    };
    answers.set(config, built);
  }
  const parts = alert ? built.alert : built.success;
  return parts.before + JSON.stringify(ip) + parts.middle + venueOriginsJson + parts.after;
}
