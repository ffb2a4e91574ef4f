-- The venue catalogue: every game venue of the three providers, by platform (spec §3 count keys).
CREATE TABLE venues (
  code text PRIMARY KEY,
  platform text NOT NULL CHECK (platform IN ('TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP', 'BY')),
  name text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('one', 'two', 'three')),
  sort int NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'maintenance', 'closed'))
);
CREATE INDEX venues_platform_idx ON venues (platform, sort);
