/**
 * Every short text a person reads on the site, in one typed catalog (English now, Hindi later).
 * The spec's messages (§8) are kept word for word, including those later issues will show.
 * Long page copy (treatments, about, legal pages) lives in src/content/*.ts.
 *
 * The catalog is one type (`Messages`, below) and one object (`messages`), written in two files
 * so that the home page loads only its own texts: ./shell.ts holds what the page frame and the
 * home page show (`ShellMessages`), this file the rest, and `en` puts them together. Modules of
 * the first page import from ./shell; every other module imports from here.
 */
import type { AppointmentStatus } from '../../contract/appointments';
import { messages as shell } from './shell';

export interface Messages {
  readonly app: {
    readonly skipToContent: string;
    readonly loadingPage: string;
    readonly clinicName: string;
  };
  readonly header: {
    readonly contactBarLabel: string;
    readonly callUs: string;
    readonly emailUs: string;
    readonly hoursLabel: string;
    readonly hoursSummary: string;
    readonly location: string;
    readonly login: string;
    readonly signUp: string;
    readonly menu: string;
    readonly mainNavLabel: string;
  };
  readonly nav: {
    readonly home: string;
    readonly treatments: string;
    readonly gallery: string;
    readonly teams: string;
    readonly aboutUs: string;
    readonly contactUs: string;
    readonly bookAppointment: string;
  };
  readonly footer: {
    readonly linksHeading: string;
    readonly aboutUs: string;
    readonly contact: string;
    readonly privacyPolicy: string;
    readonly termsOfService: string;
    readonly locationsHeading: string;
    readonly callHeading: string;
    readonly followUsOn: string;
    readonly opensInNewTab: string;
    readonly copyright: (year: number, clinic: string) => string;
    readonly disclaimer: string;
  };
  readonly social: {
    readonly facebook: string;
    readonly instagram: string;
    readonly x: string;
    readonly youtube: string;
    readonly linkedin: string;
  };
  readonly siteOptions: {
    readonly loading: string;
    readonly failed: string;
    readonly tryAgain: string;
  };
  readonly carousel: {
    readonly previous: string;
    readonly next: string;
    readonly pause: string;
    readonly play: string;
    readonly slide: string;
    readonly slideOf: (position: number, count: number) => string;
    readonly goToSlide: (position: number) => string;
    readonly pickersLabel: string;
  };
  readonly popup: {
    readonly close: string;
    readonly bookingTitle: string;
    readonly callToBook: (phone: string) => string;
  };
  readonly toast: {
    readonly regionLabel: string;
    readonly dismiss: string;
  };
  readonly home: {
    readonly heroCarouselLabel: string;
    readonly insightsCarouselLabel: string;
    readonly testimonialsCarouselLabel: string;
    readonly testimonialsHeading: string;
    readonly insightsHeading: string;
    readonly insightsIntro: string;
    readonly treatmentsHeading: string;
    readonly treatmentsIntro: string;
    readonly readMore: string;
    readonly videoNotSupported: string;
  };
  readonly gallery: {
    readonly title: string;
    readonly intro: string;
    readonly videosHeading: string;
    readonly videosCarouselLabel: string;
    readonly imagesHeading: string;
    readonly imagesCarouselLabel: string;
    readonly beforeAfterHeading: string;
    readonly beforeAfterNote: string;
    readonly before: string;
    readonly after: string;
  };
  readonly teams: {
    readonly title: string;
    readonly intro: string;
    readonly noMembers: string;
    readonly portraitAlt: (name: string) => string;
  };
  readonly contact: {
    readonly title: string;
    readonly intro: string;
    readonly locationsHeading: string;
    readonly phone: string;
    readonly hoursHeading: string;
    readonly hoursCaption: string;
    readonly day: string;
    readonly hours: string;
    readonly closed: string;
    readonly allLocationsPhone: string;
    readonly email: string;
    readonly emergency: string;
    readonly addressUnknown: string;
  };
  readonly quotation: {
    readonly heading: string;
    readonly honesty: string;
    readonly name: string;
    readonly phone: string;
    readonly phoneHint: string;
    readonly email: string;
    readonly message: string;
    readonly messageHint: string;
    readonly submit: string;
    readonly errorSummary: string;
    readonly nameRequired: string;
    readonly phoneInvalid: string;
    readonly emailInvalid: string;
    readonly messageTooShort: string;
    readonly readyHeading: string;
    readonly readyBody: string;
    readonly sendByEmail: string;
    readonly callInstead: (phone: string) => string;
    readonly edit: string;
    readonly emailSubject: (name: string) => string;
    readonly emailBody: (fields: { name: string; phone: string; email: string; message: string }) => string;
    readonly handedToEmail: string;
  };
  readonly remedies: {
    readonly title: string;
    readonly body: string;
    readonly callUs: (phone: string) => string;
  };
  readonly soon: {
    readonly appointmentsTitle: string;
    readonly paymentSuccessTitle: string;
    readonly paymentFailTitle: string;
    readonly paymentTitle: string;
    readonly body: string;
    readonly callUs: (phone: string) => string;
    readonly backHome: string;
  };
  /** The Book Appointment popup and the payment pages (the spec's own words are in `spec`). */
  readonly booking: {
    readonly intro: string;
    readonly location: string;
    readonly doctor: string;
    readonly consultationType: string;
    readonly date: string;
    readonly dateHint: string;
    readonly slots: string;
    readonly chooseLocation: string;
    readonly chooseDoctor: string;
    readonly chooseType: string;
    readonly chooseDateFirst: string;
    readonly loadingDoctors: string;
    readonly loadingSlots: string;
    readonly tryAgain: string;
    readonly fee: string;
    readonly feeLoading: string;
    readonly feeFailed: string;
    readonly detailsHeading: string;
    readonly genderChoose: string;
    readonly book: string;
    readonly booking: string;
    readonly loginToBook: string;
    readonly doctorOnline: string;
    /** No spec text: Book before the fee list gave the fee of the chosen type. */
    readonly feeUnknown: string;
    /** No spec text: the server's fee differs from the one shown. */
    readonly feeChanged: (fee: string) => string;
    readonly paymentTitle: string;
    readonly paymentRedirecting: string;
    readonly paymentRefused: string;
    readonly paymentConfigFailed: string;
    readonly paymentSuccessTitle: string;
    readonly paymentSuccessBody: string;
    readonly paymentFailTitle: string;
    readonly paymentFailBody: string;
    readonly paymentRefundBody: string;
    readonly redirectingIn: (seconds: number) => string;
    readonly goNow: string;
    readonly backHome: string;
  };
  /** /myappointment: the list, its cards, the edit, cancel and help popups (the spec's own words are in `spec`). */
  readonly appointments: {
    readonly title: string;
    readonly loading: string;
    readonly refreshing: string;
    readonly tryAgain: string;
    readonly listLabel: string;
    readonly appointmentHeading: (doctor: string, date: string) => string;
    readonly doctor: string;
    readonly location: string;
    readonly consultationType: string;
    readonly date: string;
    readonly time: string;
    readonly status: string;
    readonly appointmentId: string;
    readonly statusNames: Readonly<Record<AppointmentStatus, string>>;
    /** `until`: the end of the hold on the slot, in clinic time; null when unknown. */
    readonly feeUnpaid: (until: string | null) => string;
    readonly feeLapsed: string;
    readonly feeRefunded: string;
    readonly payFee: (amount: string) => string;
    readonly paying: string;
    readonly edit: string;
    readonly cancel: string;
    readonly addToCalendar: string;
    readonly preparingCalendar: string;
    /** No spec text: the .ics could not be fetched and the server gave no words. */
    readonly calendarFailed: string;
    readonly cancelTitle: string;
    readonly cancelYes: string;
    readonly cancelNo: string;
    readonly cancelling: string;
    readonly orderHeading: string;
    readonly orderTotal: string;
    readonly orderPaymentMode: string;
    readonly orderPaymentStatus: string;
    readonly orderStatus: string;
    readonly payNow: string;
    /** No spec text: spec §4 "the user is told the amount already paid". */
    readonly alreadyPaid: (amount: string) => string;
    readonly editTitle: string;
    readonly editWhich: (doctor: string, type: string) => string;
    readonly editLocation: string;
    readonly chooseLocation: string;
    readonly editDate: string;
    readonly editTime: string;
    readonly slotsWaiting: string;
    readonly slotsLoading: string;
    readonly slotBooked: string;
    readonly slotUnavailable: string;
    readonly slotsNote: string;
    readonly doctorsFailed: string;
    readonly save: string;
    readonly saving: string;
    readonly close: string;
    readonly missing: (fields: readonly string[]) => string;
    readonly sameAsBefore: string;
    readonly help: string;
    readonly helpTitle: string;
    readonly helpIntro: string;
    readonly helpLoading: string;
    readonly helpChat: string;
    readonly helpCall: (phone: string) => string;
    readonly helpEmail: (address: string) => string;
    readonly opensInNewTab: string;
    readonly prescriptionHeading: string;
    readonly complaint: string;
    readonly remedies: string;
    readonly medicine: string;
    readonly dosage: string;
    readonly frequency: string;
    readonly potency: string;
    readonly duration: string;
    readonly pharmacy: string;
    readonly instructions: string;
    /** /paymentsuccess?for=order and /paymentfail?for=order: a pharmacy order's payment, not a booking. */
    readonly orderPaymentSuccessTitle: string;
    readonly orderPaymentSuccessBody: string;
    readonly orderPaymentFailTitle: string;
    readonly orderPaymentFailBody: string;
    readonly orderRedirectingIn: (seconds: number) => string;
  };
  /** Accounts: the header's profile menu, the login and sign-up popups, /account, /forgotpassword. */
  readonly account: {
    readonly myProfile: string;
    readonly myAppointment: string;
    /** The profile menu's link to /staff, for admin and doctor accounts only. */
    readonly staffConsole: string;
    readonly logout: string;
    readonly checkingSession: string;
    readonly sessionUnverified: string;
    readonly tryAgain: string;
    readonly fields: {
      readonly firstName: string;
      readonly lastName: string;
      readonly email: string;
      readonly age: string;
      readonly gender: string;
      readonly male: string;
      readonly female: string;
      readonly phoneNumber: string;
      readonly password: string;
      readonly confirmPassword: string;
      readonly newPassword: string;
      readonly confirmNewPassword: string;
      readonly otp: string;
    };
    readonly passwordHint: string;
    readonly phoneHint: string;
    readonly otpHint: string;
    readonly fieldRequired: string;
    /**
     * No spec text: a form sent with blank required fields (spec §5 "all fields required"). Names
     * one or two; for more, counts them (each field then says so, and focus moves to the first).
     */
    readonly missingFields: (labels: readonly string[]) => string;
    /** No spec text: sign-up without the terms box (spec §5 "terms checkbox required"). */
    readonly termsRequired: string;
    readonly termsBefore: string;
    readonly termsLink: string;
    readonly sendOtp: string;
    readonly sendingOtp: string;
    readonly resendOtp: string;
    readonly validateOtp: string;
    readonly validatingOtp: string;
    readonly otpSentTo: (email: string) => string;
    readonly emailVerified: string;
    readonly loginTitle: string;
    readonly loginSubmit: string;
    readonly loggingIn: string;
    readonly or: string;
    readonly continueWithGoogle: string;
    readonly forgotPassword: string;
    readonly noAccount: string;
    readonly switchToSignUp: string;
    readonly signUpTitle: string;
    readonly signUpIntro: string;
    readonly signUpSubmit: string;
    readonly signingUp: string;
    readonly haveAccount: string;
    readonly switchToLogin: string;
    readonly resetTitle: string;
    readonly resetIntro: string;
    readonly resetStepEmail: string;
    readonly resetStepPassword: string;
    readonly resetAfterProof: string;
    readonly resetSubmit: string;
    readonly resetting: string;
    readonly resetDone: string;
    readonly resetDoneLogin: string;
    readonly profileTitle: string;
    readonly profileIntro: string;
    readonly name: string;
    readonly maskedPassword: string;
    readonly passwordHidden: string;
    readonly edit: string;
    readonly editLabel: (field: string) => string;
    readonly loginNeededBody: string;
    readonly loginButton: string;
    readonly googleSigningIn: string;
    readonly backHome: string;
  };
  readonly notFound: {
    readonly title: string;
    readonly body: string;
    readonly backHome: string;
  };
  readonly legal: {
    readonly lastUpdated: (date: string) => string;
  };
  readonly pageTitles: {
    readonly home: string;
    readonly treatments: string;
    readonly gallery: string;
    readonly about: string;
    readonly teams: string;
    readonly contact: string;
    readonly terms: string;
    readonly privacy: string;
    readonly remedies: string;
    readonly account: string;
    readonly forgotPassword: string;
    readonly googleSignIn: string;
    readonly soon: string;
    readonly notFound: string;
  };
  /** Spec §8, word for word. Shown by this issue or by later ones. */
  readonly spec: {
    readonly registrationSuccess: (firstName: string) => string;
    readonly registrationFailed: string;
    readonly welcome: (firstName: string) => string;
    readonly loginFailed: string;
    readonly googleLoginFailed: string;
    readonly otpSent: string;
    readonly otpSendFailed: string;
    readonly otpSendError: string;
    readonly otpValidated: string;
    readonly otpInvalid: string;
    readonly otpValidateError: string;
    readonly somethingWentWrong: string;
    readonly appointmentDeleted: string;
    readonly appointmentDeleteFailed: string;
    readonly appointmentUpdated: string;
    readonly appointmentUpdateFailed: string;
    readonly appointmentUpdateError: string;
    readonly passwordReset: string;
    readonly pleaseLogin: string;
    readonly noAppointmentBooked: string;
    readonly notChatVideoCall: string;
    readonly logoutSuccess: string;
    readonly appointmentBooked: string;
    readonly passwordsDoNotMatch: string;
    readonly validateOtpFirst: string;
    readonly enterEmail: string;
    readonly selectAllRequired: string;
    readonly noSchedule: string;
    readonly doctorNotAvailable: string;
    readonly noAppointments: string;
    readonly noTestimonials: string;
    readonly noEvents: string;
    readonly noLocations: string;
    readonly slotBooked: string;
    readonly slotUnavailable: string;
    readonly cancelWarning: string;
    readonly orderPending: string;
    readonly helpPrefill: string;
  };
}

/**
 * The part of the catalog in ./shell.ts: the texts the page frame and the home page show. Its
 * modules import `messages` from there, so the home page's first JavaScript carries no text of
 * the other pages and popups.
 */
export type ShellMessages = Pick<Messages, 'app' | 'header' | 'nav' | 'footer' | 'social' | 'siteOptions' | 'carousel' | 'toast' | 'home'> & {
  readonly account: Pick<Messages['account'], 'checkingSession'>;
  readonly teams: Pick<Messages['teams'], 'title'>;
  readonly pageTitles: Pick<Messages['pageTitles'], 'home'>;
  readonly spec: Pick<Messages['spec'], 'noTestimonials' | 'noLocations' | 'logoutSuccess' | 'somethingWentWrong' | 'googleLoginFailed'>;
};

export const en: Messages = {
  app: shell.app,
  header: shell.header,
  nav: shell.nav,
  footer: shell.footer,
  social: shell.social,
  siteOptions: shell.siteOptions,
  carousel: shell.carousel,
  toast: shell.toast,
  home: shell.home,
  popup: {
    close: 'Close',
    bookingTitle: 'Book Appointment',
    callToBook: (phone) => `Call ${phone}`,
  },
  gallery: {
    title: 'Gallery',
    intro: 'Health camps, talks and check-ups our doctors have run across Pune.',
    videosHeading: 'Event videos',
    videosCarouselLabel: 'Event videos',
    imagesHeading: 'Event photos',
    imagesCarouselLabel: 'Event photos',
    beforeAfterHeading: 'Skin, before and after',
    beforeAfterNote:
      'Illustrations of typical changes we see, drawn to protect patient privacy. Every person responds differently, and we make no promise of a particular result.',
    before: 'Before',
    after: 'After',
  },
  teams: {
    intro: 'The doctors, pharmacist and coordinators who look after you at every Sahaj clinic.',
    noMembers: 'Our team page is being updated. Call us to know who is consulting this week.',
    portraitAlt: (name) => `Portrait of ${name}`,
    ...shell.teams,
  },
  contact: {
    title: 'Contact us',
    intro: 'Visit any of our clinics, call us, or write to us. We reply to emails within one working day.',
    locationsHeading: 'Our clinics',
    phone: 'Phone',
    hoursHeading: 'Clinic hours',
    hoursCaption: 'Opening hours, the same at every clinic',
    day: 'Day',
    hours: 'Hours',
    closed: 'Closed',
    allLocationsPhone: 'Appointments for all clinics',
    email: 'Email',
    emergency:
      'We cannot handle emergencies. If you or someone near you is seriously unwell, go to the nearest hospital or call 112.',
    addressUnknown: 'Call us for directions to this clinic.',
  },
  quotation: {
    heading: 'Ask us a question',
    honesty:
      'This form does not send anything by itself. It checks your details, then opens your own email app with the message written out, or you can call us instead.',
    name: 'Your name',
    phone: 'Phone number',
    phoneHint: '10 digits, for example 98220 12345',
    email: 'Email address',
    message: 'Your message',
    messageHint: 'Tell us briefly what you would like help with.',
    submit: 'Prepare my message',
    errorSummary: 'Please correct the highlighted fields.',
    nameRequired: 'Please enter your name.',
    phoneInvalid: 'Please enter a 10-digit phone number.',
    emailInvalid: 'Please enter an email address like name@example.com.',
    messageTooShort: 'Please write a message of at least 10 characters.',
    readyHeading: 'Your message is ready',
    readyBody:
      'Nothing has been sent yet. Choose how to reach us: your email app opens with the message filled in, or call us and read it out.',
    sendByEmail: 'Send it from my email app',
    callInstead: (phone) => `Call ${phone}`,
    edit: 'Edit my message',
    emailSubject: (name) => `Question from ${name}`,
    emailBody: ({ name, phone, email, message }) =>
      `${message}\n\nName: ${name}\nPhone: ${phone}\nEmail: ${email}`,
    handedToEmail: 'Your email app should now open with your message. Send it from there.',
  },
  remedies: {
    title: 'My remedies',
    body: 'Your remedies will show here once you have had a consultation with one of our doctors: the medicine, its potency, how often to take it and for how long.',
    callUs: (phone) => `Questions about a remedy you already have? Call us on ${phone}.`,
  },
  soon: {
    appointmentsTitle: 'My appointments',
    paymentSuccessTitle: 'Payment',
    paymentFailTitle: 'Payment',
    paymentTitle: 'Payment',
    body: 'This part of the site opens soon.',
    callUs: (phone) => `Meanwhile, call us on ${phone} to book, change or pay for an appointment.`,
    backHome: 'Back to the home page',
  },
  booking: {
    intro: 'Choose a clinic, a doctor, how you want to consult and a time. You pay online to confirm.',
    location: 'Location',
    doctor: 'Doctor',
    consultationType: 'Consultation type',
    date: 'Date',
    dateHint: 'Dates are in clinic time (India). Type or pick a date from today on.',
    slots: 'Time slot',
    chooseLocation: 'Choose a location',
    chooseDoctor: 'Choose a doctor',
    chooseType: 'Choose a consultation type',
    chooseDateFirst: 'Choose a doctor, a consultation type and a date to see the free times.',
    loadingDoctors: 'Loading doctors…',
    loadingSlots: 'Loading times…',
    tryAgain: 'Try again',
    fee: 'Consultation fee',
    feeLoading: 'Fee list loading; the fee may change.',
    feeFailed: 'The fee list could not be loaded.',
    detailsHeading: 'Patient details',
    genderChoose: 'Choose',
    book: 'Book',
    booking: 'Booking…',
    loginToBook: 'You will be asked to log in before paying.',
    doctorOnline: 'online only',
    feeUnknown: 'The consultation fee could not be loaded. Please try again.',
    feeChanged: (fee) => `The consultation fee is now ${fee}. Please check it and book again.`,
    paymentTitle: 'Payment',
    paymentRedirecting: 'Taking you to the payment page…',
    paymentRefused: 'This payment link is not one of our payment pages, so we did not open it. Please book again from the home page.',
    paymentConfigFailed: 'We could not check the payment link. Please try again.',
    paymentSuccessTitle: 'Payment received',
    paymentSuccessBody: 'Thank you. We confirm your appointment once the payment provider confirms the payment.',
    paymentFailTitle: 'Payment not completed',
    paymentFailBody: 'Your payment did not go through. Your choices are kept: you can try again.',
    paymentRefundBody:
      'Your payment arrived after the hold on your slot had lapsed and the slot was no longer available, so the amount will be refunded to you in full. Please choose another slot.',
    redirectingIn: (seconds) => `Going to the home page in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    goNow: 'Go now',
    backHome: 'Back to the home page',
  },
  appointments: {
    title: 'My appointments',
    loading: 'Loading your appointments…',
    refreshing: 'Updating the list…',
    tryAgain: 'Try again',
    listLabel: 'Your appointments',
    appointmentHeading: (doctor, date) => `${doctor}, ${date}`,
    doctor: 'Doctor',
    location: 'Location',
    consultationType: 'Consultation type',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    appointmentId: 'Appointment ID',
    statusNames: { Booked: 'Booked', Expired: 'Expired', Completed: 'Completed', Cancelled: 'Cancelled' },
    feeUnpaid: (until) =>
      until === null
        ? 'Fee not paid: this appointment is not confirmed yet. Pay to keep it.'
        : `Fee not paid: this appointment is not confirmed yet. Your slot is held until ${until}; pay to keep it.`,
    feeLapsed: 'Fee not paid: this appointment was never confirmed, and its slot is no longer held.',
    feeRefunded: 'Fee refunded.',
    payFee: (amount) => `Pay ${amount}`,
    paying: 'Opening the payment page…',
    edit: 'Edit',
    cancel: 'Cancel',
    addToCalendar: 'Add to calendar',
    preparingCalendar: 'Preparing the calendar file…',
    calendarFailed: 'We could not make the calendar file. Please try again.',
    cancelTitle: 'Cancel appointment',
    cancelYes: 'Yes, cancel it',
    cancelNo: 'No, keep it',
    cancelling: 'Cancelling…',
    orderHeading: 'Pharmacy order',
    orderTotal: 'Total',
    orderPaymentMode: 'Payment mode',
    orderPaymentStatus: 'Payment status',
    orderStatus: 'Order status',
    payNow: 'Pay Now',
    alreadyPaid: (amount) => `You have already paid ${amount}.`,
    editTitle: 'Edit appointment',
    editWhich: (doctor, type) => `${doctor}, ${type}`,
    editLocation: 'Location',
    chooseLocation: 'Choose a location',
    editDate: 'Date',
    editTime: 'Time',
    slotsWaiting: 'Choose a location and a date to see the times.',
    slotsLoading: 'Loading the times…',
    slotBooked: 'booked',
    slotUnavailable: 'unavailable',
    slotsNote: 'Times marked booked or unavailable cannot be chosen.',
    doctorsFailed: "We could not load the doctor's other locations.",
    save: 'Save',
    saving: 'Saving…',
    close: 'Close',
    missing: (fields) => `To save, choose: ${fields.join(', ')}.`,
    sameAsBefore: 'Choose a different location, date or time to save.',
    help: 'Help',
    helpTitle: 'Help with your consultation',
    helpIntro: 'Chat with us, call us or write to us about your consultation.',
    helpLoading: "Loading the clinic's contacts…",
    helpChat: 'Chat on WhatsApp',
    helpCall: (phone) => `Call ${phone}`,
    helpEmail: (address) => `Email ${address}`,
    opensInNewTab: '(opens in a new tab)',
    prescriptionHeading: 'Prescription',
    complaint: 'Complaint',
    remedies: 'Remedies',
    medicine: 'Medicine',
    dosage: 'Dosage',
    frequency: 'Frequency',
    potency: 'Potency',
    duration: 'Duration',
    pharmacy: 'Pharmacy',
    instructions: 'Instructions',
    orderPaymentSuccessTitle: 'Order payment received',
    orderPaymentSuccessBody:
      'Thank you. Your pharmacy order shows as paid in My appointments once the payment provider confirms the payment.',
    orderPaymentFailTitle: 'Order payment not completed',
    orderPaymentFailBody: 'Your payment for the pharmacy order did not go through. You can pay again from My appointments.',
    orderRedirectingIn: (seconds) => `Going to My appointments in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  account: {
    myProfile: 'My Profile',
    myAppointment: 'My Appointment',
    staffConsole: 'Staff console',
    logout: 'Logout',
    sessionUnverified: 'We could not check your login just now.',
    tryAgain: 'Try again',
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      age: 'Age',
      gender: 'Gender',
      male: 'Male',
      female: 'Female',
      phoneNumber: 'Phone number',
      password: 'Password',
      confirmPassword: 'Confirm password',
      newPassword: 'New password',
      confirmNewPassword: 'Confirm new password',
      otp: 'Email OTP',
    },
    passwordHint: 'At least 8 characters. A few words you will remember work well.',
    phoneHint: '10 digits, for example 98220 12345',
    otpHint: 'The 6-digit code from the email we sent you.',
    fieldRequired: 'This field is required.',
    missingFields: (labels) =>
      labels.length <= 2 ? `Please fill in: ${labels.join(', ')}.` : `Please fill in the ${labels.length} fields marked below.`,
    termsRequired: 'Please accept the Terms and Conditions to sign up.',
    termsBefore: 'I agree to the',
    termsLink: 'Terms and Conditions',
    sendOtp: 'Send OTP',
    sendingOtp: 'Sending…',
    resendOtp: 'Resend OTP',
    validateOtp: 'Validate',
    validatingOtp: 'Validating…',
    otpSentTo: (email) => `We sent a code to ${email}. It is valid for 10 minutes.`,
    emailVerified: 'Email verified.',
    loginTitle: 'Login',
    loginSubmit: 'Login',
    loggingIn: 'Logging in…',
    or: 'or',
    continueWithGoogle: 'Continue with Google',
    forgotPassword: 'Forgot password?',
    noAccount: 'New here?',
    switchToSignUp: 'Sign up',
    signUpTitle: 'Sign up',
    signUpIntro: 'All fields are required. We email you a code to check your address.',
    signUpSubmit: 'Sign up',
    signingUp: 'Signing up…',
    haveAccount: 'Already have an account?',
    switchToLogin: 'Login',
    resetTitle: 'Reset password',
    resetIntro: 'We email you a code to prove the address is yours, then you choose a new password.',
    resetStepEmail: '1. Prove your email address',
    resetStepPassword: '2. Choose a new password',
    resetAfterProof: 'Once your email is verified, you choose the new password here.',
    resetSubmit: 'Reset password',
    resetting: 'Resetting…',
    resetDone: 'Your new password is set. Every device that was logged in to this account has been logged out.',
    resetDoneLogin: 'Login with your new password',
    profileTitle: 'My profile',
    profileIntro: 'The details of your account.',
    name: 'Name',
    maskedPassword: '••••••••',
    passwordHidden: 'hidden',
    edit: 'Edit',
    editLabel: (field) => `Edit ${field.toLowerCase()}`,
    loginNeededBody: 'Log in to see this page. You will come back here afterwards.',
    loginButton: 'Login',
    googleSigningIn: 'Signing you in with Google…',
    backHome: 'Back to the home page',
    ...shell.account,
  },
  notFound: {
    title: 'Page not found',
    body: 'We could not find that page. It may have moved, or the address may be mistyped.',
    backHome: 'Go to the home page',
  },
  legal: {
    lastUpdated: (date) => `Last updated: ${date}`,
  },
  pageTitles: {
    treatments: 'Our Treatments',
    gallery: 'Gallery',
    about: 'About us',
    teams: 'Our team',
    contact: 'Contact us',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    remedies: 'My remedies',
    account: 'My profile',
    forgotPassword: 'Reset password',
    googleSignIn: 'Signing in',
    soon: 'Opening soon',
    notFound: 'Page not found',
    ...shell.pageTitles,
  },
  spec: {
    registrationSuccess: (firstName) => `Registration successful! Welcome, ${firstName}`,
    registrationFailed: 'Registration failed. Please try again.',
    welcome: (firstName) => `Welcome ${firstName}!`,
    loginFailed: 'Please forgot password and try again.',
    otpSent: 'OTP sent to your email.',
    otpSendFailed: 'Failed to send OTP. Please try again.',
    otpSendError: 'An error occurred while sending the OTP.',
    otpValidated: 'Email OTP validated successfully.',
    otpInvalid: 'Invalid email OTP. Please try again.',
    otpValidateError: 'An error occurred while validating the OTP.',
    appointmentDeleted: 'Appointment Deleted Successfully.',
    appointmentDeleteFailed: 'Failed to delete appointment',
    appointmentUpdated: 'Appointment updated successfully.',
    appointmentUpdateFailed: 'Failed to update appointment.',
    appointmentUpdateError: 'Something went wrong while updating the appointment.',
    passwordReset: 'Password reset successfully!',
    pleaseLogin: 'Please login.',
    noAppointmentBooked: 'You have not booked any appointment',
    notChatVideoCall: 'Your consultation type is not chat, video or call.',
    appointmentBooked: 'Appointment booked successfully.',
    passwordsDoNotMatch: 'Passwords do not match!',
    validateOtpFirst: 'Please validate your email OTP before registering.',
    enterEmail: 'Please enter email!',
    selectAllRequired: 'Please select all required fields.',
    noSchedule: 'No schedule found for selected date or location or doctor.',
    doctorNotAvailable: 'Doctor is not available for this date.',
    noAppointments: 'No Appointments Found.',
    noEvents: 'No Event Available.',
    slotBooked: 'This slot is already booked',
    slotUnavailable: 'This slot is unavailable',
    cancelWarning: 'Your appointment fee will not be refunded. Still want to cancel?',
    orderPending: 'Order Status: Pending',
    helpPrefill: 'Hello, I want help.',
    ...shell.spec,
  },
};

/** The catalog in use. One language today; a language switch would pick another `Messages`. */
export const messages: Messages = en;
