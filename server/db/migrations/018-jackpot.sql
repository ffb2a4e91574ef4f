-- The slots' progressive jackpot (issue 19 §2; docs/games-dz.md "Jackpot"). PLAY MONEY only.
-- The pool is a ledger account of the house (kind 'jackpot', no member, no venue): every paid spin moves a share
-- of its stake into it and a winning spin takes all of it, each a ledger transfer in the spin's own transaction
-- (server/modules/casino/jackpot.ts).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('central', 'venue', 'bonus', 'locked', 'cash_in', 'cash_out', 'house', 'promotions', 'fees', 'jackpot'));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_account_owner;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_account_owner
  CHECK ((member_id IS NULL) = (kind IN ('cash_in', 'cash_out', 'house', 'promotions', 'fees', 'jackpot')));
-- The pool is never below zero, whatever the code does (a win takes exactly its balance).
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_jackpot_not_negative CHECK (kind <> 'jackpot' OR balance >= 0);

-- The pool's state: one row, locked (FOR UPDATE) by every paid spin for its jackpot step, so spins reach the pool
-- one at a time and two winners cannot both take it. `seed` is what the house puts back after a win (fen);
-- `carry` the shares of a fen not yet moved into the pool (fen × basis points, below 10 000): over any run of
-- spins the pool receives exactly floor(Σ stake × share / 10 000) fen. `wins` counts the wins.
CREATE TABLE jackpot_pool (
  id int PRIMARY KEY CHECK (id = 1),
  seed bigint NOT NULL CHECK (seed > 0),
  carry bigint NOT NULL DEFAULT 0 CHECK (carry >= 0 AND carry < 10000),
  wins bigint NOT NULL DEFAULT 0 CHECK (wins >= 0)
);

-- Every win: the spin's bet (its order number), who, where, what it paid (fen), when.
CREATE TABLE jackpot_wins (
  order_no text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  venue text NOT NULL,
  game text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  won_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX jackpot_wins_newest ON jackpot_wins (won_at DESC);

-- At every commit the pool holds at least its seed: a win empties it and the reseed must follow in the same
-- transaction. Deferred, and it reads the balance as committed (not the row's value at the update).
CREATE OR REPLACE FUNCTION jackpot_above_seed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_seed bigint;
BEGIN
  SELECT balance INTO v_balance FROM ledger_accounts WHERE id = NEW.id;
  SELECT seed INTO v_seed FROM jackpot_pool WHERE id = 1;
  IF v_balance < v_seed THEN
    RAISE EXCEPTION 'the jackpot pool (% fen) is below its seed (% fen)', v_balance, v_seed
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_jackpot_above_seed';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_jackpot_above_seed AFTER UPDATE ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.kind = 'jackpot')
  EXECUTE FUNCTION jackpot_above_seed();

-- The pool starts from its seed (JACKPOT_SEED_FEN of src/games-core/dz/jackpot.ts), paid by the house's
-- promotions account; after a win the winning venue's house pays the seed back in.
INSERT INTO jackpot_pool (id, seed) VALUES (1, 50000);
SELECT r_outcome FROM ledger_transfer('jackpot-seed:initial', NULL, 'promotions', NULL, NULL, 'jackpot', NULL,
  50000, 'jackpot_seed', '{}'::jsonb, false, NULL, NULL);
