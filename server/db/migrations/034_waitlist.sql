-- The waitlist (docs/waitlist.md): a patient waits for a doctor, a consultation type,
-- optionally a clinic, and a range of days; a slot that is freed (a cancel, a move away, a lapsed
-- hold, a no-show of a hold) is offered to the first waiting entry that fits, in the order they
-- joined, as an unpaid hold in that patient's name (an ordinary appointment with hold_expires_at),
-- and passed on to the next when the offer lapses or is declined (server/waitlist/).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- One patient waiting. status: waiting (on the list, perhaps with an open offer), done (an offer
-- was paid), left (the patient left it). An entry whose to_date has passed is over without a
-- write: it no longer fits any slot and the patient's list leaves it out.
-- location_id null: any of the doctor's clinics for a Clinic Visit; the online hours for Chat,
-- Video and Call (which are never at a clinic).
create table waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  -- Ties of joined_at (one clock reading) are broken by this: the order of joining.
  seq bigint generated always as identity,
  user_id uuid not null references users (id) on delete cascade,
  doctor_id uuid not null references doctors (id) on delete cascade,
  location_id uuid references locations (id) on delete cascade,
  consultation_type text not null,
  from_date date not null,
  to_date date not null,
  -- Chat, Video and Call: the teleconsultation consent the patient ticked when joining, and when,
  -- copied onto the hold an offer makes (as a booking keeps it); null for a Clinic Visit.
  consent_text text,
  consent_at timestamptz,
  status text not null default 'waiting',
  joined_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  constraint waitlist_entries_type_check check (consultation_type in ('Chat', 'Video', 'Call', 'Clinic Visit')),
  constraint waitlist_entries_online_check check (consultation_type = 'Clinic Visit' or location_id is null),
  -- At most 31 days, both ends included (contract/waitlist.ts waitlistMaxDays).
  constraint waitlist_entries_range_check check (from_date <= to_date and to_date - from_date <= 30),
  constraint waitlist_entries_consent_check check (
    (consent_text is null) = (consent_at is null) and length(consent_text) <= 2000
    and (consultation_type = 'Clinic Visit' or consent_text is not null)
  ),
  constraint waitlist_entries_status_check check (status in ('waiting', 'done', 'left')),
  constraint waitlist_entries_closed_check check ((status = 'waiting') = (closed_at is null))
);
-- The candidates for a freed slot: a doctor's waiting entries, in the order they joined.
create index waitlist_entries_waiting_idx on waitlist_entries (doctor_id, joined_at, seq) where status = 'waiting';
create index waitlist_entries_user_idx on waitlist_entries (user_id, joined_at desc);

-- One slot offered to one entry: `appointment_id` is the hold made for it in the entry's patient's
-- name. status: open (the hold is live until expires_at), taken (paid), declined (the patient
-- said no, or cancelled the hold), lapsed (not paid in time, or the hold lost its slot).
create table waitlist_offers (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references waitlist_entries (id) on delete cascade,
  appointment_id uuid not null references appointments (id) on delete cascade,
  doctor_id uuid not null references doctors (id) on delete cascade,
  date date not null,
  start_time time not null,
  status text not null default 'open',
  expires_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  constraint waitlist_offers_appointment_key unique (appointment_id),
  constraint waitlist_offers_status_check check (status in ('open', 'taken', 'declined', 'lapsed')),
  constraint waitlist_offers_closed_check check ((status = 'open') = (closed_at is null))
);
-- THE two rules of the offers, however many instances pass slots on at once: an entry holds at
-- most one open offer (never two slots at once), and a slot is in at most one open offer (beside
-- appointments_slot_key, which keeps the hold itself single). A racing offer fails on one of these
-- and is rolled back with its hold.
create unique index waitlist_offers_open_entry_key on waitlist_offers (entry_id) where status = 'open';
create unique index waitlist_offers_open_slot_key on waitlist_offers (doctor_id, date, start_time) where status = 'open';
-- "Was this slot offered to this entry before?": a declined or lapsed slot is not offered to it again.
create index waitlist_offers_entry_slot_idx on waitlist_offers (entry_id, doctor_id, date, start_time);
create index waitlist_offers_open_expiry_idx on waitlist_offers (expires_at) where status = 'open';

-- The freed slots to pass on: written in the same transaction that frees a slot (a cancel, a move
-- away, a desk no-show) or by the minutely sweep (a lapsed hold, an offer's expiry), so the work
-- survives a crash after that commit. `version` grows each time the slot is freed again; the job
-- that passes it on marks it done only for the version it read, so a freeing during its run is
-- never lost. location_id: where the slot was freed (null: the doctor's online hours).
create table waitlist_slots (
  doctor_id uuid not null references doctors (id) on delete cascade,
  date date not null,
  start_time time not null,
  location_id uuid references locations (id) on delete cascade,
  state text not null default 'queued',
  version integer not null default 1,
  freed_at timestamptz not null,
  updated_at timestamptz not null,
  note text not null default '',
  primary key (doctor_id, date, start_time),
  constraint waitlist_slots_state_check check (state in ('queued', 'done')),
  constraint waitlist_slots_note_check check (length(note) <= 200)
);
create index waitlist_slots_queued_idx on waitlist_slots (freed_at) where state = 'queued';

-- Each offer's message, once per channel: key 'waitlist-offer:<offer id>' for the mail (also its
-- idempotency key), '...:sms' and '...:whatsapp' for the texts the patient's reminder channels
-- ask for. As reminder_texts: a text found `sending` when its job runs again may have gone out,
-- so it becomes `unknown` rather than a second text.
create table waitlist_messages (
  key text primary key,
  offer_id uuid not null references waitlist_offers (id) on delete cascade,
  channel text not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  provider_id text,
  note text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  constraint waitlist_messages_key_check check (length(key) <= 100),
  constraint waitlist_messages_channel_check check (channel in ('email', 'sms', 'whatsapp')),
  constraint waitlist_messages_state_check check (state in ('queued', 'sending', 'sent', 'dropped', 'unknown')),
  constraint waitlist_messages_note_check check (length(note) <= 500),
  constraint waitlist_messages_provider_id_check check (length(provider_id) <= 200)
);
create index waitlist_messages_offer_idx on waitlist_messages (offer_id);
