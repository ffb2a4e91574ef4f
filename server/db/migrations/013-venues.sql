-- Venues (issue 11; docs/venues.md): the catalogue a lobby shows, the game lists, the players' recent games and
-- odds type, the venue sessions (the credentials a launch issues and the sandbox venues check), and the one
-- table every venue writes its bets into (the bet record, /mine/record/betRecord).

-- The catalogue: a logo, a maintenance end, whether launching opens a playable sandbox (issue 12 opens the
-- rest), whether it launches per game.
ALTER TABLE venues ADD COLUMN logo text NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN maintenance_until timestamptz;
ALTER TABLE venues ADD COLUMN playable boolean NOT NULL DEFAULT false;
ALTER TABLE venues ADD COLUMN has_games boolean NOT NULL DEFAULT false;

CREATE TABLE venue_games (
  venue text NOT NULL REFERENCES venues(code),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  name text NOT NULL,
  icon text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  sort int NOT NULL DEFAULT 0,
  PRIMARY KEY (venue, code)
);
CREATE INDEX venue_games_sort_idx ON venue_games (venue, sort);

-- The last games a player opened (newest first; the API keeps at most RECENT_GAMES_MAX per player).
CREATE TABLE recent_games (
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  -- '' when the venue was launched as a whole.
  game_code text NOT NULL DEFAULT '',
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, venue, game_code)
);
CREATE INDEX recent_games_member_idx ON recent_games (member_id, played_at DESC);

-- The player's odds type (spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4).
CREATE TABLE member_odds_types (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  odds_type smallint NOT NULL CHECK (odds_type BETWEEN 1 AND 4)
);

-- A venue session: the credential a launch (or a provider-parameter fetch) issues. Provider one's Token,
-- provider two's requestId, provider three's Authorization and the H5 page's bearer token are all one of these.
-- A sandbox venue checks it on every call; an expired one answers the provider's expired code.
CREATE TABLE venue_sessions (
  token text PRIMARY KEY CHECK (length(token) BETWEEN 24 AND 128),
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX venue_sessions_member_idx ON venue_sessions (member_id, venue);

-- Every bet of every venue (the bet record). A venue writes its row in the same database transaction as the
-- stake's ledger transfer, and updates it in the same transaction as the settlement's.
CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  -- The caller-made idempotency key of the bet (unique per member).
  request_id text NOT NULL,
  game text NOT NULL,
  play text NOT NULL,
  pick text NOT NULL,
  -- European odds ×1000; null for plays without odds.
  odds int CHECK (odds IS NULL OR odds >= 1000),
  stake bigint NOT NULL CHECK (stake > 0),
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void')),
  -- The venue's own detail (legs of a parlay, the round of a game).
  detail jsonb NOT NULL DEFAULT '{}',
  placed_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT bets_request_once UNIQUE (member_id, request_id),
  CONSTRAINT bets_settled_has_time CHECK ((status = 'open') = (settled_at IS NULL))
);
CREATE INDEX bets_member_time_idx ON bets (member_id, placed_at DESC);
CREATE INDEX bets_open_idx ON bets (venue) WHERE status = 'open';
