// Provider one's face (issue 11 §3; spec §3, §7, §8; docs/api.md "Sandbox sportsbook"): under
// /improxy/api/mobile, POSTs whose JSON body carries the shared parameters (LanguageCode, OddsType, TimeStamp,
// origin, Token, MemberCode); the credential is Token, a venue session of a provider-one venue. Envelope
// { StatusCode, StatusDesc, ServerTime, ...payload }, success 100; a dead credential answers 40001 'expired'.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { PROVIDER_ONE_BASE, SPORTS } from '../../../../src/protocol/sportsbook.ts';
import { OptionalBody, StringEnum } from '../../../http/schemas.ts';
import { SPORTSBOOK_MESSAGE } from '../messages.ts';
import {
  BET_LIST_STATUSES,
  FaceMatchPascal,
  FaceSportPascal,
  LIST_PHASES,
  MATCH_ID,
  SportsBetSchema,
} from '../schemas.ts';
import {
  callerOf,
  countsView,
  listBets,
  listMatches,
  matchOf,
  oddsTypeOf,
  venueBalance,
  type Caller,
  type Ctx,
} from '../service.ts';
import { faceErrors, FaceError, oddsTypeAsked } from './common.ts';
import { pascalMatch, pascalSports } from './shape.ts';
import { SPORTSBOOK_CODE } from '../../../../src/protocol/sportsbook.ts';

export const PROVIDER_ONE_SUCCESS = 100;
export const PROVIDER_ONE_CODE = { expired: SPORTSBOOK_CODE.expired, bad: 10003, notFound: 10404 } as const;

const ok = (payload: Record<string, unknown>) => ({
  StatusCode: PROVIDER_ONE_SUCCESS,
  StatusDesc: SPORTSBOOK_MESSAGE.success,
  ServerTime: new Date().toISOString(),
  ...payload,
});

/** The shared parameters every call carries (spec §3); all optional here: a missing Token is a dead credential. */
const shared = {
  LanguageCode: Type.Optional(Type.String({ maxLength: 16 })),
  OddsType: Type.Optional(Type.Unknown()),
  TimeStamp: Type.Optional(Type.Unknown()),
  origin: Type.Optional(Type.String({ maxLength: 512 })),
  Token: Type.Optional(Type.String({ maxLength: 256 })),
  MemberCode: Type.Optional(Type.String({ maxLength: 64 })),
};
const body = <P extends Record<string, TSchema>>(own: P) => OptionalBody(Type.Object({ ...shared, ...own }));
const answer = (payload: Record<string, TSchema>) => ({
  200: Type.Object({
    StatusCode: Type.Integer(),
    StatusDesc: Type.String(),
    ServerTime: Type.String(),
    ...payload,
  }),
});

export const providerOneFace: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  faceErrors(app, (refusal) => ({
    StatusCode: PROVIDER_ONE_CODE[refusal],
    StatusDesc:
      refusal === 'expired'
        ? SPORTSBOOK_MESSAGE.expired
        : refusal === 'bad'
          ? SPORTSBOOK_MESSAGE.badRequest
          : SPORTSBOOK_MESSAGE.notFound,
    ServerTime: new Date().toISOString(),
  }));
  const caller = async (b: { Token?: string } | null): Promise<Caller> => {
    const c = await callerOf(ctx.db, b?.Token, 'one');
    if (!c) throw new FaceError('expired');
    return c;
  };

  app.post(
    `${PROVIDER_ONE_BASE}/GetSportCount`,
    {
      schema: {
        body: body({}),
        response: answer({ Sports: Type.Array(FaceSportPascal), Total: Type.Integer() }),
      },
    },
    async (req) => {
      const counts = await countsView(ctx, await caller(req.body));
      return ok({ Sports: pascalSports(counts), Total: counts.total });
    },
  );

  app.post(
    `${PROVIDER_ONE_BASE}/GetMatches`,
    {
      schema: {
        body: body({
          SportId: Type.Optional(StringEnum(SPORTS)),
          Live: Type.Optional(Type.Boolean()),
          Phase: Type.Optional(StringEnum(LIST_PHASES)),
        }),
        response: answer({ Matches: Type.Array(FaceMatchPascal) }),
      },
    },
    async (req) => {
      const c = await caller(req.body);
      const b = req.body ?? {};
      const phase = b.Phase ?? (b.Live === false ? 'today' : 'live');
      const type = oddsTypeAsked(b.OddsType, await oddsTypeOf(ctx.db, c.memberId));
      const { matches } = await listMatches(ctx, c, b.SportId, phase);
      return ok({ Matches: matches.map((m) => pascalMatch(m, type)) });
    },
  );

  app.post(
    `${PROVIDER_ONE_BASE}/GetMatch`,
    {
      schema: {
        body: body({ MatchId: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: answer({ Match: FaceMatchPascal }),
      },
    },
    async (req) => {
      const c = await caller(req.body);
      const id = req.body?.MatchId;
      if (!id || !new RegExp(MATCH_ID).test(id)) throw new FaceError('bad');
      const m = await matchOf(ctx, c, id);
      if (!m) throw new FaceError('notFound');
      return ok({
        Match: pascalMatch(m, oddsTypeAsked(req.body?.OddsType, await oddsTypeOf(ctx.db, c.memberId))),
      });
    },
  );

  app.post(
    `${PROVIDER_ONE_BASE}/GetBalance`,
    {
      schema: {
        body: body({}),
        response: answer({ Balance: Type.Integer(), Currency: Type.String(), Venue: Type.String() }),
      },
    },
    async (req) => {
      const c = await caller(req.body);
      return ok({ Balance: await venueBalance(ctx.db, c), Currency: 'CNY', Venue: c.venue.code });
    },
  );

  app.post(
    `${PROVIDER_ONE_BASE}/GetBets`,
    {
      schema: {
        body: body({ Status: Type.Optional(StringEnum(BET_LIST_STATUSES)) }),
        response: answer({ Bets: Type.Array(SportsBetSchema) }),
      },
    },
    async (req) => {
      const c = await caller(req.body);
      return ok({ Bets: await listBets(ctx, c, req.body?.Status) });
    },
  );
};
