-- The clinic's reference data and the public site's content.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration:
-- add a new numbered file instead (the runner refuses a changed one).

-- Small facts about the installation: the seed marker, the clinic's city.
create table meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table locations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint locations_name_key unique (name),
  constraint locations_name_check check (btrim(name) <> '' and length(name) <= 200)
);

create table doctors (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  -- Stored lower case so that lookups and the unique constraint ignore case.
  email text not null,
  type text not null,
  qualification text not null default '',
  -- Length of one appointment slot; the booking issue cuts doctor_hours into slots of this size.
  slot_minutes integer not null,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint doctors_email_key unique (email),
  constraint doctors_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint doctors_email_check check (email = lower(email) and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and length(email) <= 254),
  constraint doctors_type_check check (type in ('online', 'clinic')),
  constraint doctors_qualification_check check (length(qualification) <= 500),
  constraint doctors_slot_minutes_check check (slot_minutes between 5 and 240)
);

-- Where a doctor works. Online doctors are listed under locations too (patients pick a location first).
create table doctor_locations (
  doctor_id uuid not null references doctors (id) on delete cascade,
  location_id uuid not null references locations (id) on delete restrict,
  primary key (doctor_id, location_id)
);
create index doctor_locations_location_idx on doctor_locations (location_id);

-- Weekly hours: on `weekday` the doctor works at `location_id` from start_time to end_time,
-- clinic time (Asia/Kolkata). weekday counts from 0 = Sunday, as extract(dow) and Date#getDay do.
-- The foreign key keeps hours to the doctor's own locations.
create table doctor_hours (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null,
  location_id uuid not null,
  weekday smallint not null,
  start_time time not null,
  end_time time not null,
  constraint doctor_hours_doctor_location_fkey foreign key (doctor_id, location_id)
    references doctor_locations (doctor_id, location_id) on delete cascade,
  constraint doctor_hours_weekday_check check (weekday between 0 and 6),
  constraint doctor_hours_range_check check (start_time < end_time),
  constraint doctor_hours_start_key unique (doctor_id, weekday, start_time)
);
create index doctor_hours_location_idx on doctor_hours (location_id, weekday);

create table appointment_fees (
  consultation_type text primary key,
  fee numeric(10, 2) not null,
  updated_at timestamptz not null default now(),
  constraint appointment_fees_type_check check (consultation_type in ('Chat', 'Video', 'Call', 'Clinic Visit')),
  constraint appointment_fees_fee_check check (fee >= 0)
);

-- Media links are a local path (/media/...), an https URL or a Drive-style share link; '' means none.
create table site_events (
  id uuid primary key default gen_random_uuid(),
  caption text not null default '',
  image text not null default '',
  video text not null default '',
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint site_events_text_check check (length(caption) <= 500 and length(image) <= 2000 and length(video) <= 2000)
);

create table team_members (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  role text not null default '',
  image text not null default '',
  description text not null default '',
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint team_members_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint team_members_text_check check (length(role) <= 200 and length(image) <= 2000 and length(description) <= 4000)
);

create table testimonials (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  subject text not null default '',
  image text not null default '',
  description text not null,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint testimonials_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint testimonials_text_check check (
    btrim(description) <> '' and length(description) <= 4000 and length(subject) <= 200 and length(image) <= 2000
  )
);
