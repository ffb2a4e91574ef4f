-- The double-entry ledger (issue 9 §1, docs/decisions/0017-ledger.md): the only place a balance changes.
-- Amounts are integer minor units (fen). A member account can never hold less than nothing: the database
-- refuses it (ledger_member_not_negative), whatever the application does.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('central', 'venue', 'bonus', 'locked', 'cash_in', 'cash_out', 'house', 'promotions', 'fees')),
  venue text REFERENCES venues(code),
  balance bigint NOT NULL DEFAULT 0,
  -- Money on its way out of the account (pending two-phase transfers): it counts against what can be spent.
  held bigint NOT NULL DEFAULT 0 CHECK (held >= 0),
  CONSTRAINT ledger_member_not_negative CHECK (member_id IS NULL OR balance - held >= 0),
  CONSTRAINT ledger_account_owner CHECK ((member_id IS NULL) = (kind IN ('cash_in', 'cash_out', 'house', 'promotions', 'fees'))),
  CONSTRAINT ledger_account_venue CHECK ((venue IS NOT NULL) = (kind IN ('venue', 'house')))
);
CREATE UNIQUE INDEX ledger_accounts_key ON ledger_accounts ((coalesce(member_id, 0)), kind, (coalesce(venue, '')));

CREATE TABLE ledger_transfers (
  -- The caller-made id: the idempotency key of the write.
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_.:-]{8,80}$'),
  debit_account bigint NOT NULL REFERENCES ledger_accounts(id),
  credit_account bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,31}$'),
  state text NOT NULL CHECK (state IN ('pending', 'posted', 'voided')),
  memo jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK (debit_account <> credit_account)
);
CREATE INDEX ledger_transfers_pending_idx ON ledger_transfers (debit_account) WHERE state = 'pending';

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transfer_id text NOT NULL REFERENCES ledger_transfers(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  -- The account's balance right after this entry (the transaction record shows it).
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id);

-- Immutable: entries are never changed or removed; a transfer only ever leaves 'pending', once.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

CREATE OR REPLACE FUNCTION ledger_transfer_settles_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.state <> 'pending' OR NEW.state = 'pending'
     OR NEW.id <> OLD.id OR NEW.debit_account <> OLD.debit_account OR NEW.credit_account <> OLD.credit_account
     OR NEW.amount <> OLD.amount OR NEW.kind <> OLD.kind OR NEW.memo <> OLD.memo THEN
    RAISE EXCEPTION 'ledger transfers are immutable once settled' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_settles_once();
