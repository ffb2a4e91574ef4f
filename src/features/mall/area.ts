import { assign, fromPromise } from 'xstate';
import { mallMachine } from '../../../machines/mall/mall.machine.ts';
import { MALL_PAGE_PATHS } from '../../../machines/mall/paths.ts';
import { recordsMachine } from '../../../machines/mall/records.machine.ts';
import { redeemMachine } from '../../../machines/mall/redeem.machine.ts';
import { fetchMall, fetchMallRecords, redeemItem } from '../../api/mall/mall.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { CurrencyPage } from './currency-page.tsx';
import { CoinRecordPage, CurrencyRecordPage, RedemptionRecordPage, WelfarePage } from './records-page.tsx';
import './mall.css';

/** A caller-made request id (the idempotency key of a redemption, docs/api.md "Mall"): 32 hex characters. */
const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

// The mall area (issue 13 §6; spec §2): coins, the mall and its records — its pages and its actor (the page's
// flow as a child, effects bound to src/api).
export const area: AreaModule = {
  pages: {
    [MALL_PAGE_PATHS.currency]: CurrencyPage,
    [MALL_PAGE_PATHS.record]: RedemptionRecordPage,
    [MALL_PAGE_PATHS.coinRecord]: CoinRecordPage,
    [MALL_PAGE_PATHS.currencyRecord]: CurrencyRecordPage,
    [MALL_PAGE_PATHS.welfare]: WelfarePage,
  },
  actor: {
    logic: mallMachine.provide({
      actors: {
        redeem: redeemMachine.provide({
          actors: {
            load: fromPromise(() => fetchMall()),
            redeem: fromPromise(({ input }) => redeemItem(input)),
          },
          actions: { mintRequestId: assign({ requestId: () => newRequestId() }) },
        }),
        records: recordsMachine.provide({
          actors: {
            load: fromPromise(({ input }) => {
              const f = input.filter;
              return fetchMallRecords(input.which, {
                page: f.page,
                kind: f.kind,
                ...(f.from ? { from: f.from } : {}),
                ...(f.to ? { to: f.to } : {}),
              });
            }),
          },
        }),
      },
    }),
    input: (path) => ({ path }),
  },
};
