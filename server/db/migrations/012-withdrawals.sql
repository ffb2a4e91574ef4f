-- Withdrawals (issue 10 §3; docs/withdrawals.md). PLAY MONEY only: no real payout is ever made. Amounts are
-- integer fen; rates are whole numbers (basis points, fen per USDT), never floats.
--
-- Money: a withdrawal holds its whole amount at once as a pending (two-phase) ledger transfer `wd:{id}` from the
-- member's central wallet to cash_out; paying posts it (and moves the fee and the administrative deduction from
-- cash_out to fees), rejecting or cancelling voids it. The row's state decides; the ledger follows it, once.

-- The methods, one per payout-account kind (src/protocol/payout.ts PAYOUT_KINDS): limits per withdrawal and the
-- fee (fee_bp / 10000 of the amount, at most fee_cap_fen; 0 = no cap). Seeded here so every database has them.
CREATE TABLE withdrawal_methods (
  kind text PRIMARY KEY CHECK (kind IN ('bank', 'alipay', 'wechat', 'ebpay', 'koipay', 'sharelife', 'digital', 'usdt')),
  min_fen bigint NOT NULL CHECK (min_fen > 0),
  max_fen bigint NOT NULL CHECK (max_fen >= min_fen AND max_fen <= 10000000000000),
  fee_bp integer NOT NULL DEFAULT 0 CHECK (fee_bp BETWEEN 0 AND 1000),
  fee_cap_fen bigint NOT NULL DEFAULT 0 CHECK (fee_cap_fen >= 0),
  open boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

INSERT INTO withdrawal_methods (kind, min_fen, max_fen, fee_bp, fee_cap_fen, sort) VALUES
  ('bank', 10000, 5000000, 0, 0, 10),
  ('alipay', 10000, 2000000, 0, 0, 20),
  ('wechat', 10000, 1000000, 0, 0, 30),
  ('ebpay', 10000, 5000000, 0, 0, 40),
  ('koipay', 10000, 5000000, 100, 5000, 50),
  ('sharelife', 10000, 3000000, 0, 0, 60),
  ('digital', 10000, 5000000, 0, 0, 70),
  ('usdt', 10000, 10000000, 100, 2000, 80);

-- One withdrawal: pending → approved → paid; pending | approved → rejected; pending → cancelled (the player).
CREATE TABLE withdrawals (
  id text PRIMARY KEY CHECK (id ~ '^W[0-9A-Z]{8,40}$'),
  member_id bigint NOT NULL REFERENCES members(id),
  -- The caller-made idempotency key: the same key with the same account and amount answers the same withdrawal.
  request_id text NOT NULL,
  -- The payout account as it was when the player asked (the account may be deleted later; the record stays).
  account_id text NOT NULL,
  account_kind text NOT NULL REFERENCES withdrawal_methods(kind),
  account jsonb NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  deduction bigint NOT NULL DEFAULT 0 CHECK (deduction >= 0),
  -- The turnover audit when the player asked: what was outstanding, and the policy and rate applied.
  turnover_outstanding bigint NOT NULL DEFAULT 0 CHECK (turnover_outstanding >= 0),
  audit jsonb NOT NULL DEFAULT '{}',
  -- USDT only: fen per USDT then, and the payout in micro-USDT (rounded down: the sandbox never pays more).
  usdt_rate_fen integer,
  usdt_micro bigint,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'paid', 'rejected', 'cancelled')),
  reason text,
  -- The ledger transfer holding the amount (pending until paid or voided).
  hold_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  settled_at timestamptz,
  CONSTRAINT withdrawal_request UNIQUE (member_id, request_id),
  CONSTRAINT withdrawal_payout_positive CHECK (fee + deduction < amount),
  CONSTRAINT withdrawal_usdt CHECK ((usdt_rate_fen IS NULL) = (usdt_micro IS NULL)),
  CONSTRAINT withdrawal_settled CHECK ((state IN ('pending', 'approved')) = (settled_at IS NULL))
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_open_idx ON withdrawals (created_at) WHERE state IN ('pending', 'approved');

-- A withdrawal moves along its states once and keeps its money fields (the trigger refuses anything else).
CREATE OR REPLACE FUNCTION withdrawal_moves_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR NEW.id <> OLD.id OR NEW.member_id <> OLD.member_id OR NEW.request_id <> OLD.request_id
     OR NEW.amount <> OLD.amount OR NEW.fee <> OLD.fee OR NEW.deduction <> OLD.deduction
     OR NEW.hold_id <> OLD.hold_id OR NEW.account_id <> OLD.account_id
     OR NOT (
       (OLD.state = 'pending' AND NEW.state IN ('approved', 'rejected', 'cancelled'))
       OR (OLD.state = 'approved' AND NEW.state IN ('paid', 'rejected'))
     ) THEN
    RAISE EXCEPTION 'withdrawals move pending → approved → paid | rejected, or pending → cancelled, once'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER withdrawals_move_once BEFORE UPDATE OR DELETE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION withdrawal_moves_once();

-- Valid bets (the turnover audit's "done"): the venues issue posts one row per settled bet with its valid amount
-- (server/modules/withdrawal/audit.ts recordValidBet). EMPTY until venues exist.
CREATE TABLE valid_bets (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL,
  -- The venue's own bet id: a bet counts once however often it is posted.
  bet_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  settled_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT valid_bet_once UNIQUE (venue, bet_id)
);
CREATE INDEX valid_bets_member_idx ON valid_bets (member_id, settled_at);
