import type { Db } from '../db/db.ts';
import {
  addRestriction,
  isNetwork,
  listRestrictions,
  RESTRICTION_KINDS,
  removeRestriction,
  type RestrictionKind,
} from '../modules/access/restrictions.ts';
import {
  isSiteConfigKey,
  parseConfigValue,
  readSiteConfig,
  SITE_CONFIG_KEYS,
  writeSiteConfig,
} from '../modules/site/config.ts';
import { addNotice } from '../modules/site/notices.ts';
import { NOTICE_CATEGORY } from '../../src/protocol/site.ts';
import { formatFen, yuanToFen } from '../../src/protocol/money.ts';
import { randomUUID } from 'node:crypto';
import {
  balanceOf,
  checkLedger,
  LedgerError,
  transfer,
  TRANSFER_ID_PATTERN,
} from '../modules/ledger/ledger.ts';

import { formatStoredPhone, parseStoredPhone } from '../../src/protocol/member.ts';
import { setChatMuted } from '../modules/chat/chat.ts';
import { setDeviceBlocked } from '../modules/member/devices.ts';
import { DEVICE_UUID_PATTERN } from '../http/device.ts';
import { selectMemberWithInviter } from '../modules/member/repository.ts';
import { latestSmsCode } from '../modules/member/sms.ts';
import { depositOps } from '../modules/deposit/ops.ts';
import { KYC_OPS_USAGE, kycOps } from '../modules/payout/ops.ts';
import { WITHDRAWAL_OPS_USAGE, withdrawalOps } from '../modules/withdrawal/ops.ts';
import { VENUE_OPS_USAGE, venueOps } from '../modules/venue/ops.ts';
import { HOT_OPS_USAGE, hotOps } from '../modules/showcase/ops.ts';
import { checkWithdrawals } from '../modules/withdrawal/withdrawals.ts';
import { SPORTSBOOK_OPS_USAGE, sportsbookOps } from '../modules/sportsbook/ops.ts';
import { VIP_OPS_USAGE, vipOps } from '../modules/vip/ops.ts';
import { REBATE_OPS_USAGE, rebateOps } from '../modules/rebate/ops.ts';
import { MALL_OPS_USAGE, mallOps } from '../modules/mall/ops.ts';
import { MAIL_OPS_USAGE, mailOps } from '../modules/mail/ops.ts';
import { FEEDBACK_OPS_USAGE, feedbackOps } from '../modules/mail/feedback-ops.ts';

/** The member centre's operator commands (issue 13): each module answers its own words. */
const MEMBER_CENTRE_OPS: Record<
  string,
  (db: Db, action: string | undefined, rest: string[]) => Promise<{ text: string } | { usage: string }>
> = { vip: vipOps, rebate: rebateOps, mall: mallOps, mail: mailOps, feedback: feedbackOps };

/** A mistake in the operator's words: printed with the usage, exit code 2. */
export class OpsUsageError extends Error {}

export const OPS_USAGE = `usage: npm run ops -- <command>
  maintenance on|off|status            put the site into maintenance (pre-info maintainConfig.status 0) or back
  restrict add <ip-or-cidr> [caveat|blocked|alert] [note]
                                       restrict an address or range (6031 caveat, 6033 blocked, 6032 alert)
  restrict remove <ip-or-cidr>         lift a restriction
  restrict list                        list restrictions
  config get [key]                     print the site configuration (or one key)
  config set <key> <value>             change one key (booleans: true|false, lists: comma separated)
  notice add <title> <content> [category]
                                       publish a notice (category 1 = marquee, 2 = announcement)
  sms <phone>                          print the latest sandbox SMS code sent to a phone
  device block|unblock <uuid> [reason] block a device (X-API-UUID): it then answers 10102
  member show <phone>                  a member, their invite code and who invited them
  chat mute|unmute <phone>             stop or allow a member speaking in the live-stream chat
                                       (their open sockets get speechStatus 0 or 1 at once)
  ledger check                         reconcile the ledger: balances = entries, entries sum to 0, none below 0,
                                       every withdrawal's hold matches its state
  credit <phone> <yuan> <reason> [id]  credit a member's central wallet from promotions (a ledger transfer;
                                       give the printed id again to retry without crediting twice)
  deposit list [count] | show <order>  recent deposit orders, or one order with its ledger transfers and turnover
  ${SPORTSBOOK_OPS_USAGE}
                                       the sandbox sportsbook: an operator's result or cancellation of a match (its bets
                                       settle), move the sandbox clock forward (match minutes), settle what is due now,
                                       list the live matches
  ${KYC_OPS_USAGE.padEnd(36)} clear a member's real-name verification (they can verify again)
  ${WITHDRAWAL_OPS_USAGE}
                                       pending withdrawals; approve, reject (voids the hold) or pay (posts it)
  ${VENUE_OPS_USAGE}
                                       the venues; a venue's maintenance (with its end: it reopens by itself then);
                                       end a member's venue credentials now (their venue calls answer expired)
  ${HOT_OPS_USAGE}
                                       the home page's hot games: their order, set whole, one moved (1 = first),
                                       or back to the default order
  ${VIP_OPS_USAGE}
  ${REBATE_OPS_USAGE}
  ${MALL_OPS_USAGE}
  ${MAIL_OPS_USAGE}
  ${FEEDBACK_OPS_USAGE}`;

/** Runs one operator command against the database and returns what it printed. */
export async function runOpsCommand(db: Db, argv: string[]): Promise<string> {
  const [area, action, ...rest] = argv;
  switch (area) {
    case 'maintenance': {
      if (action === 'status') {
        const { maintainStatus } = await readSiteConfig(db);
        return `maintenance is ${maintainStatus === 0 ? 'on' : 'off'}`;
      }
      if (action !== 'on' && action !== 'off') throw new OpsUsageError('maintenance takes on, off or status');
      await writeSiteConfig(db, 'maintainStatus', action === 'on' ? 0 : 1);
      return `maintenance ${action}: maintainConfig.status = ${action === 'on' ? 0 : 1}`;
    }
    case 'restrict': {
      if (action === 'list') {
        const rows = await listRestrictions(db);
        return rows.length
          ? rows.map((r) => `${r.network}\t${r.kind}\t${r.note}`).join('\n')
          : 'no restrictions';
      }
      const network = rest[0];
      if (!network || !isNetwork(network))
        throw new OpsUsageError(`restrict ${action ?? ''} needs an IP address or CIDR range`);
      // A range with host bits set (10.1.2.3/8) passes isNetwork but is no cidr value (SQLSTATE 22P02).
      const badRange = (err: unknown): never => {
        if ((err as { code?: string }).code === '22P02')
          throw new OpsUsageError(`${network} is not a network address (host bits set)`);
        throw err;
      };
      if (action === 'add') {
        const kind = (rest[1] ?? 'caveat') as RestrictionKind;
        if (!RESTRICTION_KINDS.includes(kind))
          throw new OpsUsageError(`kind must be one of ${RESTRICTION_KINDS.join(', ')}`);
        const r = await addRestriction(db, network, kind, rest.slice(2).join(' ')).catch(badRange);
        return `restricted ${r.network} (${r.kind})`;
      }
      if (action === 'remove') {
        return (await removeRestriction(db, network).catch(badRange))
          ? `removed ${network}`
          : `${network} was not restricted`;
      }
      throw new OpsUsageError('restrict takes add, remove or list');
    }
    case 'config': {
      if (action === 'get') {
        const config = await readSiteConfig(db);
        const key = rest[0];
        if (key !== undefined) {
          if (!isSiteConfigKey(key))
            throw new OpsUsageError(`unknown key ${key}; keys: ${Object.keys(SITE_CONFIG_KEYS).join(', ')}`);
          return `${key} = ${JSON.stringify(config[key])}`;
        }
        return Object.entries(config)
          .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
          .join('\n');
      }
      if (action === 'set') {
        const [key, ...valueWords] = rest;
        if (!key || !isSiteConfigKey(key))
          throw new OpsUsageError(`config set needs a key: ${Object.keys(SITE_CONFIG_KEYS).join(', ')}`);
        let value: unknown;
        try {
          value = parseConfigValue(key, valueWords.join(' '));
        } catch (err) {
          throw new OpsUsageError((err as Error).message);
        }
        const before = (await readSiteConfig(db))[key];
        await writeSiteConfig(db, key, value);
        return `${key}: ${JSON.stringify(before)} -> ${JSON.stringify(value)}`;
      }
      throw new OpsUsageError('config takes get or set');
    }
    case 'sms': {
      // `sms <phone>`: the sandbox's stand-in for reading the text message.
      const { countryCode, number } = parseStoredPhone(action ?? '');
      if (!action || !/^\d+$/.test(number))
        throw new OpsUsageError('sms <phone> (e.g. 13800138000 or (852)91234567)');
      const latest = await latestSmsCode(db, formatStoredPhone(countryCode, number));
      if (!latest) return `no code was sent to ${formatStoredPhone(countryCode, number)}`;
      const state =
        latest.expiresAt.getTime() > Date.now() ? `valid until ${latest.expiresAt.toISOString()}` : 'expired';
      return `${latest.code}\t(${latest.purpose}, ${state})`;
    }
    case 'member': {
      // `member show <phone>`: who a member is and who invited them (support and tests).
      const { countryCode, number } = parseStoredPhone(rest[0] ?? '');
      if (action !== 'show' || !rest[0] || !/^\d+$/.test(number))
        throw new OpsUsageError('member show <phone>');
      const phone = formatStoredPhone(countryCode, number);
      const m = await selectMemberWithInviter(db, phone);
      if (!m) return `no member ${phone}`;
      return [
        `member ${m.id} ${phone} (${m.status})`,
        `invite code ${m.invite_code}`,
        `inviter ${m.inviter ?? '-'}${m.invite_source ? ` via ${m.invite_source}` : ''}${m.referral_bet ? ` r_bet ${m.referral_bet}` : ''}`,
      ].join('\n');
    }
    case 'device': {
      const uuid = rest[0];
      if ((action !== 'block' && action !== 'unblock') || !uuid || !DEVICE_UUID_PATTERN.test(uuid)) {
        throw new OpsUsageError('device block|unblock <uuid> [reason]');
      }
      await setDeviceBlocked(db, uuid, action === 'block', rest.slice(1).join(' '));
      return `device ${uuid} ${action === 'block' ? 'blocked (answers 10102)' : 'unblocked'}`;
    }
    case 'notice': {
      const [title, content, category] = rest;
      if (action !== 'add' || !title || !content)
        throw new OpsUsageError('notice add <title> <content> [category]');
      const cat = category === undefined ? NOTICE_CATEGORY.marquee : Number(category);
      // A PostgreSQL integer (a larger one was a raw database error, not a usage message).
      if (!Number.isInteger(cat) || cat < 0 || cat > 2_147_483_647)
        throw new OpsUsageError('category must be a whole number');
      // Stored as given: text with control characters (a NUL PostgreSQL refuses) is a usage error.
      if ([...title, ...content].some((c) => c.charCodeAt(0) < 0x20))
        throw new OpsUsageError('title and content take no control characters');
      const n = await addNotice(db, { category: cat, title, content });
      return `notice ${n.id} published (category ${n.category})`;
    }
    case 'chat': {
      const { countryCode, number } = parseStoredPhone(rest[0] ?? '');
      if ((action !== 'mute' && action !== 'unmute') || !rest[0] || !/^\d+$/.test(number))
        throw new OpsUsageError('chat mute|unmute <phone>');
      const phone = formatStoredPhone(countryCode, number);
      const memberId = await setChatMuted(db, phone, action === 'mute');
      if (memberId === null) return `no member ${phone}`;
      return `member ${memberId} ${phone} ${action === 'mute' ? 'muted (speechStatus 0)' : 'may speak again (speechStatus 1)'}`;
    }
    case 'ledger': {
      if (action !== 'check') throw new OpsUsageError('ledger check');
      // The ledger's own invariants, and every withdrawal's hold agreeing with the withdrawal's state.
      const check = await checkLedger(db);
      const withdrawals = await checkWithdrawals(db);
      const problems = [...check.problems, ...withdrawals.problems];
      const counts = `${check.accounts} accounts, ${check.transfers} transfers, ${check.entries} entries`;
      if (problems.length === 0) return `ledger ok: ${counts}`;
      throw new OpsUsageError(`ledger NOT ok (${counts}):\n${problems.join('\n')}`);
    }
    case 'credit': {
      // `credit <phone> <yuan> <reason> [id]`: argv[1] is the phone here.
      const [amountText, reason, givenId] = rest;
      const { countryCode, number } = parseStoredPhone(action ?? '');
      if (!action || !/^\d+$/.test(number) || !amountText || !reason)
        throw new OpsUsageError('credit <phone> <yuan> <reason> [id]');
      const fen = yuanToFen(amountText);
      if (fen === null || fen <= 0) throw new OpsUsageError(`not an amount: ${amountText}`);
      const id = givenId ?? `ops-credit:${randomUUID()}`;
      if (!TRANSFER_ID_PATTERN.test(id)) throw new OpsUsageError(`bad id ${id}`);
      const phone = formatStoredPhone(countryCode, number);
      const m = await selectMemberWithInviter(db, phone);
      if (!m) throw new OpsUsageError(`no member ${phone}`);
      try {
        await transfer(db, {
          id,
          from: { kind: 'promotions' },
          to: { memberId: Number(m.id), kind: 'central' },
          amount: fen,
          kind: 'adjustment',
          memo: { reason, by: 'operator' },
        });
      } catch (err) {
        if (err instanceof LedgerError) throw new OpsUsageError(`refused (${err.refusal}): ${err.message}`);
        throw err;
      }
      const { balance } = await balanceOf(db, { memberId: Number(m.id), kind: 'central' });
      return `credited ${formatFen(fen)} to ${phone} (transfer ${id}); central wallet ${formatFen(balance)}`;
    }
    case 'deposit': {
      const result = await depositOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    case 'kyc': {
      const result = await kycOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    case 'sportsbook': {
      const result = await sportsbookOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    case 'withdrawal': {
      const result = await withdrawalOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    case 'venue': {
      const result = await venueOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    case 'hot': {
      const result = await hotOps(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
    default: {
      const run = area ? MEMBER_CENTRE_OPS[area] : undefined;
      if (!run) throw new OpsUsageError(area ? `unknown command ${area}` : 'no command given');
      const result = await run(db, action, rest);
      if ('usage' in result) throw new OpsUsageError(result.usage);
      return result.text;
    }
  }
}
