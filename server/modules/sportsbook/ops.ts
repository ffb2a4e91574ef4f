// Operator commands of the sandbox sportsbook (`npm run ops -- sportsbook …`; docs/sportsbook.md "Operators"),
// called from server/ops/commands.ts. Answers the text to print, or the usage line when the words are wrong.
import { formatFen } from '../../../src/protocol/money.ts';
import { SPORTS, type Sport } from '../../../src/protocol/sportsbook.ts';
import type { Db } from '../../db/db.ts';
import { advanceClock, ADVANCE_MAX_MINUTES, sandboxNow } from './clock.ts';
import { candidates, matchView } from './engine/engine.ts';
import { fixtureById } from './engine/fixtures.ts';
import { selectDecisions } from './repository.ts';
import { decideMatch, sweep } from './settlement.ts';
import { sportsbookConfig } from './settings.ts';
import type { Ctx } from './service.ts';
import type { SportsBet } from '../../../src/protocol/sportsbook.ts';

export const SPORTSBOOK_OPS_USAGE =
  'sportsbook settle <matchId> <home>:<away> | sportsbook cancel <matchId> | sportsbook advance <minutes> | sportsbook sweep | sportsbook live [sport]';
export type SportsbookOpsResult = { text: string } | { usage: string };

const SCORE = /^(\d{1,3}):(\d{1,3})$/;

function paid(bets: SportsBet[]): string {
  const total = bets.reduce((a, b) => a + b.payout, 0);
  return `settled ${bets.length} bet${bets.length === 1 ? '' : 's'}, paid ${formatFen(total)}`;
}

/** `npm run ops -- sportsbook settle|cancel|advance|sweep|live` (issue 11 §4). */
export async function sportsbookOps(
  db: Db,
  action: string | undefined,
  rest: string[],
): Promise<SportsbookOpsResult> {
  const ctx: Ctx = { db, config: sportsbookConfig() };
  switch (action) {
    case 'settle':
    case 'cancel': {
      const [matchId, scoreText] = rest;
      const f = matchId ? fixtureById(ctx.config.seed, matchId) : null;
      if (!f)
        return {
          usage: `${action === 'settle' ? 'sportsbook settle <matchId> <home>:<away>' : 'sportsbook cancel <matchId>'} (no match ${matchId ?? ''})`,
        };
      let decision: Parameters<typeof decideMatch>[2] = { state: 'cancelled' };
      if (action === 'settle') {
        const m = SCORE.exec(scoreText ?? '');
        if (!m) return { usage: 'sportsbook settle <matchId> <home>:<away> (a score such as 2:1)' };
        const home = Number(m[1]);
        const away = Number(m[2]);
        const r = f.rules;
        if (r.model === 'series' && !(Math.max(home, away) === r.toWin && Math.min(home, away) < r.toWin))
          return { usage: `a ${f.sport} match ends when a side has won ${r.toWin} (e.g. 2:1)` };
        decision = { state: 'ended', home, away };
      }
      const done = await decideMatch(ctx, f.id, decision);
      if ('refused' in done) return { usage: done.refused };
      const what = decision.state === 'cancelled' ? 'cancelled' : `ended ${decision.home}:${decision.away}`;
      return {
        text: `match ${f.id} (${f.home} vs ${f.away}) ${what}${done.written ? '' : ' (already)'}; ${paid(done.settled)}`,
      };
    }
    case 'advance': {
      const minutes = Number(rest[0]);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > ADVANCE_MAX_MINUTES)
        return { usage: `sportsbook advance <minutes: 1–${ADVANCE_MAX_MINUTES} match minutes>` };
      const now = await advanceClock(db, ctx.config, minutes);
      const { decided, settled } = await sweep(ctx);
      return {
        text: `sandbox clock +${minutes} match minutes (${minutes * ctx.config.secondsPerMinute} s): now ${new Date(now).toISOString()}; ${decided.length} match${decided.length === 1 ? '' : 'es'} ended; ${paid(settled)}`,
      };
    }
    case 'sweep': {
      const { decided, settled } = await sweep(ctx);
      return { text: `${decided.length} match${decided.length === 1 ? '' : 'es'} ended; ${paid(settled)}` };
    }
    case 'live': {
      const sport = rest[0];
      if (sport !== undefined && !(SPORTS as readonly string[]).includes(sport))
        return { usage: `sportsbook live [${SPORTS.join('|')}]` };
      const now = await sandboxNow(db);
      const fixtures = candidates(ctx.config, now, sport ? [sport as Sport] : SPORTS, 'live');
      const decisions = await selectDecisions(
        db,
        fixtures.map((f) => f.id),
      );
      const lines = fixtures
        .map((f) => matchView(ctx.config, f, now, decisions.get(f.id) ?? null).match)
        .filter((m) => m.phase === 'live')
        .map(
          (m) =>
            `${m.id}  ${m.sport.padEnd(10)} ${m.clock?.padEnd(7) ?? ''} ${m.score?.home}:${m.score?.away}  ${m.home} vs ${m.away}`,
        );
      return { text: lines.length ? lines.join('\n') : 'no live matches' };
    }
    default:
      return { usage: SPORTSBOOK_OPS_USAGE };
  }
}
