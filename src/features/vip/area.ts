import { fromPromise } from 'xstate';
import { GIFT_RECORD_PAGE, VIP_DETAILS_PAGE, VIP_PAGE } from '../../../machines/vip/common.ts';
import { giftsMachine } from '../../../machines/vip/gifts.machine.ts';
import { vipAreaMachine } from '../../../machines/vip/vip-area.machine.ts';
import { vipMachine } from '../../../machines/vip/vip.machine.ts';
import { claimVipReward, fetchVipGifts, fetchVipOverview } from '../../api/vip/vip.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { VipDetailsPage } from './details-page.tsx';
import { GiftRecordPage } from './gifts-page.tsx';
import { VipPage } from './vip-page.tsx';
import './vip.css';

// The VIP area (issue 13 §3, §6; docs/vip.md): /mine/vip, /mine/vip/details and the gift record — its pages and
// its actor (the page's flow as a child, effects bound to src/api).
export const area: AreaModule = {
  pages: {
    [VIP_PAGE]: VipPage,
    [VIP_DETAILS_PAGE]: VipDetailsPage,
    [GIFT_RECORD_PAGE]: GiftRecordPage,
  },
  actor: {
    logic: vipAreaMachine.provide({
      actors: {
        vip: vipMachine.provide({
          actors: {
            load: fromPromise(() => fetchVipOverview()),
            claim: fromPromise(({ input }) => claimVipReward(input.id)),
          },
        }),
        gifts: giftsMachine.provide({ actors: { load: fromPromise(({ input }) => fetchVipGifts(input)) } }),
      },
    }),
    input: (path) => ({ path }),
  },
};
