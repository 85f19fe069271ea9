/**
 * The mail of a waitlist's offer: a slot the patient waited for is free and held for them until
 * the hold ends; they pay in My appointments to take it, or decline it there. Plain text and simple
 * HTML like the other mails (server/mail/templates.ts), in the account's language: English here,
 * हिन्दी and मराठी below, with the labels of the booking confirmation (server/mail/words.ts).
 */
import type { Language } from '../../contract/auth.js';
import { clinicClock, fromMinutes } from '../../contract/clinicTime.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { appointmentSummary, clinicWhen } from '../calendar/appointment.js';
import { rupees } from '../formats.js';
import type { Mail } from '../mail/mailer.js';
import { clinicName, escapeHtml } from '../mail/templates.js';
import { clinicWhenIn, mailWords } from '../mail/words.js';

export interface OfferMailFacts {
  to: string;
  firstName: string;
  appointmentNumber: string;
  consultationType: ConsultationType;
  doctorName: string;
  /** The clinic's name; '' for the online hours. */
  location: string;
  date: string;
  startTime: string;
  /** Rupees. */
  fee: number;
  /** When the hold ends. */
  expiresAt: Date;
  appointmentsUrl: string;
  language: Language;
}

interface OfferWords {
  subject: (when: string, doctor: string) => string;
  hello: (firstName: string) => string;
  intro: (until: string) => string;
  summary: string;
  when: string;
  where: string;
  fee: string;
  number: string;
  take: string;
  takeLink: string;
  decline: string;
  clinic: string;
  timeZone: string;
}

/** Each language's words, with what, when, where and the number as the confirmation says them. */
function wordsOf(f: OfferMailFacts): OfferWords & { what: string; place: string; whenText: string } {
  if (f.language === 'en') {
    return {
      subject: (when, doctor) => `A slot is free for you: ${when} with ${doctor}`,
      hello: (firstName) => `Hello ${firstName},`,
      intro: (until) => `A slot you were waiting for is free, and we are holding it for you until ${until}.`,
      summary: appointmentSummary(f),
      what: 'What',
      when: 'When',
      where: 'Where',
      fee: 'Fee',
      number: 'Appointment id',
      take: 'To take it, pay the fee in My appointments before then:',
      takeLink: 'Pay and take the slot',
      decline:
        'If you do not want it, decline it there and the slot goes to the next patient waiting; if you do nothing, it goes to them when the hold ends. Either way you stay on the waitlist for another slot.',
      clinic: clinicName,
      timeZone: 'India Standard Time',
      place: f.location === '' ? `Online (${f.consultationType})` : `${clinicName}, ${f.location}`,
      whenText: clinicWhen(f.date, f.startTime),
    };
  }
  const w = mailWords[f.language];
  const c = w.confirmation;
  const local = offerWordsIn[f.language];
  return {
    ...local,
    summary: c.summary(f.consultationType, f.doctorName),
    what: c.what,
    when: c.when,
    where: c.where,
    number: c.number,
    clinic: w.clinic,
    timeZone: c.timeZone,
    place: f.location === '' ? c.onlineNoClinic(f.consultationType) : `${w.clinic}, ${f.location}`,
    whenText: clinicWhenIn(f.language, f.date, f.startTime),
  };
}

type LocalWords = Pick<OfferWords, 'subject' | 'hello' | 'intro' | 'fee' | 'take' | 'takeLink' | 'decline'>;

const offerWordsIn: Readonly<Record<Exclude<Language, 'en'>, LocalWords>> = {
  hi: {
    subject: (when, doctor) => `आपके लिए एक समय खाली हुआ है: ${when}, ${doctor}`,
    hello: (firstName) => `नमस्ते ${firstName},`,
    intro: (until) => `जिस समय का आप इंतज़ार कर रहे थे, वह खाली हुआ है। हमने उसे ${until} तक आपके लिए रोक रखा है।`,
    fee: 'फ़ीस',
    take: 'इसे लेने के लिए उससे पहले "मेरे अपॉइंटमेंट" में फ़ीस भरें:',
    takeLink: 'फ़ीस भरें और यह समय लें',
    decline:
      'अगर आपको यह समय नहीं चाहिए, तो वहीं इसे मना कर दें, और यह इंतज़ार कर रहे अगले मरीज़ को मिल जाएगा; कुछ न करने पर रोका गया समय खत्म होते ही यह उन्हें मिल जाएगा। दोनों ही हालात में आप दूसरे समय के लिए वेटिंग लिस्ट में बने रहेंगे।',
  },
  mr: {
    subject: (when, doctor) => `तुमच्यासाठी एक वेळ मोकळी झाली आहे: ${when}, ${doctor}`,
    hello: (firstName) => `नमस्कार ${firstName},`,
    intro: (until) => `तुम्ही ज्या वेळेची वाट पाहत होता, ती मोकळी झाली आहे. आम्ही ती ${until} पर्यंत तुमच्यासाठी राखून ठेवली आहे.`,
    fee: 'फी',
    take: 'ती घेण्यासाठी त्याआधी "माझ्या अपॉइंटमेंट्स" मध्ये फी भरा:',
    takeLink: 'फी भरा आणि ही वेळ घ्या',
    decline:
      'तुम्हाला ही वेळ नको असल्यास तिथेच नाकारा, म्हणजे ती वाट पाहणाऱ्या पुढच्या रुग्णाला मिळेल; तुम्ही काहीच केले नाही तरी राखून ठेवलेली वेळ संपताच ती त्यांना मिळेल. दोन्ही बाबतींत तुम्ही दुसऱ्या वेळेसाठी प्रतीक्षा यादीत राहाल.',
  },
};

/** The hold's end on the clinic's clock: "10:30 (India Standard Time)". */
const untilText = (at: Date, timeZone: string) => `${fromMinutes(clinicClock(at).minutes)} (${timeZone})`;

export function waitlistOfferMail(f: OfferMailFacts, idempotencyKey: string): Mail {
  const w = wordsOf(f);
  const until = untilText(f.expiresAt, w.timeZone);
  const fee = rupees(f.fee, f.language);
  const rows: [string, string][] = [
    [w.what, w.summary],
    [w.when, w.whenText],
    [w.where, w.place],
    [w.fee, fee],
    [w.number, f.appointmentNumber],
  ];
  const text = [
    w.hello(f.firstName),
    '',
    w.intro(until),
    '',
    ...rows.map(([label, value]) => `  ${label}: ${value}`),
    '',
    `${w.take} ${f.appointmentsUrl}`,
    '',
    w.decline,
    '',
    w.clinic,
  ].join('\n');
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding: 2px 12px 2px 0"><strong>${escapeHtml(label)}</strong></td><td>${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="${f.language}">
<body style="font-family: Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', 'Kohinoor Devanagari', sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(w.hello(f.firstName))}</p>
<p>${escapeHtml(w.intro(until))}</p>
<table role="presentation" style="border-collapse: collapse">
${rows.map(row).join('\n')}
</table>
<p><a href="${escapeHtml(f.appointmentsUrl)}">${escapeHtml(w.takeLink)}</a></p>
<p>${escapeHtml(w.decline)}</p>
<p>${escapeHtml(w.clinic)}</p>
</body>
</html>
`;
  const subject = w.subject(w.whenText.replace(/ \([^)]*\)$/, ''), f.doctorName);
  return { to: f.to, subject, text, html, consoleSummary: `waitlist offer ${f.appointmentNumber}`, idempotencyKey };
}
