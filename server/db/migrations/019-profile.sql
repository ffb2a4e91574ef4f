-- The member's profile (issue 13 §1; docs/member-centre.md): nickname, avatar (one of the set the site ships),
-- birthday (set once; the VIP birthday gift reads it).
ALTER TABLE members ADD COLUMN nickname text;
ALTER TABLE members ADD COLUMN avatar text;
ALTER TABLE members ADD COLUMN birthday date;
