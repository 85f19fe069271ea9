/**
 * The catalog's texts that the page frame (header, footer, toasts) and the home page show: the
 * only part of the catalog in the home page's first JavaScript. Every other text is in
 * ./messages.ts, which assembles the whole catalog (and its type, `Messages`) from both files; a
 * text lives in exactly one of them.
 *
 * Modules that are part of the first page import from here: `useMessages()` in views, `getMessages()`
 * elsewhere; their type, `ShellMessages`, lets them read only what is here. Everything else
 * imports the same names from ./messages, typed with the whole catalog.
 */
import { createCatalog, useCatalog, type Catalog } from './catalog';

const shellEn = {
  app: {
    skipToContent: 'Skip to main content',
    loadingPage: 'Loading the page…',
    clinicName: 'Sahaj Homeopathy Clinic',
  },
  header: {
    contactBarLabel: 'Contact details',
    callUs: 'Call',
    emailUs: 'Email',
    hoursLabel: 'Hours',
    hoursSummary: 'Mon, Tue, Thu, Sat 9–1 & 3–7 · Wed, Sun 5–8 pm · Fri closed',
    location: 'Location',
    login: 'Login',
    signUp: 'Sign up',
    menu: 'Menu',
    mainNavLabel: 'Main',
    /** The label of the language choice (each language's name is in its own script, ./language.ts). */
    language: 'Language',
  },
  nav: {
    home: 'Home',
    treatments: 'Our Treatments',
    gallery: 'Gallery',
    teams: 'Teams',
    aboutUs: 'About us',
    contactUs: 'Contact us',
    bookAppointment: 'Book Appointment',
  },
  footer: {
    linksHeading: 'Clinic',
    aboutUs: 'About us',
    contact: 'Contact',
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    /** Help (chat, call, email) for everyone; a logged-out person is told 'Please login.'. */
    help: 'Help with a consultation',
    locationsHeading: 'Our locations',
    callHeading: 'Call us',
    followUsOn: 'Follow Us On',
    opensInNewTab: '(opens in a new tab)',
    copyright: (year: number, clinic: string) => `© ${year} ${clinic}. All rights reserved.`,
    disclaimer:
      'Homeopathy works alongside, not instead of, your regular medical care. In an emergency, go to the nearest hospital or call 112.',
  },
  social: {
    facebook: 'Facebook',
    instagram: 'Instagram',
    x: 'X',
    youtube: 'YouTube',
    linkedin: 'LinkedIn',
  },
  siteOptions: {
    loading: 'Loading clinic details…',
    failed: 'We could not load the clinic details.',
    tryAgain: 'Try again',
  },
  carousel: {
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause',
    play: 'Play',
    slide: 'slide',
    slideOf: (position: number, count: number) => `${position} of ${count}`,
    goToSlide: (position: number) => `Go to slide ${position}`,
    pickersLabel: 'Choose a slide',
  },
  toast: {
    regionLabel: 'Notifications',
    dismiss: 'Dismiss',
  },
  home: {
    heroCarouselLabel: 'Welcome to Sahaj Homeopathy Clinic',
    /** The hero's way straight to the soonest online doctors (the Book Appointment popup opened on them). */
    consultOnline: 'Consult online now',
    insightsCarouselLabel: 'Insight videos',
    testimonialsCarouselLabel: 'Patient testimonials',
    testimonialsHeading: 'What our patients say',
    insightsHeading: 'Insights from our doctors',
    insightsIntro: 'Short videos that answer the questions patients ask us most.',
    treatmentsHeading: 'What we treat',
    treatmentsIntro:
      'Most of our patients come to us for long-standing skin complaints, women’s health and everyday family health.',
    readMore: 'Read more',
    videoNotSupported: 'Your browser cannot play this video.',
  },
  teams: {
    title: 'Our team',
  },
  account: {
    checkingSession: 'Checking your login…',
  },
  pageTitles: {
    home: 'Sahaj Homeopathy Clinic, Pune',
  },
  spec: {
    googleLoginFailed: 'Google login failed. Please try again.',
    somethingWentWrong: 'Something went wrong.',
    logoutSuccess: 'Logout successfull.',
    noTestimonials: 'No Testimonials Available.',
    noLocations: 'No Location found',
  },
};

/** The type of this part of the catalog, derived from its English texts (see ./catalog.ts). */
export type ShellMessages = Catalog<typeof shellEn>;

/**
 * The site's catalog in use, for ./shell.ts and ./messages.ts alone (others call the functions
 * below): English, only this part of it until ./messages.ts loads and puts in the whole, or
 * another language's whole catalog once ./messages.ts `setCatalog` replaced it.
 */
export const siteCatalog = createCatalog<ShellMessages>(shellEn);

/** The English texts of this part, for ./messages.ts to assemble the whole English catalog. */
export const shellEnglish: ShellMessages = shellEn;

/** The texts in use, for a view: it renders again when the language changes. */
export const useMessages = (): ShellMessages => useCatalog(siteCatalog);

/** The texts in use, for code outside React (machines' notices, document titles). */
export const getMessages = (): ShellMessages => siteCatalog.get();
