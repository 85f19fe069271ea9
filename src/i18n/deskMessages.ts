/**
 * Every text of the staff console's front desk (the Desk, Queue and Day list sections), typed,
 * English: the console is English (docs/i18n.md). Kept apart from src/i18n/messages.ts so that
 * patients never download it: only the console's own chunk imports this file.
 */
import type { CounterMethod, QueueMove } from '../../contract/desk';
import type { ConsultationType, Gender } from '../../contract/primitives';
import { createCatalog, useCatalog, type Catalog } from './catalog';

const methodNames: Record<CounterMethod, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };
const typeNames: Record<ConsultationType, string> = { 'Clinic Visit': 'Clinic Visit', Chat: 'Chat', Video: 'Video', Call: 'Call (we ring the patient)' };
const moveNames: Record<QueueMove, string> = { done: 'Done', noshow: 'No-show', back: 'Back to queue' };

export const deskMessages = {
  sections: { desk: 'Desk', queue: 'Queue', dayList: 'Day list', waitlist: 'Waitlist', group: 'Front desk' },
  doctors: {
    loading: 'Loading the doctors…',
    failed: 'We could not load the doctors.',
    none: 'No doctor is set up yet: an admin adds them under Doctors.',
  },
  search: {
    heading: 'Find a patient',
    label: 'Name, phone, appointment ID or token',
    hint: 'A name or its start, a phone number or its last 4 digits, an appointment ID (SHC-…), or a token of today (T12).',
    submit: 'Search',
    searching: 'Searching…',
    results: (query: string) => `Patients for “${query}”`,
    none: (query: string) => `No patient found for “${query}”.`,
    more: 'More patients match: type more of the name or number.',
    register: 'Register a new patient',
    noAccount: 'Registered at the desk (no account)',
    account: 'Portal account',
    noShows: (n: number) => (n === 1 ? '1 no-show' : `${n} no-shows`),
    upcoming: 'Upcoming visits',
    noUpcoming: 'No upcoming visits.',
    bookFor: (name: string) => `Book for ${name}`,
    ageGender: (age: number | null, gender: string | null) => [age === null ? null : `${age} years`, gender].filter(Boolean).join(', '),
  },
  patient: {
    heading: 'Register a patient',
    intro: 'For a patient without an account: a phone call, a walk-in, an elderly parent. The email is optional.',
    firstName: 'First name',
    lastName: 'Last name',
    phoneNumber: 'Phone',
    age: 'Age',
    gender: 'Gender',
    chooseGender: 'Choose…',
    genders: { male: 'Male', female: 'Female' } as Record<Gender, string>,
    email: 'Email (optional)',
    save: 'Register',
    saving: 'Registering…',
    cancel: 'Cancel',
    problem: (field: string, message: string) => `${field} ${message}`,
  },
  booking: {
    for: (name: string, phone: string) => `For ${name}, ${phone}`,
    changePatient: 'Change patient',
    person: 'Who is the visit for',
    themselves: (name: string) => `${name} (account holder)`,
    member: (name: string, relation: string, age: number) => `${name} (${relation}, ${age})`,
    visitFor: (name: string) => `The visit is for ${name}`,
    kind: 'What for',
    kinds: { book: 'Book a slot', walkin: "Walk-in: today's queue" },
    doctor: 'Doctor',
    chooseDoctor: 'Choose a doctor',
    type: 'Consultation type',
    chooseType: 'Choose a type',
    typeNames,
    location: 'Location',
    chooseLocation: 'Choose a location',
    date: 'Date',
    next: 'Next: the fee',
    missingChoices: 'Choose the doctor, type, location, date and a free slot first.',
    missingWalkIn: 'Choose the doctor and the location first.',
  },
  fee: {
    heading: 'The fee',
    summary: (what: string) => `Booking: ${what}`,
    when: 'When is it paid?',
    now: 'Now, at the counter',
    later: 'Later, at the end of the visit',
    method: 'How',
    methodNames,
    reference: 'Reference (from the terminal or the UPI app)',
    referenceHint: 'As the slip or the app shows it.',
    back: 'Back',
    book: 'Book',
    walkIn: 'Add to the queue',
    booking: 'Booking…',
  },
  booked: {
    heading: 'Booked',
    walkedInHeading: 'In the queue',
    what: (doctor: string, place: string, date: string, time: string) => `${doctor}, ${place}, ${date} at ${time}`,
    appointmentId: 'Appointment ID',
    token: 'Token',
    fee: 'Fee',
    again: (name: string) => `Another booking for ${name}`,
    another: 'Next patient',
  },
  visit: {
    line: (date: string, time: string, doctor: string, type: string) => `${date}, ${time}: ${doctor}, ${type}`,
    checkIn: 'Check in',
    checkingIn: 'Checking in…',
    checkedIn: (token: string) => `Checked in: token ${token}`,
    takePayment: (fee: string) => `Take payment (${fee})`,
    pay: (fee: string) => `Take ${fee}`,
    paying: 'Saving…',
    close: 'Close',
    paymentLabel: (name: string) => `Payment of ${name}`,
  },
  queue: {
    heading: 'Queue',
    headingOf: (doctor: string) => `Queue: ${doctor}`,
    doctor: 'Doctor',
    chooseDoctor: 'Choose a doctor to see their queue.',
    loading: 'Loading the queue…',
    failed: 'We could not load the queue.',
    refreshing: 'Updating…',
    live: 'Live: the queue changes here as soon as it changes.',
    polling: 'No live connection: the queue is read again every few seconds.',
    room: 'Room',
    /** The room as the doctor named it ("Room 2", "Consulting room A"), as the display shows it. */
    calledTo: (room: string) => `called to ${room}`,
    roomIs: (room: string) => `Calls go to room ${room}.`,
    noRoom: 'No room set yet: Call next asks for it.',
    changeRoom: 'Change room',
    roomQuestion: 'Which room are patients called to?',
    saveRoom: 'Save room',
    callToRoom: 'Call',
    cancel: 'Cancel',
    callNext: 'Call next',
    inRoom: 'In the room',
    nobodyInRoom: 'Nobody is in the room.',
    line: 'Waiting',
    lineLabel: 'Waiting patients, in order',
    empty: 'Nobody is waiting.',
    finished: 'Seen and absent',
    moveNames,
    moveOf: (move: string, token: string) => `${move}: ${token}`,
    kinds: { booked: 'Booked', walkin: 'Walk-in' },
    due: (time: string) => `Due ${time}`,
    estimate: (minutes: number) => (minutes <= 0 ? 'Next' : `About ${minutes} min`),
    statusNames: { waiting: 'Waiting', called: 'In the room', done: 'Seen', noshow: 'No-show' },
  },
  day: {
    heading: 'Day list',
    printHeading: (doctor: string, place: string, date: string) => `${doctor}: ${place}, ${date}`,
    date: 'Date',
    doctor: 'Doctor',
    location: 'Location',
    allLocations: 'All locations',
    print: 'Print',
    csv: 'Download CSV',
    downloading: 'Downloading…',
    downloadFailed: 'The CSV could not be downloaded.',
    loading: 'Loading the day…',
    failed: 'We could not load the day list.',
    empty: 'Nobody is booked that day.',
    noDoctor: 'No doctor to list.',
    tableLabel: (date: string) => `Appointments of ${date}`,
    time: 'Time',
    token: 'Token',
    patient: 'Patient',
    phone: 'Phone',
    type: 'Type',
    status: 'Status',
    payment: 'Payment',
    noToken: '—',
    printedAt: (when: string) => `Printed ${when}`,
  },
  /** The waitlist as the desk reads it: who waits, and the slots out to them (read only). */
  waitlist: {
    heading: 'Waitlist',
    intro:
      'Patients waiting for a freed slot, by doctor, in the order slots are offered to them. Patients join and leave in My appointments; a slot offered is held for them until it lapses, then it goes to the next.',
    loading: 'Loading the waitlist…',
    failed: 'We could not load the waitlist.',
    empty: 'Nobody is on the waitlist.',
    refresh: 'Refresh',
    doctorLabel: (doctor: string, n: number) => `${doctor}: ${n === 1 ? '1 waiting' : `${n} waiting`}`,
    tableLabel: (doctor: string) => `Waiting for ${doctor}`,
    order: '#',
    patient: 'Patient',
    phone: 'Phone',
    wants: 'Wants',
    days: 'Days',
    offer: 'Slot offered',
    anyClinic: 'any clinic',
    online: 'online',
    wantsText: (type: string, place: string) => `${type}, ${place}`,
    daysText: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
    noOffer: 'Waiting',
    offerText: (date: string, time: string) => `${date}, ${time}`,
    lapses: (when: string) => `lapses ${when}`,
    typeNames,
  },
  notices: {
    registered: 'Patient registered.',
    booked: 'Appointment booked.',
    walkedIn: (token: string) => `In the queue: token ${token}.`,
    checkedIn: (token: string) => `Checked in: token ${token}.`,
    paid: 'Payment taken.',
    called: (token: string, room: string) => `${token} called to room ${room}.`,
    moved: (move: string, token: string) => `${token}: ${move}.`,
    somethingWentWrong: 'Something went wrong.',
  },
};

/** The type of this catalog, derived from the English texts above (see ./catalog.ts). */
export type DeskMessages = Catalog<typeof deskMessages>;

// The desk's texts in use: English until another language is set (the console stays English for
// now; a language would plug in here as the site's does in ./messages.ts).
const catalog = createCatalog<DeskMessages>(deskMessages);

/** The desk's texts in use, for a view: it renders again when they change. */
export const useDeskMessages = (): DeskMessages => useCatalog(catalog);

/** The desk's texts in use, for code outside React. */
export const getDeskMessages = (): DeskMessages => catalog.get();

/** Puts texts of the same shape in use (another language), or English back. */
export const setDeskCatalog = (next: DeskMessages): void => catalog.set(next);
