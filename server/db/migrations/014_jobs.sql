-- Background work (issue 16): what the reminder sweep decided, one row per appointment, lead and
-- start time. The job engine's own tables (pg-boss) live in the `pgboss` schema, which pg-boss
-- creates and upgrades itself at start (server/jobs/engine.ts); nothing of it is here.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- The key is the idempotency key of one reminder: appointment, lead (minutes) and the start it
-- was meant for ('<uuid>:<lead>:<YYYY-MM-DD>T<HH:mm>'). A moved appointment gets new keys (its
-- reminders follow it); the unique key makes the sweep insert each reminder once, whatever the
-- number of instances sweeping; the mailers use it so a retried send is not sent twice.
create table reminder_sends (
  key text primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  lead_minutes integer not null,
  -- The appointment's start (clinic date and time as an instant) this reminder is for.
  starts_at timestamptz not null,
  -- starts_at - lead: when the sweep first saw it due (at or after this).
  due_at timestamptz not null,
  -- queued: a job will send it; sending: a send began (a crash here is retried with the same key);
  -- sent; dropped: the appointment was cancelled, moved, unpaid or started before it went out;
  -- skipped: a smaller lead was due at the same time, or the appointment was booked inside this lead.
  state text not null default 'queued',
  attempts integer not null default 0,
  -- Why dropped or skipped, in a few words; the last send error while retrying.
  note text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  constraint reminder_sends_key_check check (length(key) <= 120),
  constraint reminder_sends_lead_check check (lead_minutes between 1 and 20160),
  constraint reminder_sends_state_check check (state in ('queued', 'sending', 'sent', 'dropped', 'skipped')),
  constraint reminder_sends_note_check check (length(note) <= 500)
);
create index reminder_sends_appointment_idx on reminder_sends (appointment_id);
create index reminder_sends_open_idx on reminder_sends (state) where state in ('queued', 'sending');
