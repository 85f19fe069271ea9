/**
 * The mails the server sends, in plain text and simple HTML, in the account's language:
 * English below as it was, हिन्दी and मराठी from ./words.ts.
 */
import type { Language } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { Mail, MailAttachment } from './mailer.js';
import { rupees } from '../formats.js';
import { clinicClockIn, clinicWhenIn, type FollowUpMailWords, mailWords, type MailLanguage } from './words.js';

export const clinicName = 'Sahaj Homeopathy Clinic';
const clinic = clinicName;

/** For the mails' HTML parts (every template here and in server/jobs). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The email code. The same words whether or not the address has an account, so the mail tells
 * nobody more than the answer to send-otp does.
 */
export function oneTimeCodeMail(to: string, code: string, validMinutes: number, language: Language = 'en'): Mail {
  if (language !== 'en') return localizedCodeMail(language, to, code, validMinutes);
  const subject = `Your ${clinic} verification code`;
  const text = [
    'Hello,',
    '',
    `Your verification code is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. Type it on the page where you asked for it.`,
    '',
    'If you did not ask for this code, you can ignore this email: nothing changes without it.',
    'Nobody from the clinic will ever ask you for this code.',
    '',
    clinic,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>Hello,</p>
<p>Your verification code is:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(code)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. Type it on the page where you asked for it.</p>
<p>If you did not ask for this code, you can ignore this email: nothing changes without it.
Nobody from the clinic will ever ask you for this code.</p>
<p>${escapeHtml(clinic)}</p>
</body>
</html>
`;
  return { to, subject, text, html, consoleSummary: `code ${code}` };
}

/**
 * How a Chat or Video is joined, and from when: in the portal, on My Appointment, from
 * JOIN_OPENS_MINUTES_BEFORE before the start (server/services/consultations.ts joinWindow).
 */
export function joinLine(type: 'Chat' | 'Video', appointmentsUrl: string, minutesBefore: number, startTime: string): string {
  const what = type === 'Video' ? 'The video call' : 'The chat';
  return `${what} opens on My Appointment in the portal, ${minutesBefore} minute${minutesBefore === 1 ? '' : 's'} before ${startTime}: ${appointmentsUrl}`;
}

export interface BookingConfirmation {
  to: string;
  /** The account holder's, who booked and reads the mail. */
  firstName: string;
  /** The person consulted when not the account holder (a family member): 'Riya Sharma (Daughter)'. */
  forPerson?: string | null;
  /** 'SHC-25-000001'. */
  appointmentNumber: string;
  /** 'Video consultation with Dr. Meera Kulkarni'. */
  summary: string;
  /** The doctor's registration, 'Maharashtra Council of Homoeopathy, MH-HOM-48213' ('' when not entered; then not printed). */
  doctorRegistration?: string;
  /** The clinic's date and time in words ('Tuesday, 11 March 2025 at 11:00 (India Standard Time)'). */
  when: string;
  location: string;
  consultationType: string;
  /** Rupees paid, or (`due`) to be paid at the clinic. */
  fee: number;
  /** The fee is to be paid at the clinic, not paid yet. */
  due?: boolean;
  /** PUBLIC_URL/#/myappointment. */
  appointmentsUrl: string;
  /** The appointment's .ics, attached. */
  calendar: MailAttachment;
  /** The account's language (015); English when not given. */
  language?: Language;
  /** For a mail in हिन्दी or मराठी, which writes the summary and the date itself. */
  doctorName?: string;
  date?: string;
  startTime?: string;
  /** JOIN_OPENS_MINUTES_BEFORE: a Chat or Video says from when it opens in the portal. */
  joinOpensMinutesBefore?: number;
}

/** A Chat's or Video's line on how it is joined; null for a Call or a Clinic Visit, or without the time. */
function confirmationJoin(b: BookingConfirmation, line: (type: 'Chat' | 'Video') => string): string | null {
  if ((b.consultationType !== 'Chat' && b.consultationType !== 'Video') || b.joinOpensMinutesBefore === undefined || b.startTime === undefined) return null;
  return line(b.consultationType);
}

/** Sent once, when the payment of an appointment settles (server/services/appointments.ts). */
export function bookingConfirmationMail(b: BookingConfirmation): Mail {
  if (b.language && b.language !== 'en') return localizedConfirmationMail(b.language, b);
  const subject = `Appointment confirmed: ${b.when.replace(/ \(India Standard Time\)$/, '')} (${b.appointmentNumber})`;
  // location '': booked from the doctor's online hours (010), 'Online (Video)'.
  const where =
    b.location === ''
      ? `Online (${b.consultationType})`
      : b.consultationType === 'Clinic Visit'
        ? `${clinic}, ${b.location}`
        : `${b.consultationType}, booked at ${clinic}, ${b.location}`;
  const feeLine = b.due
    ? `Your appointment is booked. Its fee of ${rupees(b.fee)} is to be paid at the clinic.`
    : `Your appointment is booked and its fee of ${rupees(b.fee)} is paid.`;
  const join = confirmationJoin(b, (type) => joinLine(type, b.appointmentsUrl, b.joinOpensMinutesBefore!, b.startTime!));
  const text = [
    `Hello ${b.firstName},`,
    '',
    feeLine,
    '',
    `  ${b.summary}`,
    ...(b.doctorRegistration ? [`  Doctor's registration: ${b.doctorRegistration}`] : []),
    ...(b.forPerson ? [`  For: ${b.forPerson}`] : []),
    `  When: ${b.when}`,
    `  Where: ${where}`,
    ...(join ? [`  How to join: ${join}`] : []),
    `  Appointment id: ${b.appointmentNumber}`,
    '',
    `The attached file (${b.calendar.filename}) adds it to your calendar.`,
    `To see, move or cancel it: ${b.appointmentsUrl}`,
    'The fee is not refunded when an appointment is cancelled.',
    '',
    clinic,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>Hello ${escapeHtml(b.firstName)},</p>
<p>${escapeHtml(feeLine)}</p>
<table role="presentation" style="border-collapse: collapse">
<tr><td style="padding: 2px 12px 2px 0"><strong>What</strong></td><td>${escapeHtml(b.summary)}</td></tr>
${b.doctorRegistration ? `<tr><td style="padding: 2px 12px 2px 0"><strong>Doctor's registration</strong></td><td>${escapeHtml(b.doctorRegistration)}</td></tr>
` : ''}${b.forPerson ? `<tr><td style="padding: 2px 12px 2px 0"><strong>For</strong></td><td>${escapeHtml(b.forPerson)}</td></tr>\n` : ''}<tr><td style="padding: 2px 12px 2px 0"><strong>When</strong></td><td>${escapeHtml(b.when)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>Where</strong></td><td>${escapeHtml(where)}</td></tr>
${join ? `<tr><td style="padding: 2px 12px 2px 0"><strong>How to join</strong></td><td>${escapeHtml(join)}</td></tr>\n` : ''}<tr><td style="padding: 2px 12px 2px 0"><strong>Appointment id</strong></td><td>${escapeHtml(b.appointmentNumber)}</td></tr>
</table>
<p>The attached file (${escapeHtml(b.calendar.filename)}) adds it to your calendar.</p>
<p><a href="${escapeHtml(b.appointmentsUrl)}">See, move or cancel your appointments</a>. The fee is not refunded when an appointment is cancelled.</p>
<p>${escapeHtml(clinic)}</p>
</body>
</html>
`;
  return { to: b.to, subject, text, html, consoleSummary: `booking ${b.appointmentNumber} confirmed`, attachments: [b.calendar] };
}

const page = (language: MailLanguage, body: string) => `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', 'Kohinoor Devanagari', sans-serif; color: #1f2933; line-height: 1.5">
${body}
</body>
</html>
`;

function localizedCodeMail(language: MailLanguage, to: string, code: string, validMinutes: number): Mail {
  const w = mailWords[language];
  const subject = w.code.subject(w.clinic);
  const text = [w.code.hello, '', `${w.code.yourCode} ${code}`, '', w.code.valid(validMinutes), '', w.code.notYou, w.code.neverAsk, '', w.clinic].join('\n');
  const html = page(
    language,
    `<p>${escapeHtml(w.code.hello)}</p>
<p>${escapeHtml(w.code.yourCode)}</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(code)}</p>
<p>${escapeHtml(w.code.valid(validMinutes))}</p>
<p>${escapeHtml(w.code.notYou)}
${escapeHtml(w.code.neverAsk)}</p>
<p>${escapeHtml(w.clinic)}</p>`,
  );
  return { to, subject, text, html, consoleSummary: `code ${code}` };
}

function localizedConfirmationMail(language: MailLanguage, b: BookingConfirmation): Mail {
  const w = mailWords[language];
  const c = w.confirmation;
  const type = b.consultationType as ConsultationType;
  const known = b.date !== undefined && b.startTime !== undefined && b.doctorName !== undefined && type in w.typeNames;
  // Without the parts (an older caller), the English summary and date are kept rather than guessed.
  const when = b.date !== undefined && b.startTime !== undefined ? clinicWhenIn(language, b.date, b.startTime) : b.when;
  const summary = known ? c.summary(type, b.doctorName!) : b.summary;
  const place = `${w.clinic}, ${b.location}`;
  // location '': booked from the online hours, no clinic to name.
  const where =
    b.location === '' && type in w.typeNames
      ? c.onlineNoClinic(type)
      : type === 'Clinic Visit' || !(type in w.typeNames)
        ? place
        : c.online(type, place);
  const fee = rupees(b.fee, language);
  const feeLine = b.due ? c.due(fee) : c.paid(fee);
  const join = confirmationJoin(b, (joined) =>
    (joined === 'Video' ? w.reminder.byVideo : w.reminder.byChat)(b.appointmentsUrl, b.joinOpensMinutesBefore!, b.date === undefined ? b.startTime! : clinicClockIn(language, b.date, b.startTime!)),
  );
  const subject = c.subject(when.replace(/ \([^)]*\)$/, ''), b.appointmentNumber);
  const text = [
    c.hello(b.firstName),
    '',
    feeLine,
    '',
    `  ${summary}`,
    ...(b.doctorRegistration ? [`  ${c.registration}: ${b.doctorRegistration}`] : []),
    ...(b.forPerson ? [`  ${c.forPerson}: ${b.forPerson}`] : []),
    `  ${c.when}: ${when}`,
    `  ${c.where}: ${where}`,
    ...(join ? [`  ${c.join}: ${join}`] : []),
    `  ${c.number}: ${b.appointmentNumber}`,
    '',
    c.calendar(b.calendar.filename),
    `${c.manage} ${b.appointmentsUrl}`,
    c.noRefund,
    '',
    w.clinic,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding: 2px 12px 2px 0"><strong>${escapeHtml(label)}</strong></td><td>${escapeHtml(value)}</td></tr>`;
  const html = page(
    language,
    `<p>${escapeHtml(c.hello(b.firstName))}</p>
<p>${escapeHtml(feeLine)}</p>
<table role="presentation" style="border-collapse: collapse">
${row(c.what, summary)}
${b.doctorRegistration ? `${row(c.registration, b.doctorRegistration)}\n` : ''}${b.forPerson ? `${row(c.forPerson, b.forPerson)}\n` : ''}${row(c.when, when)}
${row(c.where, where)}
${join ? `${row(c.join, join)}\n` : ''}${row(c.number, b.appointmentNumber)}
</table>
<p>${escapeHtml(c.calendar(b.calendar.filename))}</p>
<p><a href="${escapeHtml(b.appointmentsUrl)}">${escapeHtml(c.manageLink)}</a>. ${escapeHtml(c.noRefund)}</p>
<p>${escapeHtml(w.clinic)}</p>`,
  );
  return { to: b.to, subject, text, html, consoleSummary: `booking ${b.appointmentNumber} confirmed`, attachments: [b.calendar] };
}

export interface PrescriptionMail {
  to: string;
  firstName: string;
  appointmentNumber: string;
  doctorName: string;
  /** PUBLIC_URL/#/myremedies. */
  remediesUrl: string;
  /** The prescription's PDF, attached. */
  prescription: MailAttachment;
  /** The account's language (015); English when not given. */
  language?: Language;
  /** The follow-up the doctor asked for; absent: none. */
  followUp?: PrescriptionFollowUp;
}

/** The completion mail's follow-up, its parts already in the mail's language. */
export interface PrescriptionFollowUp {
  /** followUpWords' (contract/followUpWords.ts): "After 2 weeks", "As needed". */
  words: string;
  /** A dated follow-up's due date in words; null for "as needed". */
  due: string | null;
  /** The soonest free slots around the due date, in words (clinic date and time). */
  slots: string[];
  /** PUBLIC_URL/#/myappointment, where its card books it; null: no link (booked, or not known here). */
  bookUrl: string | null;
}

const englishFollowUp: FollowUpMailWords = {
  label: 'Follow-up',
  due: (date) => `from ${date}`,
  soonest: 'The soonest free times:',
  book: 'Book your follow-up',
};

/** The follow-up's lines of the text part and its paragraphs of the HTML part (empty without one). */
function followUpParts(w: FollowUpMailWords, f: PrescriptionFollowUp | undefined): { text: string[]; html: string } {
  if (!f) return { text: [], html: '' };
  const line = `${w.label}: ${f.words}${f.due === null ? '' : `, ${w.due(f.due)}`}`;
  const text = ['', line, ...(f.slots.length > 0 ? [w.soonest, ...f.slots.map((s) => `  ${s}`)] : []), ...(f.bookUrl ? [`${w.book}: ${f.bookUrl}`] : [])];
  const list = f.slots.length > 0 ? `\n<p>${escapeHtml(w.soonest)}</p>\n<ul>\n${f.slots.map((s) => `<li>${escapeHtml(s)}</li>`).join('\n')}\n</ul>` : '';
  const link = f.bookUrl ? `\n<p><a href="${escapeHtml(f.bookUrl)}">${escapeHtml(w.book)}</a></p>` : '';
  return { text, html: `\n<p>${escapeHtml(line)}</p>${list}${link}` };
}

function localizedPrescriptionMail(language: MailLanguage, p: PrescriptionMail): Mail {
  const w = mailWords[language];
  const subject = w.prescription.subject(p.doctorName, p.appointmentNumber);
  const completed = w.prescription.completed(p.appointmentNumber, p.doctorName, p.prescription.filename);
  const followUp = followUpParts(w.prescription.followUp, p.followUp);
  const text = [w.confirmation.hello(p.firstName), '', completed, ...followUp.text, '', `${w.prescription.remedies}: ${p.remediesUrl}`, '', w.clinic].join('\n');
  const html = page(
    language,
    `<p>${escapeHtml(w.confirmation.hello(p.firstName))}</p>
<p>${escapeHtml(completed)}</p>${followUp.html}
<p><a href="${escapeHtml(p.remediesUrl)}">${escapeHtml(w.prescription.remedies)}</a></p>
<p>${escapeHtml(w.clinic)}</p>`,
  );
  return { to: p.to, subject, text, html, consoleSummary: `prescription ${p.appointmentNumber}`, attachments: [p.prescription] };
}

/** Sent once per appointment, when a consultation's prescription is first shown to the patient (its keyed mail: server/jobs/commitMails.ts). */
export function prescriptionMail(p: PrescriptionMail): Mail {
  if (p.language && p.language !== 'en') return localizedPrescriptionMail(p.language, p);
  const subject = `Your prescription from ${p.doctorName} (${p.appointmentNumber})`;
  const followUp = followUpParts(englishFollowUp, p.followUp);
  const text = [
    `Hello ${p.firstName},`,
    '',
    `Your consultation ${p.appointmentNumber} with ${p.doctorName} is completed. Your prescription is attached (${p.prescription.filename}).`,
    ...followUp.text,
    '',
    `Your remedies, when to take them, and your receipts: ${p.remediesUrl}`,
    '',
    clinic,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>Hello ${escapeHtml(p.firstName)},</p>
<p>Your consultation ${escapeHtml(p.appointmentNumber)} with ${escapeHtml(p.doctorName)} is completed. Your prescription is attached (${escapeHtml(p.prescription.filename)}).</p>${followUp.html}
<p><a href="${escapeHtml(p.remediesUrl)}">Your remedies, when to take them, and your receipts</a></p>
<p>${escapeHtml(clinic)}</p>
</body>
</html>
`;
  return { to: p.to, subject, text, html, consoleSummary: `prescription ${p.appointmentNumber}`, attachments: [p.prescription] };
}
