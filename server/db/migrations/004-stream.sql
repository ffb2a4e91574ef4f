-- The real-time socket: live-stream chat messages (a short history per room) and operator mutes (stream issue).
CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  room text NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  -- The sender's VIP level when the message was sent.
  vip_level int NOT NULL,
  -- Plain text as the member typed it (control characters removed); the site renders it escaped.
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_room_idx ON chat_messages (room, id DESC);
CREATE INDEX chat_messages_member_idx ON chat_messages (member_id);

-- Set by `npm run ops -- chat mute <phone>`; null = may speak.
ALTER TABLE members ADD COLUMN chat_muted_at timestamptz;
-- When the member last sent a chat message: the rate limit reads it (every node sees the same value).
ALTER TABLE members ADD COLUMN chat_last_at timestamptz;
