-- The sandbox games (issue 12; docs/games.md): the players' seed pairs, the shared rounds of the live tables
-- and lotteries, the per-player hands in play (chess and card), and the links from a bet to the randomness it
-- was settled with. Every bet still lands in `bets` (migration 013), written with its stake's ledger transfer.

-- A player's seed pair at a venue (per-player games): the server seed stays secret until the player rotates it
-- (revealed_at set), its hash is shown before every round; next_nonce counts the rounds made with it. At most
-- one pair in use per member and venue.
CREATE TABLE fair_seeds (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text NOT NULL CHECK (client_seed ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  next_nonce int NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);
CREATE UNIQUE INDEX fair_seeds_in_use_idx ON fair_seeds (member_id, venue) WHERE revealed_at IS NULL;

-- A shared round: a live table's deal or a lottery's draw, on a server clock (every player of the venue sees
-- the same round). Its seed is made when the round is created, its hash shown from opens_at, the seed itself
-- and the result written once at the draw (status 'drawn'); the draw settles every open bet of the round.
CREATE TABLE game_rounds (
  id text PRIMARY KEY,
  venue text NOT NULL REFERENCES venues(code),
  game text NOT NULL,
  round_no bigint NOT NULL,
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL CHECK (closes_at > opens_at),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn')),
  result jsonb,
  drawn_at timestamptz,
  CONSTRAINT game_rounds_no_once UNIQUE (venue, game, round_no),
  CONSTRAINT game_rounds_drawn_has_result CHECK ((status = 'drawn') = (result IS NOT NULL AND drawn_at IS NOT NULL))
);
CREATE INDEX game_rounds_open_idx ON game_rounds (closes_at) WHERE status = 'open';
CREATE INDEX game_rounds_recent_idx ON game_rounds (venue, game, round_no DESC);

-- A per-player hand in play (抢庄牛牛, 二十一点): the engine's state between the player's actions. One open hand
-- per member, venue and game; a hand left open is finished by the server (docs/games.md "Leaving mid-round").
CREATE TABLE game_hands (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  game text NOT NULL,
  seed_id bigint NOT NULL REFERENCES fair_seeds(id),
  nonce int NOT NULL,
  state jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  -- When the server finishes the hand if the player does not act (the round timer).
  deadline timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX game_hands_open_idx ON game_hands (member_id, venue, game) WHERE status = 'open';
CREATE INDEX game_hands_deadline_idx ON game_hands (deadline) WHERE status = 'open';

-- A bet's randomness: the shared round it waits for, or the player's seed pair and nonce it was made with.
ALTER TABLE bets ADD COLUMN round_id text REFERENCES game_rounds(id);
ALTER TABLE bets ADD COLUMN seed_id bigint REFERENCES fair_seeds(id);
ALTER TABLE bets ADD COLUMN nonce int;
CREATE INDEX bets_round_open_idx ON bets (round_id) WHERE status = 'open' AND round_id IS NOT NULL;
CREATE INDEX bets_member_venue_idx ON bets (member_id, venue, placed_at DESC);
