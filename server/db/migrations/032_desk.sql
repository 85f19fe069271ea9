-- The front desk (docs/desk.md): the reception role, patients the desk registers without an
-- account, bookings made at the desk and walk-ins, fees taken at the counter, and the queue of
-- each doctor's day with its tokens and its waiting-room displays.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Reception: sees and books patients and appointments, checks in, takes fees at the counter;
-- never a prescription's clinical content or the audit log (server/access/rules.ts).
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('patient', 'admin', 'doctor', 'reception'));
alter table audit_log drop constraint audit_log_actor_role_check;
alter table audit_log add constraint audit_log_actor_role_check
  check (actor_role in ('patient', 'admin', 'doctor', 'reception', 'operator'));

-- A patient the desk registered (sign_in_method 'desk'): a users row that cannot log in (no
-- password, no session is ever made for it), with a name and a phone, the age and gender the
-- booking form asks, and an email only if the patient gave one. Their appointments are theirs
-- like any account's (appointments.user_id). When somebody later proves that email (registration
-- with an email code, Google's verified address), this row becomes their account in place, so the
-- records join it; an unproven match (the same phone or name) never joins anything.
alter table users alter column email drop not null;
alter table users drop constraint users_sign_in_method_check;
alter table users add constraint users_sign_in_method_check check (sign_in_method in ('manual', 'google', 'desk'));
alter table users add constraint users_desk_email_check check (email is not null or sign_in_method = 'desk');
alter table users drop constraint users_password_check;
alter table users add constraint users_password_check
  check (sign_in_method in ('google', 'desk') or password_hash is not null);
alter table users add constraint users_desk_patient_check
  check (sign_in_method <> 'desk' or (role = 'patient' and phone_number is not null and password_hash is null));
-- The staff member who registered a desk patient (null for every other account).
alter table users add column registered_by uuid references users (id) on delete set null;
-- The phone's digits only, for the desk's search ("98220 12345", "+91-98220-12345" alike).
alter table users add column phone_digits text
  generated always as (regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g')) stored;
create index users_phone_digits_idx on users (phone_digits text_pattern_ops) where role = 'patient';
create index users_name_idx on users (lower(first_name || ' ' || last_name) text_pattern_ops) where role = 'patient';
create index users_last_name_idx on users (lower(last_name) text_pattern_ops) where role = 'patient';

-- How an appointment came: 'online' (the patient's booking), 'desk' (booked by staff for a slot,
-- a phone call or the counter) or 'walkin' (today's queue without a slot: its start_time is when
-- the patient arrived, and it holds no slot).
alter table appointments add column booked_via text not null default 'online';
alter table appointments add constraint appointments_booked_via_check check (booked_via in ('online', 'desk', 'walkin'));
alter table appointments add constraint appointments_walkin_check
  check (booked_via <> 'walkin' or (not holds_slot and consultation_type = 'Clinic Visit'));
-- The staff member who booked it at the desk (null for a patient's own booking).
alter table appointments add column booked_by uuid references users (id) on delete set null;

-- payment_status 'due': the fee is to be paid at the clinic (a desk booking left to pay at the
-- end of the visit, or "pay at the clinic" where a location allows it). A due appointment holds
-- its slot without a lapse: the clinic expects the patient, as for a paid one.
alter table appointments drop constraint appointments_payment_status_check;
alter table appointments add constraint appointments_payment_status_check
  check (payment_status in ('failed', 'pending', 'paid', 'refund', 'due'));
alter table appointments drop constraint appointments_hold_expiry_check;
alter table appointments add constraint appointments_hold_expiry_check
  check (payment_status in ('paid', 'due') or not holds_slot or hold_expires_at is not null);

-- A fee taken at the counter is a payments row of provider 'counter', settled at once, with the
-- method and the reference typed from the terminal or the UPI app (blank for cash), so the one
-- receipt sequence, the refunds and the reports treat it as any other payment.
alter table payments drop constraint payments_provider_check;
alter table payments add constraint payments_provider_check check (provider in ('sandbox', 'phonepe', 'cash', 'counter'));
alter table payments add column counter_method text;
alter table payments add column counter_reference text not null default '';
alter table payments add column taken_by uuid references users (id) on delete set null;
alter table payments add constraint payments_counter_check check (
  (provider = 'counter') = (counter_method is not null)
  and (counter_method is null or counter_method in ('cash', 'upi', 'card'))
  and length(counter_reference) <= 100
);

-- A location's own settings: whether online patients may choose "pay at the clinic" for a Clinic
-- Visit there (off: the spec's pay-online flow).
alter table locations add column pay_at_clinic boolean not null default false;

-- The clinic's policy on a no-show: whether the fee of a missed appointment is kept (the default,
-- as a patient's cancellation is not refunded) or flagged for refund. One row.
create table clinic_policy (
  id boolean primary key default true,
  keep_no_show_fee boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint clinic_policy_one_row check (id)
);
insert into clinic_policy (id) values (true);

-- The last token given out per doctor and day. A check-in takes the next one with one upsert in
-- the same transaction as its queue entry, so under any concurrency tokens never repeat (the row
-- lock orders the takers, and the unique key below stands behind it) and never skip (a failed
-- check-in rolls its increment back with it).
create table queue_counters (
  doctor_id uuid not null references doctors (id) on delete cascade,
  day date not null,
  last_token integer not null,
  primary key (doctor_id, day),
  constraint queue_counters_token_check check (last_token between 1 and 9999)
);

-- One person in a doctor's queue for a day, from check-in on. status: waiting (in the line),
-- called (called to the room), done (seen), noshow (called and did not come, or never came).
-- due_time orders the line (docs/desk.md, "The queue rule"): a booked patient's slot time (or
-- the arrival time, when they came after their slot's grace), a walk-in's arrival time.
create table queue_entries (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors (id) on delete restrict,
  location_id uuid not null references locations (id) on delete restrict,
  day date not null,
  token integer not null,
  appointment_id uuid not null references appointments (id) on delete cascade,
  status text not null default 'waiting',
  due_time time not null,
  room text not null default '',
  checked_in_at timestamptz not null,
  checked_in_by uuid references users (id) on delete set null,
  called_at timestamptz,
  finished_at timestamptz,
  -- Whether the "you are next but one" message was queued (once per entry).
  notified_at timestamptz,
  updated_at timestamptz not null,
  constraint queue_entries_token_key unique (doctor_id, day, token),
  constraint queue_entries_appointment_key unique (appointment_id),
  constraint queue_entries_token_check check (token between 1 and 9999),
  constraint queue_entries_status_check check (status in ('waiting', 'called', 'done', 'noshow')),
  constraint queue_entries_room_check check (length(room) <= 40),
  -- At most one patient is in a doctor's room at a time.
  constraint queue_entries_called_check check (status <> 'called' or called_at is not null)
);
create unique index queue_entries_one_called_key on queue_entries (doctor_id, day) where status = 'called';
create index queue_entries_line_idx on queue_entries (doctor_id, day, status, due_time, token);
create index queue_entries_location_idx on queue_entries (location_id, day);

-- A waiting-room display: a link with a secret key per location (only its SHA-256 is stored),
-- shown on a TV without a login, until an admin revokes it.
create table queue_displays (
  id uuid primary key default gen_random_uuid(),
  location_id uuid not null references locations (id) on delete cascade,
  key_hash text not null,
  label text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null,
  revoked_at timestamptz,
  constraint queue_displays_key_hash_key unique (key_hash),
  constraint queue_displays_key_hash_check check (key_hash ~ '^[0-9a-f]{64}$'),
  constraint queue_displays_label_check check (btrim(label) <> '' and length(label) <= 100)
);
create index queue_displays_location_idx on queue_displays (location_id) where revoked_at is null;
