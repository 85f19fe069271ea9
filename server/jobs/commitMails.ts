/**
 * The keyed mails a commit owes (server/jobs/keyedMails.ts), queued by the service's own
 * transaction (`MailQueue`), never by the sweep:
 *
 * - `confirmation:<appointment id>`: the booking confirmation with its .ics, queued by the
 *   transaction that made the appointment paid (services/payments/settle.ts); dropped when the
 *   appointment was cancelled (or is no longer paid) by the time it goes out.
 * - `prescription:<appointment id>`: the prescription's PDF, queued by the completion that first
 *   showed it to the patient (services/staff.ts); dropped when it is hidden again or the
 *   consultation no longer completed by then. Once per appointment: a prescription hidden and
 *   shown again is not mailed a second time (the patient has it, and My Remedies shows the update).
 * - `prescription:<appointment id>:v<n>`: an amendment's PDF (version n, 2...), queued by the
 *   completion that wrote it, to a patient who was shown the earlier one; dropped when a later
 *   version superseded it by then (that one has its own mail).
 *
 * Both are built from the data as it is when the job runs, so a retry after a crash sends what is
 * true then, under the same key.
 */
import type { Database } from '../db/database.js';
import type { ClinicDetails } from '../documents/prescription.js';
import type { SigningSource } from '../documents/signing.js';
import { confirmationMail } from '../services/booking/calendar.js';
import { type PrescriptionDeps, prescriptionMailOf } from '../services/records/documents.js';
import type { KeyedMailKind } from './keyedMails.js';

/** The appointment id of a `<kind>:<id>` key. */
const idOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** `joinOpensMinutesBefore`: JOIN_OPENS_MINUTES_BEFORE, which a Chat's or Video's confirmation names. */
export function confirmationKind(db: Database, publicUrl: string, joinOpensMinutesBefore?: number): KeyedMailKind {
  const options = { db, publicUrl, ...(joinOpensMinutesBefore !== undefined ? { joinOpensMinutesBefore } : {}) };
  return { kind: 'confirmation', build: (key, at) => confirmationMail(options, idOf(key), at) };
}

/** `prescription:<id>` (the first) or `prescription:<id>:v<n>` (an amendment's). */
export function prescriptionKind(
  db: Database,
  options: { clinic: ClinicDetails; publicUrl: string; signing?: SigningSource; followUps?: PrescriptionDeps['followUps'] },
): KeyedMailKind {
  return {
    kind: 'prescription',
    build: (key) => {
      const [id = '', version] = idOf(key).split(':v');
      return prescriptionMailOf({ db, ...options }, id, version === undefined ? null : Number(version));
    },
  };
}
