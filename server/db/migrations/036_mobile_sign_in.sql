-- Signing in with a mobile number and a one-time code (docs/mobile-sign-in.md): a phone proven by
-- a code, accounts made by a mobile sign-in (sign_in_method 'phone'), and the codes texted to
-- phones. Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- When the account's phone_number was proven with a code; null: typed, never proven. Only a
-- proven number signs in to the account or joins a desk record, and it is always stored as
-- +91 and the 10 digits of an Indian mobile.
alter table users add column phone_verified_at timestamptz;
alter table users add constraint users_phone_verified_check
  check (phone_verified_at is null or phone_number ~ '^\+91[6-9][0-9]{9}$');

-- One proven number belongs to at most one account: the number's 10 digits (the stored form has
-- +91 before them), among the accounts that proved it. Two sign-ins of a new number at the same
-- moment make one account: the second insert fails here and finds the first's.
create unique index users_verified_phone_key on users (right(phone_digits, 10)) where phone_verified_at is not null;

-- 'phone': made by a mobile sign-in. Such an account has no email until it adds one (proven with
-- the email code), and blank names until the profile is given (before its first booking); it has
-- no password. It always keeps a way in: its proven number (or, once added, its email).
alter table users drop constraint users_sign_in_method_check;
alter table users add constraint users_sign_in_method_check check (sign_in_method in ('manual', 'google', 'desk', 'phone'));
alter table users drop constraint users_desk_email_check;
alter table users add constraint users_desk_email_check check (email is not null or sign_in_method in ('desk', 'phone'));
alter table users add constraint users_phone_sign_in_check
  check (sign_in_method <> 'phone' or email is not null or phone_verified_at is not null);
alter table users drop constraint users_name_check;
alter table users add constraint users_name_check
  check ((btrim(first_name) <> '' or sign_in_method = 'phone') and length(first_name) <= 200 and length(last_name) <= 200);
alter table users drop constraint users_password_check;
alter table users add constraint users_password_check
  check (sign_in_method in ('google', 'desk', 'phone') or password_hash is not null);

-- The one live code per number and purpose: a new send replaces it, a right guess deletes it.
-- `purpose` keeps a sign-in code from proving a phone change and the other way round; a phone
-- change's code is also bound to the account that asked for it (account_id), so one account's
-- code never proves the number to another.
create table phone_codes (
  -- The mobile's 10 digits (no +91).
  phone text not null,
  purpose text not null,
  account_id uuid references users (id) on delete cascade,
  -- HMAC-SHA256 (hex) of the purpose, the account, the number and the code, keyed by the server's secret.
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts smallint not null default 0,
  constraint phone_codes_phone_check check (phone ~ '^[6-9][0-9]{9}$'),
  constraint phone_codes_purpose_check check (purpose in ('sign-in', 'phone-change')),
  constraint phone_codes_account_check check ((purpose = 'sign-in') = (account_id is null)),
  constraint phone_codes_code_hash_check check (code_hash ~ '^[0-9a-f]{64}$'),
  constraint phone_codes_failed_attempts_check check (failed_attempts >= 0),
  constraint phone_codes_expiry_check check (expires_at > created_at)
);
create unique index phone_codes_sign_in_key on phone_codes (phone) where purpose = 'sign-in';
create unique index phone_codes_change_key on phone_codes (phone, account_id) where purpose = 'phone-change';
create index phone_codes_expires_idx on phone_codes (expires_at);

-- The admin's alert that the day's cap of texted codes was reached ('code-cap:<clinic date>',
-- once a day), and the notice to an account's email that its phone was changed.
alter table job_mails drop constraint job_mails_kind_check;
alter table job_mails add constraint job_mails_kind_check
  check (kind in ('refund', 'refund-summary', 'morning-list', 'confirmation', 'prescription', 'code-cap', 'phone-changed'));
