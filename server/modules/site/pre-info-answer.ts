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
  after: string;
}
interface Answers {
  success: Split;
  /** spec §8 6032: the access alert carries the pre-info as its data. */
  alert: Split;
}

/** A placeholder no configuration value can produce in JSON (a lone surrogate is always escaped). */
const IP_MARK = '\uD800ip\uD800';
const IP_MARK_JSON = JSON.stringify(IP_MARK);

const answers = new WeakMap<SiteConfig, Answers>();

function split(config: SiteConfig, code: number, message: string): Split {
  const answer: Envelope<PreInfo> = { status_code: code, message, data: toPreInfo(config, IP_MARK) };
  const text = JSON.stringify(answer);
  const at = text.indexOf(IP_MARK_JSON);
  return { before: text.slice(0, at), after: text.slice(at + IP_MARK_JSON.length) };
}

/** The envelope {6000 | 6032, message, data: the pre-info for ip} as JSON text. */
export function preInfoJson(config: SiteConfig, ip: string, alert: boolean): string {
  let built = answers.get(config);
  if (!built) {
    built = {
      success: split(config, CODE.success, SUCCESS_MESSAGE),
      alert: split(config, CODE.accessAlert, SERVER_MESSAGE.accessAlert),
    };
    answers.set(config, built);
  }
  const parts = alert ? built.alert : built.success;
  return parts.before + JSON.stringify(ip) + parts.after;
}
