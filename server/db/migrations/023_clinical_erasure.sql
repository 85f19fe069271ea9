-- Issue 14: a closed account's clinical detail (prescriptions, consent, chat, consultation notes,
-- family members) is erased when the clinical retention period ends, years before the payment
-- records it stays attached to may go (server/jobs/purge.ts). This marks an account done, so the
-- daily sweep does each once.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table users add column clinical_erased_at timestamptz;
alter table users add constraint users_clinical_erased_closed_check check (clinical_erased_at is null or deleted_at is not null);
