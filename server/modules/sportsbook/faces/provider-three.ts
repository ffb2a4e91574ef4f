// Provider three's face (issue 11 §3; spec §3, §4, §7, §8; docs/api.md "Sandbox sportsbook"): under /v1, the
// credential in the `Authorization` header (a venue session of a provider-three venue), languageType CMN.
// Envelope { code, message, data }: reads succeed with 0 (the site reads it as 100); the one write, the odds
// type (POST /v1/member/oddsType), succeeds with 350 (spec §8's third success code). A dead credential answers
// 14010 (spec §4: the shared parameters are fetched again).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { PROVIDER_THREE_BASE, SPORTS } from '../../../../src/protocol/sportsbook.ts';
import { AUTHORIZATION_HEADER } from '../../../../src/protocol/providers.ts';
import { PROVIDER_THREE_EXPIRED_CODE, type OddsType } from '../../../../src/protocol/venues.ts';
import { OptionalBody, StringEnum } from '../../../http/schemas.ts';
import { SPORTSBOOK_MESSAGE } from '../messages.ts';
import { FaceMatchCamel, FaceSportCamel, LIST_PHASES, MATCH_ID } from '../schemas.ts';
import {
  callerOf,
  countsView,
  listMatches,
  matchOf,
  oddsTypeOf,
  setOddsType,
  venueBalance,
  type Caller,
  type Ctx,
} from '../service.ts';
import { faceErrors, FaceError, headerOf, oddsTypeAsked } from './common.ts';
import { camelMatch, camelSports } from './shape.ts';

export const PROVIDER_THREE_READ_SUCCESS = 0;
/** spec §8: provider three's write success (the odds type). */
export const PROVIDER_THREE_WRITE_SUCCESS = 350;
export const PROVIDER_THREE_CODE = {
  expired: PROVIDER_THREE_EXPIRED_CODE,
  bad: 14000,
  notFound: 14004,
} as const;

const read = (data: unknown) => ({
  code: PROVIDER_THREE_READ_SUCCESS,
  message: SPORTSBOOK_MESSAGE.success,
  data,
});

const query = <P extends Record<string, TSchema>>(own: P) =>
  Type.Object({
    languageType: Type.Optional(Type.String({ maxLength: 8 })),
    oddsType: Type.Optional(Type.String({ maxLength: 2 })),
    ...own,
  });
const answer = (data: TSchema) => ({
  200: Type.Object({ code: Type.Integer(), message: Type.String(), data }),
});

/** "Bearer <token>" or the token alone. */
const tokenOf = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '').trim();

export const providerThreeFace: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  faceErrors(app, (refusal) => ({
    code: PROVIDER_THREE_CODE[refusal],
    message:
      refusal === 'expired'
        ? SPORTSBOOK_MESSAGE.expired
        : refusal === 'bad'
          ? SPORTSBOOK_MESSAGE.badRequest
          : SPORTSBOOK_MESSAGE.notFound,
    data: null,
  }));
  const caller = async (req: { headers: Record<string, string | string[] | undefined> }): Promise<Caller> => {
    const c = await callerOf(ctx.db, tokenOf(headerOf(req.headers, AUTHORIZATION_HEADER)), 'three');
    if (!c) throw new FaceError('expired');
    return c;
  };

  app.get(
    `${PROVIDER_THREE_BASE}/sport/count`,
    {
      schema: {
        querystring: query({}),
        response: answer(Type.Object({ sports: Type.Array(FaceSportCamel), total: Type.Integer() })),
      },
    },
    async (req) => {
      const counts = await countsView(ctx, await caller(req));
      return read({ sports: camelSports(counts), total: counts.total });
    },
  );

  app.get(
    `${PROVIDER_THREE_BASE}/match/list`,
    {
      schema: {
        querystring: query({
          sportId: Type.Optional(StringEnum(SPORTS)),
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
      const { matches } = await listMatches(ctx, c, req.query.sportId, phase);
      return read({ matches: matches.map((m) => camelMatch(m, type)) });
    },
  );

  app.get(
    `${PROVIDER_THREE_BASE}/match/detail`,
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
      return read(camelMatch(m, oddsTypeAsked(req.query.oddsType, await oddsTypeOf(ctx.db, c.memberId))));
    },
  );

  app.get(
    `${PROVIDER_THREE_BASE}/member/info`,
    {
      schema: {
        querystring: query({}),
        response: answer(
          Type.Object({
            balance: Type.Integer(),
            currency: Type.String(),
            venue: Type.String(),
            oddsType: Type.Integer(),
          }),
        ),
      },
    },
    async (req) => {
      const c = await caller(req);
      return read({
        balance: await venueBalance(ctx.db, c),
        currency: 'CNY',
        venue: c.venue.code,
        oddsType: await oddsTypeOf(ctx.db, c.memberId),
      });
    },
  );

  app.post(
    `${PROVIDER_THREE_BASE}/member/oddsType`,
    {
      schema: {
        body: OptionalBody(
          Type.Object({
            oddsType: Type.Optional(Type.Unknown()),
            origin: Type.Optional(Type.String({ maxLength: 512 })),
            languageType: Type.Optional(Type.String({ maxLength: 8 })),
            Authorization: Type.Optional(Type.String({ maxLength: 256 })),
          }),
        ),
        response: answer(Type.Object({ oddsType: Type.Integer() })),
      },
    },
    async (req) => {
      const c = await caller(req);
      const asked = req.body?.oddsType;
      const type = oddsTypeAsked(asked, 0 as OddsType);
      if (type === (0 as OddsType)) throw new FaceError('bad');
      await setOddsType(ctx.db, c.memberId, type);
      return {
        code: PROVIDER_THREE_WRITE_SUCCESS,
        message: SPORTSBOOK_MESSAGE.success,
        data: { oddsType: type },
      };
    },
  );
};
