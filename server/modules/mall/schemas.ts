import { Type, type TSchema } from 'typebox';
import {
  COIN_FILTERS,
  CURRENCIES,
  CURRENCY_FILTERS,
  DAY_PATTERN,
  ITEM_ID_PATTERN,
  MALL_ITEM_KINDS,
  MALL_REQUEST_ID_PATTERN,
  RECORD_SIZE_DEFAULT,
  RECORD_SIZE_MAX,
  REDEMPTION_FILTERS,
  WELFARE_FILTERS,
} from '../../../src/protocol/mall.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the mall area (src/protocol/mall.ts; /tmp/api-mall.md → docs/api.md "Mall").

const int = Type.Integer();
const str = Type.String();
const nullableStr = Type.Union([Type.String(), Type.Null()]);
const itemKind = StringEnum(MALL_ITEM_KINDS);

const MallItem = Type.Object({
  id: str,
  kind: itemKind,
  name: str,
  description: str,
  art: str,
  price: int,
  stock: int,
  limit: int,
  redeemed: int,
  vipMin: int,
  value: int,
});

export const itemsSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(Type.Object({ coins: int, vipLevel: int, rate: int, items: Type.Array(MallItem) })),
  },
};

const Redemption = Type.Object({
  id: str,
  requestId: str,
  itemId: str,
  kind: itemKind,
  itemName: str,
  price: int,
  value: int,
  createdAt: str,
  coinsAfter: int,
});

export const redeemSchema = {
  body: Type.Object(
    {
      requestId: Type.String({ pattern: MALL_REQUEST_ID_PATTERN.source }),
      itemId: Type.String({ pattern: ITEM_ID_PATTERN.source }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Redemption) },
};

const recordBody = <const K extends readonly string[]>(kinds: K) =>
  OptionalBody(
    Type.Object(
      {
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
        size: Type.Optional(
          Type.Integer({ minimum: 1, maximum: RECORD_SIZE_MAX, default: RECORD_SIZE_DEFAULT }),
        ),
        from: Type.Optional(Type.String({ pattern: DAY_PATTERN.source })),
        to: Type.Optional(Type.String({ pattern: DAY_PATTERN.source })),
        kind: Type.Optional(StringEnum(kinds)),
      },
      { additionalProperties: false },
    ),
  );

const paged = <T extends TSchema>(item: T) =>
  Envelope(Type.Object({ items: Type.Array(item), total: int, page: int, size: int }));

export const recordsSchema = {
  body: recordBody(REDEMPTION_FILTERS),
  response: {
    200: paged(
      Type.Object({
        id: str,
        itemId: str,
        kind: itemKind,
        itemName: str,
        price: int,
        value: int,
        note: str,
        createdAt: str,
      }),
    ),
  },
};

export const coinRecordsSchema = {
  body: recordBody(COIN_FILTERS),
  response: {
    200: paged(
      Type.Object({ id: str, amount: int, balanceAfter: int, kind: str, memo: nullableStr, at: str }),
    ),
  },
};

const CurrencyEntry = Type.Object({
  id: str,
  currency: StringEnum(CURRENCIES),
  amount: int,
  kind: str,
  memo: nullableStr,
  at: str,
});

export const currencyRecordsSchema = {
  body: recordBody(CURRENCY_FILTERS),
  response: { 200: paged(CurrencyEntry) },
};

export const welfareRecordsSchema = {
  body: recordBody(WELFARE_FILTERS),
  response: { 200: paged(CurrencyEntry) },
};
