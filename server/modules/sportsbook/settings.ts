// The sandbox sportsbook's configuration (docs/sportsbook.md "Configuration"): from the environment, else the
// design defaults. The same on every node and in the operator command line (they compute the same fixtures).
import type { EngineConfig } from './engine/fixtures.ts';

export interface SportsbookConfig extends EngineConfig {
  /** How often the running server's settlement sweep runs (ms); 0 turns it off. */
  sweepMs: number;
}

/** Design: a match minute lasts 10 real seconds, so a football match (90 minutes) takes 15 real minutes. */
export const DEFAULT_SECONDS_PER_MINUTE = 10;
export const SECONDS_PER_MINUTE_RANGE = [1, 60] as const;
export const DEFAULT_SEED = 'qipai-sandbox-1';
export const DEFAULT_SWEEP_MS = 5_000;

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number from ${min} to ${max}`);
  return n;
}

/** SPORTSBOOK_SEED, SPORTSBOOK_SECONDS_PER_MINUTE (1–60), SPORTSBOOK_SWEEP_MS (0 = off). */
export function sportsbookConfig(given: Partial<SportsbookConfig> = {}): SportsbookConfig {
  const [lo, hi] = SECONDS_PER_MINUTE_RANGE;
  return {
    seed: given.seed ?? (process.env.SPORTSBOOK_SEED?.trim() || DEFAULT_SEED),
    secondsPerMinute:
      given.secondsPerMinute ??
      envNumber('SPORTSBOOK_SECONDS_PER_MINUTE', DEFAULT_SECONDS_PER_MINUTE, lo, hi),
    sweepMs: given.sweepMs ?? envNumber('SPORTSBOOK_SWEEP_MS', DEFAULT_SWEEP_MS, 0, 3_600_000),
  };
}
