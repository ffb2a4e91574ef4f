import type { Notice } from '../../../src/protocol/site.ts';
import type { Queryable } from '../../db/db.ts';

/** Notices of a category that are live now, in the operator's order. */
export async function listNotices(db: Queryable, category: number): Promise<Notice[]> {
  const { rows } = await db.query<{
    id: number;
    category: number;
    title: string;
    content: string;
    created_at: Date;
  }>(
    `SELECT id, category, title, content, created_at FROM notices
      WHERE category = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
      ORDER BY sort, created_at DESC LIMIT 50`,
    [category],
  );
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    title: r.title,
    content: r.content,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function addNotice(
  db: Queryable,
  n: { category: number; title: string; content: string; sort?: number },
): Promise<Notice> {
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    'INSERT INTO notices (category, title, content, sort) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [n.category, n.title, n.content, n.sort ?? 0],
  );
  const row = rows[0]!;
  return {
    id: row.id,
    category: n.category,
    title: n.title,
    content: n.content,
    createdAt: row.created_at.toISOString(),
  };
}
