-- The desk's name search (server/desk/patientsRepository.ts) in the order its indexes give, so
-- that it stops at the first 21 hits instead of reading every patient whose name begins so.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Hits are ordered by the name as it matched: "first last" for a full name that begins with what
-- was typed, "last first" for a surname that does, then the id. Each index below holds one of
-- those orders, so a LIMIT reads only its first rows (the two merged: a Merge Append). They
-- replace 032's text_pattern_ops indexes of the same names: an index in the "C" collation serves
-- both LIKE 'abc%' as a range and ORDER BY in that collation, where text_pattern_ops serves only
-- the range, and the default collation (not "C" on either backend) serves only the order. The "C"
-- order compares the lower-cased names character by character (code points), the same on
-- PostgreSQL and PGlite whatever the cluster's locale. Partial on role = 'patient' as before,
-- which every search repeats.
drop index users_name_idx;
drop index users_last_name_idx;
create index users_name_idx on users ((lower(first_name || ' ' || last_name)) collate "C", id) where role = 'patient';
create index users_last_name_idx on users ((lower(last_name || ' ' || first_name)) collate "C", id) where role = 'patient';

-- The planner's estimate of how many patients a name's start matches. PostgreSQL keeps no
-- statistics of a partial index's expression, so without these it guesses 0.5 % of the table and,
-- at a few thousand matches, prefers reading all of them and sorting to the ordered range above.
create statistics users_name_stats on (lower(first_name || ' ' || last_name)) from users;
create statistics users_last_name_stats on (lower(last_name || ' ' || first_name)) from users;
-- Read once now, so that a large existing table is planned right from the first search rather
-- than after autovacuum's next analyze (it samples at most 30,000 rows: a second at most).
analyze users;
