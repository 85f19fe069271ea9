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
import { type ServerRefusal, translateServerWordsWith } from '../api/serverWords';
import type { AppointmentStatus } from '../../contract/appointments';
import { useCatalog, type Catalog } from './catalog';
import { plural } from './plural';
import { shellEnglish as shell, siteCatalog } from './shell';

export const en = {
  /**
   * The server's refusals as the API client words them (src/api/client.ts), by their code: the
   * server's own message in English; Hindi and Marathi say the codes they know
   * (src/i18n/hi|mr/server.ts) and the others as the server's English.
   */
  serverWords: (refusal: ServerRefusal) => refusal.message,
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
    /** Opens Book Appointment with this doctor chosen. */
    bookWith: (name: string) => `Book with ${name}`,
    registration: (council: string, number: string) => `Registration ${number}, ${council}`,
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
  /** The patient's record: My Remedies' list, documents, the data export, closing the account. */
  records: {
    loading: 'Loading your remedies…',
    loadFailed: 'We could not load your remedies.',
    retry: 'Try again',
    currentHeading: 'Current remedies',
    pastHeading: 'Earlier prescriptions',
    prescriptionOf: (date: string, doctor: string) => `${date} with ${doctor}`,
    forPerson: (name: string, relation: string) => `For ${name} (${relation})`,
    consultation: (type: string) => (type === 'Clinic Visit' ? 'Clinic visit' : `${type} consultation`),
    complaint: 'Complaint',
    diagnosis: 'Provisional diagnosis',
    history: 'History and findings',
    investigations: 'Investigations advised',
    followUp: 'Follow-up',
    remedies: 'Remedies',
    remedy: 'Remedy',
    potency: 'Potency',
    /** Labels only: a remedy's dose and frequency show as the doctor wrote them, never restated or translated (docs/records.md). */
    dosage: 'Dosage',
    frequency: 'Frequency',
    duration: 'Duration',
    instructions: 'Instructions',
    pharmacy: 'Pharmacy',
    order: 'Pharmacy order',
    orderState: (total: string, orderStatus: string, paymentStatus: string) => `${total}: order ${orderStatus}, payment ${paymentStatus}`,
    noOrder: 'No pharmacy order yet.',
    downloadPrescription: 'Download prescription (PDF)',
    downloadReceipt: 'Download fee receipt (PDF)',
    downloadOrderReceipt: 'Download order receipt (PDF)',
    downloadHealthRecord: 'Download health record (FHIR)',
    downloading: 'Downloading…',
    downloadFailed: 'The document could not be downloaded. Please try again.',
    viewRemedies: 'My remedies: prescription and receipts',
    dataHeading: 'Your data',
    dataIntro:
      'Download everything the clinic holds about your account: profile, family members, appointments, prescriptions, orders, payments, consents and our log entries about them, as a zip of JSON files with your prescriptions and receipts as PDF.',
    downloadData: 'Download my data',
    preparingData: 'Preparing your data…',
    dataFailed: 'Your data could not be downloaded. Please try again.',
    deleteHeading: 'Delete my account',
    deleteIntro: (clinicalYears: number, paymentYears: number) =>
      `Deleting your account closes it for good: you can no longer log in, and your name, email, phone number and family members' names are erased. By law the clinic keeps your clinical records (consultations, prescriptions) for ${clinicalYears} years and payment records (receipts, refunds) for ${paymentYears} years, under a pseudonym instead of your name, and then deletes them. Download your data first if you want a copy.`,
    deleteBlocked: 'You have paid appointments still ahead. Please cancel them, or attend them, before deleting your account:',
    upcomingLine: (appointmentId: string, when: string, doctor: string) => `${appointmentId}: ${when} with ${doctor}`,
    sendDeleteCode: 'Email me a code to delete my account',
    codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to delete your account.`,
    textDeleteCode: 'Text me a code to delete my account',
    codeTexted: (number: string) => `We sent a 6-digit code to ${number}. Enter it to delete your account.`,
    codeLabel: 'Code from the email',
    codeLabelTexted: 'Code from the message',
    confirmDelete: 'Delete my account',
    deleting: 'Deleting…',
    deleted: 'Your account is deleted. Thank you for trusting us with your care.',
    deleteFailed: 'Your account could not be deleted. Please try again.',
    cancelDelete: 'Cancel',
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
    /** The consultation types (spec §3's values), as a patient reads them. */
    consultationTypeNames: { Chat: 'Chat', Video: 'Video', Call: 'Call', 'Clinic Visit': 'Clinic Visit' },
    /** No spec text: Book before the fee list gave the fee of the chosen type. */
    feeUnknown: 'The consultation fee could not be loaded. Please try again.',
    /** No spec text: the server's fee differs from the one shown. */
    feeChanged: (fee: string) => `The consultation fee is now ${fee}. Please check it and book again.`,
    /** Where the place takes the fee at the visit for a Clinic Visit (the admin's setting). */
    payHow: 'Payment',
    payOnline: 'Pay online now',
    payAtClinic: 'Pay at the clinic',
    payAtClinicHint: 'Paying at the clinic books your slot now; you pay the fee at the clinic when you come.',
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
    redirectingIn: (seconds: number) =>
      `Going to the home page in ${seconds} ${plural('en-IN', seconds, { one: 'second', other: 'seconds' })}.`,
    goNow: 'Go now',
    /** /paymentsuccess while the server has not confirmed the payment yet (asked again every few seconds). */
    confirmingPayment: 'Confirming your payment...',
    /** No spec text: still not confirmed after the page asked for half a minute. */
    stillPendingTitle: 'Payment not confirmed yet',
    stillPendingBody:
      'The payment provider has not confirmed your payment yet. If money has left your account, My appointments shows the appointment as paid once it is confirmed.',
    checkAgain: 'Check again',
    /** No spec text: the server says this payment did not go through (no booking popup is reopened from here). */
    notPaidBody: 'Your payment did not go through, so the appointment is not confirmed. You can pay for it from My appointments while its slot is held.',
    /** No spec text: /paymentsuccess with no payment to ask about (a direct visit, or logged out). */
    unconfirmedTitle: 'Payment',
    unconfirmedBody: 'There is no payment to confirm on this page. My appointments shows each of your appointments with its payment.',
    /** The confirmation view after a payment the server confirmed. */
    confirmation: {
      label: 'Your appointment',
      what: 'What',
      whatValue: (type: string, doctor: string) => `${type} consultation with ${doctor}`,
      when: 'When',
      whenValue: (date: string, time: string) => `${date}, ${time} (clinic time, IST)`,
      where: 'Where',
      how: 'How',
      online: (type: string) => `Online (${type})`,
      callOn: (type: string, phone: string) => `Online (${type}): the doctor will call you on ${phone}.`,
      /** A Chat or Video: where and from when it opens (JOIN_OPENS_MINUTES_BEFORE before the start). */
      joinsAt: (type: string, minutes: number, time: string) =>
        `Online (${type}): the ${type === 'Video' ? 'video call' : 'chat'} opens here, on My appointments, ${minutes} minute${minutes === 1 ? '' : 's'} before ${time}.`,
      openMap: (location: string) => `${location} on the map`,
      feePaid: 'Fee paid',
      appointmentNumber: 'Appointment number',
      myAppointments: 'Go to My appointments',
    },
    backHome: 'Back to the home page',
  },
  /** The booking popup's online choice, date strip, grouped slots, doctor card and "soonest" list. */
  availability: {
    locationOnline: 'Online (Chat, Video, Call)',
    onlineChosen: 'Online consultation: no clinic to choose. The times are the doctor\'s online hours.',
    stripLegend: 'Free days',
    stripShowing: (from: string, to: string) => `Free days from ${from} to ${to}`,
    dayFree: (count: number) => (count === 1 ? '1 free' : `${count} free`),
    dayFull: 'Full',
    dayClosed: 'Not working',
    dayLeave: 'On leave',
    earlier: 'Earlier days',
    later: 'Later days',
    loading: 'Loading free days…',
    failed: 'The free days could not be loaded. You can still type a date.',
    nextAvailable: (when: string) => `Next available: ${when}`,
    nextAvailableAt: (when: string, place: string) => `Next available: ${when} at ${place}`,
    /** The doctor step: each doctor's next free time at the place chosen, after the name. */
    doctorNext: (doctor: string, when: string) => `${doctor}, next free ${when}`,
    doctorNoneFree: (doctor: string) => `${doctor}, nothing free`,
    noneFree: 'No free times up to the last day that can be booked.',
    typeDate: 'Or type a date',
    onLeave: (doctor: string) => `${doctor} is on leave on this day.`,
    morning: 'Morning',
    afternoon: 'Afternoon',
    evening: 'Evening',
    soonestOpen: 'Consult online now / soonest',
    soonestClose: 'Choose step by step instead',
    soonestHeading: 'Online doctors, soonest first',
    soonestIntro: 'Chat, Video or Call from home: no clinic to choose, the soonest free time is picked for you.',
    soonestType: 'Consult by',
    soonestLoading: 'Looking for the soonest online times…',
    soonestNone: 'No online times are free up to the last day that can be booked.',
    soonestToday: (count: number) => (count === 1 ? '1 free online time today' : `${count} free online times today`),
    soonestNotToday: 'Nothing free online today',
    soonestBook: (doctor: string, when: string) => `Choose ${doctor}, ${when}`,
    doctorCard: 'About the doctor',
    registration: (council: string, number: string) => `Registration ${number}, ${council}`,
    languages: (list: string) => `Consults in ${list}`,
    /** The doctor's languages as the clinic enters them (in English or in their own script), named in the language in use. */
    languageNames: { English: 'English', Hindi: 'Hindi', Marathi: 'Marathi', हिन्दी: 'Hindi', मराठी: 'Marathi' } as Readonly<Record<string, string>>,
    typesAndFees: 'Consultation types and fees',
    today: 'Today',
  },
  /** /myappointment: the list, its cards, the edit, cancel and help popups (the spec's own words are in `spec`). */
  appointments: {
    title: 'My appointments',
    loading: 'Loading your appointments…',
    refreshing: 'Updating the list…',
    tryAgain: 'Try again',
    listLabel: 'Your appointments',
    /** The list in two parts, upcoming first (soonest at the top), then the rest collapsed. */
    upcomingHeading: 'Upcoming',
    earlierHeading: (count: number) => `Past and cancelled (${count})`,
    appointmentHeading: (doctor: string, date: string) => `${doctor}, ${date}`,
    doctor: 'Doctor',
    location: 'Location',
    /** A Chat, Video or Call booked on the doctor's online hours, with no clinic: the type as `booking.consultationTypeNames` names it. */
    placeOnline: (type: string) => `Online (${type})`,
    /** A family member's appointment: the person the doctor consults. */
    patientFor: 'For',
    consultationType: 'Consultation type',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    appointmentId: 'Appointment ID',
    statusNames: { Booked: 'Booked', Expired: 'Expired', Completed: 'Completed', Cancelled: 'Cancelled', Missed: 'Did not attend' },
    /** Status Missed: the doctor noted that the patient did not attend (the fee is kept, as for a cancellation). */
    missedNote: 'The doctor noted that you did not attend this appointment. Please book a new one if you still need a consultation.',
    /** `until`: the end of the hold on the slot, in clinic time; null when unknown. */
    feeUnpaid: (until: string | null) =>
      until === null
        ? 'Fee not paid: this appointment is not confirmed yet. Pay to keep it.'
        : `Fee not paid: this appointment is not confirmed yet. Your slot is held until ${until}; pay to keep it.`,
    feeLapsed: 'Fee not paid: this appointment was never confirmed, and its slot is no longer held.',
    /** A flagged refund, not yet paid back (through the payment provider, or by the clinic's staff). */
    feeRefundPending: (amount: string) => `Refund of ${amount} started`,
    feeRefunded: (amount: string) => `Refund of ${amount} completed`,
    /** Booked to pay at the clinic: the slot is held for good. */
    feeDue: (amount: string) => `Fee of ${amount} to be paid at the clinic.`,
    payFee: (amount: string) => `Pay ${amount}`,
    paying: 'Opening the payment page…',
    edit: 'Edit',
    cancel: 'Cancel',
    addToCalendar: 'Add to calendar',
    preparingCalendar: 'Preparing the calendar file…',
    /** No spec text: the .ics could not be fetched and the server gave no words. */
    calendarFailed: 'We could not make the calendar file. Please try again.',
    cancelTitle: 'Cancel appointment',
    /**
     * No spec text: the cancel question of an appointment whose fee was not paid; the
     * spec's 'Your appointment fee will not be refunded...' is asked only when a fee was paid.
     */
    /**
     * No spec text: the cancel question of a paid appointment cancelled in time by the clinic's
     * cancellation policy (CANCEL_FREE_HOURS); too late, the spec's cancelWarning is asked.
     */
    cancelRefund: (amount: string) => `Cancelling now is free: your appointment fee of ${amount} will be refunded. Still want to cancel?`,
    cancelReleaseHold: 'No fee has been paid for this appointment. Cancelling releases its slot for someone else. Still want to cancel?',
    cancelYes: 'Yes, cancel it',
    cancelNo: 'No, keep it',
    cancelling: 'Cancelling…',
    orderHeading: 'Pharmacy order',
    orderTotal: 'Total',
    orderItems: 'Items',
    orderItem: 'Item',
    orderQuantity: 'Quantity',
    orderAmount: 'Amount',
    orderSubtotal: 'Subtotal',
    orderTax: (percent: string) => `Tax (${percent} %)`,
    orderDeliveryFee: 'Delivery fee',
    orderPickup: (location: string) => `Pick up at ${location}`,
    orderDelivery: (address: string) => `Delivered to ${address}`,
    orderPaymentMode: 'Payment mode',
    orderPaymentStatus: 'Payment status',
    orderStatus: 'Order status',
    /** The values the server gives (spec §3, the orders table's checks); one it does not list shows as it came (`orderWords`). */
    orderStatusNames: { Pending: 'Pending', Placed: 'Placed', Ready: 'Ready', Delivered: 'Delivered', Cancelled: 'Cancelled' },
    orderPaymentStatusNames: { Pending: 'Pending', Completed: 'Completed', Failed: 'Failed', Refund: 'Refund' },
    paymentModeNames: { Card: 'Card', Cash: 'Cash' },
    payNow: 'Pay Now',
    /** No spec text: spec §4 "the user is told the amount already paid". */
    alreadyPaid: (amount: string) => `You have already paid ${amount}.`,
    editTitle: 'Edit appointment',
    editWhich: (doctor: string, type: string) => `${doctor}, ${type}`,
    editLocation: 'Location',
    /** An online appointment's edit popup, instead of the location select. */
    editOnline: (type: string) => `Online (${type}): moved within the doctor's online hours, no clinic to visit.`,
    chooseLocation: 'Choose a location',
    editDate: 'Date',
    editTime: 'Time',
    slotsWaiting: 'Choose a location and a date to see the times.',
    slotsLoading: 'Loading the times…',
    slotBooked: 'booked',
    slotUnavailable: 'unavailable',
    /** The edit popup's slot that the appointment holds now. */
    slotCurrent: 'current',
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
    diagnosis: 'Provisional diagnosis',
    history: 'History and findings',
    investigations: 'Investigations advised',
    followUp: 'Follow-up',
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
    orderRedirectingIn: (seconds: number) =>
      `Going to My appointments in ${seconds} ${plural('en-IN', seconds, { one: 'second', other: 'seconds' })}.`,
  },
  /** A completed appointment's follow-up on its card (docs/follow-ups.md): offered, proposed as a series, booked. */
  followUp: {
    heading: 'Your follow-up',
    /** The doctor's follow-up in contract/followUpWords.ts' words, and its due date. */
    asked: (doctor: string, words: string, due: string) => `${doctor} asked to see you again: ${words}, from ${due}.`,
    loading: 'Loading your follow-up…',
    failed: 'Your follow-up could not be loaded.',
    tryAgain: 'Try again',
    soonest: 'The soonest free times with the same doctor:',
    slotsLabel: 'Free times for your follow-up',
    /** A slot's button: opens the booking popup on it. */
    slot: (date: string, time: string) => `${date}, ${time}`,
    noSlots: 'No free time near the due date. Book your follow-up at another time:',
    bookOther: 'Choose another time',
    seriesLabel: 'Your follow-up visits',
    visit: (index: number, date: string, time: string) => `Visit ${index}: ${date}, ${time}`,
    /** Why a visit's wanted time cannot be had (contract/followUps.ts FollowUpClash). */
    clash: {
      booked: 'that time is already booked',
      leave: 'the doctor is on leave that day',
      hours: 'the doctor does not see patients at that time',
      past: 'that time has passed',
      horizon: 'that day cannot be booked yet',
    },
    clashInstead: (why: string, date: string, time: string) => `Not at the usual time: ${why}. Proposed instead: ${date}, ${time}.`,
    clashNone: (why: string) => `Not at the usual time: ${why}, and no free time is near it. Call the clinic to book this visit.`,
    review: 'Review and book these visits',
    blocked: 'One visit has no free time near it, so the series cannot be booked here.',
    confirmHeading: 'Book these visits?',
    confirmEach: (count: number, fee: string) =>
      `${count} appointments, each its own booking with a fee of ${fee}. Each is held for you; pay each one from My appointments to confirm it.`,
    bookAll: 'Book all',
    booking: 'Booking…',
    back: 'Back',
    bookedOne: 'Your follow-up visit is booked. Cancel or change it on its own card.',
    bookedHeading: 'Your follow-up visits are booked',
    visitState: (status: string, paid: boolean) => (paid ? `${status}, fee paid` : `${status}, fee not paid yet`),
    addAllToCalendar: 'Add all to calendar',
    calendarFailed: 'The calendar file could not be downloaded. Please try again.',
    cancelAll: 'Cancel all remaining visits',
    cancelAllSure: 'Cancel every follow-up visit that has not begun? Paid fees are not refunded.',
    cancelAllYes: 'Yes, cancel them',
    cancelAllNo: 'No, keep them',
    cancelling: 'Cancelling…',
    booked: 'Your follow-up visits are booked. Pay each one from My appointments to confirm it.',
    cancelled: 'Your remaining follow-up visits are cancelled.',
    slotTaken: 'One of these times was just booked by somebody else. Here is a new proposal.',
  },
  /** The waitlist: My appointments' "My waitlist" block, its join form and offered slots, and the booking popup's link to it. */
  waitlist: {
    heading: 'My waitlist',
    intro:
      'No time suits you? Join the waitlist for a doctor and some days. When a slot that fits is freed, it is held for you for a short time and we tell you by email (and by SMS or WhatsApp, as your reminder settings say).',
    loading: 'Loading your waitlist…',
    failed: 'Your waitlist could not be loaded.',
    tryAgain: 'Try again',
    empty: 'You are not on any waitlist.',
    listLabel: 'Your waitlist entries',
    /** What an entry waits for: the type and where ("Clinic Visit, any clinic", "Video, online"). */
    what: (type: string, place: string) => `${type}, ${place}`,
    anyClinic: 'any clinic',
    online: 'online',
    days: (from: string, to: string) => (from === to ? `On ${from}` : `From ${from} to ${to}`),
    waiting: 'Waiting for a slot to be freed.',
    leave: 'Leave the waitlist',
    leaveFor: (doctor: string) => `Leave the waitlist for ${doctor}`,
    leaving: 'Leaving…',
    joinOpen: 'Join a waitlist',
    joinHeading: 'Join a waitlist',
    doctor: 'Doctor',
    chooseDoctor: 'Choose a doctor',
    location: 'Clinic',
    anyLocation: "Any of the doctor's clinics",
    consultationType: 'Consultation type',
    chooseType: 'Choose a consultation type',
    onlineNoClinic: 'Chat, Video and Call are online: there is no clinic to choose.',
    fromDate: 'From',
    toDate: 'To',
    daysHint: (days: number) => `Dates are in clinic time (India), at most ${days} days.`,
    join: 'Join the waitlist',
    joining: 'Joining…',
    close: 'Close',
    joined: 'You are on the waitlist. We will tell you when a slot is freed.',
    left: 'You have left the waitlist.',
    /** Said when a slot is offered while the page is open (the stream brought it). */
    offered: 'A slot you were waiting for is free and held for you: pay its fee in your appointments to take it.',
    /** A slot held for an entry. */
    offerHeading: 'A slot is held for you',
    offerWhen: (date: string, time: string, place: string) => `${date}, ${time}, ${place}`,
    offerUntil: (until: string, number: string) =>
      `Held for you until ${until}. To take it, pay its fee in your appointments above (appointment ${number}).`,
    decline: 'Decline this slot',
    declining: 'Declining…',
    declined: 'You declined the slot: it goes to the next patient waiting, and you stay on the waitlist.',
    taken: 'Paid: the slot is yours.',
    lapsed: 'The hold on this slot ended: it went to the next patient waiting. You stay on the waitlist.',
    /** The booking popup's link when no time suits or the doctor is not available. */
    bookingLink: 'No time suits you? Join the waitlist',
  },
  /** The consultation itself: a Video or Call appointment's card on /myappointment. */
  consultation: {
    heading: 'Your consultation',
    loading: 'Loading your consultation…',
    failed: 'We could not load your consultation.',
    tryAgain: 'Try again',
    joinVideo: 'Join video consultation',
    /** `time`: when the join link appears, clinic time. */
    videoOpensAt: (time: string) => `Join video consultation opens at ${time}.`,
    videoOpensOn: (date: string, time: string) => `Join video consultation opens on ${date} at ${time}.`,
    /** Spec-like: "Dr. X will call you on +91 ... at 10:00". */
    callText: (doctor: string, phone: string, time: string) => `${doctor} will call you on ${phone} at ${time}.`,
    callOnDate: (date: string) => `On ${date}.`,
    registration: (council: string, number: string) => `Registration: ${council}, ${number}`,
  },
  /** The portal's own video call (src/components/Video), on the patient's card and in the doctor's console. */
  video: {
    heading: 'Video consultation',
    notRecorded: 'Nothing is recorded. The video goes straight between you and the other person, or through the clinic\'s own relay server.',
    checkHeading: 'Check your camera and microphone',
    checking: 'Asking your browser for the camera and microphone…',
    preview: 'Your camera',
    micLevel: 'Microphone level',
    camera: 'Camera',
    microphone: 'Microphone',
    audioOnly: 'Sound only (camera off)',
    join: 'Join the consultation',
    joining: 'Joining…',
    problems: {
      denied: 'Your browser did not allow the camera or microphone. Click the camera icon in the address bar (on a phone: the site settings), allow both, then press Try again.',
      notFound: 'No camera or microphone was found. Connect one, or choose Sound only, then press Try again.',
      inUse: 'Another app is using your camera or microphone. Close it, then press Try again.',
      other: 'The camera or microphone could not be opened. Press Try again, or choose Sound only.',
    },
    tryAgain: 'Try again',
    waitingPatient: 'The doctor will let you in.',
    waitingDoctorAlone: 'The patient has not joined yet.',
    /** The doctor's console: who waits. */
    patientWaits: (name: string) => `${name} is waiting.`,
    admit: 'Admit',
    admitting: 'Letting in…',
    connecting: 'Connecting…',
    reconnecting: 'The connection dropped. Reconnecting…',
    remoteVideo: 'The other person',
    localVideo: 'You',
    quality: { good: 'Connection: good', fair: 'Connection: fair', poor: 'Connection: poor', unknown: 'Connection: checking' },
    soundOnly: 'Sound only',
    cameraOn: 'Camera on',
    hangUp: 'Leave',
    switchToCall: 'Switch to a call',
    switching: 'Switching…',
    ended: {
      hungUp: 'You left the video consultation.',
      elsewhere: 'The consultation was opened in another tab or window.',
      switched: 'The video was switched to a phone call.',
      over: 'The video consultation has ended.',
    },
    rejoin: 'Join again',
    failed: 'The video could not connect.',
  },
  /** A Chat appointment's conversation, on the patient's card and in the doctor's console. */
  chat: {
    heading: 'Chat with your doctor',
    show: 'Open the chat',
    hide: 'Hide the chat',
    /** The unread badge: the other party's messages not yet seen. */
    newMessages: (count: number) => `${count} new ${plural('en-IN', count, { one: 'message', other: 'messages' })}`,
    loading: 'Loading the chat…',
    failed: 'We could not load the chat.',
    tryAgain: 'Try again',
    /** `time`: when the chat opens, clinic time. */
    opensAt: (time: string) => `The chat opens at ${time}.`,
    opensOn: (date: string, time: string) => `The chat opens on ${date} at ${time}.`,
    reconnecting: 'The connection was interrupted. Reconnecting… your messages are safe.',
    /** `until`: when the follow-up ends, clinic time. */
    followUp: (until: string) => `The consultation is complete. You can ask follow-up questions here until ${until}.`,
    readOnly: 'This chat is closed. You can still read it.',
    closed: 'This consultation was cancelled or is unpaid, so it has no chat.',
    auditOnly: 'You can read this chat for audit; only the patient and the doctor write in it.',
    log: 'Messages',
    noMessages: 'No messages yet. Write to start the conversation.',
    you: 'You',
    messageLabel: 'Your message',
    send: 'Send',
    sending: 'Sending…',
    /** On a text written offline (or whose send got no answer): it goes by itself once the connection returns. */
    waitingToSend: 'Waiting to send',
    photoLabel: 'Send a photo',
    photoHint: 'JPEG, PNG, WebP or HEIC, up to 10 MB.',
    photoTooLarge: 'A photo can be at most 10 MB.',
    notAPhoto: 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.',
    sendingPhoto: 'Sending the photo…',
    photoAlt: (who: string, time: string) => `Photo from ${who}, ${time}`,
    photoLoading: 'Loading the photo…',
    photoFailed: 'The photo could not be shown.',
  },
  /** Accounts: the header's profile menu, the login and sign-up popups, /account, /forgotpassword. */
  account: {
    myProfile: 'My Profile',
    myAppointment: 'My Appointment',
    myRemedies: 'My Remedies',
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
    /** The server's words for one field of an account form ('must be 8 to 128 characters long'), as a sentence. */
    fieldProblem: (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? '' : '.'}`,
    /**
     * No spec text: a form sent with blank required fields (spec §5 "all fields required"). Names
     * one or two; for more, counts them (each field then says so, and focus moves to the first).
     */
    missingFields: (labels: readonly string[]) =>
      labels.length <= 2 ? `Please fill in: ${labels.join(', ')}.` : `Please fill in the ${labels.length} fields marked below.`,
    /**
     * No spec text: values the contract refuses, said under each field; this line is read only
     * where a field is not on the form (each field otherwise says its own problem, no toast).
     */
    fixFields: 'Please correct the marked fields.',
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
  /** Who the appointment is for: family members, "Booking for", the profile edit and the teleconsultation consent. */
  people: {
    bookingFor: 'Booking for',
    myself: 'Myself',
    someoneElse: 'Someone else',
    whoIsIt: 'Who is the appointment for?',
    chooseMember: 'Choose a family member',
    addMember: 'Add a family member',
    addingMember: 'Adding…',
    noMembers: 'No family members yet. Add one below.',
    familyLoading: 'Loading your family members…',
    familyFailed: 'Your family members could not be loaded.',
    tryAgain: 'Try again',
    relation: 'Relation',
    relationHint: 'For example Mother, Son, Spouse',
    memberSummary: (name: string, relation: string, age: number) => `${name} (${relation}, ${age})`,
    contactNote: 'We send the booking to your email and may call the phone number below.',
    /** The same for an account without an email (made by a mobile number). */
    contactNoteNoEmail: 'We may call the phone number below. Add an email on your account to get the booking by email.',
    minorNote:
      "An adult must be present during a minor's teleconsultation (India's Telemedicine Practice Guidelines). A minor can be booked only by an adult account holder.",
    profileOnceNote: 'We keep your phone number, age and gender on your account, so you are asked for them only once.',
    consent:
      'I agree to a teleconsultation: the doctor will see me by chat, video or call, not in person, and may ask me to visit a clinic if needed.',
    /** A field's problem, next to it: the label and what is wrong ('Phone number must be a 10-digit phone number'). */
    fieldError: (label: string, problem: string) => `${label} ${problem}`,
    consentRequired: 'Please tick the teleconsultation consent to book a Chat, Video or Call consultation.',
    memberProblem: (problem: string) => `Family member: ${problem}`,
    consentHeading: 'Teleconsultation consent',
    familyHeading: 'Family members',
    familyIntro: 'People you book appointments for. You book and pay; the doctor consults them.',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    edit: 'Edit',
    remove: 'Remove',
    editMemberLabel: (name: string) => `Edit ${name}`,
    removeMemberLabel: (name: string) => `Remove ${name}`,
    memberSaved: 'Family member saved.',
    memberRemoved: 'Family member removed.',
    saveFailed: 'Something went wrong.',
    profileHeading: 'Profile details',
    editProfile: 'Edit profile',
    profileSaved: 'Your profile is saved.',
    notGiven: 'Not given yet',
    setPassword: 'Set a password',
    noPassword: 'No password yet: you sign in with Google.',
    /** An account made by a mobile number's code. */
    noPasswordPhone: 'No password yet: you sign in with your mobile number.',
    /** A password signs in with the email, so an account without one sets it after adding an email. */
    passwordNeedsEmail: 'To set a password, add an email first.',
    remindersHeading: 'Appointment reminders',
    remindersIntro: 'Before each paid appointment we remind you on the channels you choose. Booking confirmations always come by email.',
    /** The same for an account without an email: nothing by email reaches it until one is added. */
    remindersIntroNoEmail: 'Before each paid appointment we remind you on the channels you choose. Your account has no email yet, so confirmations and email reminders reach you once you add one above.',
    remindersLegend: 'Remind me by',
    reminderEmail: 'Email',
    reminderSms: 'SMS',
    reminderWhatsapp: 'WhatsApp',
    /** Under a text channel's switch: where the texts go (the booking's number, server/jobs/reminders.ts). */
    reminderPhone: 'To the phone number given with each appointment.',
    remindersLoading: 'Loading your reminder settings…',
    remindersFailed: 'Your reminder settings could not be loaded.',
    remindersSaved: 'Your reminder settings are saved.',
  },
  // ---- Mobile sign-in: the login and sign-up popups' mobile number and code (machines/mobileSignIn) ----
  mobile: {
    continueWithMobile: 'Continue with mobile number',
    heading: 'Sign in with your mobile number',
    intro: 'We send a 6-digit code to this number. A new number gets a new account: we ask your name when you first book.',
    numberLabel: 'Mobile number',
    numberHint: '10 digits, for example 98220 12345',
    channelLegend: 'Send the code by',
    channels: { sms: 'SMS', whatsapp: 'WhatsApp' },
    sendCode: 'Send code',
    sendingCode: 'Sending…',
    codeLabel: 'Code',
    codeHint: 'The 6-digit code from the message we sent you.',
    codeSentTo: { sms: (number: string) => `Code sent by SMS to ${number}.`, whatsapp: (number: string) => `Code sent on WhatsApp to ${number}.` },
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    resendIn: (seconds: number) => `You can ask for a new code in ${seconds} s.`,
    resend: 'Resend code',
    resendBy: { sms: 'Send by SMS instead', whatsapp: 'Send on WhatsApp instead' },
    changeNumber: 'Change number',
    useEmail: 'Use email instead',
    /** The login popup that opens on the mobile number, while it asks the server which ways it offers. */
    loadingWays: 'Loading the ways to sign in…',
    /** Toasts (machines/mobileSignIn/events.ts). */
    codeSent: { sms: 'We sent a 6-digit code by SMS.', whatsapp: 'We sent a 6-digit code on WhatsApp.' },
    sendFailed: 'We could not send the code. Please try again.',
    codeRefused: 'That code is not right. Check it, or ask for a new one.',
    signedIn: 'You are signed in.',
    /** /account for an account made by a mobile number that has no email. */
    noEmailYet: 'No email yet',
    /** The first booking of an account made by a mobile number: it has no name yet. */
    nameOnceNote: 'We keep your name, age and gender on your account, so you are asked for them only once.',
  },
  // ---- end of mobile sign-in ----
  /* ---- /account's and the desk's ABHA (src/components/Abha/AbhaSection.tsx) ---- */
  abha: {
    title: 'ABHA (Ayushman Bharat Health Account)',
    intro: 'Your ABHA number or ABHA address lets clinics share your health records with you under the Ayushman Bharat Digital Mission. Type it, or scan the QR on your ABHA card.',
    introDesk: "The patient's ABHA number or ABHA address: typed, or scanned from the QR on their ABHA card.",
    none: 'No ABHA on file.',
    number: 'ABHA number',
    address: 'ABHA address',
    numberHint: '14 digits, as on the card: 12-3456-7890-1234',
    addressHint: 'Like name@abdm',
    fromQr: "Read from the card's QR",
    typed: 'Typed in',
    add: 'Add ABHA',
    change: 'Change ABHA',
    remove: 'Remove ABHA',
    save: 'Save ABHA',
    cancel: 'Cancel',
    busy: 'Saving…',
    scanCamera: "Scan the card's QR with the camera",
    scanFile: 'Choose a picture of the QR',
    qrUnreadable: 'No QR code could be read in this picture. Take it again, close up and sharp, or type the number.',
    qrNotAbha: "This QR is not an ABHA card's. Scan the QR on the ABHA card, or type the number.",
    saved: 'ABHA saved.',
    removed: 'ABHA removed.',
    loadFailed: 'The ABHA could not be loaded.',
    retry: 'Try again',
    somethingWentWrong: 'Something went wrong. Please try again.',
    fieldError: (label: string, problem: string) => `${label} ${problem}`,
  },
  /*
   * ---- /account's "Mobile number" and "Email" (src/pages/Account/PhoneRow.tsx, EmailRow.tsx) ----
   * Kept in its own block: the login and sign-up popups' mobile texts live elsewhere.
   */
  accountContact: {
    phoneLabel: 'Mobile number',
    emailLabel: 'Email',
    noPhone: 'No mobile number yet',
    noEmail: 'No email yet',
    verified: 'verified',
    notVerified: 'not verified',
    add: 'Add',
    change: 'Change',
    verify: 'Verify',
    addPhone: 'Add a mobile number',
    changePhone: 'Change mobile number',
    verifyPhone: 'Verify mobile number',
    addEmail: 'Add an email',
    changeEmail: 'Change email',
    newPhone: 'Mobile number',
    phoneHint: '10 digits, for example 98220 12345. We send it a 6-digit code.',
    sendCode: 'Send code',
    sending: 'Sending…',
    phoneCode: 'Code from the message',
    phoneCodeSent: (to: string) => `We sent a 6-digit code to ${to}. It is valid for 10 minutes.`,
    password: 'Your password',
    passwordHint: 'Your account has a password, so changing its number needs it too.',
    useEmailInstead: 'Send a code to my email instead',
    usePasswordInstead: 'Use my password instead',
    emailCode: 'Code from the email',
    proofCodeSent: (to: string) => `We sent a code to ${to}. Type it with the code from the message.`,
    resend: 'Send the code again',
    resendIn: (seconds: number) => `Send the code again in ${seconds}\u00a0s`,
    resendEmailCode: 'Send the email code again',
    resendEmailCodeIn: (seconds: number) => `Send the email code again in ${seconds}\u00a0s`,
    currentCode: 'Code sent to your current number',
    currentCodeSent: (to: string) => `We sent a code to your current number ${to}. Type it with the code sent to the new one.`,
    useCurrentPhoneInstead: 'Send a code to my current number instead',
    sendProofCode: 'Send the code',
    resendCurrentCode: 'Send the code to my current number again',
    resendCurrentCodeIn: (seconds: number) => `Send the code to my current number again in ${seconds}\u00a0s`,
    otherNumber: 'Use another number',
    oldNumberTold: 'We will email you about the change, so that you know if it was not you.',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    phoneSaved: 'Your mobile number is saved and verified.',
    newEmail: 'Email address',
    emailHint: 'We email it a 6-digit code to check that it is yours.',
    emailCodeSent: (to: string) => `We sent a 6-digit code to ${to}. It is valid for 10 minutes.`,
    verifyAndSave: 'Verify and save',
    otherAddress: 'Use another address',
    emailSaved: 'Your email is saved.',
    notSavedYet: 'Your email is verified but could not be saved yet.',
    saveAgain: 'Save again',
    mobileInvalid: 'Please enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9).',
    emailInvalid: 'Please enter an email address like name@example.com.',
    codeInvalid: 'Please enter the 6-digit code.',
    wrongCode: 'This code is not right or has expired. Check it, or ask for a new one.',
    phoneTaken: 'This number is already on another account.',
    emailTaken: 'This email is already on another account.',
    /** The profile form, beside a phone proven with a code (it changes only through Mobile number). */
    profilePhoneVerified: 'Verified. To change it, use Change under Mobile number above.',
    /** The profile form, beside a phone not proven yet. */
    profilePhoneUnverified: 'Not verified yet. To sign in with it, verify it under Mobile number above.',
  },
  /* ---- end of /account's "Mobile number" and "Email" ---- */
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
translateServerWordsWith(messages.serverWords);
siteCatalog.subscribe(() => {
  messages = getMessages();
  // The API client puts the server's words in the language in use (src/api/serverWords.ts).
  translateServerWordsWith(messages.serverWords);
});

/** Puts another language's whole catalog in use (or English back). */
export function setCatalog(next: Messages): void {
  siteCatalog.set(next);
}

