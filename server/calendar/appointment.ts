/**
 * The calendar event of an appointment: the same .ics for GET /api/appointment/{id}/calendar.ics
 * and for the booking confirmation mail. It starts at the appointment's clinic date and time
 * (Asia/Kolkata) and lasts the doctor's slot length. Its words follow the account's language (issue
 * 15), as the confirmation mail's do; names and the appointment number stay as written.
 */
import { appointmentPlace, type AppointmentRecord } from '../../contract/appointments.js';
import { clinicName } from '../mail/templates.js';
import { clinicInstant } from '../../contract/clinicTime.js';
import type { Language } from '../../contract/auth.js';
import { documentWords } from '../documents/words.js';
import { clinicDayLong } from '../formats.js';
import { clinicWhenIn, mailWords } from '../mail/words.js';
import { type CalendarEvent, icsCalendar } from './ics.js';

export interface AppointmentEventOptions {
  /** The account's language (015): the event's words; English when not given. */
  language?: Language;
  /** The doctor's slot length in minutes. */
  slotMinutes: number;
  /** PUBLIC_URL: the UID's domain and the link back to /myappointment. */
  publicUrl: string;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
}

/** 'Tuesday, 11 March 2025 at 11:00 (India Standard Time)': the clinic's wall clock, in words. */
export function clinicWhen(date: string, time: string): string {
  return `${clinicDayLong(date)} at ${time} (India Standard Time)`;
}

export function appointmentSummary(record: Pick<AppointmentRecord, 'consultationType' | 'doctorName'>): string {
  const what = record.consultationType === 'Clinic Visit' ? 'Clinic visit' : `${record.consultationType} consultation`;
  return `${what} with ${record.doctorName}`;
}

export function appointmentFileName(record: Pick<AppointmentRecord, 'appointmentId'>): string {
  return `appointment-${record.appointmentId.replace(/[^A-Za-z0-9-]/g, '')}.ics`;
}

/** What the event says, in the account's language: its title, when and where, and the labels of its description. */
function eventWords(record: AppointmentRecord, language: Language, publicUrl: string) {
  const place = `${clinicName}, ${record.location}`;
  const online = record.consultationType !== 'Clinic Visit';
  // Booked from the doctor's online hours (010): no clinic at all, 'Online (Video)'.
  const noClinic = record.location === '';
  const appointmentsUrl = `${publicUrl}/#/myappointment`;
  if (language === 'en') {
    return {
      summary: appointmentSummary(record),
      location: noClinic ? appointmentPlace(record) : online ? `${record.consultationType} (${place})` : place,
      description: [
        `Appointment ${record.appointmentId}`,
        appointmentSummary(record),
        `When: ${clinicWhen(record.date, record.startTime)}`,
        `Where: ${noClinic ? appointmentPlace(record) : online ? `${record.consultationType}, booked at ${place}` : place}`,
        `Your appointments: ${appointmentsUrl}`,
      ],
    };
  }
  const w = mailWords[language];
  const c = w.confirmation;
  const type = record.consultationType;
  const documentW = documentWords[language];
  const where = noClinic ? documentW.mode.online(documentW.typeNames[type]) : online ? c.online(type, place) : place;
  return {
    summary: c.summary(type, record.doctorName),
    location: where,
    description: [
      `${c.number}: ${record.appointmentId}`,
      c.summary(type, record.doctorName),
      `${c.when}: ${clinicWhenIn(language, record.date, record.startTime)}`,
      `${c.where}: ${where}`,
      `${c.manage} ${appointmentsUrl}`,
    ],
  };
}

/** The appointment's calendar event (one file holds one, or a follow-up course's several). */
export function appointmentEvent(record: AppointmentRecord, options: AppointmentEventOptions): CalendarEvent {
  const start = clinicInstant(record.date, record.startTime);
  const end = new Date(start.getTime() + options.slotMinutes * 60_000);
  const host = new URL(options.publicUrl).hostname;
  const words = eventWords(record, options.language ?? 'en', options.publicUrl);
  return {
    uid: `${record._id}@${host}`,
    start,
    end,
    stamp: options.stamp,
    summary: words.summary,
    location: words.location,
    description: words.description.join('\n'),
    url: `${options.publicUrl}/#/myappointment`,
    alarmMinutes: 60,
  };
}

export function appointmentIcs(record: AppointmentRecord, options: AppointmentEventOptions): string {
  return icsCalendar(appointmentEvent(record, options));
}
