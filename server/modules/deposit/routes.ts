import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { sandboxCashier } from './cashier.ts';
import {
  cancelOrder,
  createOrder,
  depositSettings,
  EXPIRY_SWEEP_MS,
  listChannels,
  listOrders,
  orderOf,
  orderView,
  type DepositSettings,
} from './orders.ts';
import { expireDue } from './repository.ts';
import {
  cancelOrderSchema,
  channelsSchema,
  createOrderSchema,
  listOrdersSchema,
  orderDetailSchema,
} from './schemas.ts';

export interface DepositModuleOptions {
  db: Db;
  secret: string;
  /** Order lifetime and the sandbox's USDT block delay; from the environment or the defaults otherwise. */
  settings?: Partial<DepositSettings>;
}

/**
 * Deposits (issue 9 §3; docs/api-deposits.md): the member's calls under the /fd/api signature group, and the
 * sandbox cashier with the site's notify endpoint (cashier.ts). PLAY MONEY only: no real gateway exists.
 */
export const depositModule: FastifyPluginAsyncTypebox<DepositModuleOptions> = async (app, opts) => {
  const { db, secret } = opts;
  const settings = depositSettings(opts.settings);

  // Orders are expired when read; the sweep also expires the ones nobody reads (the page, the list, the ops).
  const sweep = setInterval(() => {
    expireDue(db).catch((err: unknown) => app.log.error({ err }, 'deposit expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });

  await app.register(
    memberScope(db, async (member) => {
      member.get('/fd/api/v1/deposit/channels', { schema: channelsSchema }, async () =>
        ok({ channels: await listChannels(db), orderTtlS: Math.floor(settings.orderTtlMs / 1000) }),
      );

      member.post('/fd/api/v1/deposit/order', { schema: createOrderSchema }, async (req) =>
        ok(orderView(secret, await createOrder(db, { secret, settings }, sessionOf(req).memberId, req.body))),
      );

      member.post('/fd/api/v1/deposit/order/detail', { schema: orderDetailSchema }, async (req) =>
        ok(orderView(secret, await orderOf(db, sessionOf(req).memberId, req.body.orderId))),
      );

      member.post('/fd/api/v1/deposit/order/cancel', { schema: cancelOrderSchema }, async (req) =>
        ok(orderView(secret, await cancelOrder(db, sessionOf(req).memberId, req.body.orderId))),
      );

      member.post('/fd/api/v1/deposit/order/list', { schema: listOrdersSchema }, async (req) => {
        const orders = await listOrders(db, sessionOf(req).memberId, req.body?.limit ?? 20);
        return ok({ orders: orders.map((o) => orderView(secret, o)) });
      });
    }),
  );

  await app.register(sandboxCashier, { db, secret, settings });
};
