/**
 * Mobile sign-in's keyed mails (server/jobs/keyedMails.ts), each queued in the transaction that
 * owes it:
 * - `code-cap:<clinic date>`: the day's cap of texted codes (MOBILE_CODES_PER_DAY) was reached;
 *   to ADMIN_EMAIL and every admin account, once that day (the key), in English (staff).
 * - `phone-changed:<account id>:<time>`: the account's verified mobile number was replaced; to
 *   the account's email, in its language, so its owner learns of a change they did not make.
 * Neither mail names a phone number.
 */
import type { Language } from '../../contract/auth.js';
import type { Database } from '../db/database.js';
import type { KeyedMailKind } from '../jobs/keyedMails.js';
import type { Mail } from '../mail/mailer.js';
import { clinicName, escapeHtml } from '../mail/templates.js';
import { mailWords } from '../mail/words.js';
import { findLanguage, findUserById } from '../repositories/users.js';
import { adminEmails } from './repository.js';

export const phoneChangedKey = (userId: string, at: Date) => `phone-changed:${userId}:${at.getTime()}`;

function plainMail(to: string, language: Language, subject: string, paragraphs: readonly string[], summary: string): Omit<Mail, 'idempotencyKey'> {
  const text = [...paragraphs.flatMap((p) => [p, ''])].join('\n').trimEnd() + '\n';
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', sans-serif; color: #1f2933; line-height: 1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body>
</html>
`;
  return { to, subject, text, html, consoleSummary: summary };
}

export function codeCapKind(db: Database, options: { adminEmail: string | null; codesPerDay: number; publicUrl: string }): KeyedMailKind {
  return {
    kind: 'code-cap',
    async build(key) {
      const day = key.slice('code-cap:'.length);
      const to = [...new Set([...(options.adminEmail ? [options.adminEmail.toLowerCase()] : []), ...(await adminEmails(db))])];
      if (to.length === 0) return { drop: 'no admin to tell' };
      return plainMail(
        to.join(', '),
        'en',
        `Mobile sign-in codes: today's limit of ${options.codesPerDay} was reached (${day})`,
        [
          `The portal has texted ${options.codesPerDay} sign-in codes today (${day}, clinic time), the most MOBILE_CODES_PER_DAY allows. Until midnight, patients asking for a code are told to sign in with their email instead.`,
          'If this is more than the clinic expects, somebody may be asking for codes to numbers that are not patients\' (SMS pumping, which the provider bills). The provider\'s delivery report shows where they went. If the day was simply busy, raise MOBILE_CODES_PER_DAY.',
          `${options.publicUrl}/#/staff`,
          clinicName,
        ],
        `code cap ${day}`,
      );
    },
  };
}

const changedWords: Record<Language, { subject: string; hello: (name: string) => string; body: string; notYou: string; clinic: string }> = {
  en: {
    subject: 'The mobile number on your account was changed',
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'The mobile number you sign in with was changed on your clinic account just now. Codes now go to the new number.',
    notYou: 'If you did not change it, please call the clinic straight away.',
    clinic: clinicName,
  },
  hi: {
    subject: 'आपके अकाउंट का मोबाइल नंबर बदला गया',
    hello: (name) => (name ? `नमस्ते ${name},` : 'नमस्ते,'),
    body: 'क्लिनिक के आपके अकाउंट में, जिस मोबाइल नंबर से आप साइन इन करते हैं, वह अभी बदला गया है। अब कोड नए नंबर पर जाएँगे।',
    notYou: 'अगर यह बदलाव आपने नहीं किया, तो कृपया तुरंत क्लिनिक को फ़ोन करें।',
    clinic: mailWords.hi.clinic,
  },
  mr: {
    subject: 'तुमच्या अकाउंटचा मोबाइल नंबर बदलला',
    hello: (name) => (name ? `नमस्कार ${name},` : 'नमस्कार,'),
    body: 'क्लिनिकच्या तुमच्या अकाउंटमध्ये, ज्या मोबाइल नंबरने तुम्ही साइन इन करता तो आत्ताच बदलला गेला. आता कोड नवीन नंबरवर जातील.',
    notYou: 'हा बदल तुम्ही केला नसेल, तर कृपया लगेच क्लिनिकला फोन करा.',
    clinic: mailWords.mr.clinic,
  },
};

export function phoneChangedKind(db: Database): KeyedMailKind {
  return {
    kind: 'phone-changed',
    async build(key) {
      const userId = key.split(':')[1] ?? '';
      const user = await findUserById(db, userId);
      if (!user || user.email === null) return { drop: 'the account has no email' };
      const language = (await findLanguage(db, userId)) ?? 'en';
      const w = changedWords[language];
      return plainMail(user.email, language, w.subject, [w.hello(user.firstName), w.body, w.notYou, w.clinic], 'phone changed');
    },
  };
}
