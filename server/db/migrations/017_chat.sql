-- Chat consultations (issue 13): the messages between an appointment's patient and its doctor,
-- the photos sent in them, and how far each party has read.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Photos, re-encoded by the server (sharp: JPEG, EXIF and location stripped), kept in the
-- database so a backup (pg_dump, or PGlite's dumpDataDir) keeps them with the conversation.
create table chat_photos (
  id uuid primary key default gen_random_uuid(),
  appointment_id uuid not null references appointments (id) on delete cascade,
  content_type text not null,
  width integer not null,
  height integer not null,
  data bytea not null,
  created_at timestamptz not null,
  constraint chat_photos_content_type_check check (content_type in ('image/jpeg')),
  constraint chat_photos_size_check check (octet_length(data) between 1 and 10485760),
  constraint chat_photos_dimensions_check check (width between 1 and 10000 and height between 1 and 10000)
);
create index chat_photos_appointment_idx on chat_photos (appointment_id);

-- One message: text, or a photo (with an optional caption). `id` only grows, so it is the SSE
-- event id a reconnecting browser sends back as Last-Event-ID.
create table chat_messages (
  id bigint generated always as identity primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  sender_user_id uuid references users (id) on delete set null,
  -- patient or doctor, as they were then (admins read, never write).
  sender_role text not null,
  text text not null default '',
  photo_id uuid references chat_photos (id) on delete cascade,
  created_at timestamptz not null,
  constraint chat_messages_role_check check (sender_role in ('patient', 'doctor')),
  constraint chat_messages_text_check check (length(text) <= 2000),
  constraint chat_messages_content_check check (photo_id is not null or length(btrim(text)) > 0)
);
create index chat_messages_appointment_idx on chat_messages (appointment_id, id);

-- How far a party has read: the last message id they marked read. Unread = later messages from
-- the other party.
create table chat_reads (
  appointment_id uuid not null references appointments (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  last_read_id bigint not null default 0,
  primary key (appointment_id, user_id)
);
