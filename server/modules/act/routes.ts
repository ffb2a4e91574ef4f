import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISPLAY_EQUIPMENT } from '../../../src/protocol/site.ts';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { currentPopInfo, listStationAds, listSuspensionIcons } from './repository.ts';
import { popInfoSchema, stationAdListSchema, suspensionIconSchema } from './schemas.ts';

const STATION_AD_LIST_PATH = '/act/api/v1/advertising/queryStationAdList';
const POP_INFO_PATH = '/act/api/v1/memberTopActivity/popInfo';

/** Public GET calls that the cached variant (/api/api-cache/...) may serve. */
export function cacheableActCalls(db: Db): Record<string, () => Promise<unknown>> {
  return {
    [STATION_AD_LIST_PATH]: () => listStationAds(db),
    [POP_INFO_PATH]: () => currentPopInfo(db),
  };
}

/** The activity area (/act/api): banners, floating icons, the pop-up activity. */
export const actModule: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(STATION_AD_LIST_PATH, { schema: stationAdListSchema }, async () => ok(await listStationAds(db)));

  app.post('/act/api/v1/activityShow/suspensionIcon', { schema: suspensionIconSchema }, async (req) =>
    ok(await listSuspensionIcons(db, req.body?.displayEquipment ?? DISPLAY_EQUIPMENT.web)),
  );

  app.get(POP_INFO_PATH, { schema: popInfoSchema }, async () => ok(await currentPopInfo(db)));
};
