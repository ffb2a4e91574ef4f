import { Type } from 'typebox';
import { Envelope, NoQuery } from '../../http/schemas.ts';

/** spec §3: the platform count map keys. */
export const PLATFORM_COUNT_KEYS = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP'] as const;

const PlatformCounts = Type.Object({
  TY: Type.Integer(),
  DZ: Type.Integer(),
  DJ: Type.Integer(),
  ZR: Type.Integer(),
  CP: Type.Integer(),
  QP: Type.Integer(),
});

export const platformCountSchema = { querystring: NoQuery, response: { 200: Envelope(PlatformCounts) } };
