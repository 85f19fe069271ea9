/**
 * The appointment in the patient's calendar: the .ics file they download, and the booking
 * confirmation mail that carries it once the fee is paid.
 */
import type { User } from '../../../contract/auth.js';
import { sessionCaller } from '../../access/caller.js';
import { assertOwnsAppointment } from '../../access/rules.js';
import { appointmentFileName, appointmentIcs, appointmentSummary, clinicWhen } from '../../calendar/appointment.js';
import { calendarContentType } from '../../calendar/ics.js';
import { bookingConfirmationMail } from '../../mail/templates.js';
import type { Queryable } from '../../db/database.js';
import type { Mail } from '../../mail/mailer.js';
import { findStoredAppointment } from '../../repositories/appointmentRecords.js';
import { appointmentMessages } from '../appointments.js';
import { findDoctorRegistration } from '../../repositories/doctors.js';
import { findLanguage } from '../../repositories/users.js';
import type { AppointmentServiceDeps } from './service.js';
import { confirmedForCalendar } from './checks/confirmedForCalendar.js';
import { isExpected, statusAt } from './status.js';

/** GET /appointment/{id}/calendar.ics: the owner's booked and paid appointment as an iCalendar file (404 for another's, 409 unless confirmed). */
export async function calendarFile(
  { db, now, publicUrl }: Pick<AppointmentServiceDeps, 'db' | 'now' | 'publicUrl'>,
  user: User,
  id: string,
): Promise<{ fileName: string; contentType: string; body: string }> {
  const at = now();
  const stored = assertOwnsAppointment(sessionCaller(user), await findStoredAppointment(db, id), appointmentMessages.notFound);
  confirmedForCalendar(statusAt(stored, at), stored.record.appointmentPaymentStatus);
  return {
    fileName: appointmentFileName(stored.record),
    contentType: calendarContentType,
    body: appointmentIcs(stored.record, {
      slotMinutes: stored.slotMinutes,
      publicUrl,
      stamp: at,
      language: (await findLanguage(db, stored.userId)) ?? 'en',
    }),
  };
}

/**
 * The booking confirmation with the appointment's .ics, to the account's email, built when its
 * keyed mail is sent (server/jobs/commitMails.ts) from the appointment as it is then: queued by
 * the transaction that marked the appointment paid (or booked it with its fee due at the clinic,
 * which the mail then says), it is dropped (and says why) when the
 * appointment is gone, cancelled, or no longer paid by the time it goes out.
 */
export async function confirmationMail(
  { db, publicUrl, joinOpensMinutesBefore }: { db: Queryable; publicUrl: string; joinOpensMinutesBefore?: number },
  appointmentId: string,
  at: Date,
): Promise<Omit<Mail, 'idempotencyKey'> | { drop: string }> {
  const stored = await findStoredAppointment(db, appointmentId);
  if (!stored) return { drop: 'appointment gone' };
  if (statusAt(stored, at) === 'Cancelled') return { drop: 'appointment cancelled before its confirmation went out' };
  if (!isExpected(stored.record.appointmentPaymentStatus)) return { drop: `appointment no longer paid (${stored.record.appointmentPaymentStatus})` };
  // A patient the desk registered without an email has nowhere to be mailed.
  if (stored.record.email === '') return { drop: 'the patient has no email' };
  const { record } = stored;
  // India's telemedicine guidelines: every consultation mail names the doctor's registration.
  const reg = await findDoctorRegistration(db, stored.doctorId);
  // In the account's language; the doctor's and the place's names stay as written.
  const language = (await findLanguage(db, stored.userId)) ?? 'en';
  return bookingConfirmationMail({
    language,
    doctorName: record.doctorName,
    date: record.date,
    startTime: record.startTime,
    ...(joinOpensMinutesBefore !== undefined ? { joinOpensMinutesBefore } : {}),
    doctorRegistration: reg && reg.council !== '' && reg.number !== '' ? `${reg.council}, ${reg.number}` : '',
    to: record.email,
    // The mail goes to the account holder: for themselves it greets the name they booked
    // with; for a family member it greets the holder and says who is consulted.
    firstName: record.familyMemberId ? (record.accountHolder?.firstName ?? record.firstName) : record.firstName,
    forPerson: record.familyMemberId ? `${record.firstName} ${record.lastName}`.trim() : null,
    appointmentNumber: record.appointmentId,
    summary: appointmentSummary(record),
    when: clinicWhen(record.date, record.startTime),
    location: record.location,
    consultationType: record.consultationType,
    fee: record.consultationFee,
    due: record.appointmentPaymentStatus === 'due',
    appointmentsUrl: `${publicUrl}/#/myappointment`,
    calendar: {
      filename: appointmentFileName(record),
      contentType: calendarContentType,
      content: appointmentIcs(record, { slotMinutes: stored.slotMinutes, publicUrl, stamp: at, language }),
    },
  });
}
