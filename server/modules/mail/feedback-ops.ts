import { FEEDBACK_REPLY_MAX } from '../../../src/protocol/mail.ts';
import type { Db } from '../../db/db.ts';
import { listFeedbackForOps, replyFeedback } from './feedback.ts';

export const FEEDBACK_OPS_USAGE = `feedback list [all]                  players' feedback waiting for a reply (all: replied ones too), newest first
  feedback reply <id> <text…>          reply (once; ≤ ${FEEDBACK_REPLY_MAX} characters): stored, sent to the player's mail, pushed live`;
export type FeedbackOpsResult = { text: string } | { usage: string };

const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/\s+/g, ' ');
  return [...flat].length > max ? `${[...flat].slice(0, max).join('')}…` : flat;
};

/** `npm run ops -- feedback list|reply <id> <text>` (issue 13 §2). */
export async function feedbackOps(
  db: Db,
  action: string | undefined,
  rest: string[],
): Promise<FeedbackOpsResult> {
  if (action === 'list') {
    if (rest.length > 1 || (rest[0] !== undefined && rest[0] !== 'all')) return { usage: FEEDBACK_OPS_USAGE };
    const rows = await listFeedbackForOps(db, rest[0] === 'all');
    if (!rows.length) return { text: rest[0] === 'all' ? 'no feedback' : 'no feedback waiting for a reply' };
    return {
      text: rows
        .map(
          (r) =>
            `${r.id}\t${r.createdAt}\t${r.phone}\t${r.type}\t${r.images} image(s)\t${oneLine(r.text)}` +
            (r.reply === null ? '' : `\n\treplied: ${oneLine(r.reply)}`),
        )
        .join('\n'),
    };
  }
  if (action === 'reply') {
    const [idText, ...words] = rest;
    if (!idText || !/^[1-9]\d{0,15}$/.test(idText) || !words.length) return { usage: FEEDBACK_OPS_USAGE };
    const out = await replyFeedback(db, Number(idText), words.join(' '));
    if (!out.ok) {
      if (out.reason === 'invalid')
        return { usage: `${FEEDBACK_OPS_USAGE}\n(reply 1–${FEEDBACK_REPLY_MAX} characters)` };
      return {
        usage: out.reason === 'replied' ? `feedback ${idText} has a reply already` : `no feedback ${idText}`,
      };
    }
    return {
      text: `replied to feedback ${idText}: mail ${out.mailId} sent to member ${out.memberId} (${out.unread} unread)`,
    };
  }
  return { usage: FEEDBACK_OPS_USAGE };
}
