// The lottery category (issue 12 §1 "Lottery (CP)"; docs/games-cp.md): 极速快三 and 五分时时彩 at every CP venue,
// their routes under the native API (/cp/…) and the sweep that keeps the periods, draws them at the close and
// settles every ticket.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../http/envelope.ts';
import type { GameCategory } from '../category.ts';
import { callerOfRequest } from '../routes.ts';
import { lotteriesSchema, placeTicketSchema, stateSchema, ticketsSchema } from './schemas.ts';
import { lotteryList, lotteryState, placeTicket, sweepLotteries, ticketsOf } from './service.ts';

export const CP_PREFIX = '/cp';

export const cpCategory: GameCategory = {
  name: 'lottery',
  kinds: ['k3', 'ssc'],
  routes(app, ctx) {
    const t = app.withTypeProvider<TypeBoxTypeProvider>();
    t.get(`${CP_PREFIX}/lotteries`, { schema: lotteriesSchema }, async (req) =>
      ok(await lotteryList(ctx, callerOfRequest(req))),
    );
    t.get(`${CP_PREFIX}/state`, { schema: stateSchema }, async (req) =>
      ok(await lotteryState(ctx, callerOfRequest(req), req.query.game)),
    );
    t.post(`${CP_PREFIX}/tickets`, { schema: placeTicketSchema }, async (req) =>
      ok(await placeTicket(ctx, callerOfRequest(req), req.body)),
    );
    t.get(`${CP_PREFIX}/tickets`, { schema: ticketsSchema }, async (req) =>
      ok(await ticketsOf(ctx, callerOfRequest(req), req.query.game, req.query.roundId)),
    );
  },
  sweep: sweepLotteries,
};
