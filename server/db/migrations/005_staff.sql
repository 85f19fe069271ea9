-- My appointments and staff (issue 5): staff roles on accounts, the fields of a pharmacy order
-- that staff create, and the audit log of changes.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
--
-- Appointment statuses (004: Booked, Expired, Completed, Cancelled): 'Expired' is never stored.
-- An appointment is Expired when it is stored as Booked and its slot has ended in clinic time; the
-- server works that out from its clock whenever it reads a record (server/services/appointments.ts),
-- so no sweep is needed and every instance agrees.

-- Staff are ordinary accounts with a role: 'admin' (everything) or 'doctor' (their own
-- appointments; the account's email is the doctor's, doctors.email). Set by
-- `npm run clinic -- create-admin <email>` / `make-doctor <email>` (server/cli.ts).
alter table users add column role text not null default 'patient';
alter table users add constraint users_role_check check (role in ('patient', 'admin', 'doctor'));
create index users_staff_idx on users (role) where role <> 'patient';

-- A pharmacy order as staff create it (POST /api/staff/appointments/{id}/order). orderStatus:
-- 'Placed' when created; 'Ready', 'Delivered', 'Cancelled' for the staff console to set later;
-- 'Pending' was 004's default and stays allowed. paymentStatus (004): 'Pending' until the payment
-- service settles a card payment ('Completed'). paymentMode: 'Card' (the patient pays online) or
-- 'Cash' (at the pharmacy).
alter table orders alter column order_status set default 'Placed';
alter table orders add column created_by uuid references users (id) on delete set null;
alter table orders add constraint orders_payment_mode_check check (payment_mode in ('Card', 'Cash'));
alter table orders add constraint orders_order_status_check
  check (order_status in ('Pending', 'Placed', 'Ready', 'Delivered', 'Cancelled'));

-- Who changed what, when: every staff change (completing a consultation, writing a prescription,
-- creating an order), every role change (actor 'command line' for npm run clinic), and patients'
-- own moves and cancellations. Rows are only ever added.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  -- The account that acted; null for the command line (or once that account is gone).
  actor_user_id uuid references users (id) on delete set null,
  -- The actor as they were then: the account's email, or 'command line'.
  actor text not null,
  actor_role text not null,
  -- e.g. appointment.completed, prescription.updated, order.created, appointment.moved,
  -- appointment.cancelled, user.role
  action text not null,
  appointment_id uuid references appointments (id) on delete set null,
  -- The account a role change was about.
  subject_user_id uuid references users (id) on delete set null,
  -- What changed: { before, after } or the values set.
  details jsonb not null default '{}',
  constraint audit_log_actor_check check (length(actor) between 1 and 254),
  constraint audit_log_actor_role_check check (actor_role in ('patient', 'admin', 'doctor', 'operator')),
  constraint audit_log_action_check check (action ~ '^[a-z]+(\.[a-z]+)+$' and length(action) <= 100),
  constraint audit_log_details_check check (jsonb_typeof(details) = 'object')
);
create index audit_log_at_idx on audit_log (at desc);
create index audit_log_appointment_idx on audit_log (appointment_id) where appointment_id is not null;
