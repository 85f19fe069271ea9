-- Every version of a consultation's prescription (docs/records.md, "Amendments" and
-- "Verification"): the words the doctor wrote, when and by whom, and the verification code
-- printed (with its QR code) on that version's signed PDF. Writing the prescription again on a
-- completed consultation keeps the earlier version and marks it superseded; its code then
-- verifies as amended. Version numbers of one appointment run 1, 2, 3... with no gap: each is
-- written under the appointment's row lock, and the primary key refuses a second of a number.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table prescription_versions (
  appointment_id uuid not null references appointments (id) on delete cascade,
  version integer not null,
  -- 128 random bits, base32 (RFC 4648, upper case, no padding): 26 characters.
  code text not null unique,
  -- The prescription as written (the Medicines of contract/appointments.ts), shown by the verify page.
  medicines jsonb not null,
  written_at timestamptz not null,
  -- The staff member who wrote it; null for a version recorded from a prescription written before versions were kept.
  written_by uuid references users (id) on delete set null,
  superseded_at timestamptz,
  primary key (appointment_id, version),
  constraint prescription_versions_version_check check (version >= 1),
  constraint prescription_versions_code_check check (code ~ '^[A-Z2-7]{26}$')
);

-- The codes ever given, kept when the appointment's record is purged or its words erased, so a
-- printed code then verifies as revoked rather than unknown. Holds nothing personal.
create table prescription_codes (
  code text primary key,
  appointment_id uuid not null,
  version integer not null,
  revoked_at timestamptz,
  unique (appointment_id, version)
);
