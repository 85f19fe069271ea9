/**
 * हिन्दी: the texts of the page frame and the home page (mirrors ../shell.ts). The spec's messages
 * stay in English, word for word (`spec`); see docs/glossary.md for the words used.
 */
import { shellEnglish, type ShellMessages } from '../shell';

export const shellHi: ShellMessages = {
  app: {
    skipToContent: 'सीधे मुख्य सामग्री पर जाएँ',
    loadingPage: 'पेज खुल रहा है…',
    clinicName: 'सहज होम्योपैथी क्लिनिक',
  },
  header: {
    contactBarLabel: 'संपर्क की जानकारी',
    callUs: 'फ़ोन करें',
    emailUs: 'ईमेल करें',
    hoursLabel: 'समय',
    hoursSummary: 'सोम, मंगल, गुरु, शनि 9–1 और 3–7 · बुध, रवि शाम 5–8 · शुक्र बंद',
    location: 'क्लिनिक',
    login: 'लॉगिन',
    signUp: 'साइन अप',
    menu: 'मेन्यू',
    mainNavLabel: 'मुख्य',
    language: 'भाषा',
  },
  nav: {
    home: 'होम',
    treatments: 'हमारे इलाज',
    gallery: 'गैलरी',
    teams: 'हमारी टीम',
    aboutUs: 'हमारे बारे में',
    contactUs: 'संपर्क करें',
    bookAppointment: 'अपॉइंटमेंट बुक करें',
  },
  footer: {
    linksHeading: 'क्लिनिक',
    aboutUs: 'हमारे बारे में',
    contact: 'संपर्क',
    privacyPolicy: 'गोपनीयता नीति',
    termsOfService: 'सेवा की शर्तें',
    help: 'कंसल्टेशन में मदद',
    locationsHeading: 'हमारे क्लिनिक',
    callHeading: 'हमें फ़ोन करें',
    followUsOn: 'हमें यहाँ फ़ॉलो करें',
    opensInNewTab: '(नए टैब में खुलता है)',
    copyright: (year: number, clinic: string) => `© ${year} ${clinic}. सर्वाधिकार सुरक्षित।`,
    disclaimer:
      'होम्योपैथी आपके नियमित इलाज के साथ चलती है, उसकी जगह नहीं। इमरजेंसी में नज़दीकी अस्पताल जाएँ या 112 पर फ़ोन करें।',
  },
  social: shellEnglish.social,
  siteOptions: {
    loading: 'क्लिनिक की जानकारी आ रही है…',
    failed: 'क्लिनिक की जानकारी नहीं मिल पाई।',
    tryAgain: 'फिर से कोशिश करें',
  },
  carousel: {
    previous: 'पिछली स्लाइड',
    next: 'अगली स्लाइड',
    pause: 'रोकें',
    play: 'चलाएँ',
    slide: 'स्लाइड',
    slideOf: (position: number, count: number) => `${count} में से ${position}`,
    goToSlide: (position: number) => `स्लाइड ${position} पर जाएँ`,
    pickersLabel: 'स्लाइड चुनें',
  },
  toast: {
    regionLabel: 'सूचनाएँ',
    dismiss: 'हटाएँ',
  },
  home: {
    heroCarouselLabel: 'सहज होम्योपैथी क्लिनिक में आपका स्वागत है',
    consultOnline: 'अभी ऑनलाइन कंसल्टेशन',
    insightsCarouselLabel: 'जानकारी वाले वीडियो',
    testimonialsCarouselLabel: 'मरीज़ों के अनुभव',
    testimonialsHeading: 'हमारे मरीज़ क्या कहते हैं',
    insightsHeading: 'हमारे डॉक्टरों से जानिए',
    insightsIntro: 'छोटे वीडियो, जिनमें मरीज़ों के सबसे ज़्यादा पूछे जाने वाले सवालों के जवाब हैं।',
    treatmentsHeading: 'हम किसका इलाज करते हैं',
    treatmentsIntro:
      'हमारे ज़्यादातर मरीज़ पुरानी त्वचा की तकलीफ़ों, महिलाओं के स्वास्थ्य और परिवार की रोज़मर्रा की सेहत के लिए आते हैं।',
    readMore: 'और पढ़ें',
    videoNotSupported: 'आपका ब्राउज़र यह वीडियो नहीं चला सकता।',
  },
  teams: {
    title: 'हमारी टीम',
  },
  account: {
    checkingSession: 'आपका लॉगिन जाँचा जा रहा है…',
  },
  pageTitles: {
    home: 'सहज होम्योपैथी क्लिनिक, पुणे',
  },
  spec: shellEnglish.spec,
};
