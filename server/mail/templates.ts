/** The mails the server sends, in plain text and simple HTML. */
import type { Mail } from './mailer.js';

const clinic = 'Sahaj Homeopathy Clinic';

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
