// Deposits on the wire (issue 9 §3; docs/api.md "Deposits"): amounts in fen, times in ms since epoch.

export type ChannelKind = 'bank' | 'ewallet' | 'digital_rmb' | 'usdt';
export type OrderState = 'pending' | 'paid' | 'expired' | 'cancelled';

export interface Rate {
  /** Basis points: 100 = 1 %. */
  percentBp: number;
  cap: number | null;
}

export interface DepositChannel {
  code: string;
  name: string;
  kind: ChannelKind;
  min: number;
  max: number;
  presets: number[];
  bonus: Rate | null;
  fee: Rate | null;
  turnoverMultiple: number;
  bonusTurnoverMultiple: number;
  usdtRate: number | null;
  open: boolean;
}

export interface DepositChannels {
  channels: DepositChannel[];
  orderTtlS: number;
}

export interface DepositOrder {
  orderId: string;
  requestId: string;
  channel: string;
  channelName: string;
  amount: number;
  bonus: number;
  fee: number;
  credit: number;
  state: OrderState;
  confirming: boolean;
  expiresAt: number;
  createdAt: number;
  settledAt: number | null;
  cashierUrl: string;
  usdt: { address: string; rate: number; amount: string; micro: number } | null;
  turnoverRequired: number;
}

export interface NewDepositOrder {
  requestId: string;
  channel: string;
  amount: number;
}

/** issue 9 §3 (docs/api.md): the deposit page re-reads a waiting order every 2 s. */
export const ORDER_POLL_MS = 2_000;

/** A rate applied to an amount, cut (never rounded up) and capped, as the server computes it. */
export function applyRate(amount: number, rate: Rate | null): number {
  if (!rate) return 0;
  // Integer arithmetic: amount × basis points can pass 2^53 for large amounts.
  const raw = Number((BigInt(amount) * BigInt(rate.percentBp)) / 10_000n);
  return rate.cap === null ? raw : Math.min(raw, rate.cap);
}
