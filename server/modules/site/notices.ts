import type { Notice } from '../../../src/protocol/site.ts';
import type { Queryable } from '../../db/db.ts';
import { publishNoticeAdded } from '../../stream/channels.ts';

type NoticeRow = { id: number; category: number; title: string; content: string; created_at: Date };
const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  category: r.category,
  title: r.title,
  content: r.content,
  createdAt: r.created_at.toISOString(),
});

/** Notices of a category that are live now, in the operator's order. */
export async function listNotices(db: Queryable, category: number): Promise<Notice[]> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT id, category, title, content, created_at FROM notices
      WHERE category = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
      ORDER BY sort, created_at DESC LIMIT 50`,
    [category],
  );
  return rows.map(toNotice);
}

/** One notice if it is live now (the stream reads a pushed notice by id). */
export async function readLiveNotice(db: Queryable, id: number): Promise<Notice | null> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT id, category, title, content, created_at FROM notices
      WHERE id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())`,
    [id],
  );
  return rows[0] ? toNotice(rows[0]) : null;
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
  // Every path that adds a notice pushes it to the open sockets of every node (on commit inside a transaction).
  await publishNoticeAdded(db, row.id);
  return {
    id: row.id,
    category: n.category,
    title: n.title,
    content: n.content,
    createdAt: row.created_at.toISOString(),
  };
}
