import {
  HEARTBEAT_INTERVAL_MS,
  MISSED_HEARTBEATS_BEFORE_CLOSE,
  SITE_CONFIG_PUSH_WINDOW_MS,
} from '../../src/protocol/stream.ts';
import { DEFAULT_CHAT_OPTIONS, type ChatOptions } from '../modules/chat/chat.ts';

/** Socket timings and limits; the protocol's constants by default (tests shorten the heartbeat). */
export interface StreamOptions {
  heartbeatIntervalMs: number;
  missedHeartbeats: number;
  /** Messages one socket may send in a second, heartbeats included; more closes it (4008). */
  maxMessagesPerSecond: number;
  /** Failed logins one socket may make before it is closed (4008). */
  maxLoginFailures: number;
  /**
   * Site-configuration changes heard within this long of the first one are pushed as one MSG.siteConfig
   * (an operator's burst of `config set`s, or one ops command that writes several keys).
   */
  siteConfigDebounceMs: number;
  chat: ChatOptions;
}

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  missedHeartbeats: MISSED_HEARTBEATS_BEFORE_CLOSE,
  maxMessagesPerSecond: 20,
  maxLoginFailures: 5,
  // Short against the site's 60 s pre-info poll, long enough to gather one burst (issue 8 §4).
  siteConfigDebounceMs: SITE_CONFIG_PUSH_WINDOW_MS,
  chat: DEFAULT_CHAT_OPTIONS,
};
