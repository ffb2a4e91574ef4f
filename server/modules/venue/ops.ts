import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import type { Db } from '../../db/db.ts';
import { reopenEndedMaintenance } from './catalogue.ts';
import { expireSessions } from './sessions.ts';

// Operator commands of the venues (`npm run ops -- venue …`; docs/venues.md "Operators"), called from
// server/ops/commands.ts. Answers the text to print, or the usage line when the words are wrong.

export const VENUE_OPS_USAGE =
  'venue list | venue maintenance <code> on|off [until, ISO time] | venue expire <phone>';
export type VenueOpsResult = { text: string } | { usage: string };

const CODE_WORD = /^[A-Za-z0-9_]{1,32}$/;
const when = (d: Date | string | null) =>
  d ? new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '-';

async function list(db: Db): Promise<string> {
  await reopenEndedMaintenance(db);
  const { rows } = await db.query<{
    code: string;
    platform: string;
    provider: string;
    name: string;
    status: string;
    maintenance_until: Date | string | null;
    playable: boolean;
    games: number;
  }>(
    `SELECT v.code, v.platform, v.provider, v.name, v.status, v.maintenance_until, v.playable,
            (SELECT count(*)::int FROM venue_games g WHERE g.venue = v.code) AS games
       FROM venues v ORDER BY v.platform, v.sort, v.code`,
  );
  if (!rows.length) return 'no venues';
  return rows
    .map((v) =>
      [
        v.code.padEnd(6),
        v.platform,
        v.provider.padEnd(5),
        v.status === 'maintenance' ? `maintenance until ${when(v.maintenance_until)}` : v.status.padEnd(11),
        v.playable ? 'playable' : 'not yet playable',
        v.games ? `${v.games} games` : 'no game list',
        v.name,
      ].join('  '),
    )
    .join('\n');
}

/** `npm run ops -- venue list|maintenance|expire` (issue 11 §1). */
export async function venueOps(db: Db, action: string | undefined, rest: string[]): Promise<VenueOpsResult> {
  if (action === 'list' && rest.length === 0) return { text: await list(db) };
  if (action === 'maintenance') {
    const [code, mode, untilText, ...extra] = rest;
    if (!code || !CODE_WORD.test(code) || (mode !== 'on' && mode !== 'off') || extra.length)
      return { usage: 'venue maintenance <code> on|off [until, ISO time e.g. 2026-12-01T04:00+08:00]' };
    if (mode === 'off' && untilText !== undefined) return { usage: 'venue maintenance <code> off' };
    let until: Date | null = null;
    if (untilText !== undefined) {
      until = /^\d{4}-\d{2}-\d{2}T/.test(untilText) ? new Date(untilText) : null;
      if (!until || Number.isNaN(until.getTime()))
        return { usage: `venue maintenance ${code} on [until: an ISO time such as 2026-12-01T04:00+08:00]` };
      if (until.getTime() <= Date.now())
        return { usage: `the end ${untilText} has passed: give a later time` };
    }
    const { rows } = await db.query<{ code: string; status: string }>(
      mode === 'on'
        ? `UPDATE venues SET status = 'maintenance', maintenance_until = $2 WHERE code = $1 RETURNING code, status`
        : `UPDATE venues SET status = 'open', maintenance_until = NULL WHERE code = $1 RETURNING code, status`,
      mode === 'on' ? [code, until?.toISOString() ?? null] : [code],
    );
    if (!rows[0]) return { text: `no venue ${code}` };
    return {
      text:
        mode === 'on'
          ? `${code} is under maintenance ${until ? `until ${when(until)}` : 'until switched off'}`
          : `${code} is open`,
    };
  }
  if (action === 'expire' && rest.length === 1) {
    const { countryCode, number } = parseStoredPhone(rest[0]!);
    if (!/^\d{5,15}$/.test(number))
      return { usage: 'venue expire <phone> (e.g. 13800138000 or (852)91234567)' };
    const phone = formatStoredPhone(countryCode, number);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE phone = $1', [phone]);
    if (!rows[0]) return { text: `no member with phone ${phone}` };
    const n = await expireSessions(db, Number(rows[0].id));
    return { text: `expired ${n} venue credential(s) of member ${rows[0].id} (${phone})` };
  }
  return { usage: VENUE_OPS_USAGE };
}
