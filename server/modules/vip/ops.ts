import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import { formatFen } from '../../../src/protocol/money.ts';
import { VIP_MAX_LEVEL } from '../../../src/protocol/vip.ts';
import type { Db } from '../../db/db.ts';
import { selectMemberIdByPhone } from '../member/repository.ts';
import { recomputeAll, recomputeLevel, setLevelByOperator, type LevelChange } from './levels.ts';
import { rewardsOf } from './rewards.ts';
import { vipStatusOf } from './status.ts';

// Operator commands of the VIP programme (`npm run ops -- vip …`; docs/vip.md "Operators"), called from
// server/ops/commands.ts. Answers the text to print, or the usage line when the words are wrong.

export const VIP_OPS_USAGE =
  'vip show <phone> | vip recompute [phone] | vip set <phone> <level 0–10> [note] | vip history <phone>';
export type VipOpsResult = { text: string } | { usage: string };

const yuan = (fen: number) => `¥${formatFen(fen)}`;
const when = (d: Date | string) => new Date(d).toISOString().replace('T', ' ').slice(0, 19);
const changeLine = (c: LevelChange) => `member ${c.memberId}: VIP${c.from} → VIP${c.to} (${c.cause})`;

async function memberOf(db: Db, word: string | undefined): Promise<{ id: number; phone: string } | string> {
  if (!word) return 'a phone is needed';
  const { countryCode, number } = parseStoredPhone(word);
  if (!/^\d{5,15}$/.test(number)) return `not a phone: ${word} (e.g. 13800138000 or (852)91234567)`;
  const phone = formatStoredPhone(countryCode, number);
  const id = await selectMemberIdByPhone(db, phone);
  return id === null ? `no member with phone ${phone}` : { id: Number(id), phone };
}

/** `npm run ops -- vip show|recompute|set|history` (issue 13 §3). */
export async function vipOps(db: Db, action: string | undefined, rest: string[]): Promise<VipOpsResult> {
  if (action === 'show' && rest.length === 1) {
    const m = await memberOf(db, rest[0]);
    if (typeof m === 'string') return { text: m };
    const s = await vipStatusOf(db, m.id);
    const rewards = await rewardsOf(db, m.id);
    const lines = [
      `member ${m.id} (${m.phone}): VIP${s.level}`,
      `  deposit ${yuan(s.deposit)}  valid bet ${yuan(s.validBet)}`,
      s.next
        ? `  next VIP${s.next.level}: deposit ${yuan(s.next.deposit)}  valid bet ${yuan(s.next.validBet)}`
        : '  top level',
      `  keep: valid bet in the window ${yuan(s.keep.validBet)} of ${yuan(s.keep.required)}`,
      ...rewards.map(
        (r) => `  reward ${r.id}  ${yuan(r.amount)}  ${r.state}${r.claimedAt ? ` ${when(r.claimedAt)}` : ''}`,
      ),
    ];
    return { text: lines.join('\n') };
  }
  if (action === 'recompute' && rest.length <= 1) {
    if (rest.length === 1) {
      const m = await memberOf(db, rest[0]);
      if (typeof m === 'string') return { text: m };
      const change = await recomputeLevel(db, m.id);
      return { text: change ? changeLine(change) : `member ${m.id} (${m.phone}): no change` };
    }
    const changes = await recomputeAll(db);
    return { text: changes.length ? changes.map(changeLine).join('\n') : 'no level changed' };
  }
  if (action === 'set' && rest.length >= 2) {
    const level = Number(rest[1]);
    if (!Number.isInteger(level) || level < 0 || level > VIP_MAX_LEVEL || !/^\d+$/.test(rest[1]!))
      return { usage: VIP_OPS_USAGE };
    const m = await memberOf(db, rest[0]);
    if (typeof m === 'string') return { text: m };
    const note = rest.slice(2).join(' ') || null;
    const change = await setLevelByOperator(db, m.id, level, note);
    return {
      text: change ? changeLine(change) : `member ${m.id} (${m.phone}) is VIP${level} already: no change`,
    };
  }
  if (action === 'history' && rest.length === 1) {
    const m = await memberOf(db, rest[0]);
    if (typeof m === 'string') return { text: m };
    const { rows } = await db.query<{
      from_level: number;
      to_level: number;
      cause: string;
      note: string | null;
      created_at: Date;
    }>(
      `SELECT from_level, to_level, cause, note, created_at FROM vip_level_changes
        WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
      [m.id],
    );
    if (rows.length === 0) return { text: `member ${m.id} (${m.phone}): no level change yet` };
    return {
      text: rows
        .map(
          (r) =>
            `${when(r.created_at)}  VIP${r.from_level} → VIP${r.to_level}  ${r.cause}${r.note ? `  ${r.note}` : ''}`,
        )
        .join('\n'),
    };
  }
  return { usage: VIP_OPS_USAGE };
}
