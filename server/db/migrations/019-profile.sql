-- The member's profile (issue 13 §1; docs/member-centre.md): nickname, avatar (one of the set the site ships),
-- birthday (set once; the VIP birthday gift reads it).
ALTER TABLE members ADD COLUMN nickname text;
ALTER TABLE members ADD COLUMN avatar text;
ALTER TABLE members ADD COLUMN birthday date;

-- The logins of a member (issue 13 §1 "the devices and recent logins"): one row per login or registration,
-- written in the transaction that opens the session. token_hash names the session it opened (sessions
-- .token_hash): the list shows whether that login is still live and which one is the caller's. A renewal of the
-- session (password change, "log out other devices") moves the row to the new token.
CREATE TABLE member_logins (
  id bigserial PRIMARY KEY,
  -- A member row is never deleted by the site; a test that removes one takes its logins along.
  member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  ip text NOT NULL,
  device_uuid text,
  -- "iPhone · Safari": system and browser read from the user agent at login (the raw agent is not kept).
  device text NOT NULL CHECK (char_length(device) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('login', 'register')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_logins_member_idx ON member_logins (member_id, created_at DESC, id DESC);
CREATE INDEX member_logins_token_idx ON member_logins (token_hash);

ALTER TABLE members ADD CONSTRAINT members_nickname_length CHECK (char_length(nickname) BETWEEN 1 AND 24);
