import type { Queryable } from '../../db/db.ts';

// SQL of the site area: the operator's configuration and the notices.

export async function selectSiteConfigRows(db: Queryable): Promise<{ key: string; value: unknown }[]> {
  const { rows } = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_config');
  return rows;
}

export async function upsertSiteConfig(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO site_config (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

export interface NoticeRow {
  id: number;
  category: number;
  title: string;
  content: string;
  created_at: Date;
}

/** Notices of a category that are live now (started, not ended), in the operator's order, at most 50. */
export async function selectLiveNotices(db: Queryable, category: number): Promise<NoticeRow[]> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT id, category, title, content, created_at FROM notices
      WHERE category = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
      ORDER BY sort, created_at DESC LIMIT 50`,
    [category],
  );
  return rows;
}

export async function selectLiveNotice(db: Queryable, id: number): Promise<NoticeRow | null> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT id, category, title, content, created_at FROM notices
      WHERE id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertNotice(
  db: Queryable,
  n: { category: number; title: string; content: string; sort: number },
): Promise<{ id: number; created_at: Date }> {
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    'INSERT INTO notices (category, title, content, sort) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [n.category, n.title, n.content, n.sort],
  );
  return rows[0]!;
}
