-- The wallet's own state (issue 9 §2): the 免转 (automatic transfer) switch and the venue-refresh locks. Money
-- itself lives in the ledger (006).
CREATE TABLE wallet_settings (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  auto_transfer boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_refresh_locks (
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  locked_until timestamptz NOT NULL,
  PRIMARY KEY (member_id, venue)
);
