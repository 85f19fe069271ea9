-- The staff console (issue 6): retiring doctors, and the clinic's record of refunds it has paid.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- A retired doctor (active false) keeps their records but leaves the public doctor list and
-- booking. An admin retires a doctor only while no live booking of theirs is ahead
-- (server/services/staffAdmin.ts); a doctor with no appointment at all may be deleted instead.
alter table doctors add column active boolean not null default true;

-- Money the clinic owes back is flagged where it arises: payments.status 'refund' (the payment
-- service: slot lost, paid twice, amount changed), appointments.payment_status 'refund' (also an
-- admin cancelling a paid appointment), orders.payment_status 'Refund' (an admin cancelling a paid
-- order). The refund itself happens outside the portal (the provider's dashboard, cash); an admin
-- then records it here, once: exactly one of payment_id / appointment_id / order_id names what
-- was refunded (a payment when one is on record, else the appointment or order).
create table refund_resolutions (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid references payments (id) on delete restrict,
  appointment_id uuid references appointments (id) on delete restrict,
  order_id uuid references orders (id) on delete restrict,
  note text not null,
  -- The admin as they were then (the account may go later).
  resolved_by uuid references users (id) on delete set null,
  resolved_by_email text not null,
  resolved_at timestamptz not null,
  constraint refund_resolutions_subject_check check (num_nonnulls(payment_id, appointment_id, order_id) = 1),
  constraint refund_resolutions_payment_key unique (payment_id),
  constraint refund_resolutions_appointment_key unique (appointment_id),
  constraint refund_resolutions_order_key unique (order_id),
  constraint refund_resolutions_note_check check (btrim(note) <> '' and length(note) <= 500),
  constraint refund_resolutions_email_check check (length(resolved_by_email) between 1 and 254)
);

-- Refused deletes of a location ask whether any appointment was booked there.
create index appointments_location_idx on appointments (location_id);
create index appointments_refund_idx on appointments (payment_status) where payment_status = 'refund';
