import { BlockList, isIP } from 'node:net';
import { CODE } from '../../../src/protocol/api.ts';
import type { Queryable } from '../../db/db.ts';
import { cached, cachedNow, changed } from '../../db/hot-cache.ts';
import type { Standing } from './refusal.ts';
import {
  deleteRestriction,
  selectBlockedDeviceUuids,
  selectRestrictionRanges,
  selectRestrictions,
  upsertRestriction,
} from './repository.ts';

/**
 * Operator restrictions (spec §8), one kind a range:
 * - caveat  → 6031: the region is not served; the site shows the access-caveat page.
 * - blocked → 6033: the address is blocked; also the access-caveat page.
 * - alert   → 6032: a risk warning; preInfo still answers (its data is the pre-info) and the site shows the
 *             access-alert page unless the site is in maintenance or the player chose to continue.
 */
export const RESTRICTION_KINDS = ['caveat', 'blocked', 'alert'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

export const RESTRICTION_CODE: Record<RestrictionKind, number> = {
  caveat: CODE.accessCaveat,
  blocked: CODE.accessBlocked,
  alert: CODE.accessAlert,
};

export interface Restriction {
  id: number;
  network: string;
  kind: RestrictionKind;
  note: string;
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) compares as IPv4. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isNetwork(text: string): boolean {
  const [addr, bits, extra] = text.split('/');
  if (extra !== undefined || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/** The most specific restriction covering ip, or null. */
export async function restrictionFor(db: Queryable, ip: string): Promise<RestrictionKind | null> {
  return (await callerStanding(db, ip, undefined)).restriction;
}

interface IndexedRestriction {
  kind: RestrictionKind;
  bits: number;
  list: BlockList;
}

/** Every restriction, most specific first, ready to match in memory. */
async function loadRestrictionIndex(db: Queryable): Promise<IndexedRestriction[]> {
  return (await selectRestrictionRanges(db)).map((r) => {
    const [addr = '', bits = '0'] = r.network.split('/');
    const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    const list = new BlockList();
    list.addSubnet(addr, Number(bits), family);
    return { kind: r.kind, bits: Number(bits), list };
  });
}

async function loadBlockedDevices(db: Queryable): Promise<Set<string>> {
  return new Set(await selectBlockedDeviceUuids(db));
}

function standingOf(
  index: IndexedRestriction[],
  blocked: Set<string>,
  ip: string,
  deviceUuid: string | undefined,
): Standing {
  // Most callers match no range at all: skip the address parsing when there is nothing to match.
  let restriction: RestrictionKind | null = null;
  if (index.length > 0) {
    const addr = normalizeIp(ip);
    const family = isIP(addr);
    const hit = family ? index.find((r) => r.list.check(addr, family === 6 ? 'ipv6' : 'ipv4')) : undefined;
    restriction = hit?.kind ?? null;
  }
  return { restriction, deviceBlocked: deviceUuid ? blocked.has(deviceUuid) : false };
}

/**
 * What the guard needs about a caller: its address's restriction (the most specific range wins) and whether
 * its device (X-API-UUID) is blocked. Read from the hot cache (server/db/hot-cache.ts): no query per request.
 */
export async function callerStanding(
  db: Queryable,
  ip: string,
  deviceUuid: string | undefined,
): Promise<Standing> {
  const [index, blocked] = await Promise.all([
    cached(db, 'restrictions', () => loadRestrictionIndex(db)),
    cached(db, 'blockedDevices', () => loadBlockedDevices(db)),
  ]);
  return standingOf(index, blocked, ip, deviceUuid);
}

/**
 * callerStanding without waiting, when both caches are loaded and fresh (the usual case); undefined means
 * "ask callerStanding". The guard uses it to stay synchronous on the hot path (docs/decisions/0013).
 */
export function callerStandingNow(
  db: Queryable,
  ip: string,
  deviceUuid: string | undefined,
): Standing | undefined {
  const index = cachedNow<IndexedRestriction[]>(db, 'restrictions');
  const blocked = cachedNow<Set<string>>(db, 'blockedDevices');
  return index && blocked ? standingOf(index, blocked, ip, deviceUuid) : undefined;
}

export async function addRestriction(
  db: Queryable,
  network: string,
  kind: RestrictionKind,
  note = '',
): Promise<Restriction> {
  const row = await upsertRestriction(db, network, kind, note);
  await changed(db);
  return row;
}

export async function removeRestriction(db: Queryable, network: string): Promise<boolean> {
  const removed = await deleteRestriction(db, network);
  await changed(db);
  return removed;
}

export async function listRestrictions(db: Queryable): Promise<Restriction[]> {
  return selectRestrictions(db);
}
