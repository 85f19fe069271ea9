/**
 * The Book Appointment popup as a patient goes through it, as a test model: shared by the
 * machine's path test (tests/machines/bookingMachine.paths.test.ts, the real machine) and the
 * rendered app's (tests/component/renderedBookingPaths.test.tsx, the popup and its provider with
 * fake calls). `createTestModel` refuses machines that invoke actors, so the model is the popup in
 * three regions: the booking itself (a clinic, where the type is a Clinic Visit without asking, or
 * online, where the patient picks Chat, Video or Call), a doctor there, a date with or
 * without a schedule, a slot, book, log in, pay, reopen after /paymentfail), the fee list (on
 * time, late, failing and retried) and the login. Each event is a thing the person does together
 * with what the server answers: a slot taken meanwhile (409), a payment call with no answer.
 */
import { and, not, or, setup, stateIn } from 'xstate';

/** What each step makes the machine emit (notice kinds, a server's words, or the event type). */
export const bookingEmits = {
  open: [],
  'open.loggedOut': [],
  'fees.loaded': [],
  'fees.failed': [],
  'fees.retried': [],
  'choose.location': [],
  'choose.online': [],
  'choose.clinicDoctor': [],
  'choose.onlineDoctor': [],
  'choose.video': [],
  'choose.date': [],
  'choose.dateWithoutSchedule': [],
  'choose.slot': [],
  'choose.bookedSlot': [],
  /** Depends on where it leads: see `bookEmits`. */
  book: null,
  'book.slotTaken': ['server: This slot is already booked'],
  'book.paymentFails': ['somethingWentWrong'],
  /** A login Book asked for goes on with Book by itself: the appointment made, its checkout opened. */
  login: ['redirect'],
  'login.cancelled': [],
  reopen: [],
} as const satisfies Record<string, readonly string[] | null>;

export type BookingModelEvent = { type: keyof typeof bookingEmits };

export const bookEmits: Record<string, string[]> = {
  Located: ['missingChoices'],
  Online: ['missingChoices'],
  Slotted: ['feeUnknown'],
  AwaitingLogin: ['login.required'],
  Redirected: ['redirect'],
};

export const bookingModel = setup({
  types: {} as { events: BookingModelEvent },
  guards: {
    feesReady: stateIn({ Fees: 'Ready' }),
    loggedOut: stateIn({ Auth: 'Out' }),
    awaitingLogin: stateIn({ Booking: 'AwaitingLogin' }),
    /** The fee list answers at the start, or late: once every choice is made. */
    feeListMayAnswer: or([stateIn({ Booking: 'Start' }), stateIn({ Booking: 'Slotted' })]),
  },
}).createMachine({
  id: 'bookingModel',
  type: 'parallel',
  states: {
    Booking: {
      initial: 'Closed',
      states: {
        Closed: { on: { open: 'Start', 'open.loggedOut': 'Start' } },
        Start: { on: { 'choose.location': 'Located', 'choose.online': 'Online' } },
        /** At a clinic: a Clinic Visit, chosen without asking; the clinic's doctors. */
        Located: { on: { 'choose.clinicDoctor': 'ClinicVisit', 'choose.online': 'Online', book: 'Located' } },
        /** Online: the doctors with online hours; no type yet. */
        Online: { on: { 'choose.onlineDoctor': 'OnlineDoctor', 'choose.location': 'Located', book: 'Online' } },
        /** The clinic doctor, Clinic Visit: going online clears both (no online hours, not online). */
        ClinicVisit: { on: { 'choose.online': 'Online', 'choose.date': 'Dated' } },
        OnlineDoctor: { on: { 'choose.video': 'Video', 'choose.location': 'Located' } },
        /** Video with the online doctor: a clinic clears both (she sees nobody there; a Clinic Visit there). */
        Video: { on: { 'choose.location': 'Located', 'choose.date': 'Dated' } },
        Dated: {
          on: { 'choose.slot': 'Slotted', 'choose.bookedSlot': 'Dated', 'choose.dateWithoutSchedule': 'NoSchedule' },
        },
        NoSchedule: { on: { 'choose.date': 'Dated' } },
        Slotted: {
          on: {
            book: [
              { guard: not('feesReady'), target: 'Slotted' },
              { guard: 'loggedOut', target: 'AwaitingLogin' },
              { target: 'Redirected' },
            ],
            'book.slotTaken': { guard: and(['feesReady', not('loggedOut')]), target: 'Dated' },
            'book.paymentFails': { guard: and(['feesReady', not('loggedOut')]), target: 'PaymentFailed' },
            'choose.date': 'Dated',
          },
        },
        AwaitingLogin: { on: { login: 'Redirected', 'login.cancelled': 'Slotted' } },
        /** The appointment is made and kept; Book pays it again. */
        PaymentFailed: { on: { book: 'Redirected' } },
        /** At the checkout page; /paymentfail opens the popup again with the kept choices. */
        Redirected: { on: { reopen: 'Slotted' } },
      },
    },
    Fees: {
      initial: 'Closed',
      states: {
        Closed: { on: { open: 'Loading', 'open.loggedOut': 'Loading' } },
        Loading: {
          on: {
            'fees.loaded': { guard: 'feeListMayAnswer', target: 'Ready' },
            'fees.failed': { guard: 'feeListMayAnswer', target: 'Failed' },
          },
        },
        Failed: { on: { 'fees.retried': { guard: 'feeListMayAnswer', target: 'Ready' } } },
        Ready: {},
      },
    },
    Auth: {
      initial: 'Closed',
      states: {
        Closed: { on: { open: 'In', 'open.loggedOut': 'Out' } },
        Out: { on: { login: { guard: 'awaitingLogin', target: 'In' } } },
        In: {},
      },
    },
  },
});

const choices = ['choose.location', 'choose.clinicDoctor', 'choose.date', 'choose.slot'] as const;

/** The cases, end to end: each ends at the checkout. */
export const bookingJourneys = [
  // From a clinic to online and back: each place clears the doctor and the type that are not there.
  ['open', 'fees.loaded', 'choose.location', 'choose.clinicDoctor', 'choose.online', 'choose.onlineDoctor',
    'choose.video', 'choose.location', 'choose.clinicDoctor', 'choose.date', 'choose.slot', 'book'],
  // The fee list late: Book waits for it.
  ['open', ...choices, 'book', 'fees.loaded', 'book'],
  // The fee list failing, then retried.
  ['open', 'fees.failed', ...choices, 'book', 'fees.retried', 'book'],
  // The slot taken while choosing: booked slots refused, another one booked.
  ['open', 'fees.loaded', ...choices, 'book.slotTaken', 'choose.bookedSlot', 'choose.slot', 'book'],
  // Login asked mid-flow, cancelled once (back to the same choices), then done: Book goes on by itself.
  ['open.loggedOut', 'fees.loaded', ...choices, 'book', 'login.cancelled', 'book', 'login'],
  // The payment call fails, is paid again, the payment fails at the provider, and the popup reopens with the choices.
  ['open', 'fees.loaded', ...choices, 'book.paymentFails', 'book', 'reopen', 'book'],
  // No schedule that day, then another date.
  ['open', 'fees.loaded', 'choose.online', 'choose.onlineDoctor', 'choose.video', 'choose.date',
    'choose.dateWithoutSchedule', 'choose.date', 'choose.slot', 'choose.date', 'choose.slot', 'book'],
] as const satisfies ReadonlyArray<ReadonlyArray<BookingModelEvent['type']>>;
