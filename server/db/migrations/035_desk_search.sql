-- The desk's patient search (server/desk/patientsRepository.ts) as index searches in every form:
-- a name's start and a phone number's start read the indexes of 032; these two serve the rest.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- A phone number's last digits ("the number ends 2345") are matched as the start of the reversed
-- digits (reverse(phone_digits) like '5432%'): a range of this index, instead of a read of every
-- patient's row. Partial on role = 'patient' like the desk's indexes of 032, which every search
-- repeats.
create index users_phone_digits_rev_idx on users (reverse(phone_digits) text_pattern_ops) where role = 'patient';

-- Today's token at any doctor ("T12"): the day and the token, without the doctor that leads
-- queue_entries_token_key, which otherwise reads a whole index of every day's entries.
create index queue_entries_day_token_idx on queue_entries (day, token);
