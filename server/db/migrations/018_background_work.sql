-- The rest of issue 16's background work (server/jobs): payment reconciliation, refund mails,
-- the admin's daily refund summary and the doctors' morning lists.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Payment reconciliation (server/jobs/reconcile.ts): a pending payment is checked with its
-- provider on PhonePe's schedule. next_check_at is the next check's instant (the server's clock);
-- the sweep claims a due payment by moving it on, so two instances check it once.
-- expires_at: the checkout's expiry as asked of the provider (null on payments made before this
-- migration: taken as an hour after created_at, PhonePe's longest).
-- stale_failed_at: when reconciliation gave up on a payment still pending long after its expiry
-- and marked it failed; a confirmation arriving later flags it for refund.
alter table payments add column expires_at timestamptz;
alter table payments add column next_check_at timestamptz;
alter table payments add column checks integer not null default 0;
alter table payments add column last_checked_at timestamptz;
alter table payments add column stale_failed_at timestamptz;
update payments set next_check_at = created_at + interval '25 seconds' where status = 'pending';
create index payments_next_check_idx on payments (next_check_at) where status = 'pending';

-- Mails the background work sends once per key (server/jobs/keyedMails.ts), as reminder_sends
-- does for reminders: 'refund:<subject>:<id>' (the patient is told a refund is coming),
-- 'refund-summary:<clinic date>' (the admin's daily summary), 'morning-list:<doctor id>:<clinic
-- date>' (a doctor's list of the day). The key is also the mail's idempotency key.
create table job_mails (
  key text primary key,
  kind text not null,
  -- queued: a job will send it; sending: a send began (a crash is retried with the same key);
  -- sent; dropped: nothing to say any more when its job ran (the refund was resolved, no refunds
  -- open, a doctor who opted out).
  state text not null default 'queued',
  attempts integer not null default 0,
  note text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  constraint job_mails_key_check check (length(key) <= 160),
  constraint job_mails_kind_check check (kind in ('refund', 'refund-summary', 'morning-list')),
  constraint job_mails_state_check check (state in ('queued', 'sending', 'sent', 'dropped')),
  constraint job_mails_note_check check (length(note) <= 500)
);
create index job_mails_open_idx on job_mails (state) where state in ('queued', 'sending');

-- The doctor's morning list of the day's appointments by email: opt-in, set by an admin in the
-- staff console's doctor form or by the doctor on their own console.
alter table doctors add column morning_list boolean not null default false;
