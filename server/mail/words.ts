/**
 * The mails' words in हिन्दी and मराठी, written as the clinic's front desk would; the
 * English mails are in ./templates.ts as they were. Dates, times and rupees go through Intl in
 * the language's locale, in clinic time. Words: docs/glossary.md.
 */
import type { Language } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { clinicDayLong, localeOf, numberingSystem } from '../formats.js';

export type MailLanguage = Exclude<Language, 'en'>;

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
    /** The fee is to be paid at the clinic (a desk booking left to the visit, or "pay at the clinic"). */
    due: (fee: string) => string;
    summary: (type: ConsultationType, doctor: string) => string;
    what: string;
    /** The doctor's registration (council, number), as the telemedicine guidelines ask. */
    registration: string;
    /** The person consulted, when the account holder booked for a family member. */
    forPerson: string;
    when: string;
    where: string;
    /** The label of a Chat's or Video's line on how and from when it is joined (reminder.byVideo, byChat). */
    join: string;
    number: string;
    online: (type: ConsultationType, clinicAndPlace: string) => string;
    /** Booked from the doctor's online hours, with no clinic: "Online (Video)". */
    onlineNoClinic: (type: ConsultationType) => string;
    calendar: (file: string) => string;
    manage: string;
    manageLink: string;
    noRefund: string;
    /** After the clinic's date and time: "India Standard Time" in the language. */
    timeZone: string;
  };
  typeNames: Readonly<Record<ConsultationType, string>>;
  /** The appointment reminder; what, when, where and the number reuse `confirmation`'s labels. */
  reminder: {
    subject: (summary: string, when: string) => string;
    /** `lead`: leadIn's words, "about 24 hours" before. */
    intro: (lead: string) => string;
    leadIn: (minutes: number) => string;
    atClinic: (clinicAndPlace: string) => string;
    byCall: (doctor: string, phoneNumber: string) => string;
    /** In the portal, from `minutesBefore` (JOIN_OPENS_MINUTES_BEFORE) before `startTime`. */
    byVideo: (appointmentsUrl: string, minutesBefore: number, startTime: string) => string;
    byChat: (appointmentsUrl: string, minutesBefore: number, startTime: string) => string;
    /** The line before the no-login opt-out link. */
    optOut: string;
  };
  /** The completion mail with the prescription attached. */
  prescription: {
    subject: (doctor: string, number: string) => string;
    completed: (number: string, doctor: string, file: string) => string;
    remedies: string;
    /** The follow-up the doctor asked for, its words followUpWords' (contract/followUpWords.ts). */
    followUp: FollowUpMailWords;
  };
  /** A refund flagged: what happens next. */
  refund: {
    subject: (number: string) => string;
    slotLost: (number: string) => string;
    cancelled: (number: string) => string;
    duplicate: (number: string) => string;
    order: (number: string) => string;
    unused: (number: string) => string;
    amount: (rupees: string) => string;
    next: string;
    questions: string;
  };
  /** A refund made through the payment provider has completed. */
  refundDone: {
    subject: (number: string) => string;
    done: (rupees: string, number: string) => string;
    when: string;
  };
}

export interface FollowUpMailWords {
  /** "Follow-up: After 2 weeks". */
  label: string;
  /** From when it is due (the clinic date in words). */
  due: (date: string) => string;
  /** Before the soonest free slots. */
  soonest: string;
  book: string;
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
      due: (fee) => `आपका अपॉइंटमेंट बुक हो गया है। उसकी ${fee} फ़ीस क्लिनिक पर आकर भरनी है।`,
      summary: (type, doctor) => `${doctor} के साथ ${mailWordsTypeHi[type]}`,
      what: 'क्या',
      registration: 'डॉक्टर का रजिस्ट्रेशन',
      forPerson: 'किसके लिए',
      when: 'कब',
      where: 'कहाँ',
      join: 'कैसे जुड़ें',
      number: 'अपॉइंटमेंट नंबर',
      online: (type, clinicAndPlace) => `${mailWords.hi.typeNames[type]}, ${clinicAndPlace} से बुक किया गया`,
      onlineNoClinic: (type) => `ऑनलाइन (${mailWords.hi.typeNames[type]})`,
      calendar: (file) => `साथ में लगी फ़ाइल (${file}) इसे आपके कैलेंडर में जोड़ देती है।`,
      manage: 'अपॉइंटमेंट देखने, बदलने या रद्द करने के लिए:',
      manageLink: 'अपने अपॉइंटमेंट देखें, बदलें या रद्द करें',
      noRefund: 'अपॉइंटमेंट रद्द करने पर फ़ीस वापस नहीं होती।',
      timeZone: 'भारतीय समय',
    },
    typeNames: { Chat: 'चैट', Video: 'वीडियो कॉल', Call: 'फ़ोन कॉल', 'Clinic Visit': 'क्लिनिक में आकर' },
    reminder: {
      subject: (summary, when) => `याद दिला रहे हैं: ${summary}, ${when}`,
      intro: (lead) => `आपका अपॉइंटमेंट लगभग ${lead} बाद है। यह उसकी याद दिलाने के लिए है।`,
      // "लगभग 24 घंटे बाद", "लगभग 1 घंटे बाद" (oblique), "लगभग 30 मिनट बाद".
      leadIn: (minutes) => (minutes % 60 === 0 ? `${minutes / 60} घंटे` : `${minutes} मिनट`),
      atClinic: (clinicAndPlace) => `${clinicAndPlace}। कृपया 10 मिनट पहले आएँ।`,
      byCall: (doctor, phoneNumber) => `${doctor} आपको ${phoneNumber} पर फ़ोन करेंगे।`,
      byVideo: (url, minutes, time) => `वीडियो कॉल पोर्टल में "मेरे अपॉइंटमेंट" पर ${time} से ${minutes} मिनट पहले खुलेगी: ${url}`,
      byChat: (url, minutes, time) => `चैट पोर्टल में "मेरे अपॉइंटमेंट" पर ${time} से ${minutes} मिनट पहले खुलेगी: ${url}`,
      optOut: 'ईमेल से रिमाइंडर नहीं चाहिए? यहाँ बंद करें (लॉग इन की ज़रूरत नहीं):',
    },
    prescription: {
      subject: (doctor, number) => `${doctor} का पर्चा (${number})`,
      completed: (number, doctor, file) => `${doctor} के साथ आपका कंसल्टेशन ${number} पूरा हुआ। आपका पर्चा साथ में लगा है (${file})।`,
      remedies: 'आपकी दवाइयाँ, उन्हें कब लेना है, और आपकी रसीदें',
      followUp: { label: 'फ़ॉलो-अप', due: (date) => `${date} से`, soonest: 'सबसे पहले खाली समय:', book: 'फ़ॉलो-अप बुक करें' },
    },
    refund: {
      subject: (number) => `आपकी फ़ीस वापस की जाएगी (${number})`,
      slotLost: (number) => `अपॉइंटमेंट ${number} का पेमेंट उसका रोका गया समय खत्म होने के बाद पहुँचा, और तब तक वह समय किसी और ने ले लिया था।`,
      cancelled: (number) => `अपॉइंटमेंट ${number} रद्द हो गया है, जबकि उसकी फ़ीस भरी जा चुकी थी।`,
      duplicate: (number) => `अपॉइंटमेंट ${number} की फ़ीस दो बार भरी गई।`,
      order: (number) => `अपॉइंटमेंट ${number} का फ़ार्मेसी ऑर्डर रद्द हो गया है, जबकि उसका पेमेंट हो चुका था।`,
      amount: (rupees) => `क्लिनिक आपको ${rupees} वापस करेगा।`,
      unused: (number) => `अपॉइंटमेंट ${number} के लिए किया गया एक पेमेंट उसमें इस्तेमाल नहीं हो सका।`,
      next: 'क्लिनिक का स्टाफ़ यह रकम उसी तरीके से वापस करेगा जिससे आपने पेमेंट किया था। आपको कुछ नहीं करना है।',
      questions: 'कोई सवाल हो तो इस ईमेल का जवाब दें या क्लिनिक को फ़ोन करें।',
    },
    refundDone: {
      subject: (number) => `आपकी फ़ीस वापस कर दी गई (${number})`,
      done: (rupees, number) => `अपॉइंटमेंट ${number} के ${rupees} उसी तरीके से वापस भेज दिए गए हैं जिससे आपने पेमेंट किया था।`,
      when: 'बैंक के हिसाब से यह रकम आपके खाते में कुछ दिनों में दिखेगी।',
    },
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
      due: (fee) => `तुमची अपॉइंटमेंट बुक झाली आहे. तिची ${fee} फी क्लिनिकमध्ये आल्यावर भरायची आहे.`,
      summary: (type, doctor) => `${doctor} यांच्याशी ${mailWordsTypeMr[type]}`,
      what: 'काय',
      registration: 'डॉक्टरांची नोंदणी',
      forPerson: 'कोणासाठी',
      when: 'कधी',
      where: 'कुठे',
      join: 'कसे जोडावे',
      number: 'अपॉइंटमेंट क्रमांक',
      online: (type, clinicAndPlace) => `${mailWords.mr.typeNames[type]}, ${clinicAndPlace} येथून बुक केलेली`,
      onlineNoClinic: (type) => `ऑनलाइन (${mailWords.mr.typeNames[type]})`,
      calendar: (file) => `सोबत जोडलेली फाइल (${file}) ही अपॉइंटमेंट तुमच्या कॅलेंडरमध्ये जोडते.`,
      manage: 'अपॉइंटमेंट पाहण्यासाठी, बदलण्यासाठी किंवा रद्द करण्यासाठी:',
      manageLink: 'तुमच्या अपॉइंटमेंट्स पाहा, बदला किंवा रद्द करा',
      noRefund: 'अपॉइंटमेंट रद्द केल्यास फी परत मिळत नाही.',
      timeZone: 'भारतीय वेळ',
    },
    typeNames: { Chat: 'चॅट', Video: 'व्हिडिओ कॉल', Call: 'फोन कॉल', 'Clinic Visit': 'क्लिनिकमध्ये येऊन' },
    reminder: {
      subject: (summary, when) => `आठवण: ${summary}, ${when}`,
      intro: (lead) => `तुमची अपॉइंटमेंट साधारण ${lead} आहे. तिची आठवण करून देण्यासाठी हा ईमेल.`,
      // "साधारण 24 तासांनी", "1 तासाने", "30 मिनिटांनी", "1 मिनिटाने".
      leadIn: (minutes) =>
        minutes % 60 === 0
          ? `${minutes / 60} ${minutes === 60 ? 'तासाने' : 'तासांनी'}`
          : `${minutes} ${minutes === 1 ? 'मिनिटाने' : 'मिनिटांनी'}`,
      atClinic: (clinicAndPlace) => `${clinicAndPlace}. कृपया 10 मिनिटे आधी या.`,
      byCall: (doctor, phoneNumber) => `${doctor} तुम्हाला ${phoneNumber} वर फोन करतील.`,
      byVideo: (url, minutes, time) => `व्हिडिओ कॉल पोर्टलमधील "माझ्या अपॉइंटमेंट्स" मधून ${time} च्या ${minutes} मिनिटे आधी उघडेल: ${url}`,
      byChat: (url, minutes, time) => `चॅट पोर्टलमधील "माझ्या अपॉइंटमेंट्स" मधून ${time} च्या ${minutes} मिनिटे आधी उघडेल: ${url}`,
      optOut: 'ईमेलवर आठवण नको असल्यास इथे बंद करा (लॉग इन करायची गरज नाही):',
    },
    prescription: {
      subject: (doctor, number) => `${doctor} यांचे प्रिस्क्रिप्शन (${number})`,
      completed: (number, doctor, file) => `${doctor} यांच्याशी तुमचे कन्सल्टेशन ${number} पूर्ण झाले. तुमचे प्रिस्क्रिप्शन सोबत जोडले आहे (${file}).`,
      remedies: 'तुमची औषधे, ती कधी घ्यायची, आणि तुमच्या पावत्या',
      followUp: { label: 'फॉलो-अप', due: (date) => `${date} पासून`, soonest: 'सर्वात आधीच्या मोकळ्या वेळा:', book: 'फॉलो-अप बुक करा' },
    },
    refund: {
      subject: (number) => `तुमची फी परत केली जाईल (${number})`,
      slotLost: (number) => `अपॉइंटमेंट ${number} चे पेमेंट तिची राखून ठेवलेली वेळ संपल्यानंतर आले, आणि तोपर्यंत ती वेळ दुसऱ्या कोणी घेतली होती.`,
      cancelled: (number) => `अपॉइंटमेंट ${number} रद्द झाली आहे, पण तिची फी भरलेली होती.`,
      duplicate: (number) => `अपॉइंटमेंट ${number} ची फी दोनदा भरली गेली.`,
      order: (number) => `अपॉइंटमेंट ${number} ची फार्मसी ऑर्डर रद्द झाली आहे, पण तिचे पेमेंट झाले होते.`,
      amount: (rupees) => `क्लिनिक तुम्हाला ${rupees} परत करेल.`,
      unused: (number) => `अपॉइंटमेंट ${number} साठी केलेले एक पेमेंट तिच्यासाठी वापरता आले नाही.`,
      next: 'क्लिनिकचे कर्मचारी ही रक्कम तुम्ही ज्या पद्धतीने पेमेंट केले त्याच पद्धतीने परत करतील. तुम्हाला काहीही करायचे नाही.',
      questions: 'काही प्रश्न असल्यास या ईमेलला उत्तर द्या किंवा क्लिनिकला फोन करा.',
    },
    refundDone: {
      subject: (number) => `तुमची फी परत केली (${number})`,
      done: (rupees, number) => `अपॉइंटमेंट ${number} चे ${rupees} तुम्ही ज्या पद्धतीने पेमेंट केले त्याच पद्धतीने परत पाठवले आहेत.`,
      when: 'बँकेनुसार ही रक्कम तुमच्या खात्यात काही दिवसांत दिसेल.',
    },
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
  return `${clinicDayLong(date, language)}, ${clinicClockIn(language, date, time)} (${mailWords[language].confirmation.timeZone})`;
}

/** The time of day as the front desk says it: "सकाळ 11:00", "सुबह 11:00" (Latin digits, server/formats.ts). */
export function clinicClockIn(language: MailLanguage, date: string, time: string): string {
  const clock = new Intl.DateTimeFormat(localeOf[language], { hour: 'numeric', minute: '2-digit', dayPeriod: 'short', timeZone: 'UTC', numberingSystem });
  return clock.format(new Date(`${date}T${time}:00Z`));
}
