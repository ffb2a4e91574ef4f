-- Members, their sessions, devices, sandbox SMS codes and login attempts (accounts issue).
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  -- spec §3: '(countryNumber)number'
  phone text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  -- The member's own code that others register with.
  invite_code text NOT NULL UNIQUE,
  inviter_id bigint REFERENCES members(id),
  -- How the inviter was recorded: which landing parameter carried the code.
  invite_source text,
  referral_bet text,
  vip_level int NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX members_inviter_idx ON members (inviter_id);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  device_uuid text,
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('elsewhere', 'logout', 'password', 'operator'))
);
CREATE INDEX sessions_member_idx ON sessions (member_id) WHERE revoked_at IS NULL;

CREATE TABLE devices (
  uuid text PRIMARY KEY,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  blocked_at timestamptz,
  blocked_reason text NOT NULL DEFAULT ''
);

CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
  code text NOT NULL,
  ip text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, purpose, created_at DESC);
CREATE INDEX sms_codes_ip_idx ON sms_codes (ip, created_at);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  ip text NOT NULL,
  success boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_phone_idx ON login_attempts (phone, at DESC);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, at DESC);
