-- Mail and feedback (issue 13 §2; docs/mail.md).
-- A message is ONE row whoever it is for: to one member (member_id), to everyone ('all') or to a VIP range
-- ('vip', vip_min..vip_max). A broadcast is never copied per member: a member's read / deleted state lives in
-- mail_states, a row made the first time the member reads or deletes that message.
CREATE TABLE mails (
  id bigserial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('member', 'all', 'vip')),
  member_id bigint REFERENCES members(id),
  vip_min int,
  vip_max int,
  kind text NOT NULL DEFAULT 'notice' CHECK (kind IN ('notice', 'feedback')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 40),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mails_to_member CHECK ((audience = 'member') = (member_id IS NOT NULL)),
  CONSTRAINT mails_to_vip CHECK (
    (audience = 'vip') = (vip_min IS NOT NULL AND vip_max IS NOT NULL)
    AND (vip_min IS NULL OR (vip_min >= 0 AND vip_min <= vip_max))
  )
);
CREATE INDEX mails_member_idx ON mails (member_id, id) WHERE member_id IS NOT NULL;
CREATE INDEX mails_broadcast_idx ON mails (created_at, id) WHERE member_id IS NULL;

CREATE TABLE mail_states (
  member_id bigint NOT NULL REFERENCES members(id),
  mail_id bigint NOT NULL REFERENCES mails(id),
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, mail_id)
);

CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  type text NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'game', 'suggestion', 'other')),
  text text NOT NULL,
  reply text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT feedback_reply CHECK ((reply IS NULL) = (replied_at IS NULL))
);
CREATE INDEX feedback_member_idx ON feedback (member_id, created_at);
CREATE INDEX feedback_open_idx ON feedback (id) WHERE reply IS NULL;

-- The images in the database, so every node serves them (no node keeps files of its own).
CREATE TABLE feedback_images (
  id text PRIMARY KEY CHECK (id ~ '^FI[0-9a-f]{32}$'),
  feedback_id bigint NOT NULL REFERENCES feedback(id),
  member_id bigint NOT NULL REFERENCES members(id),
  position int NOT NULL CHECK (position BETWEEN 0 AND 2),
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  UNIQUE (feedback_id, position)
);
