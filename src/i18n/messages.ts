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
import { useCatalog, type Catalog } from './catalog';
import { shellEnglish as shell, siteCatalog } from './shell';

export const en = {
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
    callToBook: (phone: string) => `Call ${phone}`,
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
    portraitAlt: (name: string) => `Portrait of ${name}`,
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
    callInstead: (phone: string) => `Call ${phone}`,
    edit: 'Edit my message',
    emailSubject: (name: string) => `Question from ${name}`,
    emailBody: ({ name, phone, email, message }: { name: string; phone: string; email: string; message: string }) =>
      `${message}\n\nName: ${name}\nPhone: ${phone}\nEmail: ${email}`,
    handedToEmail: 'Your email app should now open with your message. Send it from there.',
  },
  remedies: {
    title: 'My remedies',
    body: 'Your remedies will show here once you have had a consultation with one of our doctors: the medicine, its potency, how often to take it and for how long.',
    callUs: (phone: string) => `Questions about a remedy you already have? Call us on ${phone}.`,
  },
  soon: {
    appointmentsTitle: 'My appointments',
    paymentSuccessTitle: 'Payment',
    paymentFailTitle: 'Payment',
    paymentTitle: 'Payment',
    body: 'This part of the site opens soon.',
    callUs: (phone: string) => `Meanwhile, call us on ${phone} to book, change or pay for an appointment.`,
    backHome: 'Back to the home page',
  },
  /** The Book Appointment popup and the payment pages (the spec's own words are in `spec`). */
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
    /** No spec text: Book before the fee list gave the fee of the chosen type. */
    feeUnknown: 'The consultation fee could not be loaded. Please try again.',
    /** No spec text: the server's fee differs from the one shown. */
    feeChanged: (fee: string) => `The consultation fee is now ${fee}. Please check it and book again.`,
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
    redirectingIn: (seconds: number) => `Going to the home page in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    goNow: 'Go now',
    backHome: 'Back to the home page',
  },
  /** /myappointment: the list, its cards, the edit, cancel and help popups (the spec's own words are in `spec`). */
  appointments: {
    title: 'My appointments',
    loading: 'Loading your appointments…',
    refreshing: 'Updating the list…',
    tryAgain: 'Try again',
    listLabel: 'Your appointments',
    appointmentHeading: (doctor: string, date: string) => `${doctor}, ${date}`,
    doctor: 'Doctor',
    location: 'Location',
    consultationType: 'Consultation type',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    appointmentId: 'Appointment ID',
    statusNames: { Booked: 'Booked', Expired: 'Expired', Completed: 'Completed', Cancelled: 'Cancelled' },
    /** `until`: the end of the hold on the slot, in clinic time; null when unknown. */
    feeUnpaid: (until: string | null) =>
      until === null
        ? 'Fee not paid: this appointment is not confirmed yet. Pay to keep it.'
        : `Fee not paid: this appointment is not confirmed yet. Your slot is held until ${until}; pay to keep it.`,
    feeLapsed: 'Fee not paid: this appointment was never confirmed, and its slot is no longer held.',
    feeRefunded: 'Fee refunded.',
    payFee: (amount: string) => `Pay ${amount}`,
    paying: 'Opening the payment page…',
    edit: 'Edit',
    cancel: 'Cancel',
    addToCalendar: 'Add to calendar',
    preparingCalendar: 'Preparing the calendar file…',
    /** No spec text: the .ics could not be fetched and the server gave no words. */
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
    /** No spec text: spec §4 "the user is told the amount already paid". */
    alreadyPaid: (amount: string) => `You have already paid ${amount}.`,
    editTitle: 'Edit appointment',
    editWhich: (doctor: string, type: string) => `${doctor}, ${type}`,
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
    missing: (fields: readonly string[]) => `To save, choose: ${fields.join(', ')}.`,
    sameAsBefore: 'Choose a different location, date or time to save.',
    help: 'Help',
    helpTitle: 'Help with your consultation',
    helpIntro: 'Chat with us, call us or write to us about your consultation.',
    helpLoading: "Loading the clinic's contacts…",
    helpChat: 'Chat on WhatsApp',
    helpCall: (phone: string) => `Call ${phone}`,
    helpEmail: (address: string) => `Email ${address}`,
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
    /** /paymentsuccess?for=order and /paymentfail?for=order: a pharmacy order's payment, not a booking. */
    orderPaymentSuccessTitle: 'Order payment received',
    orderPaymentSuccessBody:
      'Thank you. Your pharmacy order shows as paid in My appointments once the payment provider confirms the payment.',
    orderPaymentFailTitle: 'Order payment not completed',
    orderPaymentFailBody: 'Your payment for the pharmacy order did not go through. You can pay again from My appointments.',
    orderRedirectingIn: (seconds: number) => `Going to My appointments in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  /** Accounts: the header's profile menu, the login and sign-up popups, /account, /forgotpassword. */
  account: {
    myProfile: 'My Profile',
    myAppointment: 'My Appointment',
    /** The profile menu's link to /staff, for admin and doctor accounts only. */
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
    /**
     * No spec text: a form sent with blank required fields (spec §5 "all fields required"). Names
     * one or two; for more, counts them (each field then says so, and focus moves to the first).
     */
    missingFields: (labels: readonly string[]) =>
      labels.length <= 2 ? `Please fill in: ${labels.join(', ')}.` : `Please fill in the ${labels.length} fields marked below.`,
    /** No spec text: sign-up without the terms box (spec §5 "terms checkbox required"). */
    termsRequired: 'Please accept the Terms and Conditions to sign up.',
    termsBefore: 'I agree to the',
    termsLink: 'Terms and Conditions',
    sendOtp: 'Send OTP',
    sendingOtp: 'Sending…',
    resendOtp: 'Resend OTP',
    validateOtp: 'Validate',
    validatingOtp: 'Validating…',
    otpSentTo: (email: string) => `We sent a code to ${email}. It is valid for 10 minutes.`,
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
    editLabel: (field: string) => `Edit ${field.toLowerCase()}`,
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
    lastUpdated: (date: string) => `Last updated: ${date}`,
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
  /** Spec §8, word for word. Shown by this issue or by later ones. */
  spec: {
    registrationSuccess: (firstName: string) => `Registration successful! Welcome, ${firstName}`,
    registrationFailed: 'Registration failed. Please try again.',
    welcome: (firstName: string) => `Welcome ${firstName}!`,
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

/**
 * The site's catalog type, derived from the English texts above: another language must have the
 * same keys, with strings where English has strings and functions of the same parameters.
 */
export type Messages = Catalog<typeof en>;

// The store starts with ./shell.ts's part of English; from here on it holds a whole catalog
// (unless a language was already set, which is whole too).
if (siteCatalog.get() === shell) siteCatalog.set(en);

/** The texts in use, for a view: it renders again when the language changes. */
export const useMessages = (): Messages => useCatalog(siteCatalog) as Messages;

/** The texts in use, for code outside React (machines' notices, document titles). */
export const getMessages = (): Messages => siteCatalog.get() as Messages;

/**
 * The texts in use, read where they are used (`messages.spec.slotBooked`): the module binding
 * follows the language. Views should prefer `useMessages()`, which also renders them again.
 */
export let messages: Messages = getMessages();
siteCatalog.subscribe(() => {
  messages = getMessages();
});

/** Puts another language's whole catalog in use (or English back). */
export function setCatalog(next: Messages): void {
  siteCatalog.set(next);
}

/**
 * The languages the site can show, each loaded when first chosen. English only for now; issue 15
 * adds `hi` and `mr` as `() => import('./hi').then((module) => module.messages)`, each a
 * `Messages` checked like tests/unit/catalogShape.typecheck.ts, so they stay out of every chunk
 * until chosen.
 */
const languages = {
  en: async (): Promise<Messages> => en,
} satisfies Record<string, () => Promise<Messages>>;

export type Language = keyof typeof languages;

/** Loads a language's catalog and puts it in use; views reading `useMessages()` show it. */
export async function loadLanguage(language: Language): Promise<void> {
  setCatalog(await languages[language]());
}
