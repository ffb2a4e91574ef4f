import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import { MAIL_BODY_MAX, MAIL_TITLE_MAX } from '../../../src/protocol/mail.ts';
import type { Db } from '../../db/db.ts';
import { sendMail, type MailRecipient } from './mail.ts';

export const MAIL_OPS_USAGE = `mail send <phone|all|vip:N-M> <title> <body…>
                                       send site mail to one player, everyone, or VIP levels N..M (title ≤ ${MAIL_TITLE_MAX}, body ≤ ${MAIL_BODY_MAX} characters; the rest of the words are the body)`;
export type MailOpsResult = { text: string } | { usage: string };

const charCount = (s: string) => [...s].length;

/** `npm run ops -- mail send <phone|all|vip:N-M> <title> <body…>` (issue 13 §2). */
export async function mailOps(db: Db, action: string | undefined, rest: string[]): Promise<MailOpsResult> {
  if (action !== 'send' || rest.length < 3) return { usage: MAIL_OPS_USAGE };
  const [target, title, ...words] = rest as [string, string, ...string[]];
  const body = words.join(' ').trim();
  if (!title.trim() || charCount(title.trim()) > MAIL_TITLE_MAX || !body || charCount(body) > MAIL_BODY_MAX)
    return { usage: `${MAIL_OPS_USAGE}\n(title 1–${MAIL_TITLE_MAX}, body 1–${MAIL_BODY_MAX} characters)` };
  let to: MailRecipient;
  let who: string;
  const vip = /^vip:(\d{1,2})-(\d{1,2})$/i.exec(target);
  if (target === 'all') {
    to = 'all';
    who = 'everyone';
  } else if (vip) {
    const vipMin = Number(vip[1]);
    const vipMax = Number(vip[2]);
    if (vipMin > vipMax) return { usage: `${MAIL_OPS_USAGE}\n(vip:N-M with N ≤ M)` };
    to = { vipMin, vipMax };
    who = `VIP${vipMin}–VIP${vipMax}`;
  } else {
    const { countryCode, number } = parseStoredPhone(target);
    if (!/^\d{5,15}$/.test(number)) return { usage: MAIL_OPS_USAGE };
    const phone = formatStoredPhone(countryCode, number);
    const { rows } = await db.query<{ id: string | number }>('SELECT id FROM members WHERE phone = $1', [
      phone,
    ]);
    if (!rows[0]) return { usage: `no member with phone ${phone}` };
    to = { memberId: Number(rows[0].id) };
    who = `member ${rows[0].id} (${phone})`;
  }
  const sent = await db.transaction((tx) => sendMail(tx, { to, title, body }));
  return { text: `已发送 mail ${sent.id} to ${who}; pushed to ${sent.pushed} member(s) online` };
}
