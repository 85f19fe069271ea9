/**
 * The two ways a consultation ends (the rules in services/staff.ts): completed with the
 * prescription, from the join window's opening on; or the patient marked as not attended
 * (Missed), from the slot's end on. Each change and its audit row in one transaction.
 */
import { type AppointmentRecord, clinicalOf, type Medicines } from '../../../contract/appointments.js';
import { clinicClock, fromMinutes } from '../../../contract/clinicTime.js';
import { hasChat } from '../../access/rules.js';
import { amendedPrescriptionKey, prescriptionKey } from '../../jobs/keyedMails.js';
import { completeAppointment, markMissed } from '../../repositories/appointmentStatus.js';
import { insertAudit } from '../../repositories/staff.js';
import { sameWords, writeVersion } from '../../verify/repository.js';
import { isExpected, statusAt } from '../appointments.js';
import { badField, ConflictError } from '../errors.js';
import type { Staff } from '../staff.js';
import { actionable, answer, auditActor, consultationTimes, NotYetError, type StaffContext, staffMessages } from './shared.js';

/** POST /staff/appointments/{id}/complete: Completed, with the prescription. */
export async function completeConsultation(
  ctx: StaffContext,
  staff: Staff,
  id: string,
  medicines: Medicines,
): Promise<{ message: string; appointment: AppointmentRecord }> {
  const { db, now, mails, consultation } = ctx;
  const at = now();
  await mails.prepare();
  const message = await db.transaction(async (tx) => {
    const a = await actionable(tx, staff, id);
    const status = statusAt(a, at);
    if (status === 'Cancelled') throw new ConflictError(staffMessages.cancelled);
    const again = status === 'Completed';
    // The Telemedicine Practice Guidelines' prescription names a provisional diagnosis: no
    // completion (nor a prescription written again) without one (docs/records.md). Judged once
    // the appointment is known to be the caller's, so another's answers 403/404 as before.
    if (clinicalOf(medicines).diagnosis.trim() === '') throw badField('diagnosis', 'is required', staffMessages.diagnosisRequired);
    const { opensAt } = consultationTimes(a, consultation);
    if (!again && at < opensAt) {
      throw new NotYetError({
        message: staffMessages.completionNotOpen(fromMinutes(clinicClock(opensAt).minutes), consultation.joinOpensMinutesBefore),
        code: 'completionNotOpen',
        opensAt: opensAt.toISOString(),
      });
    }
    // The patient is sent the prescription once it is first shown to them (completed with it, or shown later).
    const releasedNow = medicines.showMedicine && !(again && a.record.medicines.showMedicine);
    await completeAppointment(tx, a.record._id, medicines, at);
    if (releasedNow) await mails.queue(tx, 'prescription', prescriptionKey(a.record._id), at);
    // Each prescription as written is a version with its own verification code; writing it again
    // with other words keeps the earlier one (superseded: its code verifies as amended). A change
    // of whether the patient is shown it alone is no new version.
    const amended = again && !sameWords(a.record.medicines, medicines);
    const versions = again && !amended ? null : await writeVersion(tx, a.record._id, { medicines, before: again ? a.record.medicines : null, writtenBy: staff.user._id, at });
    // A patient who already had the prescription gets the amended one, once per version.
    if (amended && versions && medicines.showMedicine && !releasedNow) {
      await mails.queue(tx, 'prescription', amendedPrescriptionKey(a.record._id, versions.written.version), at);
    }
    // Who wrote it is the audit row's actor (and the version's written_by).
    const versionOf = (v: { version: number; code: string; writtenAt: Date } | null | undefined) =>
      v ? { version: v.version, code: v.code, writtenAt: v.writtenAt.toISOString() } : null;
    await insertAudit(
      tx,
      {
        ...auditActor(staff),
        action: amended ? 'prescription.amended' : again ? 'prescription.updated' : 'appointment.completed',
        appointmentId: a.record._id,
        details: {
          before: { status, medicines: a.record.medicines, ...(amended ? { prescription: versionOf(versions?.superseded) } : {}) },
          after: { status: 'Completed', medicines, ...(versions ? { prescription: versionOf(versions.written) } : {}) },
        },
      },
      at,
    );
    return again ? staffMessages.prescriptionUpdated : staffMessages.completed;
  });
  return answer(ctx, id, message);
}

/** POST /staff/appointments/{id}/did-not-attend: Missed, once the slot has ended. */
export async function markDidNotAttend(
  ctx: StaffContext,
  staff: Staff,
  id: string,
  note: string,
): Promise<{ message: string; appointment: AppointmentRecord }> {
  const { db, now, consultation } = ctx;
  const at = now();
  await db.transaction(async (tx) => {
    const a = await actionable(tx, staff, id);
    const status = statusAt(a, at);
    if (status === 'Cancelled') throw new ConflictError(staffMessages.missedCancelled);
    if (status === 'Completed') throw new ConflictError(staffMessages.missedCompleted);
    if (status === 'Missed') throw new ConflictError(staffMessages.missedAlready);
    if (hasChat(a.record)) throw new NotYetError({ message: staffMessages.missedChat, code: 'didNotAttendChat' });
    if (!isExpected(a.record.appointmentPaymentStatus)) throw new NotYetError({ message: staffMessages.missedUnpaid, code: 'didNotAttendUnpaid' });
    const { endsAt } = consultationTimes(a, consultation);
    if (at < endsAt) {
      throw new NotYetError({ message: staffMessages.missedNotYet(fromMinutes(clinicClock(endsAt).minutes)), code: 'didNotAttendNotYet', endsAt: endsAt.toISOString() });
    }
    await markMissed(tx, a.record._id, at);
    await insertAudit(
      tx,
      { ...auditActor(staff), action: 'appointment.missed', appointmentId: a.record._id, details: { before: { status }, after: { status: 'Missed' }, note } },
      at,
    );
  });
  return answer(ctx, id, staffMessages.missed);
}
