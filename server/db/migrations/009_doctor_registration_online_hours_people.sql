-- The shared ground of issues 12 (booking), 13 (consultations) and 14 (records): a doctor's
-- registration and languages, a doctor's online hours apart from clinic hours, and the people a
-- patient books for. Each issue builds its own behaviour on these in its own migration.

-- India's telemedicine guidelines: every doctor is identified by the council that registered them
-- and the number it gave (shown on cards, the team page, prescriptions, receipts and mails).
-- '' until the clinic enters it in the staff console.
alter table doctors
  add column registration_council text not null default '',
  add column registration_number text not null default '',
  -- Languages the doctor consults in, as patients read them (e.g. 'English', 'मराठी').
  add column languages text[] not null default '{}',
  -- A photo for the doctor step: a path under the site or an http(s) link; '' for none.
  add column photo text not null default '',
  add constraint doctors_registration_check check (
    length(registration_council) <= 200 and length(registration_number) <= 50
  ),
  add constraint doctors_languages_check check (cardinality(languages) <= 20),
  add constraint doctors_photo_check check (length(photo) <= 2000);

-- Weekly hours for Chat, Video and Call consultations, which happen at no clinic. Same shape and
-- rules as doctor_hours without the location; the slot constraint on appointments
-- (doctor, date, start time) keeps one doctor from being booked twice whichever hours a slot
-- came from.
create table doctor_online_hours (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references doctors (id) on delete cascade,
  weekday smallint not null,
  start_time time not null,
  end_time time not null,
  constraint doctor_online_hours_weekday_check check (weekday between 0 and 6),
  constraint doctor_online_hours_range_check check (start_time < end_time),
  constraint doctor_online_hours_start_key unique (doctor_id, weekday, start_time)
);

-- The people an account holder books for ("Booking for: Someone else"): a family member is the
-- person consulted, the account holder is who booked and paid. Rows are archived, not deleted,
-- once an appointment names them (clinical records keep who was consulted).
create table family_members (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  first_name text not null,
  last_name text not null default '',
  age smallint not null,
  gender text not null,
  relation text not null,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint family_members_name_check check (
    btrim(first_name) <> '' and length(first_name) <= 200 and length(last_name) <= 200
  ),
  constraint family_members_age_check check (age between 1 and 120),
  constraint family_members_gender_check check (gender in ('male', 'female')),
  constraint family_members_relation_check check (btrim(relation) <> '' and length(relation) <= 50)
);
create index family_members_user_idx on family_members (user_id) where archived_at is null;

-- null: the account holder is the person consulted (every appointment before this migration).
alter table appointments
  add column family_member_id uuid references family_members (id) on delete restrict,
  -- Teleconsultation consent (Chat, Video, Call): the words the patient agreed to, and when.
  add column consent_text text,
  add column consent_at timestamptz,
  add constraint appointments_consent_check check (
    (consent_text is null) = (consent_at is null) and length(consent_text) <= 2000
  );
create index appointments_family_member_idx on appointments (family_member_id) where family_member_id is not null;
