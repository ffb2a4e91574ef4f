import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { HOT_CACHE_CHANNEL } from '../db/hot-cache.ts';
import { readSiteConfig, type SiteConfig, type SiteConfigKey } from '../modules/site/config.ts';

/** What changed in one burst: the site configuration keys whose values differ (empty: none of them). */
export interface SiteChange {
  keys: SiteConfigKey[];
}

/** The keys whose values differ between two readings of the site configuration, in key order. */
export function changedConfigKeys(before: SiteConfig, after: SiteConfig): SiteConfigKey[] {
  return (Object.keys(after) as SiteConfigKey[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

/**
 * Hears the changes that alter what pre-info answers, on every node, and reports each burst once.
 *
 * It listens to the hot caches' own channel (server/db/hot-cache.ts): every writer of what pre-info reads —
 * the site configuration (`config set`, `maintenance on|off`), the address restrictions and the blocked
 * devices — already NOTIFYs it on commit (`changed()`), from any node or the operator command line. That
 * notification carries no payload, so the keys are found by comparing the configuration with the last reading;
 * a change outside the configuration (a restriction, a device) reports no keys. Notifications within
 * `debounceMs` of the first are gathered into one report; one heard while a report is being read starts the
 * next burst, so a change is never missed.
 */
export class SiteConfigWatch {
  private last: SiteConfig | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private heardWhileReading = false;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly debounceMs: number,
    private readonly onChange: (change: SiteChange) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(HOT_CACHE_CHANNEL, () => this.heard());
    // The reading to compare the first change with. Without it (a failed read) that change reports no keys.
    this.last = await readSiteConfig(this.db).catch((err: unknown) => {
      this.log.error({ err }, 'site configuration not read; its first change will name no keys');
      return null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    await this.reading;
  }

  private heard(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.heardWhileReading = true;
      return;
    }
    this.timer ??= setTimeout(() => this.report(), this.debounceMs);
  }

  private report(): void {
    this.timer = null;
    if (this.stopped) return;
    this.reading = this.compare()
      .catch((err: unknown) => this.log.error({ err }, 'site configuration change not read'))
      .finally(() => {
        this.reading = null;
        if (this.heardWhileReading) {
          this.heardWhileReading = false;
          this.heard();
        }
      });
  }

  private async compare(): Promise<void> {
    // Read from the table, not the hot cache: this node's cache may not have heard the change yet.
    const now = await readSiteConfig(this.db);
    const keys = this.last ? changedConfigKeys(this.last, now) : [];
    this.last = now;
    if (!this.stopped) this.onChange({ keys });
  }
}
