-- The account's language (issue 15): the language its mails (the booking confirmation, codes
-- asked while logged in), reminders and documents are written in. English until the person
-- chooses हिन्दी or मराठी on the site while logged in (PUT /api/auth/language).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

alter table users add column language text not null default 'en';
alter table users add constraint users_language_check check (language in ('en', 'hi', 'mr'));
