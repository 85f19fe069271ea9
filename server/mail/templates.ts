/** The mails the server sends, in plain text and simple HTML. */
import type { Mail, MailAttachment } from './mailer.js';

export const clinicName = 'Sahaj Homeopathy Clinic';
const clinic = clinicName;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The email code. The same words whether or not the address has an account, so the mail tells
 * nobody more than the answer to send-otp does.
 */
export function oneTimeCodeMail(to: string, code: string, validMinutes: number): Mail {
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

export interface BookingConfirmation {
  to: string;
  firstName: string;
  /** 'SHC-25-000001'. */
  appointmentNumber: string;
  /** 'Video consultation with Dr. Meera Kulkarni'. */
  summary: string;
  /** The clinic's date and time in words ('Tuesday, 11 March 2025 at 11:00 (India Standard Time)'). */
  when: string;
  location: string;
  consultationType: string;
  /** Rupees paid. */
  fee: number;
  /** PUBLIC_URL/#/myappointment. */
  appointmentsUrl: string;
  /** The appointment's .ics, attached. */
  calendar: MailAttachment;
}

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(amount);

/** Sent once, when the payment of an appointment settles (server/services/appointments.ts). */
export function bookingConfirmationMail(b: BookingConfirmation): Mail {
  const subject = `Appointment confirmed: ${b.when.replace(/ \(India Standard Time\)$/, '')} (${b.appointmentNumber})`;
  const where = b.consultationType === 'Clinic Visit' ? `${clinic}, ${b.location}` : `${b.consultationType}, booked at ${clinic}, ${b.location}`;
  const text = [
    `Hello ${b.firstName},`,
    '',
    `Your appointment is booked and its fee of ${rupees(b.fee)} is paid.`,
    '',
    `  ${b.summary}`,
    `  When: ${b.when}`,
    `  Where: ${where}`,
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
<p>Your appointment is booked and its fee of ${escapeHtml(rupees(b.fee))} is paid.</p>
<table role="presentation" style="border-collapse: collapse">
<tr><td style="padding: 2px 12px 2px 0"><strong>What</strong></td><td>${escapeHtml(b.summary)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>When</strong></td><td>${escapeHtml(b.when)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>Where</strong></td><td>${escapeHtml(where)}</td></tr>
<tr><td style="padding: 2px 12px 2px 0"><strong>Appointment id</strong></td><td>${escapeHtml(b.appointmentNumber)}</td></tr>
</table>
<p>The attached file (${escapeHtml(b.calendar.filename)}) adds it to your calendar.</p>
<p><a href="${escapeHtml(b.appointmentsUrl)}">See, move or cancel your appointments</a>. The fee is not refunded when an appointment is cancelled.</p>
<p>${escapeHtml(clinic)}</p>
</body>
</html>
`;
  return { to: b.to, subject, text, html, consoleSummary: `booking ${b.appointmentNumber} confirmed`, attachments: [b.calendar] };
}
