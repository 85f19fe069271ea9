-- The mails a commit owes become keyed mails too (server/jobs/commitMails.ts): the booking
-- confirmation ('confirmation:<appointment id>', queued by the transaction that makes the
-- appointment paid) and the prescription ('prescription:<appointment id>', queued by the
-- completion that first shows it to the patient). Their row and send job commit with what they
-- tell, so a crash after the commit still sends them, and a repeat of the key sends nothing.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table job_mails drop constraint job_mails_kind_check;
alter table job_mails add constraint job_mails_kind_check
  check (kind in ('refund', 'refund-summary', 'morning-list', 'confirmation', 'prescription'));
