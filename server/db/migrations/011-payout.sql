-- Real-name verification, payout accounts and the fund password (issue 10 §1–3, docs/payout.md). PLAY MONEY
-- only: nothing here is ever sent to a bank, a wallet or an identity service.

-- One verified real name per member, at most once (an operator can reset it: `npm run ops -- kyc reset`).
-- The ID number itself is never stored: id_hash is HMAC-SHA256 under a key derived from the server secret
-- ('kyc:id'), hex, for uniqueness across the site; id_masked is what the player sees (first 3, last 4).
CREATE TABLE kyc_verifications (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  real_name text NOT NULL CHECK (char_length(real_name) BETWEEN 2 AND 30),
  id_hash text NOT NULL CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  id_masked text NOT NULL CHECK (char_length(id_masked) = 18),
  verified_at timestamptz NOT NULL DEFAULT now()
);
-- The same ID number verifies one account only (30025): enforced here, not by a read-then-write.
CREATE UNIQUE INDEX kyc_verifications_id_hash_key ON kyc_verifications (id_hash);

-- The fund password (6 digits, scrypt like the login password) and its wrong-try counter. A try is counted
-- before the password is checked (docs/payout.md "The fund password"), so parallel guesses cannot exceed
-- FUND_PASSWORD_MAX_TRIES. locked_until_ms: epoch ms; null when not locked.
CREATE TABLE fund_passwords (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  password_hash text NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
  locked_until_ms bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Payout accounts. Deleting one only marks it (deleted_at): a withdrawal keeps showing the account it paid to.
-- account_hash: HMAC-SHA256 (key derived from the server secret, 'payout:account') of kind and the normalised
-- account, hex; the account in full is kept for the payout itself (account_full) but never answered on a list.
CREATE TABLE payout_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL
    CHECK (kind IN ('bank', 'alipay', 'wechat', 'ebpay', 'koipay', 'sharelife', 'digital', 'usdt')),
  account_full text NOT NULL,
  account_hash text NOT NULL CHECK (account_hash ~ '^[0-9a-f]{64}$'),
  masked text NOT NULL,
  -- The verified real name when bound (every kind but usdt).
  holder text,
  bank_code text,
  province text,
  city text,
  branch text,
  network text CHECK (network IS NULL OR network IN ('TRC20', 'ERC20')),
  label text,
  -- wechat only: the receiving QR code as its data: URL (PNG or JPEG, at most 200 KiB decoded).
  qr_image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT payout_account_holder CHECK ((kind = 'usdt') = (holder IS NULL)),
  CONSTRAINT payout_account_bank CHECK ((kind = 'bank') = (bank_code IS NOT NULL)),
  CONSTRAINT payout_account_usdt CHECK ((kind = 'usdt') = (network IS NOT NULL AND label IS NOT NULL)),
  CONSTRAINT payout_account_qr CHECK (qr_image IS NULL OR kind = 'wechat')
);
CREATE INDEX payout_accounts_member_idx ON payout_accounts (member_id, kind) WHERE deleted_at IS NULL;
-- A bank card is bound once on the whole site (issue 10 §2, 30033).
CREATE UNIQUE INDEX payout_accounts_card_key ON payout_accounts (account_hash)
  WHERE kind = 'bank' AND deleted_at IS NULL;
-- Any account is bound once per member (30033).
CREATE UNIQUE INDEX payout_accounts_member_account_key ON payout_accounts (member_id, account_hash)
  WHERE deleted_at IS NULL;

-- SMS codes for changing the fund password (sent to the member's own phone, like 'reset').
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('register', 'reset', 'fundPassword'));
