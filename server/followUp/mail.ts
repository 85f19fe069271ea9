/**
 * The reminder that a follow-up fell due and is not booked: a keyed mail of the job engine
 * (server/jobs/keyedMails.ts), key `follow-up:<completed appointment id>`, so it is sent once
 * however many sweeps and instances find it. Swept every minute (repository.ts dueUnbooked);
 * built when sent, from the data then: dropped when a visit was booked meanwhile (repository.ts
 * liveVisitOf). In the account's language (en, hi, mr); the doctor's name stays as written.
 */
import type { Language } from '../../contract/auth.js';
import { clinicClock } from '../../contract/clinicTime.js';
import type { Database } from '../db/database.js';
import { clinicDayLong } from '../formats.js';
import type { KeyedMailKind } from '../jobs/keyedMails.js';
import { clinicName, escapeHtml } from '../mail/templates.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { findLanguage } from '../repositories/users.js';
import { clinicalOf } from '../../contract/appointments.js';
import { dueUnbooked, hasLiveVisit } from './repository.js';
import { followUpDueDate } from './service.js';

export const followUpReminderKey = (appointmentId: string) => `follow-up:${appointmentId}`;

const words: Record<Language, { subject: string; body: (name: string, doctor: string, due: string) => string; link: string }> = {
  en: {
    subject: 'Your follow-up visit is due',
    body: (name, doctor, due) => `Dear ${name}, ${doctor} asked to see you again from ${due}. Your follow-up is not booked yet: choose a time in the portal.`,
    link: 'Book your follow-up',
  },
  hi: {
    subject: 'आपकी फ़ॉलो-अप मुलाक़ात का समय हो गया है',
    body: (name, doctor, due) => `प्रिय ${name}, ${doctor} ने आपको ${due} से फिर दिखाने को कहा था। आपकी फ़ॉलो-अप मुलाक़ात अभी बुक नहीं हुई है: पोर्टल में समय चुनें।`,
    link: 'फ़ॉलो-अप बुक करें',
  },
  mr: {
    subject: 'तुमच्या फॉलो-अप भेटीची वेळ झाली आहे',
    body: (name, doctor, due) => `प्रिय ${name}, ${doctor} यांनी तुम्हाला ${due} पासून पुन्हा भेटायला सांगितले होते. तुमची फॉलो-अप भेट अजून बुक झालेली नाही: पोर्टलवर वेळ निवडा.`,
    link: 'फॉलो-अप बुक करा',
  },
};

export function followUpReminderKind(db: Database, publicUrl: string): KeyedMailKind {
  return {
    kind: 'follow-up',
    async due(q, at) {
      return (await dueUnbooked(q, clinicClock(at).date, at)).map(followUpReminderKey);
    },
    async build(key, at) {
      const id = key.slice(key.indexOf(':') + 1);
      const stored = await findStoredAppointment(db, id);
      if (!stored) return { drop: 'appointment gone' };
      const followUp = clinicalOf(stored.record.medicines).followUp;
      if (followUp?.kind !== 'after') return { drop: 'the prescription no longer asks for a dated follow-up' };
      if (await hasLiveVisit(db, id, at)) return { drop: 'the follow-up was booked meanwhile' };
      if (stored.record.email === '') return { drop: 'the patient has no email' };
      const language = (await findLanguage(db, stored.userId)) ?? 'en';
      const due = clinicDayLong(await followUpDueDate(db, stored, followUp), language);
      const w = words[language];
      const name = stored.record.familyMemberId ? (stored.record.accountHolder?.firstName ?? stored.record.firstName) : stored.record.firstName;
      const url = `${publicUrl}/#/myappointment`;
      const body = w.body(name, stored.record.doctorName, due);
      return {
        to: stored.record.email,
        subject: w.subject,
        text: [body, '', `${w.link}: ${url}`, '', clinicName].join('\n'),
        html: `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(w.link)}</a></p>
<p>${escapeHtml(clinicName)}</p>
</body>
</html>
`,
        consoleSummary: `follow-up reminder ${stored.record.appointmentId}`,
      };
    },
  };
}
