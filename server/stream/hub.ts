import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CODE } from '../../src/protocol/api.ts';
import {
  CHAT_ROOM,
  MSG,
  STREAM_CLOSE,
  type BalanceChange,
  type ChatMessage,
  type KickBody,
  type SiteConfigChanged,
  type MemberChange,
  type WithdrawalChange,
} from '../../src/protocol/stream.ts';
import type { Db } from '../db/db.ts';
import { refusalFor } from '../modules/access/refusal.ts';
import { callerStanding } from '../modules/access/restrictions.ts';
import { readLoginData } from '../modules/chat/chat.ts';
import { SESSION_MESSAGE } from '../modules/member/sessions.ts';
import { readLiveNotice } from '../modules/site/notices.ts';
import {
  readBalanceEvents,
  readChatEvent,
  readKickEvent,
  readNoticeEvent,
  readSpeechEvent,
  readWithdrawalEvent,
  readMemberEvent,
  type MemberEvent,
  STREAM_CHANNEL,
  type BalanceEvent,
  type KickEvent,
  type SessionEndReason,
} from './channels.ts';
import type { ConnectionHost } from './connection-host.ts';
import { Connection, type Caller } from './connection.ts';
import { encodeFrame, STREAM_MESSAGE } from './frames.ts';
import type { StreamOptions } from './options.ts';
import { SiteConfigWatch, type SiteChange } from './site-config-watch.ts';

// server/app.ts takes the options' type from here; options.ts is where it lives (the connection reads it too).

/** How long a heard kick is remembered for logins that were being checked when it arrived. */
const RECENT_KICK_MS = 60_000;
/** On shutdown, sockets get this long to finish the closing handshake before they are cut. */
const CLOSE_GRACE_MS = 1_000;

export function kickBodyFor(reason: SessionEndReason): KickBody {
  return reason === 'elsewhere'
    ? { code: CODE.loggedInElsewhere, message: SESSION_MESSAGE.elsewhere }
    : { code: CODE.tokenRevoked, message: SESSION_MESSAGE.revoked };
}

/**
 * This node's sockets, and the pushes it hears from the database (LISTEN) and delivers to them. Every node
 * runs one hub; an event published on any node (or by the operator command line) reaches the sockets of all.
 *
 * Who gets what (spec §4: the socket opens without a login): every socket, anonymous or not, gets notices,
 * site-configuration changes and the live chat; a logged-in socket also gets its member's balance changes,
 * login data updates, withdrawal changes and kicks.
 */
export class StreamHub implements ConnectionHost<Connection> {
  private readonly conns = new Set<Connection>();
  private readonly byMember = new Map<number, Set<Connection>>();
  /** The newest balance change sent, per member with a socket here (the entry id, `BalanceEvent.seq`). */
  private readonly lastBalanceSeq = new Map<number, number>();
  private readonly recentKicks = new Map<number, { at: number; reason: SessionEndReason; heard: number }>();
  private readonly siteWatch: SiteConfigWatch;
  private unlisteners: Array<() => Promise<void>> = [];
  private closing = false;

  constructor(
    readonly db: Db,
    readonly jwtKey: Buffer,
    readonly options: StreamOptions,
    readonly log: FastifyBaseLogger,
  ) {
    this.siteWatch = new SiteConfigWatch(
      db,
      options.siteConfigDebounceMs,
      (c) => this.pushSiteConfig(c),
      log,
    );
  }

  /** Subscribes to the channels; call once before sockets arrive. */
  async start(): Promise<void> {
    const on = async (channel: string, handler: (payload: string) => void) => {
      this.unlisteners.push(await this.db.listen(channel, handler));
    };
    await on(STREAM_CHANNEL.notice, (p) => {
      const e = readNoticeEvent(p);
      if (e) this.pushNotice(e.id);
    });
    await on(STREAM_CHANNEL.balance, (p) => {
      for (const e of readBalanceEvents(p)) this.pushBalance(e);
    });
    await on(STREAM_CHANNEL.kick, (p) => {
      const e = readKickEvent(p);
      if (e) this.kick(e);
    });
    await on(STREAM_CHANNEL.chat, (p) => {
      const e = readChatEvent(p);
      if (e) this.pushChat(e);
    });
    await on(STREAM_CHANNEL.speech, (p) => {
      const e = readSpeechEvent(p);
      if (e) this.pushSpeech(e.memberId);
    });
    await on(STREAM_CHANNEL.withdrawal, (p) => {
      const e = readWithdrawalEvent(p);
      if (e) this.pushWithdrawal(e);
    });
    await on(STREAM_CHANNEL.member, (p) => {
      const e = readMemberEvent(p);
      if (e) this.pushMember(e);
    });
    await this.siteWatch.start();
  }

  get size(): number {
    return this.conns.size;
  }

  /** Takes an upgraded socket (anonymous until it logs in); null when the node is shutting down. */
  attach(socket: WebSocket, caller: Caller): Connection | null {
    if (this.closing) {
      socket.close(STREAM_CLOSE.goingAway);
      return null;
    }
    const conn = new Connection(this, socket, caller);
    this.conns.add(conn);
    return conn;
  }

  loggedIn(conn: Connection): boolean {
    const memberId = conn.memberId!;
    const kick = this.recentKicks.get(memberId);
    if (kick && kick.at >= conn.loginAt) {
      conn.kick(kickBodyFor(kick.reason));
      return false;
    }
    let set = this.byMember.get(memberId);
    if (!set) this.byMember.set(memberId, (set = new Set()));
    set.add(conn);
    return true;
  }

  detach(conn: Connection): void {
    this.conns.delete(conn);
    if (conn.memberId === null) return;
    const set = this.byMember.get(conn.memberId);
    set?.delete(conn);
    if (set?.size === 0) {
      this.byMember.delete(conn.memberId);
      this.lastBalanceSeq.delete(conn.memberId);
    }
  }

  private socketsOf(memberId: number): Connection[] {
    return [...(this.byMember.get(memberId) ?? [])];
  }

  /** One frame, encoded once, to every socket of this node. */
  private broadcast(msgId: number, body: unknown): void {
    const frame = encodeFrame(msgId, body);
    for (const c of this.conns) c.sendFrame(frame);
  }

  private pushNotice(id: number): void {
    readLiveNotice(this.db, id).then(
      (notice) => {
        if (notice) this.broadcast(MSG.notice, notice);
      },
      (err: unknown) => this.log.error({ err, id }, 'stream notice push failed'),
    );
  }

  /**
   * The site configuration (or what pre-info answers some callers: restrictions, blocked devices) changed:
   * every socket is told, so the site re-reads pre-info now rather than at its next poll. Sockets whose caller
   * the change restricts are then refused as at the upgrade (the one check, refusalFor), not left open.
   */
  private pushSiteConfig(change: SiteChange): void {
    this.broadcast(MSG.siteConfig, { keys: change.keys } satisfies SiteConfigChanged);
    // The standing is read from the hot caches (no query per socket); they heard the change before this did.
    void this.refuseRestricted();
  }

  private async refuseRestricted(): Promise<void> {
    try {
      for (const c of [...this.conns]) {
        const refusal = refusalFor(await callerStanding(this.db, c.caller.ip, c.caller.deviceUuid));
        if (refusal) c.refuse(refusal);
      }
    } catch (err) {
      this.log.error({ err }, 'stream restriction re-check failed');
    }
  }

  private pushBalance(e: BalanceEvent): void {
    // Pushes from several nodes (or one node's writes finishing out of order) may arrive out of commit order:
    // a change older than one already sent would show a stale balance, so it is dropped.
    if (!this.byMember.has(e.memberId)) return;
    const last = this.lastBalanceSeq.get(e.memberId) ?? 0;
    if (e.seq <= last) return;
    this.lastBalanceSeq.set(e.memberId, e.seq);
    const body: BalanceChange = { balance: e.balance, change: e.change, reason: e.reason, at: e.at };
    for (const c of this.socketsOf(e.memberId)) c.send(MSG.balance, body);
  }

  /** A withdrawal of the member changed state (issue 10 §3): their sockets are told. */
  private pushWithdrawal(e: WithdrawalChange & { memberId: number }): void {
    if (!this.byMember.has(e.memberId)) return;
    const { memberId, ...body } = e;
    for (const c of this.socketsOf(memberId)) c.send(MSG.withdrawal, body satisfies WithdrawalChange);
  }

  /** The member centre (issue 13): mail, VIP, feedback, rebate or coins of the member changed. */
  private pushMember(e: MemberEvent): void {
    if (!this.byMember.has(e.memberId)) return;
    const { memberId, ...body } = e;
    for (const c of this.socketsOf(memberId)) c.send(MSG.member, body satisfies MemberChange);
  }

  private kick(e: KickEvent): void {
    const now = Date.now();
    for (const [id, k] of this.recentKicks) if (now - k.heard > RECENT_KICK_MS) this.recentKicks.delete(id);
    const prior = this.recentKicks.get(e.memberId);
    if (!prior || prior.at <= e.at)
      this.recentKicks.set(e.memberId, { at: e.at, reason: e.reason, heard: now });
    for (const c of this.socketsOf(e.memberId)) if (c.loginAt <= e.at) c.kick(kickBodyFor(e.reason));
  }

  /** The live chat is read by every socket (anonymous ones too); only speaking needs a login. */
  private pushChat(message: ChatMessage): void {
    if (message.room !== CHAT_ROOM) return;
    this.broadcast(MSG.chatMessage, message);
  }

  /** An operator muted or unmuted the member: their sockets get the login data again. */
  private pushSpeech(memberId: number): void {
    if (!this.byMember.has(memberId)) return;
    readLoginData(this.db, memberId).then(
      (data) => {
        if (data) for (const c of this.socketsOf(memberId)) c.send(MSG.login, data);
      },
      (err: unknown) => this.log.error({ err, memberId }, 'stream speech push failed'),
    );
  }

  /** Graceful shutdown: tells every socket, stops listening, and waits briefly for the sockets to close. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const conns = [...this.conns];
    const closed = Promise.all(
      conns.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.socket.readyState === c.socket.CLOSED) return resolve();
            c.socket.once('close', () => resolve());
          }),
      ),
    );
    for (const c of conns) {
      c.closeWith(STREAM_CLOSE.goingAway, MSG.error, { code: CODE.common, message: STREAM_MESSAGE.shutdown });
    }
    const unlisteners = this.unlisteners;
    this.unlisteners = [];
    await Promise.all([...unlisteners.map((u) => u().catch(() => {})), this.siteWatch.stop()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
    clearTimeout(timer);
    for (const c of this.conns) c.socket.terminate();
  }
}
