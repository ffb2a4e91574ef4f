import type { Db } from '../../db/db.ts';
import { SHOWCASE_GAMES } from '../../../src/protocol/showcase.ts';
import { clearHotOrder, hotGames, hotOrder, showcaseGameOf, writeHotOrder } from './showcase.ts';

// Operator commands of the home page's hot games (`npm run ops -- hot …`; issue 19 §2 "the operator command line
// can reorder the hot games"; docs/home.md), called from server/ops/commands.ts. Answers the text to print, or
// the usage line when the words are wrong.

export const HOT_OPS_USAGE = 'hot list | hot set <code,code,...> | hot move <code> <position> | hot reset';
export type HotOpsResult = { text: string } | { usage: string };

const KNOWN = () => SHOWCASE_GAMES.map((g) => g.code).join(', ');

async function list(db: Db): Promise<string> {
  const { codes, operator } = await hotOrder(db);
  const launched = new Map((await hotGames(db)).map((g) => [g.code, g]));
  const lines = codes.map((code, i) => {
    const g = showcaseGameOf(code)!;
    const at = launched.get(code);
    return [
      `${String(i + 1).padStart(2)}.`,
      code.padEnd(15),
      g.platform,
      at ? `-> ${at.venue}` : '(no open venue: not shown)',
      g.name,
    ].join('  ');
  });
  const off = SHOWCASE_GAMES.filter((g) => !codes.includes(g.code)).map((g) => g.code);
  return [
    `hot games (${operator ? "the operator's order" : 'the default order'}):`,
    ...lines,
    ...(off.length ? [`not on the list: ${off.join(', ')}`] : []),
  ].join('\n');
}

/** `npm run ops -- hot list|set|move|reset`. */
export async function hotOps(db: Db, action: string | undefined, rest: string[]): Promise<HotOpsResult> {
  if (action === 'list' && rest.length === 0) return { text: await list(db) };
  if (action === 'reset' && rest.length === 0) {
    await clearHotOrder(db);
    return { text: `hot games back to the default order\n${await list(db)}` };
  }
  if (action === 'set') {
    const codes = (rest[0] ?? '').split(',').map((c) => c.trim());
    if (rest.length !== 1 || codes.some((c) => c === ''))
      return { usage: 'hot set <code,code,...> (at least one code, comma separated, no spaces)' };
    const unknown = codes.filter((c) => !showcaseGameOf(c));
    if (unknown.length) return { usage: `unknown game ${unknown.join(', ')}; games: ${KNOWN()}` };
    const twice = codes.filter((c, i) => codes.indexOf(c) !== i);
    if (twice.length) return { usage: `a game given twice: ${[...new Set(twice)].join(', ')}` };
    await db.transaction((tx) => writeHotOrder(tx, codes));
    return { text: await list(db) };
  }
  if (action === 'move') {
    const [code, placeText, ...extra] = rest;
    if (!code || !placeText || extra.length || !/^\d{1,3}$/.test(placeText))
      return { usage: 'hot move <code> <position> (1 = first)' };
    if (!showcaseGameOf(code)) return { usage: `unknown game ${code}; games: ${KNOWN()}` };
    const { codes } = await hotOrder(db);
    const others = codes.filter((c) => c !== code);
    const place = Number(placeText);
    if (place < 1 || place > others.length + 1)
      return { usage: `hot move <code> <position>: the position is 1 to ${others.length + 1}` };
    others.splice(place - 1, 0, code);
    await db.transaction((tx) => writeHotOrder(tx, others));
    return { text: await list(db) };
  }
  return { usage: HOT_OPS_USAGE };
}
