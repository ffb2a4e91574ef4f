-- The home page's showcase (issue 19 §2; docs/home.md). The hot games in the operator's order
-- (`npm run ops -- hot set|move`): one row a place, 1 first. No row at all: the default order
-- (SHOWCASE_GAMES of src/protocol/showcase.ts).
CREATE TABLE showcase_hot (
  position int PRIMARY KEY CHECK (position >= 1),
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{1,40}$')
);

-- The recent-wins ticker reads the newest winning bets: an index of those alone, newest first.
CREATE INDEX bets_won_idx ON bets (settled_at DESC) WHERE status = 'won';
