-- The patient's record (issue 14): receipts numbered in one sequence, and closed accounts.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Every receipt the clinic issues, one number each from one sequence (RCT-000001, ...): a settled
-- payment (kind 'payment': consultation fee or pharmacy order) and, on its own line, a refund of it
-- (kind 'refund'). A number is given the first time the receipt is made (downloaded, mailed or
-- exported) and never changes afterwards; at most one receipt of each kind per payment.
create sequence receipt_number_seq;

create table receipts (
  id uuid primary key default gen_random_uuid(),
  receipt_number text not null,
  payment_id uuid not null references payments (id) on delete restrict,
  kind text not null,
  issued_at timestamptz not null,
  constraint receipts_number_key unique (receipt_number),
  constraint receipts_number_check check (receipt_number ~ '^RCT-[0-9]{6,}$'),
  constraint receipts_kind_check check (kind in ('payment', 'refund')),
  constraint receipts_payment_kind_key unique (payment_id, kind)
);

-- A closed account ("Delete my account", docs/records.md): the row stays (appointments and payments
-- refer to it) with its personal data erased and its email replaced by a pseudonym that cannot
-- receive mail or log in. deleted_at is when it was closed; null for a live account.
alter table users add column deleted_at timestamptz;
create index users_deleted_idx on users (deleted_at) where deleted_at is not null;
