-- Venue launches (issue 11; docs/venues.md "Launch"): what each launch asked for, kept on the credential it
-- issued: the game, the activity it came from, the temporaryParam the venue gets back, siteId, isApp, https,
-- isPreload, isManualLaunch, and the 免转 movement (its request id and the fen put into the venue wallet).
ALTER TABLE venue_sessions ADD COLUMN launch jsonb NOT NULL DEFAULT '{}';
