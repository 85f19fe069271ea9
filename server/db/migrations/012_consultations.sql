-- The consultation itself (issue 13): a Jitsi room per Video appointment, and what happened in a
-- consultation (a video link handed out, a call that went unanswered) so the clinic knows who
-- consulted how and when, and can follow up.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- One Jitsi Meet room per Video appointment, made the first time its patient or doctor asks for
-- the link inside the join window (server/services/consultations.ts). `room` is 128 bits from the
-- CSPRNG as 32 lower-case hex digits (Jitsi folds room names to lower case, so mixed-case
-- base64 would lose bits): unguessable, and never shown on a public page.
create table consultation_rooms (
  appointment_id uuid primary key references appointments (id) on delete cascade,
  room text not null,
  created_at timestamptz not null,
  constraint consultation_rooms_room_key unique (room),
  constraint consultation_rooms_room_check check (room ~ '^[a-f0-9]{32}$')
);

-- The consultation record: who took part how and when. kind:
--   video.link     a join link was handed to this person (first time only per person)
--   call.noanswer  the doctor called the person consulted and nobody answered (the clinic follows up)
-- Rows are only ever added; the audit log also has each call.noanswer.
create table consultation_events (
  id bigint generated always as identity primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  at timestamptz not null,
  kind text not null,
  actor_user_id uuid references users (id) on delete set null,
  -- patient, doctor or admin, as they were then.
  actor_role text not null,
  note text not null default '',
  constraint consultation_events_kind_check check (kind in ('video.link', 'call.noanswer')),
  constraint consultation_events_role_check check (actor_role in ('patient', 'doctor', 'admin')),
  constraint consultation_events_note_check check (length(note) <= 500)
);
create index consultation_events_appointment_idx on consultation_events (appointment_id, at);
-- A video link is recorded once per person.
create unique index consultation_events_link_key on consultation_events (appointment_id, actor_user_id) where kind = 'video.link';
