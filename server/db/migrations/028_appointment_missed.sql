-- "Patient did not attend" (docs/consultations.md, "How a consultation ends"): a stored outcome
-- beside Completed and Cancelled, set by the doctor (or an admin) once the slot has ended, for a
-- paid appointment that is neither. Like Completed it keeps its slot row as it was (the slot is
-- over) and its fee (a missed consultation is not refunded, as a patient's cancellation is not).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table appointments drop constraint appointments_status_check;
alter table appointments add constraint appointments_status_check
  check (status in ('Booked', 'Expired', 'Completed', 'Cancelled', 'Missed'));
