-- The sandbox sportsbook (issue 11 §4; docs/sportsbook.md): fixtures, scores and prices are pure functions of the
-- seed and the sandbox clock, so the database keeps only what is not: the clock's offset (operators move it
-- forward), the decisions on matches (a result, the clock's or an operator's, or a cancellation: the authority
-- for settlement once written) and each bet's legs (the bet itself is a row of the shared `bets` table).

-- One row: how far the sandbox clock runs ahead of the real one (ms; `npm run ops -- sportsbook advance`).
CREATE TABLE sportsbook_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
);
INSERT INTO sportsbook_clock (id, offset_ms) VALUES (true, 0);

-- A match's decision, written once: the first writer wins (the sweep when the clock ends the match, or an
-- operator's result or cancellation before it); every settlement of the match reads it.
CREATE TABLE sportsbook_results (
  match_id text PRIMARY KEY CHECK (match_id ~ '^(FB|BK|TN|ES)[0-9]{11}$'),
  state text NOT NULL CHECK (state IN ('ended', 'cancelled')),
  home int CHECK (home >= 0),
  away int CHECK (away >= 0),
  source text NOT NULL CHECK (source IN ('clock', 'operator')),
  decided_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sportsbook_result_score CHECK ((state = 'ended') = (home IS NOT NULL AND away IS NOT NULL))
);

-- The legs of each sportsbook bet (one for a single): what settlement and the hedge rule look up by match.
CREATE TABLE sportsbook_legs (
  bet_id bigint NOT NULL REFERENCES bets(id),
  leg smallint NOT NULL CHECK (leg BETWEEN 0 AND 9),
  match_id text NOT NULL,
  selection_id text NOT NULL,
  market text NOT NULL CHECK (market IN ('1x2', 'ah', 'ou', 'oe')),
  line_quarters int,
  pick text NOT NULL CHECK (pick IN ('home', 'draw', 'away', 'over', 'under', 'odd', 'even')),
  odds int NOT NULL CHECK (odds > 1000),
  PRIMARY KEY (bet_id, leg)
);
CREATE INDEX sportsbook_legs_match_idx ON sportsbook_legs (match_id);
