/**
 * The mails' words in हिन्दी and मराठी (issue 15), written as the clinic's front desk would; the
 * English mails are in ./templates.ts as they were. Dates, times and rupees go through Intl in
 * the language's locale, in clinic time. Words: docs/glossary.md.
 */
import type { Language } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';

export type MailLanguage = Exclude<Language, 'en'>;

export const mailLocale: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

export interface MailWords {
  clinic: string;
  code: {
    subject: (clinic: string) => string;
    hello: string;
    yourCode: string;
    valid: (minutes: number) => string;
    notYou: string;
    neverAsk: string;
  };
  confirmation: {
    subject: (when: string, number: string) => string;
    hello: (firstName: string) => string;
    paid: (fee: string) => string;
    summary: (type: ConsultationType, doctor: string) => string;
    what: string;
    /** The doctor's registration (council, number), as the telemedicine guidelines ask. */
    registration: string;
    /** The person consulted, when the account holder booked for a family member. */
    forPerson: string;
    when: string;
    where: string;
    number: string;
    online: (type: ConsultationType, clinicAndPlace: string) => string;
    calendar: (file: string) => string;
    manage: string;
    manageLink: string;
    noRefund: string;
    /** After the clinic's date and time: "India Standard Time" in the language. */
    timeZone: string;
  };
  typeNames: Readonly<Record<ConsultationType, string>>;
}

export const mailWords: Readonly<Record<MailLanguage, MailWords>> = {
  hi: {
    clinic: 'सहज होम्योपैथी क्लिनिक',
    code: {
      subject: (clinic) => `${clinic}: आपका वेरिफ़िकेशन कोड`,
      hello: 'नमस्ते,',
      yourCode: 'आपका वेरिफ़िकेशन कोड है:',
      valid: (minutes) =>
        `यह ${minutes} मिनट तक चलेगा और सिर्फ़ एक बार काम आएगा। जिस पेज पर आपने कोड माँगा था, वहीं इसे लिखें।`,
      notYou: 'अगर आपने यह कोड नहीं माँगा, तो इस ईमेल को अनदेखा कर दें: इसके बिना कुछ नहीं बदलेगा।',
      neverAsk: 'क्लिनिक से कोई भी आपसे यह कोड कभी नहीं माँगेगा।',
    },
    confirmation: {
      subject: (when, number) => `अपॉइंटमेंट पक्का हुआ: ${when} (${number})`,
      hello: (firstName) => `नमस्ते ${firstName},`,
      paid: (fee) => `आपका अपॉइंटमेंट बुक हो गया है और उसकी ${fee} फ़ीस भर दी गई है।`,
      summary: (type, doctor) => `${doctor} के साथ ${mailWordsTypeHi[type]}`,
      what: 'क्या',
      registration: 'डॉक्टर का रजिस्ट्रेशन',
      forPerson: 'किसके लिए',
      when: 'कब',
      where: 'कहाँ',
      number: 'अपॉइंटमेंट नंबर',
      online: (type, clinicAndPlace) => `${mailWords.hi.typeNames[type]}, ${clinicAndPlace} से बुक किया गया`,
      calendar: (file) => `साथ में लगी फ़ाइल (${file}) इसे आपके कैलेंडर में जोड़ देती है।`,
      manage: 'अपॉइंटमेंट देखने, बदलने या रद्द करने के लिए:',
      manageLink: 'अपने अपॉइंटमेंट देखें, बदलें या रद्द करें',
      noRefund: 'अपॉइंटमेंट रद्द करने पर फ़ीस वापस नहीं होती।',
      timeZone: 'भारतीय समय',
    },
    typeNames: { Chat: 'चैट', Video: 'वीडियो कॉल', Call: 'फ़ोन कॉल', 'Clinic Visit': 'क्लिनिक में आकर' },
  },
  mr: {
    clinic: 'सहज होमिओपॅथी क्लिनिक',
    code: {
      subject: (clinic) => `${clinic}: तुमचा व्हेरिफिकेशन कोड`,
      hello: 'नमस्कार,',
      yourCode: 'तुमचा व्हेरिफिकेशन कोड आहे:',
      valid: (minutes) =>
        `तो ${minutes} मिनिटे चालेल आणि एकदाच वापरता येईल. ज्या पानावर तुम्ही कोड मागितला होता, तिथेच तो लिहा.`,
      notYou: 'तुम्ही हा कोड मागितला नसेल, तर या ईमेलकडे दुर्लक्ष करा: त्याशिवाय काहीही बदलणार नाही.',
      neverAsk: 'क्लिनिकमधून कोणीही तुमच्याकडे हा कोड कधीही मागणार नाही.',
    },
    confirmation: {
      subject: (when, number) => `अपॉइंटमेंट पक्की झाली: ${when} (${number})`,
      hello: (firstName) => `नमस्कार ${firstName},`,
      paid: (fee) => `तुमची अपॉइंटमेंट बुक झाली आहे आणि तिची ${fee} फी भरली आहे.`,
      summary: (type, doctor) => `${doctor} यांच्याशी ${mailWordsTypeMr[type]}`,
      what: 'काय',
      registration: 'डॉक्टरांची नोंदणी',
      forPerson: 'कोणासाठी',
      when: 'कधी',
      where: 'कुठे',
      number: 'अपॉइंटमेंट क्रमांक',
      online: (type, clinicAndPlace) => `${mailWords.mr.typeNames[type]}, ${clinicAndPlace} येथून बुक केलेली`,
      calendar: (file) => `सोबत जोडलेली फाइल (${file}) ही अपॉइंटमेंट तुमच्या कॅलेंडरमध्ये जोडते.`,
      manage: 'अपॉइंटमेंट पाहण्यासाठी, बदलण्यासाठी किंवा रद्द करण्यासाठी:',
      manageLink: 'तुमच्या अपॉइंटमेंट्स पाहा, बदला किंवा रद्द करा',
      noRefund: 'अपॉइंटमेंट रद्द केल्यास फी परत मिळत नाही.',
      timeZone: 'भारतीय वेळ',
    },
    typeNames: { Chat: 'चॅट', Video: 'व्हिडिओ कॉल', Call: 'फोन कॉल', 'Clinic Visit': 'क्लिनिकमध्ये येऊन' },
  },
};

/** The kind of consultation as a mail's summary says it ("video consultation with ..."). */
const mailWordsTypeHi: Readonly<Record<ConsultationType, string>> = {
  Chat: 'चैट पर कंसल्टेशन',
  Video: 'वीडियो कॉल पर कंसल्टेशन',
  Call: 'फ़ोन पर कंसल्टेशन',
  'Clinic Visit': 'क्लिनिक में कंसल्टेशन',
};
const mailWordsTypeMr: Readonly<Record<ConsultationType, string>> = {
  Chat: 'चॅटवर कन्सल्टेशन',
  Video: 'व्हिडिओ कॉलवर कन्सल्टेशन',
  Call: 'फोनवर कन्सल्टेशन',
  'Clinic Visit': 'क्लिनिकमध्ये कन्सल्टेशन',
};

/** The clinic's date and time (`YYYY-MM-DD`, `HH:mm`, clinic time) in words, in the language. */
export function clinicWhenIn(language: MailLanguage, date: string, time: string): string {
  const locale = mailLocale[language];
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  // The time of day as the front desk says it: "सकाळ ११:००", "सुबह 11:00".
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', dayPeriod: 'short', timeZone: 'UTC' });
  const at = new Date(`${date}T${time}:00Z`);
  return `${day.format(at)}, ${clock.format(at)} (${mailWords[language].confirmation.timeZone})`;
}

export const rupeesIn = (language: Language, amount: number): string =>
  new Intl.NumberFormat(mailLocale[language], { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(amount);
