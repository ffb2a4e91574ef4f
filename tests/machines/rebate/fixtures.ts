// Shared data of the rebate model tests (issue 13 §4, §5), written from the issue and the protocol's shapes.
import type {
  AuditDetail,
  AuditView,
  RebateHistory,
  RebatePayment,
  RebateSummary,
} from '../../../src/protocol/rebate.ts';

/** A coded refusal as the API client raises it (a BusinessError: type 'business', code, message, data). */
export const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code, data: null });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

const line = (platform: RebateSummary['lines'][number]['platform'], validBet: number, rateBp: number) => ({
  platform,
  validBet,
  rateBp,
  // issue 13 §4 / docs/rebate.md: floor to the fen
  amount: Math.floor((validBet * rateBp) / 10_000),
});

/** VIP0 (docs/vip.md): ¥10,000 of sport at 30 bp = ¥30; the minimum ¥1 (REBATE_MIN_CLAIM_YUAN); cap ¥500. */
export const PAYABLE: RebateSummary = {
  level: 0,
  lines: [
    line('TY', 1_000_000, 30),
    line('DZ', 0, 40),
    line('DJ', 0, 30),
    line('ZR', 0, 30),
    line('CP', 0, 20),
    line('QP', 0, 30),
    line('BY', 0, 40),
  ],
  total: 3_000,
  minimum: 100,
  cap: 50_000,
  paidToday: 0,
  capLeft: 50_000,
  payable: 3_000,
};

/** Below the minimum: 99 fen claimable (issue 13 §4 "a minimum applies"): nothing payable. */
export const BELOW_MINIMUM: RebateSummary = {
  ...PAYABLE,
  lines: [line('TY', 33_000, 30), ...PAYABLE.lines.slice(1)],
  total: 99,
  payable: 0,
};

export const PAYMENT: RebatePayment = {
  id: 'rebate:7:req-1',
  source: 'claim',
  periodFrom: '2026-11-26T01:00:00.000Z',
  periodTo: '2026-11-26T02:00:00.000Z',
  level: 0,
  validBet: 1_000_000,
  computed: 3_000,
  amount: 3_000,
  lines: [line('TY', 1_000_000, 30)],
  createdAt: '2026-11-26T03:00:00.000Z',
};

/** 25 payments, 10 a page: three pages. */
export const HISTORY: RebateHistory = { items: [PAYMENT], total: 25, page: 1, size: 10 };
export const HISTORY_PAGE_2: RebateHistory = { ...HISTORY, page: 2 };
export const NO_HISTORY: RebateHistory = { items: [], total: 0, page: 1, size: 10 };

export const AUDIT: AuditView = {
  items: [
    {
      id: 'D20261126AAAA0001',
      kind: 'deposit',
      createdAt: '2026-11-26T01:00:00.000Z',
      amount: 100_000,
      multiple: 1,
      bonus: 1_000,
      bonusMultiple: 3,
      required: 103_000,
      counted: 40_000,
      met: false,
    },
  ],
  required: 103_000,
  done: 40_000,
  outstanding: 63_000,
  since: null,
  policy: 'deduct',
  deductionBp: 1000,
  available: 500_000,
  deduction: 50_000,
};

export const DETAIL: AuditDetail = {
  requirement: AUDIT.items[0]!,
  bets: [
    { venue: 'IMTY', betId: 'b-1', settledAt: '2026-11-26T02:00:00.000Z', amount: 40_000, counted: 40_000 },
  ],
  total: 12,
  page: 1,
  size: 10,
};
