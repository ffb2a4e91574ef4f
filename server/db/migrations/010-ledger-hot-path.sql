-- The ledger's hot path (docs/decisions/0017-ledger.md, "The hot path"): measured in `npm run bench` on
-- PostgreSQL, the four foreign keys of the transfer and entry rows cost about a tenth of a transfer (six
-- key-share lookups per transfer, inside every money write). Their guarantee is kept another way:
-- - entries and transfers are written only by the functions below, with account ids read from ledger_accounts
--   in the same statement (or remembered from an earlier committed write: account ids never change);
-- - an account is never deleted (the trigger below), a transfer or entry never changed or deleted (006), and
--   none of the three tables can be truncated, so nothing they reference can disappear;
-- - each leg raises when its account does not exist, and `ledger check` reports any entry or transfer whose
--   account or transfer is missing.
-- The member and venue keys of ledger_accounts stay: an account is created once.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transfer_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_debit_account_fkey;
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_credit_account_fkey;

CREATE OR REPLACE FUNCTION ledger_refuse_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never removed' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER ledger_accounts_permanent BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_removal();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_removal();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_removal();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_removal();

-- One leg (as in 009), raising when the account does not exist.
CREATE OR REPLACE FUNCTION ledger_leg(p_transfer text, p_account bigint, p_delta bigint, p_held bigint)
  RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_member bigint;
  v_kind text;
  v_entry bigint;
BEGIN
  UPDATE ledger_accounts SET balance = balance + p_delta, held = held + p_held WHERE id = p_account
    RETURNING balance, member_id, kind INTO v_balance, v_member, v_kind;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % does not exist', p_account USING ERRCODE = 'P0001';
  END IF;
  IF p_delta = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
    VALUES (p_transfer, p_account, p_delta, v_balance)
    RETURNING id INTO v_entry;
  IF v_member IS NOT NULL AND v_kind = 'central' THEN
    RETURN jsonb_build_array(v_member, v_balance, p_delta, v_entry);
  END IF;
  RETURN NULL;
END;
$$;

-- A transfer, once per id (as in 009), with both legs written here rather than through ledger_post and
-- ledger_leg: three fewer function calls on every transfer. ledger_settle keeps using them.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_id text, p_from_member bigint, p_from_kind text, p_from_venue text,
  p_to_member bigint, p_to_kind text, p_to_venue text,
  p_amount bigint, p_kind text, p_memo jsonb, p_pending boolean, p_debit_id bigint, p_credit_id bigint,
  OUT r_outcome text, OUT r_id text, OUT r_debit bigint, OUT r_credit bigint, OUT r_amount bigint,
  OUT r_kind text, OUT r_state text, OUT r_memo jsonb, OUT r_created timestamptz, OUT r_settled timestamptz,
  OUT r_pushes jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit bigint := coalesce(p_debit_id, ledger_account(p_from_member, p_from_kind, p_from_venue));
  v_credit bigint := coalesce(p_credit_id, ledger_account(p_to_member, p_to_kind, p_to_venue));
  v_row ledger_transfers%ROWTYPE;
  -- The two legs, lower account id first: account, change, balance after, member, kind, entry id.
  a1 bigint; d1 bigint; b1 bigint; m1 bigint; k1 text; e1 bigint;
  a2 bigint; d2 bigint; b2 bigint; m2 bigint; k2 text; e2 bigint;
BEGIN
  r_pushes := '[]'::jsonb;
  IF v_debit = v_credit THEN
    r_outcome := 'invalid';
    RETURN;
  END IF;
  INSERT INTO ledger_transfers (id, debit_account, credit_account, amount, kind, state, memo, settled_at)
    VALUES (p_id, v_debit, v_credit, p_amount, p_kind, CASE WHEN p_pending THEN 'pending' ELSE 'posted' END,
            p_memo, CASE WHEN p_pending THEN NULL ELSE now() END)
    ON CONFLICT (id) DO NOTHING
    RETURNING * INTO v_row;
  IF v_row.id IS NULL THEN
    -- The id was used before: the same transfer answers its first result, another is a conflict.
    SELECT * INTO v_row FROM ledger_transfers t WHERE t.id = p_id;
    IF v_row.debit_account = v_debit AND v_row.credit_account = v_credit AND v_row.amount = p_amount
       AND v_row.kind = p_kind AND (p_pending OR (v_row.memo = p_memo AND v_row.state <> 'pending')) THEN
      r_outcome := 'same';
    ELSE
      r_outcome := 'conflict';
    END IF;
  ELSE
    r_outcome := 'created';
    IF p_pending THEN
      -- Held, not moved: the debit account's spendable balance shrinks now (the CHECK refuses below zero).
      PERFORM ledger_leg(p_id, v_debit, 0, p_amount);
      -- The credit account is touched only when the transfer is posted: it must exist now.
      PERFORM 1 FROM ledger_accounts WHERE id = v_credit;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger account % does not exist', v_credit USING ERRCODE = 'P0001';
      END IF;
    ELSE
      -- Both legs in account-id order (no deadlock between a transfer and its reverse).
      IF v_debit < v_credit THEN
        a1 := v_debit; d1 := -p_amount; a2 := v_credit; d2 := p_amount;
      ELSE
        a1 := v_credit; d1 := p_amount; a2 := v_debit; d2 := -p_amount;
      END IF;
      UPDATE ledger_accounts SET balance = balance + d1 WHERE id = a1
        RETURNING balance, member_id, kind INTO b1, m1, k1;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger account % does not exist', a1 USING ERRCODE = 'P0001';
      END IF;
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after) VALUES (p_id, a1, d1, b1)
        RETURNING id INTO e1;
      UPDATE ledger_accounts SET balance = balance + d2 WHERE id = a2
        RETURNING balance, member_id, kind INTO b2, m2, k2;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger account % does not exist', a2 USING ERRCODE = 'P0001';
      END IF;
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after) VALUES (p_id, a2, d2, b2)
        RETURNING id INTO e2;
      -- The balance pushes: [member, balance after, change, entry id] of each member central wallet moved.
      IF m1 IS NOT NULL AND k1 = 'central' THEN
        r_pushes := r_pushes || jsonb_build_array(jsonb_build_array(m1, b1, d1, e1));
      END IF;
      IF m2 IS NOT NULL AND k2 = 'central' THEN
        r_pushes := r_pushes || jsonb_build_array(jsonb_build_array(m2, b2, d2, e2));
      END IF;
    END IF;
  END IF;
  r_id := v_row.id;
  r_debit := v_row.debit_account;
  r_credit := v_row.credit_account;
  r_amount := v_row.amount;
  r_kind := v_row.kind;
  r_state := v_row.state;
  r_memo := v_row.memo;
  r_created := v_row.created_at;
  r_settled := v_row.settled_at;
END;
$$;
