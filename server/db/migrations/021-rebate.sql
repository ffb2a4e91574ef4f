-- Rebate (返水, issue 13 §4; docs/rebate.md). A payment pays the rebate of a set of settled valid bets at the
-- member's level rate, once: each valid bet is linked to at most one payment (rebate_bets' primary key), and the
-- payment's ledger transfer (from promotions to the member's central wallet, kind 'rebate') has the payment's
-- id as its idempotency key.

CREATE TABLE rebate_payments (
  -- Also the ledger transfer's id: 'rebate:<member>:<requestId>' (a claim) or 'rebate-auto:<member>:<day>'.
  id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  source text NOT NULL CHECK (source IN ('claim', 'auto')),
  -- The caller-made id of a claim (null for the end-of-day job).
  request_id text,
  level integer NOT NULL CHECK (level BETWEEN 0 AND 10),
  valid_bet bigint NOT NULL CHECK (valid_bet > 0),
  -- Before the day's cap, and paid (amount <= computed).
  computed bigint NOT NULL CHECK (computed > 0),
  amount bigint NOT NULL CHECK (amount > 0 AND amount <= computed),
  -- The Asia/Shanghai day whose cap the payment counts against.
  cap_day date NOT NULL,
  period_from timestamptz NOT NULL,
  period_to timestamptz NOT NULL,
  -- Per category: [{ platform, validBet, rateBp, amount }].
  lines jsonb NOT NULL,
  transfer_id text NOT NULL UNIQUE REFERENCES ledger_transfers(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rebate_payment_request UNIQUE (member_id, request_id),
  CONSTRAINT rebate_payment_claim CHECK ((source = 'claim') = (request_id IS NOT NULL))
);
CREATE INDEX rebate_payments_member_idx ON rebate_payments (member_id, created_at DESC);
CREATE INDEX rebate_payments_cap_idx ON rebate_payments (member_id, cap_day);

-- Each valid bet rebated at most once.
CREATE TABLE rebate_bets (
  valid_bet_id bigint PRIMARY KEY REFERENCES valid_bets(id),
  payment_id text NOT NULL REFERENCES rebate_payments(id)
);
CREATE INDEX rebate_bets_payment_idx ON rebate_bets (payment_id);
