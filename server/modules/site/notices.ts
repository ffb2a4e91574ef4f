import type { Notice } from '../../../src/protocol/site.ts';
import type { Queryable } from '../../db/db.ts';
import { publishNoticeAdded } from '../../stream/channels.ts';
import { insertNotice, selectLiveNotice, selectLiveNotices, type NoticeRow } from './repository.ts';

const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  category: r.category,
  title: r.title,
  content: r.content,
  createdAt: r.created_at.toISOString(),
});

/** Notices of a category that are live now, in the operator's order. */
export async function listNotices(db: Queryable, category: number): Promise<Notice[]> {
  return (await selectLiveNotices(db, category)).map(toNotice);
}

/** One notice if it is live now (the stream reads a pushed notice by id). */
export async function readLiveNotice(db: Queryable, id: number): Promise<Notice | null> {
  const row = await selectLiveNotice(db, id);
  return row ? toNotice(row) : null;
}

export async function addNotice(
  db: Queryable,
  n: { category: number; title: string; content: string; sort?: number },
): Promise<Notice> {
  const row = await insertNotice(db, { ...n, sort: n.sort ?? 0 });
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
