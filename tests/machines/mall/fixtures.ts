// Shared data of the mall model tests (issue 13 §6), written from the issue and src/protocol/mall.ts shapes.
import type { MallItem, MallOverview, Redemption } from '../../../src/protocol/mall.ts';

/** A coded refusal as the API client raises it (a BusinessError). */
export const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code, data: null });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

const item = (over: Partial<MallItem> & Pick<MallItem, 'id'>): MallItem => ({
  kind: 'bonus',
  name: over.id,
  description: '',
  art: 'coin-small',
  price: 100,
  stock: 5,
  limit: 5,
  redeemed: 0,
  vipMin: 0,
  value: 888,
  ...over,
});

/**
 * issue 13 §6: items with coin price, stock, per-player limits and VIP requirements. A member with 500 coins at
 * VIP1: 'a-bonus' can be redeemed; 'b-gone' has no stock, 'c-vip3' needs VIP3, 'd-dear' costs 1000 coins,
 * 'e-once' was redeemed up to its limit of 1.
 */
export const OVERVIEW: MallOverview = {
  coins: 500,
  vipLevel: 1,
  rate: 10,
  items: [
    item({ id: 'a-bonus' }),
    item({ id: 'b-gone', stock: 0 }),
    item({ id: 'c-vip3', vipMin: 3 }),
    item({ id: 'd-dear', price: 1000 }),
    item({ id: 'e-once', limit: 1, redeemed: 1 }),
  ],
};

export const REDEMPTION: Redemption = {
  id: 'mall:7:req-1',
  requestId: 'req-1',
  itemId: 'a-bonus',
  kind: 'bonus',
  itemName: 'a-bonus',
  price: 100,
  value: 888,
  createdAt: '2026-11-26T10:00:00.000Z',
  coinsAfter: 400,
};

/** src/protocol/api.ts CODE, the issue 13 block: 31062 sold out, 31063 the per-player limit. */
export const SOLD_OUT = refused(31062, '该商品已兑完');
export const LIMIT = refused(31063, '该商品每人限兑 5 次，您已达上限');
