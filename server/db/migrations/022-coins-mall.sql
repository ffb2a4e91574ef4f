-- Coins and the mall (issue 13 §6; docs/mall.md). PLAY MONEY only.
--
-- Coins are a second currency in the ledger: a member's 'coins' account and the house's 'coins_issuer' account
-- (which goes below zero as coins are issued, like cash_in for money). Their unit is one whole coin, never fen,
-- so a transfer may never join a coins account to a money account: the trigger below refuses it, whatever the
-- code does. Coins then sum to zero among themselves, and so does money. A member's coins never go below zero
-- (the existing CHECK ledger_member_not_negative).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('central', 'venue', 'bonus', 'locked', 'cash_in', 'cash_out', 'house', 'promotions', 'fees', 'jackpot',
                  'coins', 'coins_issuer'));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_account_owner;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_account_owner
  CHECK ((member_id IS NULL) = (kind IN ('cash_in', 'cash_out', 'house', 'promotions', 'fees', 'jackpot', 'coins_issuer')));

-- The currency of an account kind.
CREATE OR REPLACE FUNCTION ledger_currency(p_kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('coins', 'coins_issuer') THEN 'coins' ELSE 'money' END
$$;

-- One currency per transfer: the debit and the credit account are both coins or both money. Every transfer row
-- passes here (ledger_transfer inserts it; any other insert too), so the entries of a transfer are always of one
-- currency. Refused as a CHECK violation (23514, constraint ledger_one_currency).
CREATE OR REPLACE FUNCTION ledger_one_currency() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_n int;
BEGIN
  SELECT count(DISTINCT ledger_currency(a.kind)) INTO v_n FROM ledger_accounts a
   WHERE a.id IN (NEW.debit_account, NEW.credit_account);
  IF v_n > 1 THEN
    RAISE EXCEPTION 'transfer % joins a coins account and a money account', NEW.id
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_one_currency';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_transfers_one_currency BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_one_currency();

-- The VIP helper's extra valid-bet credit (020-vip.sql makes it; the same shape here only if it is missing, so the
-- mall's VIP-experience item always has its table).
CREATE TABLE IF NOT EXISTS vip_growth (
  id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Earning coins from valid bets (server/modules/mall/coins.ts): each valid bet is looked at once (a row here, in
-- the same transaction as its coins), and the fraction of a coin it leaves is carried to the member's next bet.
CREATE TABLE coin_bet_credits (
  valid_bet_id bigint PRIMARY KEY REFERENCES valid_bets(id),
  member_id bigint NOT NULL REFERENCES members(id),
  -- Coins credited for this bet (often 0: the carry grows until it makes a whole coin).
  coins bigint NOT NULL CHECK (coins >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coin_bet_credits_member_idx ON coin_bet_credits (member_id);

-- Per member: the valid bet not yet turned into coins, in fen × coins-per-100-yuan (below 10 000 = one coin).
CREATE TABLE coin_carry (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  units bigint NOT NULL DEFAULT 0 CHECK (units >= 0 AND units < 10000)
);

-- The mall's items. price in coins; value: fen of bonus credit ('bonus'), fen of VIP valid-bet credit
-- ('vip_exp'), the nominal price in fen of a sandbox prize ('prize', never shipped).
CREATE TABLE mall_items (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{2,40}$'),
  kind text NOT NULL CHECK (kind IN ('bonus', 'vip_exp', 'prize')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  description text NOT NULL,
  -- Which drawn picture the page shows (src/features/mall/item-art.tsx).
  art text NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  stock bigint NOT NULL CHECK (stock >= 0),
  per_member_limit int NOT NULL CHECK (per_member_limit > 0),
  vip_min int NOT NULL DEFAULT 0 CHECK (vip_min BETWEEN 0 AND 10),
  value bigint NOT NULL CHECK (value > 0),
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

-- Redemptions: one per (member, caller-made request id), the idempotency key. Only a redemption that committed
-- is here (a refused one rolled back with everything else).
CREATE TABLE mall_redemptions (
  id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  request_id text NOT NULL,
  item_id text NOT NULL REFERENCES mall_items(id),
  kind text NOT NULL,
  item_name text NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  value bigint NOT NULL CHECK (value > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mall_redemption_once UNIQUE (member_id, request_id)
);
CREATE INDEX mall_redemptions_member_idx ON mall_redemptions (member_id, created_at DESC);

-- How many of an item a member has redeemed: the per-player limit is a guarded upsert on this row.
CREATE TABLE mall_member_counts (
  member_id bigint NOT NULL REFERENCES members(id),
  item_id text NOT NULL REFERENCES mall_items(id),
  n int NOT NULL CHECK (n > 0),
  PRIMARY KEY (member_id, item_id)
);

INSERT INTO mall_items (id, kind, name, description, art, price, stock, per_member_limit, vip_min, value, sort) VALUES
  ('bonus-8', 'bonus', '8.88 元彩金', '兑换后 8.88 元立即存入中心钱包', 'coin-small', 100, 100000, 5, 0, 888, 10),
  ('bonus-58', 'bonus', '58 元彩金', '兑换后 58 元立即存入中心钱包', 'coin-stack', 600, 20000, 3, 1, 5800, 11),
  ('bonus-188', 'bonus', '188 元彩金', '兑换后 188 元立即存入中心钱包（VIP3 及以上）', 'coin-chest', 1800, 5000, 1, 3, 18800, 12),
  ('vip-exp-500', 'vip_exp', 'VIP 经验 500', '计入 VIP 晋级进度：500 元有效投注', 'star', 200, 100000, 10, 0, 50000, 20),
  ('vip-exp-5000', 'vip_exp', 'VIP 经验 5000', '计入 VIP 晋级进度：5000 元有效投注', 'star-gold', 1600, 10000, 3, 2, 500000, 21),
  ('prize-earbuds', 'prize', '无线耳机（沙盒奖品）', '沙盒奖品：仅作展示，不发货', 'earbuds', 3000, 50, 1, 0, 29900, 30),
  ('prize-watch', 'prize', '智能手表（沙盒奖品）', '沙盒奖品：仅作展示，不发货', 'watch', 8800, 20, 1, 2, 99900, 31),
  ('prize-phone', 'prize', '旗舰手机（沙盒奖品）', '沙盒奖品：仅作展示，不发货', 'phone', 30000, 5, 1, 5, 599900, 32);
