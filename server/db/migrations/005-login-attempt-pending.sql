-- A login attempt is reserved (success NULL) before the password check, under a per-phone lock, so parallel
-- attempts cannot slip past the limit; it is settled to true or false afterwards. Pending counts as a failure.
ALTER TABLE login_attempts ALTER COLUMN success DROP NOT NULL;
