/**
 * The appointment reminder mail, written like server/mail/templates.ts: plain text and
 * simple HTML, the clinic's date and time in words, in the account's language (English here,
 * हिन्दी and मराठी from server/mail/words.ts; server/jobs/reminders.ts fills them).
 */
import type { Language } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { defaultConsultationConfig } from '../consultation/config.js';
import type { Mail } from './mailer.js';
import { clinicName, escapeHtml, joinLine } from './templates.js';
import { clinicClockIn, clinicWhenIn, type MailLanguage, mailWords } from './words.js';


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
  /** The account's language (015); English when absent. With it, the clinic date and time and the lead in minutes. */
  language?: Language;
  date?: string;
  startTime?: string;
  leadMinutes?: number;
  /** JOIN_OPENS_MINUTES_BEFORE: a Chat or Video says from when it opens in the portal. */
  joinOpensMinutesBefore?: number;
  /** The no-login page that turns email reminders off (server/messaging/optOut.ts). */
  optOutUrl?: string;
}

const englishOptOut = 'No more reminders by email? Turn them off here (no login needed):';

/** Where or how the consultation happens, in one sentence. */
export function reminderWhere(
  r: Pick<AppointmentReminder, 'consultationType' | 'doctorName' | 'location' | 'phoneNumber' | 'appointmentsUrl' | 'startTime' | 'joinOpensMinutesBefore'>,
): string {
  switch (r.consultationType) {
    case 'Clinic Visit':
      return `At ${clinicName}, ${r.location}. Please come 10 minutes early.`;
    case 'Call':
      return `${r.doctorName} will call you on ${r.phoneNumber}.`;
    case 'Video':
    case 'Chat':
      if (r.startTime !== undefined) return joinLine(r.consultationType, r.appointmentsUrl, joinMinutes(r), r.startTime);
      return `The ${r.consultationType === 'Video' ? 'video call' : 'chat'} opens from My Appointment in the portal: ${r.appointmentsUrl}`;
    default:
      return `The chat opens from My Appointment in the portal: ${r.appointmentsUrl}`;
  }
}

const joinMinutes = (r: Pick<AppointmentReminder, 'joinOpensMinutesBefore'>) => r.joinOpensMinutesBefore ?? defaultConsultationConfig.joinOpensMinutesBefore;

export const leadInWords = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;

export function appointmentReminderMail(r: AppointmentReminder, idempotencyKey: string): Mail {
  if (r.language && r.language !== 'en' && r.date && r.startTime && r.leadMinutes !== undefined && r.consultationType in mailWords[r.language].typeNames) {
    return localizedReminderMail(r.language, r as Localizable, idempotencyKey);
  }
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
    ...(r.optOutUrl ? [`${englishOptOut} ${r.optOutUrl}`, ''] : []),
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
${optOutHtml(englishOptOut, r.optOutUrl)}<p>${escapeHtml(clinicName)}</p>
</body>
</html>
`;
  return { to: r.to, subject, text, html, consoleSummary: `reminder ${r.appointmentNumber}`, idempotencyKey };
}

type Localizable = Required<Omit<AppointmentReminder, 'optOutUrl' | 'joinOpensMinutesBefore'>> & Pick<AppointmentReminder, 'optOutUrl' | 'joinOpensMinutesBefore'>;

const optOutHtml = (words: string, url: string | undefined) =>
  url ? `<p style="font-size: 13px; color: #52606d">${escapeHtml(words)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>\n` : '';

function localizedReminderMail(language: MailLanguage, r: Localizable, idempotencyKey: string): Mail {
  const w = mailWords[language];
  const c = w.confirmation;
  const type = r.consultationType as ConsultationType;
  const summary = c.summary(type, r.doctorName);
  const when = clinicWhenIn(language, r.date, r.startTime);
  const where =
    type === 'Clinic Visit'
      ? w.reminder.atClinic(`${w.clinic}, ${r.location}`)
      : type === 'Call'
        ? w.reminder.byCall(r.doctorName, r.phoneNumber)
        : (type === 'Video' ? w.reminder.byVideo : w.reminder.byChat)(r.appointmentsUrl, joinMinutes(r), clinicClockIn(language, r.date, r.startTime));
  const intro = w.reminder.intro(w.reminder.leadIn(r.leadMinutes));
  const text = [
    c.hello(r.firstName),
    '',
    intro,
    '',
    `  ${summary}`,
    `  ${c.when}: ${when}`,
    `  ${c.where}: ${where}`,
    `  ${c.number}: ${r.appointmentNumber}`,
    '',
    `${c.manage} ${r.appointmentsUrl}`,
    '',
    ...(r.optOutUrl ? [`${w.reminder.optOut} ${r.optOutUrl}`, ''] : []),
    w.clinic,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding: 2px 12px 2px 0"><strong>${escapeHtml(label)}</strong></td><td>${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', 'Kohinoor Devanagari', sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(c.hello(r.firstName))}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse: collapse">
${row(c.what, summary)}
${row(c.when, when)}
${row(c.where, where)}
${row(c.number, r.appointmentNumber)}
</table>
<p><a href="${escapeHtml(r.appointmentsUrl)}">${escapeHtml(c.manageLink)}</a></p>
${optOutHtml(w.reminder.optOut, r.optOutUrl)}<p>${escapeHtml(w.clinic)}</p>
</body>
</html>
`;
  const subject = w.reminder.subject(summary, when.replace(/ \([^)]*\)$/, ''));
  return { to: r.to, subject, text, html, consoleSummary: `reminder ${r.appointmentNumber}`, idempotencyKey };
}
