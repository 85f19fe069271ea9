/**
 * मराठी: the texts of the page frame and the home page (mirrors ../shell.ts). The spec's messages
 * stay in English, word for word (`spec`); see docs/glossary.md for the words used.
 */
import { shellEnglish, type ShellMessages } from '../shell';

export const shellMr: ShellMessages = {
  app: {
    skipToContent: 'थेट मुख्य मजकुराकडे जा',
    loadingPage: 'पान उघडत आहे…',
    clinicName: 'सहज होमिओपॅथी क्लिनिक',
  },
  header: {
    contactBarLabel: 'संपर्काची माहिती',
    callUs: 'फोन करा',
    emailUs: 'ईमेल करा',
    hoursLabel: 'वेळ',
    hoursSummary: 'सोम, मंगळ, गुरु, शनि 9–1 व 3–7 · बुध, रवि संध्या. 5–8 · शुक्र बंद',
    location: 'क्लिनिक',
    login: 'लॉगिन',
    signUp: 'साइन अप',
    menu: 'मेनू',
    mainNavLabel: 'मुख्य',
    language: 'भाषा',
  },
  nav: {
    home: 'मुखपृष्ठ',
    treatments: 'आमचे उपचार',
    gallery: 'गॅलरी',
    teams: 'आमची टीम',
    aboutUs: 'आमच्याबद्दल',
    contactUs: 'संपर्क',
    bookAppointment: 'अपॉइंटमेंट बुक करा',
  },
  footer: {
    linksHeading: 'क्लिनिक',
    aboutUs: 'आमच्याबद्दल',
    contact: 'संपर्क',
    privacyPolicy: 'गोपनीयता धोरण',
    termsOfService: 'सेवेच्या अटी',
    help: 'कन्सल्टेशनसाठी मदत',
    locationsHeading: 'आमची क्लिनिक्स',
    callHeading: 'आम्हाला फोन करा',
    followUsOn: 'आम्हाला इथे फॉलो करा',
    opensInNewTab: '(नवीन टॅबमध्ये उघडते)',
    copyright: (year: number, clinic: string) => `© ${year} ${clinic}. सर्व हक्क राखीव.`,
    disclaimer:
      'होमिओपॅथी तुमच्या नेहमीच्या उपचारांसोबत चालते, त्यांच्याऐवजी नाही. तातडीच्या वेळी जवळच्या हॉस्पिटलमध्ये जा किंवा 112 वर फोन करा.',
  },
  social: shellEnglish.social,
  siteOptions: {
    loading: 'क्लिनिकची माहिती येत आहे…',
    failed: 'क्लिनिकची माहिती मिळू शकली नाही.',
    tryAgain: 'पुन्हा प्रयत्न करा',
  },
  carousel: {
    previous: 'मागील स्लाइड',
    next: 'पुढील स्लाइड',
    pause: 'थांबवा',
    play: 'सुरू करा',
    slide: 'स्लाइड',
    slideOf: (position: number, count: number) => `${count} पैकी ${position}`,
    goToSlide: (position: number) => `स्लाइड ${position} वर जा`,
    pickersLabel: 'स्लाइड निवडा',
  },
  toast: {
    regionLabel: 'सूचना',
    dismiss: 'बंद करा',
  },
  home: {
    heroCarouselLabel: 'सहज होमिओपॅथी क्लिनिकमध्ये आपले स्वागत आहे',
    consultOnline: 'आत्ता ऑनलाइन कन्सल्टेशन',
    insightsCarouselLabel: 'माहितीचे व्हिडिओ',
    testimonialsCarouselLabel: 'रुग्णांचे अनुभव',
    testimonialsHeading: 'आमचे रुग्ण काय म्हणतात',
    insightsHeading: 'आमच्या डॉक्टरांकडून जाणून घ्या',
    insightsIntro: 'रुग्ण आम्हाला सर्वात जास्त विचारतात त्या प्रश्नांची उत्तरे देणारे छोटे व्हिडिओ.',
    treatmentsHeading: 'आम्ही कशावर उपचार करतो',
    treatmentsIntro:
      'आमचे बहुतेक रुग्ण जुन्या त्वचाविकारांसाठी, स्त्रियांच्या आरोग्यासाठी आणि कुटुंबाच्या रोजच्या आरोग्यासाठी येतात.',
    readMore: 'अधिक वाचा',
    videoNotSupported: 'तुमचा ब्राउझर हा व्हिडिओ चालवू शकत नाही.',
  },
  teams: {
    title: 'आमची टीम',
  },
  account: {
    checkingSession: 'तुमचे लॉगिन तपासत आहोत…',
  },
  pageTitles: {
    home: 'सहज होमिओपॅथी क्लिनिक, पुणे',
  },
  spec: shellEnglish.spec,
};
