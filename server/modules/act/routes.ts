import type { FastifyInstance } from 'fastify';
import {
  DISPLAY_EQUIPMENT,
  type PopInfo,
  type StationAd,
  type SuspensionIcon,
} from '../../../src/protocol/site.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { envelope, nullable } from '../../http/schemas.ts';

const adSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    imageUrl: { type: 'string' },
    linkUrl: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
  },
} as const;
const iconSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    imageUrl: { type: 'string' },
    linkUrl: { type: 'string' },
    displayEquipment: { type: 'string' },
  },
} as const;
const popSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    content: { type: 'string' },
    imageUrl: { type: 'string' },
    linkUrl: { type: 'string' },
  },
} as const;

export async function listStationAds(db: Queryable): Promise<StationAd[]> {
  const { rows } = await db.query<StationAd>(
    `SELECT id, title, image_url AS "imageUrl", link_url AS "linkUrl", width, height
       FROM station_ads WHERE active ORDER BY sort, id`,
  );
  return rows;
}

export async function listSuspensionIcons(
  db: Queryable,
  displayEquipment: string,
): Promise<SuspensionIcon[]> {
  const { rows } = await db.query<SuspensionIcon>(
    `SELECT id, title, image_url AS "imageUrl", link_url AS "linkUrl", display_equipment AS "displayEquipment"
       FROM suspension_icons WHERE active AND display_equipment = $1 ORDER BY sort, id`,
    [displayEquipment],
  );
  return rows;
}

export async function currentPopInfo(db: Queryable): Promise<PopInfo | null> {
  const { rows } = await db.query<PopInfo>(
    `SELECT id, title, content, image_url AS "imageUrl", link_url AS "linkUrl" FROM pop_activities
      WHERE active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
      ORDER BY starts_at DESC, id DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** Public GET calls that the cached variant (/api/api-cache/...) may serve. */
export function cacheableActCalls(db: Db): Record<string, () => Promise<unknown>> {
  return {
    '/act/api/v1/advertising/queryStationAdList': () => listStationAds(db),
    '/act/api/v1/memberTopActivity/popInfo': () => currentPopInfo(db),
  };
}

export function actRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  app.get(
    '/act/api/v1/advertising/queryStationAdList',
    { schema: { response: { 200: envelope({ type: 'array', items: adSchema }) } } },
    async () => ok(await listStationAds(db)),
  );

  app.post<{ Body: { displayEquipment?: string } | undefined }>(
    '/act/api/v1/activityShow/suspensionIcon',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: {
            displayEquipment: {
              type: 'string',
              enum: Object.values(DISPLAY_EQUIPMENT),
              default: DISPLAY_EQUIPMENT.web,
            },
          },
          additionalProperties: false,
        },
        response: { 200: envelope({ type: 'array', items: iconSchema }) },
      },
    },
    async (req) => ok(await listSuspensionIcons(db, req.body?.displayEquipment ?? DISPLAY_EQUIPMENT.web)),
  );

  app.get(
    '/act/api/v1/memberTopActivity/popInfo',
    { schema: { response: { 200: envelope(nullable(popSchema)) } } },
    async () => ok(await currentPopInfo(db)),
  );
}
