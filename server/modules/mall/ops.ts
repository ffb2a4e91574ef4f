import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import { coinsOf, grantCoins, sweepCoins } from './coins.ts';
import { isItemField, listItems, setItemField, setStock } from './mall.ts';

// Operator commands of the mall (`npm run ops -- mall …`; docs/mall.md "Operators").
export const MALL_OPS_USAGE = [
  'mall list                                  the items: id, kind, price, stock, limit, VIP, redeemed',
  "mall stock <item> <n>                      set an item's stock",
  'mall coins <phone> <n> <reason> [id]       grant n coins (once per id; kind coins_adjustment)',
  'mall sweep                                 credit coins for valid bets not yet counted',
].join('\n  ');
export type MallOpsResult = { text: string } | { usage: string };

export async function mallOps(db: Db, action: string | undefined, rest: string[]): Promise<MallOpsResult> {
  switch (action) {
    case 'list': {
      const items = await listItems(db);
      return {
        text: items
          .map(
            (i) =>
              `${i.id.padEnd(16)} ${i.kind.padEnd(8)} ${String(i.price).padStart(6)} coins  stock ${i.stock}  limit ${i.limit}  VIP${i.vipMin}+  redeemed ${i.redeemed}  ${i.name}`,
          )
          .join('\n'),
      };
    }
    case 'stock': {
      const [item, n] = rest;
      if (!item || !n || !/^\d{1,9}$/.test(n)) return { usage: MALL_OPS_USAGE };
      if (!(await setStock(db, item, Number(n)))) return { text: `no item ${item}` };
      return { text: `${item}: stock ${n}` };
    }
    case 'set': {
      const [item, field, n] = rest;
      if (!item || !field || !n || !/^\d{1,9}$/.test(n) || !isItemField(field))
        return { usage: MALL_OPS_USAGE };
      const r = await setItemField(db, item, field, Number(n));
      return {
        text: r === 'ok' ? `${item}: ${field} ${n}` : r === 'missing' ? `no item ${item}` : `refused: ${r}`,
      };
    }
    case 'coins': {
      const [phoneText, n, reason, givenId] = rest;
      if (!phoneText || !n || !/^\d{1,9}$/.test(n) || Number(n) <= 0 || !reason)
        return { usage: MALL_OPS_USAGE };
      const { countryCode, number } = parseStoredPhone(phoneText);
      const phone = formatStoredPhone(countryCode, number);
      const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE phone = $1', [phone]);
      if (!rows[0]) return { text: `no member ${phone}` };
      const memberId = Number(rows[0].id);
      const id = givenId ?? `ops:${randomUUID()}`;
      if (!/^[A-Za-z0-9_.:-]{4,60}$/.test(id)) return { text: `bad id ${id}` };
      await db.transaction((tx) =>
        grantCoins(tx, {
          id,
          memberId,
          coins: Number(n),
          reason: 'adjustment',
          memo: { reason, by: 'operator' },
        }),
      );
      return {
        text: `granted ${n} coins to ${phone} (coins-grant:${id}); coins now ${await coinsOf(db, memberId)}`,
      };
    }
    case 'sweep': {
      const r = await sweepCoins(db);
      return { text: `swept ${r.members} members: ${r.coins} coins credited` };
    }
    default:
      return { usage: MALL_OPS_USAGE };
  }
}
