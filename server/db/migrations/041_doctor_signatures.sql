-- A doctor's signature image, drawn above their name on the prescription (docs/records.md).
-- One per doctor: a PNG the server made itself (re-encoded, within 600 x 200 pixels), never the
-- bytes as uploaded. `updated_by` is the staff account's email as the audit log names it (the
-- doctor themselves or an admin). Deleting the doctor deletes the signature.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table doctor_signatures (
  doctor_id uuid primary key references doctors (id) on delete cascade,
  image bytea not null,
  updated_at timestamptz not null default now(),
  updated_by text not null,
  constraint doctor_signatures_image_check check (octet_length(image) between 1 and 1048576),
  constraint doctor_signatures_updated_by_check check (length(updated_by) <= 254)
);
