// Provider two's face (issue 11 §3; spec §3, §4, §7, §8; docs/api.md "Sandbox sportsbook"): under /yewu11,
// GETs carrying `cuid` and a random number (`rnd`, src/protocol/providers.ts) as query parameters and the
// credential in the `requestId` header (a venue session of a provider-two venue). Envelope { code, msg, data },
// success '0000000'; a dead credential answers '0400401' (spec §4: a code containing 400401 re-fetches the
// shared parameters).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { PROVIDER_TWO_BASE, SPORTS } from '../../../../src/protocol/sportsbook.ts';
import { REQUEST_ID_HEADER } from '../../../../src/protocol/providers.ts';
import { StringEnum } from '../../../http/schemas.ts';
import { SPORTSBOOK_MESSAGE } from '../messages.ts';
import { FaceMatchCamel, FaceSportCamel, LIST_PHASES, MATCH_ID } from '../schemas.ts';
import {
  callerOf,
  countsView,
  listMatches,
  matchOf,
  oddsTypeOf,
  venueBalance,
  type Caller,
  type Ctx,
} from '../service.ts';
import { faceErrors, FaceError, headerOf, oddsTypeAsked } from './common.ts';
import { camelMatch, camelSports } from './shape.ts';

export const PROVIDER_TWO_SUCCESS = '0000000';
export const PROVIDER_TWO_CODE = { expired: '0400401', bad: '0400001', notFound: '0400404' } as const;

const ok = (data: unknown) => ({ code: PROVIDER_TWO_SUCCESS, msg: SPORTSBOOK_MESSAGE.success, data });

/** The query every GET carries (cuid, the random number) plus the call's own; anything else is ignored. */
const query = <P extends Record<string, TSchema>>(own: P) =>
  Type.Object({
    cuid: Type.Optional(Type.String({ maxLength: 64 })),
    rnd: Type.Optional(Type.String({ maxLength: 64 })),
    oddsType: Type.Optional(Type.String({ maxLength: 2 })),
    ...own,
  });
const answer = (data: TSchema) => ({
  200: Type.Object({ code: Type.String(), msg: Type.String(), data }),
});

export const providerTwoFace: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  faceErrors(app, (refusal) => ({
    code: PROVIDER_TWO_CODE[refusal],
    msg:
      refusal === 'expired'
        ? SPORTSBOOK_MESSAGE.expired
        : refusal === 'bad'
          ? SPORTSBOOK_MESSAGE.badRequest
          : SPORTSBOOK_MESSAGE.notFound,
    data: null,
  }));
  /** The credential first (a dead one answers 0400401 whatever else is wrong), then the GET's cuid. */
  const caller = async (req: {
    headers: Record<string, string | string[] | undefined>;
    query: { cuid?: string };
  }): Promise<Caller> => {
    const c = await callerOf(ctx.db, headerOf(req.headers, REQUEST_ID_HEADER), 'two');
    if (!c) throw new FaceError('expired');
    if (!req.query.cuid) throw new FaceError('bad');
    return c;
  };

  app.get(
    `${PROVIDER_TWO_BASE}/v1/m/sportCount`,
    {
      schema: {
        querystring: query({}),
        response: answer(Type.Object({ sports: Type.Array(FaceSportCamel), total: Type.Integer() })),
      },
    },
    async (req) => {
      const counts = await countsView(ctx, await caller(req));
      return ok({ sports: camelSports(counts), total: counts.total });
    },
  );

  app.get(
    `${PROVIDER_TWO_BASE}/v1/m/matches`,
    {
      schema: {
        querystring: query({
          sport: Type.Optional(StringEnum(SPORTS)),
          live: Type.Optional(StringEnum(['0', '1'] as const)),
          phase: Type.Optional(StringEnum(LIST_PHASES)),
        }),
        response: answer(Type.Object({ matches: Type.Array(FaceMatchCamel) })),
      },
    },
    async (req) => {
      const c = await caller(req);
      const phase = req.query.phase ?? (req.query.live === '0' ? 'today' : 'live');
      const type = oddsTypeAsked(req.query.oddsType, await oddsTypeOf(ctx.db, c.memberId));
      const { matches } = await listMatches(ctx, c, req.query.sport, phase);
      return ok({ matches: matches.map((m) => camelMatch(m, type)) });
    },
  );

  app.get(
    `${PROVIDER_TWO_BASE}/v1/m/match`,
    {
      schema: {
        querystring: query({ matchId: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: answer(FaceMatchCamel),
      },
    },
    async (req) => {
      const c = await caller(req);
      const id = req.query.matchId;
      if (!id || !new RegExp(MATCH_ID).test(id)) throw new FaceError('bad');
      const m = await matchOf(ctx, c, id);
      if (!m) throw new FaceError('notFound');
      return ok(camelMatch(m, oddsTypeAsked(req.query.oddsType, await oddsTypeOf(ctx.db, c.memberId))));
    },
  );

  app.get(
    `${PROVIDER_TWO_BASE}/v1/m/balance`,
    {
      schema: {
        querystring: query({}),
        response: answer(
          Type.Object({ balance: Type.Integer(), currency: Type.String(), venue: Type.String() }),
        ),
      },
    },
    async (req) => {
      const c = await caller(req);
      return ok({ balance: await venueBalance(ctx.db, c), currency: 'CNY', venue: c.venue.code });
    },
  );
};
