-- Web Push's kinds (docs/app.md, "Web Push"; server/push/repository.ts): which notifications the
-- account's devices get, the account's choice for every device it has (a device is only where they
-- go: a patient who turns chat messages off wants none on any phone). Each on by default: a device
-- gets notifications only after the patient turned its switch on, and then all of them until they
-- turn a kind off.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table users add column push_reminders boolean not null default true;
alter table users add column push_chat boolean not null default true;
alter table users add column push_payments boolean not null default true;
alter table users add column push_queue boolean not null default true;
