import { Type } from 'typebox';
import { Envelope, NoQuery } from '../../http/schemas.ts';

/** spec §3: the platform count map keys, and the fishing category BY (issue 19 §2: a count on every tile). */
export const PLATFORM_COUNT_KEYS = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP', 'BY'] as const;

const PlatformCounts = Type.Object({
  TY: Type.Integer(),
  DZ: Type.Integer(),
  DJ: Type.Integer(),
  ZR: Type.Integer(),
  CP: Type.Integer(),
  QP: Type.Integer(),
  BY: Type.Integer(),
});

export const platformCountSchema = { querystring: NoQuery, response: { 200: Envelope(PlatformCounts) } };
