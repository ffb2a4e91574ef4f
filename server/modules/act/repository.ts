import type { PopInfo, StationAd, SuspensionIcon } from '../../../src/protocol/site.ts';
import type { Queryable } from '../../db/db.ts';

// SQL of the activity area: banners, floating icons, the pop-up activity.

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
