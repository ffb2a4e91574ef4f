-- The VIP programme (issue 13 §3; docs/vip.md). The level itself is `members.vip_level` (the chat and the socket
-- login data read it); this file adds what the level computation and the rewards need. Rewards are ledger
-- transfers from the promotions account whose id is the reason (vip-up:/vip-bday:/vip-month:), so they need no
-- table of their own: the ledger is their record.

-- Extra valid-bet credit counted toward VIP progress (not the keep rule): the mall's "VIP experience" item
-- inserts one row in its redeem transaction (id = the redemption id).
CREATE TABLE vip_growth (
  id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_growth_member_idx ON vip_growth (member_id);

-- Every level change: by the rules (upgrade, keep = down one level) or by an operator (recorded as such). The
-- latest row of a member dates the current level (the keep rule's grace) and the day's upgrade (one a day).
CREATE TABLE vip_level_changes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  from_level int NOT NULL CHECK (from_level BETWEEN 0 AND 10),
  to_level int NOT NULL CHECK (to_level BETWEEN 0 AND 10),
  cause text NOT NULL CHECK (cause IN ('upgrade', 'keep', 'operator')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vip_level_change_moves CHECK (from_level <> to_level)
);
CREATE INDEX vip_level_changes_member_idx ON vip_level_changes (member_id, created_at DESC, id DESC);

