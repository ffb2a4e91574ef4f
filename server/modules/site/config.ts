import type { PreInfo } from '../../../src/protocol/site.ts';
import type { Queryable } from '../../db/db.ts';
import { cached, cachedNow, changed } from '../../db/hot-cache.ts';
import { selectSiteConfigRows, upsertSiteConfig } from './repository.ts';

// The site configuration: every key an operator may set (`npm run ops -- config set`), its type and default.
type Kind = 'string' | 'boolean' | 'string[]' | 'status' | 'int';

export const SITE_CONFIG_KEYS = {
  title: { kind: 'string', default: '星耀棋牌 · 棋牌 体育 真人 电子 彩票' },
  webLogoTitleUrl: { kind: 'string', default: '/media/logo.svg' },
  siteDomainUrl: { kind: 'string', default: '' },
  address: { kind: 'string', default: '' },
  disablePhones: { kind: 'string[]', default: [] as string[] },
  globePhoneNumber: { kind: 'string', default: '' },
  /** spec §4: 0 = under maintenance, 1 = open. */
  maintainStatus: { kind: 'status', default: 1 },
  maintainStartTime: { kind: 'string', default: '' },
  maintainEndTime: { kind: 'string', default: '' },
  maintainNotice: { kind: 'string', default: '' },
  siteFestivalSkin: { kind: 'string', default: '' },
  siteVideoActiveUrl: { kind: 'string', default: '' },
  siteVideoSkinOpen: { kind: 'boolean', default: false },
  stopLogin: { kind: 'boolean', default: false },
  stopRegister: { kind: 'boolean', default: false },
  /** The VIP levels that may speak in the live-stream chat (inclusive; spec §3 socket login data vipMin/vipMax). */
  chatVipMin: { kind: 'int', default: 0 },
  chatVipMax: { kind: 'int', default: 10 },
  /** host[:port] of the real-time socket; '' = the site's own host (GET configuration/streamInfo). */
  streamHost: { kind: 'string', default: '' },
  // Withdrawals (issue 10 §3; docs/withdrawals.md).
  /** While turnover is outstanding: 'refuse' the withdrawal (30052), or 'deduct' withdrawalDeductionBp of it. */
  withdrawalAuditPolicy: { kind: 'string', default: 'refuse', choices: ['refuse', 'deduct'] },
  /** The administrative deduction under the 'deduct' policy, basis points of the amount (1000 = 10 %). */
  withdrawalDeductionBp: { kind: 'int', default: 1000, max: 9000 },
  /** Withdrawals a member may ask for per day (Beijing time; rejected and cancelled ones do not count). */
  withdrawalDailyCount: { kind: 'int', default: 5 },
  /** The amount a member may withdraw per day, in whole yuan (Beijing time; as the count). */
  withdrawalDailyAmountYuan: { kind: 'int', default: 500000 },
  /** The audit starts again after the member's whole balance fell below this many fen (1000 = ¥10.00). */
  withdrawalAuditResetBelowFen: { kind: 'int', default: 1000 },
  // Coins and the mall (issue 13 §6; docs/mall.md).
  /** Whole coins per 100 yuan of valid bet (the fraction of a coin is carried to the member's next bet). */
  coinsPer100Yuan: { kind: 'int', default: 10, max: 10000 },
} as const satisfies Record<
  string,
  { kind: Kind; default: unknown; choices?: readonly string[]; max?: number }
>;

export type SiteConfigKey = keyof typeof SITE_CONFIG_KEYS;
type ValueOf<K extends Kind> = K extends 'string'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'status'
      ? 0 | 1
      : K extends 'int'
        ? number
        : string[];
export type SiteConfig = { -readonly [K in SiteConfigKey]: ValueOf<(typeof SITE_CONFIG_KEYS)[K]['kind']> };

export function isSiteConfigKey(key: string): key is SiteConfigKey {
  return Object.hasOwn(SITE_CONFIG_KEYS, key);
}

/** Parses an operator's text value for a key; throws a readable Error when it does not fit. */
export function parseConfigValue(key: SiteConfigKey, text: string): unknown {
  const kind: Kind = SITE_CONFIG_KEYS[key].kind;
  // Stored as given: control characters (a NUL PostgreSQL refuses) are a usage error, not a database error.
  if ([...text].some((c) => c.charCodeAt(0) < 0x20)) throw new Error(`${key} takes no control characters`);
  switch (kind) {
    case 'string': {
      const def: { kind: Kind; choices?: readonly string[] } = SITE_CONFIG_KEYS[key];
      if (def.choices && !def.choices.includes(text))
        throw new Error(`${key} takes one of ${def.choices.join(', ')}`);
      return text;
    }
    case 'boolean':
      if (['true', '1', 'on', 'yes'].includes(text)) return true;
      if (['false', '0', 'off', 'no'].includes(text)) return false;
      throw new Error(`${key} takes true or false`);
    case 'status':
      if (text === '0' || text === '1') return Number(text);
      throw new Error(`${key} takes 0 (maintenance) or 1 (open)`);
    case 'int': {
      const def: { kind: Kind; max?: number } = SITE_CONFIG_KEYS[key];
      if (/^\d{1,6}$/.test(text.trim()) && Number(text.trim()) <= (def.max ?? 999_999))
        return Number(text.trim());
      throw new Error(
        def.max === undefined
          ? `${key} takes a whole number (0 or more)`
          : `${key} takes a whole number (0 to ${def.max})`,
      );
    }
    case 'string[]':
      return text === ''
        ? []
        : text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
  }
}

export async function readSiteConfig(db: Queryable): Promise<SiteConfig> {
  const rows = await selectSiteConfigRows(db);
  const config = Object.fromEntries(
    Object.entries(SITE_CONFIG_KEYS).map(([k, v]) => [k, v.default]),
  ) as SiteConfig;
  for (const row of rows)
    if (isSiteConfigKey(row.key)) (config as Record<string, unknown>)[row.key] = row.value;
  return config;
}

export async function writeSiteConfig(db: Queryable, key: SiteConfigKey, value: unknown): Promise<void> {
  await upsertSiteConfig(db, key, value);
  await changed(db);
}

export function toPreInfo(config: SiteConfig, ip: string, venueOrigins: string[]): PreInfo {
  return {
    SiteBaseConfigVo: {
      title: config.title,
      webLogoTitleUrl: config.webLogoTitleUrl,
      siteDomainUrl: config.siteDomainUrl,
    },
    address: config.address,
    disablePhones: config.disablePhones,
    globePhoneNumber: config.globePhoneNumber,
    ip,
    maintainConfig: {
      status: config.maintainStatus,
      startTime: config.maintainStartTime || null,
      endTime: config.maintainEndTime || null,
      notice: config.maintainNotice,
    },
    siteFestivalSkin: config.siteFestivalSkin,
    siteVideoActiveUrl: config.siteVideoActiveUrl,
    siteVideoSkinOpen: config.siteVideoSkinOpen,
    stopLogin: config.stopLogin,
    stopRegister: config.stopRegister,
    venueOrigins,
  };
}

/** The site configuration for request paths: from the hot cache (server/db/hot-cache.ts). */
export function cachedSiteConfig(db: Queryable): Promise<SiteConfig> {
  return cached(db, 'siteConfig', () => readSiteConfig(db));
}

/** cachedSiteConfig when it is loaded and fresh, without waiting; undefined otherwise (then await the other). */
export function cachedSiteConfigNow(db: Queryable): SiteConfig | undefined {
  return cachedNow<SiteConfig>(db, 'siteConfig');
}

export async function readPreInfo(db: Queryable, ip: string, venueOrigins: string[]): Promise<PreInfo> {
  return toPreInfo(await cachedSiteConfig(db), ip, venueOrigins);
}
