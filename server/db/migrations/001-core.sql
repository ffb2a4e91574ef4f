-- Site configuration: one row a key, typed by the application (server/modules/site/config.ts).
CREATE TABLE site_config (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Operator access restrictions (spec §8 6031/6032/6033), an address or a range each.
CREATE TABLE access_restrictions (
  id serial PRIMARY KEY,
  network cidr NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('caveat', 'alert', 'blocked')),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notices (
  id serial PRIMARY KEY,
  category int NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  sort int NOT NULL DEFAULT 0,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_category_idx ON notices (category, sort);

CREATE TABLE station_ads (
  id serial PRIMARY KEY,
  title text NOT NULL,
  image_url text NOT NULL,
  link_url text NOT NULL DEFAULT '',
  width int NOT NULL,
  height int NOT NULL,
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE suspension_icons (
  id serial PRIMARY KEY,
  title text NOT NULL,
  image_url text NOT NULL,
  link_url text NOT NULL DEFAULT '',
  display_equipment text NOT NULL DEFAULT '1',
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE pop_activities (
  id serial PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  image_url text NOT NULL DEFAULT '',
  link_url text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz
);

-- The cached variant of public GET calls (/api/api-cache/...): shared by every node.
CREATE TABLE api_cache (
  path text PRIMARY KEY,
  body jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Client-encrypted blobs (/api/json-cache/{key}) with a ttl.
CREATE TABLE json_cache (
  key text PRIMARY KEY,
  data text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Facts about the database itself (which seed ran, when).
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
