/**
 * Refund mails: the patient's notice when a refund is flagged and the one when a refund made
 * through the payment provider completed, in the account's language (server/mail/words.ts), and the admin's daily summary of open refunds (staff: English).
 */
import type { Language } from '../../contract/auth.js';
import { rupeesOf } from '../../contract/money.js';
import type { Mail } from './mailer.js';
import { clinicName, escapeHtml } from './templates.js';
import { rupees } from '../formats.js';
import { mailWords, type MailWords } from './words.js';


export type RefundReason = 'slotLost' | 'cancelled' | 'duplicate' | 'order' | 'unused';

const english: MailWords['refund'] = {
  subject: (number) => `Your fee will be refunded (${number})`,
  slotLost: (number) => `The payment for appointment ${number} arrived after its held time had run out, and by then somebody else had booked that time.`,
  cancelled: (number) => `Appointment ${number} was cancelled after its fee was paid.`,
  duplicate: (number) => `The fee for appointment ${number} was paid twice.`,
  order: (number) => `The pharmacy order of appointment ${number} was cancelled after it was paid.`,
  unused: (number) => `A payment for appointment ${number} could not be used for it.`,
  amount: (rupees) => `The clinic will refund ${rupees} to you.`,
  next: "The clinic's staff will pay it back the way you paid. You need not do anything.",
  questions: 'If you have a question, reply to this mail or call the clinic.',
};

export interface RefundNotice {
  to: string;
  firstName: string;
  appointmentNumber: string;
  reason: RefundReason;
  amountPaise: number;
  language: Language;
}

/** A patient's refund mail: greeting, paragraphs and the clinic's name, as text and HTML. */
function patientRefundMail(n: { to: string; firstName: string; language: Language }, subject: string, paragraphs: readonly string[], summary: string): Omit<Mail, 'idempotencyKey'> {
  const hello = n.language === 'en' ? `Hello ${n.firstName},` : mailWords[n.language].confirmation.hello(n.firstName);
  const clinic = n.language === 'en' ? clinicName : mailWords[n.language].clinic;
  const text = [hello, '', ...paragraphs.flatMap((p) => [p, '']), clinic].join('\n');
  const html = `<!doctype html>
<html lang="${n.language}">
<body style="font-family: Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p>${escapeHtml(clinic)}</p>
</body>
</html>
`;
  return { to: n.to, subject, text, html, consoleSummary: summary };
}

export function refundNoticeMail(n: RefundNotice): Omit<Mail, 'idempotencyKey'> {
  const w = n.language === 'en' ? english : mailWords[n.language].refund;
  const paragraphs = [w[n.reason](n.appointmentNumber), w.amount(rupees(rupeesOf(n.amountPaise), n.language)), w.next, w.questions];
  return patientRefundMail(n, w.subject(n.appointmentNumber), paragraphs, `refund notice ${n.appointmentNumber}`);
}

const englishDone: MailWords['refundDone'] = {
  subject: (number) => `Your fee has been refunded (${number})`,
  done: (rupees, number) => `${rupees} for appointment ${number} has been sent back the way you paid.`,
  when: 'Depending on your bank, it shows in your account within a few days.',
};

/** The refund made through the payment provider completed. */
export function refundDoneMail(n: Omit<RefundNotice, 'reason'>): Omit<Mail, 'idempotencyKey'> {
  const w = n.language === 'en' ? englishDone : mailWords[n.language].refundDone;
  const questions = n.language === 'en' ? english.questions : mailWords[n.language].refund.questions;
  const paragraphs = [w.done(rupees(rupeesOf(n.amountPaise), n.language), n.appointmentNumber), w.when, questions];
  return patientRefundMail(n, w.subject(n.appointmentNumber), paragraphs, `refund completed ${n.appointmentNumber}`);
}

export interface RefundSummaryLine {
  appointmentNumber: string;
  patient: string;
  amountPaise: number;
  flaggedOn: string;
  reason: RefundReason;
}

const reasonForStaff: Readonly<Record<RefundReason, string>> = {
  slotLost: 'paid after the hold lapsed, slot lost',
  cancelled: 'cancelled after paying',
  duplicate: 'paid twice',
  order: 'pharmacy order cancelled after paying',
  unused: 'payment not applicable (fee changed)',
};

/** The admin's daily summary: every open refund, oldest first, with the staff console's address. */
export function refundSummaryMail(to: string, day: string, lines: readonly RefundSummaryLine[], refundsUrl: string): Omit<Mail, 'idempotencyKey'> {
  const total = lines.reduce((sum, l) => sum + l.amountPaise, 0);
  const row = (l: RefundSummaryLine) =>
    `${l.appointmentNumber}  ${l.patient}  ${rupees(rupeesOf(l.amountPaise))}  flagged ${l.flaggedOn}  (${reasonForStaff[l.reason]})`;
  const intro = `${lines.length} refund${lines.length === 1 ? '' : 's'} open on ${day}, ${rupees(rupeesOf(total))} in all. Mark each one resolved in the staff console once paid back: ${refundsUrl}`;
  const text = [intro, '', ...lines.map(row), '', clinicName].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(intro)}</p>
<ul>
${lines.map((l) => `<li>${escapeHtml(row(l))}</li>`).join('\n')}
</ul>
<p>${escapeHtml(clinicName)}</p>
</body>
</html>
`;
  return { to, subject: `Open refunds: ${lines.length} (${day})`, text, html, consoleSummary: `refund summary ${day}` };
}
