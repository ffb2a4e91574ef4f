import { Type } from 'typebox';
import { MAX_TRANSFER_FEN } from '../ledger/ledger.ts';
import {
  RECORD_KINDS,
  RECORD_PAGE_SIZE_DEFAULT,
  RECORD_PAGE_SIZE_MAX,
  REQUEST_ID_PATTERN,
} from '../../../src/protocol/wallet.ts';
import { Envelope, NoQuery, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the wallet (docs/api.md "Wallet"): amounts in integer fen.

const requestId = Type.String({ pattern: REQUEST_ID_PATTERN.source });
const venueCode = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' });
const fen = Type.Integer();
const Money = Type.Object({ balance: fen, held: fen, available: fen });
const VenueWallet = Type.Object({
  venue: Type.String(),
  name: Type.String(),
  platform: Type.String(),
  status: StringEnum(['open', 'maintenance', 'closed'] as const),
  balance: fen,
});
const Recall = Type.Object({
  recalled: Type.Array(Type.Object({ venue: Type.String(), amount: fen })),
  skipped: Type.Array(Type.String()),
  central: fen,
});
const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const summarySchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        central: Money,
        venues: Type.Array(VenueWallet),
        total: fen,
        locked: fen,
        autoTransfer: Type.Boolean(),
      }),
    ),
  },
};

export const transferSchema = {
  body: Type.Object(
    {
      requestId,
      direction: StringEnum(['in', 'out'] as const),
      venue: venueCode,
      amount: Type.Integer({ minimum: 1, maximum: MAX_TRANSFER_FEN }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(Type.Object({ requestId: Type.String(), central: fen, venue: VenueWallet })),
  },
};

export const recallSchema = {
  body: Type.Object({ requestId }, { additionalProperties: false }),
  response: { 200: Envelope(Recall) },
};

export const autoTransferSchema = {
  body: Type.Object({ enabled: Type.Boolean(), requestId }, { additionalProperties: false }),
  response: {
    200: Envelope(Type.Object({ autoTransfer: Type.Boolean(), recall: Type.Union([Recall, Type.Null()]) })),
  },
};

export const refreshSchema = {
  body: Type.Object({ venue: venueCode }, { additionalProperties: false }),
  response: { 200: Envelope(Type.Object({ venue: VenueWallet, lockedUntil: Type.Integer() })) },
};

export const recordsSchema = {
  body: Type.Object(
    {
      kind: Type.Optional(StringEnum(RECORD_KINDS)),
      from: Type.Optional(isoDate),
      to: Type.Optional(isoDate),
      page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
      pageSize: Type.Integer({
        minimum: 1,
        maximum: RECORD_PAGE_SIZE_MAX,
        default: RECORD_PAGE_SIZE_DEFAULT,
      }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(
          Type.Object({
            id: Type.String(),
            kind: Type.String(),
            wallet: Type.String(),
            amount: fen,
            balanceAfter: Type.Union([fen, Type.Null()]),
            at: Type.String(),
            hold: Type.Optional(StringEnum(['held', 'released'])),
          }),
        ),
        total: Type.Integer(),
        page: Type.Integer(),
        pageSize: Type.Integer(),
      }),
    ),
  },
};
