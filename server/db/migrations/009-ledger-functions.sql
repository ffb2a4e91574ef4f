-- The ledger's writes as database functions (docs/decisions/0017-ledger.md, "One statement per write"): a
-- transfer or a settlement is one call, one round trip, planned once per connection, instead of eight to
-- eleven statements. The rules are the ones of 006: the caller's id is the idempotency key, a member account
-- below zero is refused by the CHECK ledger_member_not_negative (the error leaves the statement, and with it
-- everything the call wrote), entries are immutable, legs are locked in account-id order (no deadlock between
-- a transfer and its reverse). A member's central wallet that moved is answered in r_pushes (member, balance
-- after, change, the entry's id as the push's order); the caller publishes it (msgId 20002) after the commit,
-- or inside its own transaction (server/modules/ledger/pushes.ts): a NOTIFY inside the write would hold
-- PostgreSQL's one notification lock through every money commit.

-- The account's id, created on first use (empty).
CREATE OR REPLACE FUNCTION ledger_account(p_member bigint, p_kind text, p_venue text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT a.id INTO v_id FROM ledger_accounts a
   WHERE coalesce(a.member_id, 0) = coalesce(p_member, 0) AND a.kind = p_kind
     AND coalesce(a.venue, '') = coalesce(p_venue, '');
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (member_id, kind, venue) VALUES (p_member, p_kind, p_venue)
      ON CONFLICT ((coalesce(member_id, 0)), kind, (coalesce(venue, ''))) DO NOTHING
      RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      -- Another writer created it first (we waited for its commit): read it.
      SELECT a.id INTO v_id FROM ledger_accounts a
       WHERE coalesce(a.member_id, 0) = coalesce(p_member, 0) AND a.kind = p_kind
         AND coalesce(a.venue, '') = coalesce(p_venue, '');
    END IF;
  END IF;
  RETURN v_id;
END;
$$;

-- One leg: moves the account's balance (and held amount) and writes its entry when the balance moved. Answers
-- the balance push of a member's central wallet as [member, balance after, change, entry id], else NULL.
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

-- Both legs of a posted transfer, in account-id order; answers their balance pushes (a jsonb array). p_release:
-- the debit's held amount is released too (a pending transfer being posted).
CREATE OR REPLACE FUNCTION ledger_post(p_transfer text, p_debit bigint, p_credit bigint, p_amount bigint,
                                       p_release boolean) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_release bigint := CASE WHEN p_release THEN -p_amount ELSE 0 END;
  v_first jsonb;
  v_second jsonb;
BEGIN
  IF p_debit < p_credit THEN
    v_first := ledger_leg(p_transfer, p_debit, -p_amount, v_release);
    v_second := ledger_leg(p_transfer, p_credit, p_amount, 0);
  ELSE
    v_first := ledger_leg(p_transfer, p_credit, p_amount, 0);
    v_second := ledger_leg(p_transfer, p_debit, -p_amount, v_release);
  END IF;
  RETURN CASE WHEN v_first IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(v_first) END
      || CASE WHEN v_second IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(v_second) END;
END;
$$;

-- A transfer, once per id. r_outcome: 'created' (this call made it), 'same' (the id was used before for this
-- transfer: its first result), 'conflict' (the id was used for another transfer), 'invalid' (one account on
-- both sides). The r_ columns are the transfer as stored (none for 'invalid'); r_pushes the balance pushes of
-- this call (an empty array unless it moved a member's central wallet). p_debit_id / p_credit_id: the
-- accounts' ids when the caller knows them (account ids never change), else NULL and the refs are looked up.
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
BEGIN
  r_pushes := '[]'::jsonb;
  IF v_debit = v_credit THEN
    r_outcome := 'invalid';
    RETURN;
  END IF;
  -- The id first: a second writer of the same id waits here for the first to commit or roll back.
  INSERT INTO ledger_transfers (id, debit_account, credit_account, amount, kind, state, memo, settled_at)
    VALUES (p_id, v_debit, v_credit, p_amount, p_kind, CASE WHEN p_pending THEN 'pending' ELSE 'posted' END,
            p_memo, CASE WHEN p_pending THEN NULL ELSE now() END)
    ON CONFLICT (id) DO NOTHING
    RETURNING * INTO v_row;
  IF v_row.id IS NULL THEN
    SELECT * INTO v_row FROM ledger_transfers t WHERE t.id = p_id;
    -- The same transfer: the same accounts, amount and kind; and the same memo and phase, except that a
    -- pending transfer asked again after it was settled is still the same transfer (its first result stands).
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
    ELSE
      r_pushes := ledger_post(p_id, v_debit, v_credit, p_amount, false);
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

-- Settles a pending transfer once: 'posted' moves the held amount, 'voided' releases it. r_outcome:
-- 'settled' (this call), 'same' (it already has that outcome), 'notPending' (settled the other way),
-- 'unknown' (no such transfer).
CREATE OR REPLACE FUNCTION ledger_settle(
  p_id text, p_outcome text,
  OUT r_outcome text, OUT r_id text, OUT r_debit bigint, OUT r_credit bigint, OUT r_amount bigint,
  OUT r_kind text, OUT r_state text, OUT r_memo jsonb, OUT r_created timestamptz, OUT r_settled timestamptz,
  OUT r_pushes jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_row ledger_transfers%ROWTYPE;
BEGIN
  r_pushes := '[]'::jsonb;
  UPDATE ledger_transfers t SET state = p_outcome, settled_at = now() WHERE t.id = p_id AND t.state = 'pending'
    RETURNING * INTO v_row;
  IF v_row.id IS NULL THEN
    SELECT * INTO v_row FROM ledger_transfers t WHERE t.id = p_id;
    IF v_row.id IS NULL THEN
      r_outcome := 'unknown';
      RETURN;
    END IF;
    r_outcome := CASE WHEN v_row.state = p_outcome THEN 'same' ELSE 'notPending' END;
  ELSE
    r_outcome := 'settled';
    IF p_outcome = 'posted' THEN
      r_pushes := ledger_post(p_id, v_row.debit_account, v_row.credit_account, v_row.amount, true);
    ELSE
      PERFORM ledger_leg(p_id, v_row.debit_account, 0, -v_row.amount);
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
