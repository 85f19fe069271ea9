/**
 * The appointment reminder mail (issue 16), in English, written like server/mail/templates.ts:
 * plain text and simple HTML, the clinic's date and time in words. The language issue translates
 * these texts (they are the only words of the reminder; server/jobs/reminders.ts fills them).
 */
import type { Mail } from './mailer.js';
import { clinicName } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface AppointmentReminder {
  to: string;
  firstName: string;
  appointmentNumber: string;
  /** 'Video consultation with Dr. Meera Kulkarni'. */
  summary: string;
  /** 'Tuesday, 11 March 2025 at 11:00 (India Standard Time)'. */
  when: string;
  /** '24 hours', '2 hours', '30 minutes': how far ahead this reminder was meant to be. */
  leadInWords: string;
  consultationType: string;
  doctorName: string;
  location: string;
  phoneNumber: string;
  /** PUBLIC_URL/#/myappointment: to see, move or cancel it, and where video and chat open. */
  appointmentsUrl: string;
}

/** Where or how the consultation happens, in one sentence. */
export function reminderWhere(r: Pick<AppointmentReminder, 'consultationType' | 'doctorName' | 'location' | 'phoneNumber' | 'appointmentsUrl'>): string {
  switch (r.consultationType) {
    case 'Clinic Visit':
      return `At ${clinicName}, ${r.location}. Please come 10 minutes early.`;
    case 'Call':
      return `${r.doctorName} will call you on ${r.phoneNumber}.`;
    case 'Video':
      return `The video call opens from My Appointment in the portal: ${r.appointmentsUrl}`;
    default:
      return `The chat opens from My Appointment in the portal: ${r.appointmentsUrl}`;
  }
}

export const leadInWords = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;

export function appointmentReminderMail(r: AppointmentReminder, idempotencyKey: string): Mail {
  const subject = `Reminder: ${r.summary}, ${r.when.replace(/ \(India Standard Time\)$/, '')}`;
  const where = reminderWhere(r);
  const text = [
    `Hello ${r.firstName},`,
    '',
    `This is a reminder of your appointment (in about ${r.leadInWords}).`,
    '',
    `  ${r.summary}`,
    `  When: ${r.when}`,
    `  Where: ${where}`,
    `  Appointment id: ${r.appointmentNumber}`,
    '',
    `To see, move or cancel it: ${r.appointmentsUrl}`,
    '',
    clinicName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>Hello ${escapeHtml(r.firstName)},</p>
<p>This is a reminder of your appointment (in about ${escapeHtml(r.leadInWords)}).</p>
<table role="presentation" style="border-collapse: collapse">
<tr><td style="padding: 2px 12px 2px 0"><strong>What</strong></td><td>${escapeHtml(r.summary)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>When</strong></td><td>${escapeHtml(r.when)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>Where</strong></td><td>${escapeHtml(where)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>Appointment id</strong></td><td>${escapeHtml(r.appointmentNumber)}</td></tr>
</table>
<p><a href="${escapeHtml(r.appointmentsUrl)}">See, move or cancel your appointment</a></p>
<p>${escapeHtml(clinicName)}</p>
</body>
</html>
`;
  return { to: r.to, subject, text, html, consoleSummary: `reminder ${r.appointmentNumber}`, idempotencyKey };
}
