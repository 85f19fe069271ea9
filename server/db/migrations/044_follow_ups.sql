-- Follow-ups (server/followUp/, docs/follow-ups.md): the series a patient books from a completed
-- consultation whose prescription asks for a dated follow-up.
--
-- `follow_ups`: one row per completed appointment whose follow-up was booked or reminded; the row
-- is what "Book all" locks (FOR UPDATE), so two Book-all of the same patient at once, on any
-- instance, book one series: the second waits, then sees the first's visits and is refused.
create table follow_ups (
  appointment_id uuid primary key references appointments (id) on delete cascade,
  created_at timestamptz not null
);

-- The occurrences booked, each its own appointment (its slot kept single by appointments_slot_key).
-- A series cancelled in full is replaced when the patient books again.
create table follow_up_visits (
  follow_up_id uuid not null references follow_ups (appointment_id) on delete cascade,
  occurrence integer not null,
  appointment_id uuid not null unique references appointments (id) on delete cascade,
  primary key (follow_up_id, occurrence),
  constraint follow_up_visits_occurrence_check check (occurrence between 1 and 12)
);

-- The reminder that a follow-up fell due and is not booked ('follow-up:<appointment id>', once).
alter table job_mails drop constraint job_mails_kind_check;
alter table job_mails add constraint job_mails_kind_check
  check (kind in ('refund', 'refund-summary', 'morning-list', 'confirmation', 'prescription', 'code-cap', 'phone-changed', 'follow-up'));
