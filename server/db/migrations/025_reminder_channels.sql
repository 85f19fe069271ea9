-- Issue 16: reminders by SMS and WhatsApp besides email, the patient's choice of channels, and an
-- opt-out without logging in.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Which channels the account wants its appointment reminders on (booking confirmations always go
-- by email). SMS is on by default (a transactional text to the number given at booking, as a clinic
-- front desk would send); WhatsApp only after the patient turns it on: WhatsApp's business policy
-- asks for the person's opt-in before a business messages them.
alter table users add column remind_email boolean not null default true;
alter table users add column remind_sms boolean not null default true;
alter table users add column remind_whatsapp boolean not null default false;

-- One row per reminder and text channel: the idempotency record of a text, as reminder_sends is
-- of the mail. Key: '<reminder_sends.key>:<channel>'. A text provider has no idempotency key, so a
-- row found `sending` when its job runs again (a crash mid-send) is not sent again: it becomes
-- `unknown` (it may have gone out) rather than risk a second text.
create table reminder_texts (
  key text primary key,
  reminder_key text not null references reminder_sends (key) on delete cascade,
  channel text not null,
  -- queued: a job will send it; sending: the provider is being asked; sent; dropped: the
  -- appointment changed, or the patient turned the channel off or has no phone; unknown: a send was
  -- interrupted and may have gone out, so it is not sent again.
  state text not null default 'queued',
  attempts integer not null default 0,
  -- The provider's id of the message (MSG91's request id, WhatsApp's wamid), for support.
  provider_id text,
  note text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  constraint reminder_texts_key_check check (length(key) <= 140),
  constraint reminder_texts_channel_check check (channel in ('sms', 'whatsapp')),
  constraint reminder_texts_state_check check (state in ('queued', 'sending', 'sent', 'dropped', 'unknown')),
  constraint reminder_texts_note_check check (length(note) <= 500),
  constraint reminder_texts_provider_id_check check (length(provider_id) <= 200)
);
create index reminder_texts_reminder_idx on reminder_texts (reminder_key);
