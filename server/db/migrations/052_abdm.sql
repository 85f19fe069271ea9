-- Ayushman Bharat Digital Mission (docs/abdm.md, server/abdm/): a patient's ABHA, as the patient
-- or the desk put it on file. One a patient; an ABHA number or address is one patient's only.
-- Erased with the account (repositories/records.ts closeAccount), in the data export (abha.json).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table abha_profiles (
  user_id uuid primary key references users (id) on delete cascade,
  -- The 14 digits (the card's 12-3456-7890-1234 without its dashes).
  abha_number text check (abha_number ~ '^[0-9]{14}$'),
  -- name@abdm, name@sbx or name@ndhm, in lower case.
  abha_address text check (abha_address = lower(abha_address) and abha_address ~ '^[a-z0-9][a-z0-9._]{2,30}[a-z0-9]@(abdm|sbx|ndhm)$'),
  source text not null check (source in ('typed', 'qr')),
  updated_at timestamptz not null,
  -- Who put it on file: the patient, or the staff member at the desk.
  updated_by uuid references users (id) on delete set null,
  check (abha_number is not null or abha_address is not null)
);
create unique index abha_profiles_number_key on abha_profiles (abha_number) where abha_number is not null;
create unique index abha_profiles_address_key on abha_profiles (abha_address) where abha_address is not null;
