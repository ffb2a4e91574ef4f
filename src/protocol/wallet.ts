// The wallet's wire shapes (issue 9 §2; docs/api.md "Wallet"). Amounts are integer fen on the wire; the pages
// show them with src/protocol/money.ts.

/** spec §2 (issue 9 §2): a venue wallet's refresh is locked for a few seconds after use (design: 5 s). */
export const VENUE_REFRESH_LOCK_MS = 5_000;
/** The transaction record's page size bounds (design). */
export const RECORD_PAGE_SIZE_DEFAULT = 20;
export const RECORD_PAGE_SIZE_MAX = 50;
/** A caller-made request id (the idempotency key of a money-moving call): 8–48 of A–Z a–z 0–9 _ -. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,48}$/;

export type VenueStatus = 'open' | 'maintenance' | 'closed';

export interface Money {
  /** On the account, fen. */
  balance: number;
  /** Held by pending transfers out, fen. */
  held: number;
  /** What can be spent now: balance - held. */
  available: number;
}

export interface VenueWallet {
  venue: string;
  name: string;
  platform: string;
  status: VenueStatus;
  balance: number;
}

export interface WalletSummary {
  central: Money;
  venues: VenueWallet[];
  /** Everything the member holds: central + venues (fen). */
  total: number;
  /** Not spendable now: held amounts (fen). */
  locked: number;
  /** 免转: launching a venue moves the central balance into it. */
  autoTransfer: boolean;
}

export type TransferDirection = 'in' | 'out';

export interface WalletTransferRequest {
  requestId: string;
  /** 'in': central → venue; 'out': venue → central. */
  direction: TransferDirection;
  venue: string;
  /** fen, ≥ 1. */
  amount: number;
}

export interface WalletTransferResult {
  requestId: string;
  central: number;
  venue: VenueWallet;
}

export interface RecallResult {
  /** Venues whose balance came back, with the amount (fen). */
  recalled: Array<{ venue: string; amount: number }>;
  /** Venues that hold money but cannot give it now (maintenance). */
  skipped: string[];
  central: number;
}

export interface VenueRefresh {
  venue: VenueWallet;
  /** Epoch ms until which another refresh of this venue is refused (30004). */
  lockedUntil: number;
}

/** The kinds of movement the transaction record shows (later issues add theirs). */
export const RECORD_KINDS = [
  'deposit',
  'deposit_bonus',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'withdrawal',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface RecordItem {
  /** The transfer id to quote to support. */
  id: string;
  kind: string;
  /** 'central', or the venue code. */
  wallet: string;
  /** Signed fen: + in, - out. */
  amount: number;
  /** The wallet's balance right after the movement; null for a hold (a hold moves no balance). */
  balanceAfter: number | null;
  at: string;
  /**
   * A two-phase transfer out that has not moved money (issue 10: a withdrawal): 'held' while it waits (the amount
   * is locked), 'released' once voided (rejected or cancelled: the amount is free again). Absent on movements.
   */
  hold?: 'held' | 'released';
}

export interface RecordPage {
  items: RecordItem[];
  total: number;
  page: number;
  pageSize: number;
}
