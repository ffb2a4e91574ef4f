-- Deposits through the sandbox cashier (issue 9 §3, docs/decisions/0018-sandbox-cashier.md). PLAY MONEY only:
-- no real payment gateway is ever called. Amounts are integer fen; rates are whole numbers (basis points, fen
-- per USDT), never floats.

-- The channels the deposit page offers (spec §2: bank card, Alipay, WeChat, EBpay, KOIpay, Sharelife, digital
-- RMB, and USDT for the virtual-coin card). Seeded here so every database has them.
CREATE TABLE deposit_channels (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,31}$'),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bank', 'ewallet', 'digital_rmb', 'usdt')),
  min_fen bigint NOT NULL CHECK (min_fen > 0),
  max_fen bigint NOT NULL CHECK (max_fen >= min_fen AND max_fen <= 10000000000000),
  -- Amounts the page offers as buttons, fen, each within [min_fen, max_fen].
  presets bigint[] NOT NULL DEFAULT '{}',
  -- Bonus: bonus_bp / 10000 of the amount, at most bonus_cap_fen (null: no cap); 0 = no bonus.
  bonus_bp integer NOT NULL DEFAULT 0 CHECK (bonus_bp BETWEEN 0 AND 10000),
  bonus_cap_fen bigint CHECK (bonus_cap_fen IS NULL OR bonus_cap_fen > 0),
  -- Fee the channel takes out of the amount: fee_bp / 10000, at most fee_cap_fen (null: no cap).
  fee_bp integer NOT NULL DEFAULT 0 CHECK (fee_bp BETWEEN 0 AND 1000),
  fee_cap_fen bigint CHECK (fee_cap_fen IS NULL OR fee_cap_fen > 0),
  -- Turnover a credited deposit requires before a withdrawal: amount × turnover_multiple + bonus × bonus_turnover_multiple.
  turnover_multiple integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
  bonus_turnover_multiple integer NOT NULL DEFAULT 3 CHECK (bonus_turnover_multiple BETWEEN 0 AND 100),
  -- USDT only: fen per 1 USDT (720 = 7.20 yuan).
  usdt_rate_fen integer CHECK (usdt_rate_fen IS NULL OR usdt_rate_fen > 0),
  open boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  CONSTRAINT deposit_channel_usdt_rate CHECK ((kind = 'usdt') = (usdt_rate_fen IS NOT NULL))
);

INSERT INTO deposit_channels
  (code, name, kind, min_fen, max_fen, presets, bonus_bp, bonus_cap_fen, fee_bp, fee_cap_fen, usdt_rate_fen, sort)
VALUES
  ('bank', '银行卡转账', 'bank', 10000, 5000000, '{10000,50000,100000,500000,1000000}', 100, 18800, 0, NULL, NULL, 10),
  ('alipay', '支付宝', 'ewallet', 5000, 2000000, '{5000,10000,30000,50000,100000}', 0, NULL, 0, NULL, NULL, 20),
  ('wechat', '微信支付', 'ewallet', 5000, 1000000, '{5000,10000,30000,50000,100000}', 0, NULL, 0, NULL, NULL, 30),
  ('ebpay', 'EBpay 钱包', 'ewallet', 10000, 5000000, '{10000,50000,100000,500000}', 200, 28800, 0, NULL, NULL, 40),
  ('koipay', 'KOIpay 钱包', 'ewallet', 10000, 5000000, '{10000,50000,100000,500000}', 200, 28800, 100, 5000, NULL, 50),
  ('sharelife', '分享生活', 'ewallet', 10000, 3000000, '{10000,50000,100000,300000}', 0, NULL, 0, NULL, NULL, 60),
  ('digital_rmb', '数字人民币', 'digital_rmb', 10000, 5000000, '{10000,50000,100000,500000}', 0, NULL, 0, NULL, NULL, 70),
  ('usdt', 'USDT (TRC20)', 'usdt', 10000, 10000000, '{72000,144000,360000,720000}', 150, 50000, 0, NULL, 720, 80);

-- One deposit order: pending → paid | expired | cancelled, at most once (the trigger below refuses anything else).
CREATE TABLE deposit_orders (
  id text PRIMARY KEY CHECK (id ~ '^D[0-9A-Z]{8,40}$'),
  member_id bigint NOT NULL REFERENCES members(id),
  -- The caller-made idempotency key: the same key with the same fields answers the same order.
  request_id text NOT NULL,
  channel text NOT NULL REFERENCES deposit_channels(code),
  amount bigint NOT NULL CHECK (amount > 0),
  -- Fixed when the order is made, from the channel's rules then (a later rule change does not touch it).
  bonus bigint NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0 AND fee < amount),
  turnover_multiple integer NOT NULL,
  bonus_turnover_multiple integer NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'expired', 'cancelled')),
  expires_at timestamptz NOT NULL,
  -- USDT orders: the (sandbox) address to pay, the rate and the amount in micro-USDT (6 decimals).
  usdt_address text,
  usdt_rate_fen integer,
  usdt_micro bigint,
  -- The provider's transaction id and when it saw the payment (a USDT transfer is seen on the chain before its
  -- confirmations: a payment seen before expires_at keeps the order from expiring while it confirms).
  provider_tx text,
  seen_at timestamptz,
  -- Set when paid: the ledger transfer of the credit.
  transfer_id text REFERENCES ledger_transfers(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT deposit_order_request UNIQUE (member_id, request_id),
  CONSTRAINT deposit_order_paid CHECK ((state = 'paid') = (transfer_id IS NOT NULL)),
  CONSTRAINT deposit_order_paid_tx CHECK (state <> 'paid' OR provider_tx IS NOT NULL),
  CONSTRAINT deposit_order_settled CHECK ((state = 'pending') = (settled_at IS NULL)),
  CONSTRAINT deposit_order_usdt CHECK ((usdt_address IS NULL) = (usdt_micro IS NULL) AND (usdt_micro IS NULL) = (usdt_rate_fen IS NULL))
);
CREATE INDEX deposit_orders_member_idx ON deposit_orders (member_id, created_at DESC);
CREATE INDEX deposit_orders_pending_idx ON deposit_orders (expires_at) WHERE state = 'pending' AND seen_at IS NULL;
CREATE UNIQUE INDEX deposit_orders_transfer_idx ON deposit_orders (transfer_id) WHERE transfer_id IS NOT NULL;

CREATE OR REPLACE FUNCTION deposit_order_settles_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.state <> 'pending' OR NEW.id <> OLD.id OR NEW.member_id <> OLD.member_id
     OR NEW.amount <> OLD.amount OR NEW.bonus <> OLD.bonus OR NEW.fee <> OLD.fee OR NEW.channel <> OLD.channel
     OR NEW.request_id <> OLD.request_id THEN
    RAISE EXCEPTION 'deposit orders settle once and keep their fields' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER deposit_orders_settle_once BEFORE UPDATE OR DELETE ON deposit_orders
  FOR EACH ROW EXECUTE FUNCTION deposit_order_settles_once();

-- The turnover a credited deposit requires before a withdrawal (the withdrawal audit of the next issue reads it).
CREATE TABLE deposit_turnover (
  order_id text PRIMARY KEY REFERENCES deposit_orders(id),
  member_id bigint NOT NULL REFERENCES members(id),
  -- Fen of bets required: amount × turnover_multiple + bonus × bonus_turnover_multiple.
  required bigint NOT NULL CHECK (required >= 0),
  -- Fen of bets counted so far (the betting issues add to it).
  achieved bigint NOT NULL DEFAULT 0 CHECK (achieved >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_turnover_member_idx ON deposit_turnover (member_id, created_at);
