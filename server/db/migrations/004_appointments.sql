-- Booking and payment (issue 4): doctors' leave, appointments, pharmacy orders, payments, and the
-- sandbox payment provider's own book of checkouts.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
--
-- Every date and time here is clinic time (Asia/Kolkata): `date` is the calendar day and
-- `start_time` the wall-clock time in the clinic, whatever the server's time zone. Instants
-- (created_at, hold_expires_at, ...) are timestamptz.

-- Dated leave: the doctor sees nobody from from_date to to_date, both days included.
-- Seeded empty; the staff console (issue 6) fills it.
create table doctor_leave (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors (id) on delete cascade,
  from_date date not null,
  to_date date not null,
  reason text not null default '',
  created_at timestamptz not null default now(),
  constraint doctor_leave_range_check check (from_date <= to_date),
  constraint doctor_leave_reason_check check (length(reason) <= 500)
);
create index doctor_leave_doctor_idx on doctor_leave (doctor_id, to_date);

-- The number in the human-readable appointment id, SHC-25-000123 (server/services/appointments.ts).
create sequence appointment_number_seq;

create table appointments (
  id uuid primary key default gen_random_uuid(),
  -- What a patient reads out on the phone; `id` is what the API calls `_id`.
  appointment_number text not null,
  -- The account that booked it (from the bearer token, never from the body).
  user_id uuid not null references users (id) on delete restrict,
  doctor_id uuid not null references doctors (id) on delete restrict,
  location_id uuid not null references locations (id) on delete restrict,
  date date not null,
  start_time time not null,
  consultation_type text not null,
  -- Rupees, from appointment_fees when booked (or when the patient changed the type of their own hold).
  consultation_fee numeric(10, 2) not null,
  -- The patient's details as given for this appointment; email is the account's.
  first_name text not null,
  last_name text not null,
  email text not null,
  phone_number text not null,
  age smallint not null,
  gender text not null,
  status text not null default 'Booked',
  -- failed (spec: the initial value; also a payment that failed), pending (a checkout is open),
  -- paid (a provider confirmed it), refund (paid after its slot was lost: the clinic owes it back).
  payment_status text not null default 'failed',
  -- The merchant order id of the payment that paid it.
  payment_id text,
  -- The slot constraint below counts this row while holds_slot is true: a paid appointment, or
  -- an unpaid one whose hold has not been lapsed yet. An unpaid hold lapses at hold_expires_at;
  -- whoever next books that slot (or settles a payment for it) first sets holds_slot = false on
  -- lapsed holds, in the same transaction as its own insert, so the constraint never blocks a
  -- slot that is free (server/repositories/appointments.ts, lapseHolds).
  holds_slot boolean not null default true,
  hold_expires_at timestamptz,
  medicines jsonb not null default '{"complain":"","remedies":[],"potency":"","duration":"","pharmacyName":"","pharmacyId":"","instructions":"","showMedicine":false}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint appointments_number_key unique (appointment_number),
  constraint appointments_number_check check (appointment_number ~ '^[A-Z]{2,8}-[0-9]{2}-[0-9]{6,}$'),
  constraint appointments_type_check check (consultation_type in ('Chat', 'Video', 'Call', 'Clinic Visit')),
  constraint appointments_fee_check check (consultation_fee >= 0),
  constraint appointments_names_check check (
    btrim(first_name) <> '' and length(first_name) <= 200 and btrim(last_name) <> '' and length(last_name) <= 200
  ),
  constraint appointments_email_check check (email = lower(email) and length(email) <= 254),
  constraint appointments_phone_number_check check (length(phone_number) between 1 and 20),
  constraint appointments_age_check check (age between 1 and 120),
  constraint appointments_gender_check check (gender in ('male', 'female')),
  constraint appointments_status_check check (status in ('Booked', 'Expired', 'Completed', 'Cancelled')),
  constraint appointments_payment_status_check check (payment_status in ('failed', 'pending', 'paid', 'refund')),
  constraint appointments_payment_id_check check (length(payment_id) <= 100),
  -- A cancelled appointment or one flagged for refund holds nothing.
  constraint appointments_cancelled_hold_check check (status <> 'Cancelled' or not holds_slot),
  constraint appointments_refund_hold_check check (payment_status <> 'refund' or not holds_slot),
  -- An unpaid hold always says when it lapses.
  constraint appointments_hold_expiry_check check (payment_status = 'paid' or not holds_slot or hold_expires_at is not null),
  constraint appointments_medicines_check check (jsonb_typeof(medicines) = 'object')
);

-- THE rule of the booking issue: at most one appointment holds a doctor's slot (doctor, date,
-- start time), whatever the location, however many server instances race for it. The loser's
-- insert fails with a unique violation on this index, answered 409 'This slot is already booked'.
create unique index appointments_slot_key on appointments (doctor_id, date, start_time) where holds_slot;

create index appointments_user_idx on appointments (user_id, date desc);
create index appointments_doctor_date_idx on appointments (doctor_id, date);

-- A pharmacy order of a completed consultation (spec §3 Order; created by clinic staff, issue 5).
-- payment_status 'Completed' means paid (spec §4); the payment service sets it.
create table orders (
  id uuid primary key default gen_random_uuid(),
  appointment_id uuid not null references appointments (id) on delete restrict,
  pharmacy_id text not null default '',
  -- Rupees.
  total_price numeric(10, 2) not null,
  payment_mode text not null default 'Card',
  payment_status text not null default 'Pending',
  order_status text not null default 'Pending',
  payment_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_appointment_key unique (appointment_id),
  constraint orders_total_price_check check (total_price >= 0),
  constraint orders_text_check check (
    length(pharmacy_id) <= 200 and length(payment_mode) between 1 and 50 and length(order_status) between 1 and 50
  ),
  constraint orders_payment_status_check check (payment_status in ('Pending', 'Completed', 'Failed', 'Refund')),
  constraint orders_payment_id_check check (length(payment_id) <= 100)
);

-- One row per checkout started with a provider. merchant_order_id is what the provider knows
-- us by. A payment counts only when the provider confirmed it server to server (webhook or
-- status check) for exactly amount_paise; every settling step is a conditional update on
-- status = 'pending', so repeated or racing confirmations settle it once.
create table payments (
  id uuid primary key default gen_random_uuid(),
  merchant_order_id text not null,
  provider text not null,
  purpose text not null,
  appointment_id uuid references appointments (id) on delete restrict,
  order_id uuid references orders (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  amount_paise bigint not null,
  -- pending: checkout open; paid: confirmed and applied; failed: the provider said it failed;
  -- refund: confirmed, but it could not be applied (slot lost, already paid, cancelled).
  status text not null default 'pending',
  -- The provider's own ids, when it gives them.
  provider_order_id text,
  provider_transaction_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  settled_at timestamptz,
  constraint payments_merchant_order_id_key unique (merchant_order_id),
  constraint payments_merchant_order_id_check check (merchant_order_id ~ '^[A-Za-z0-9_-]{1,63}$'),
  constraint payments_provider_check check (provider in ('sandbox', 'phonepe')),
  constraint payments_purpose_check check (
    (purpose = 'appointment' and appointment_id is not null and order_id is null)
    or (purpose = 'order' and order_id is not null and appointment_id is null)
  ),
  constraint payments_amount_check check (amount_paise > 0),
  constraint payments_status_check check (status in ('pending', 'paid', 'failed', 'refund')),
  constraint payments_provider_ids_check check (length(provider_order_id) <= 100 and length(provider_transaction_id) <= 100)
);
create index payments_appointment_idx on payments (appointment_id);
create index payments_order_idx on payments (order_id);
create index payments_refund_idx on payments (status) where status = 'refund';

-- The sandbox provider's side of the story (PAYMENT_PROVIDER=sandbox): what its checkout page
-- was asked to collect and what the person pressed. It stands in for the provider's books, so
-- our payments table learns the result only through the provider interface's status check.
create table sandbox_checkouts (
  merchant_order_id text primary key,
  amount_paise bigint not null,
  state text not null default 'PENDING',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint sandbox_checkouts_amount_check check (amount_paise > 0),
  constraint sandbox_checkouts_state_check check (state in ('PENDING', 'COMPLETED', 'FAILED'))
);
