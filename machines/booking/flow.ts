/**
 * The booking popup's flow (./bookingMachine.ts, `Open.Flow`): what the person is doing,
 * choosing, logging in, booking, paying. Book checks, in order, every choice, the fee, the
 * login and the details, then makes the appointment (or pays the one already made for the same
 * request) and asks for its checkout page; an appointment the server booked with its fee due at
 * the clinic (the person chose to pay there) is done, with no checkout. A login Book asked for
 * goes on with Book by itself once the account is known, when nothing more is needed.
 */
import { fieldErrorsOf } from '../failures.js';
import { onSessionEnded } from '../shared/sessionEnd.js';
import { bookingSetup } from './actions.js';
import type { BookingContext } from './context.js';
import { detailErrorsOf } from './details.js';
import { failureNotice, missingChoicesNotice, notice, slotTakenNotice } from './events.js';
import { bookingRequest, detailProblems, paymentRequest, profileOf, redirectTo } from './requests.js';

export const flowRegion = bookingSetup.createStateConfig({
  description: 'What the person is doing: choosing, logging in, booking, paying.',
  on: {
    'login.succeeded': {
      actions: [{ type: 'storeLogin', params: ({ event }) => ({ token: event.token, user: event.user }) }, 'refreshSlots'],
    },
    'session.ended': { target: '.Choosing', actions: ['forgetLogin', 'refreshSlots'] },
  },
  initial: 'Choosing',
  states: {
    Choosing: {
      description:
        'The person makes the choices and checks the personal fields. Book checks, in order: every choice, the fee, the login; then books, or pays the appointment already made for this same request.',
      on: {
        'location.selected': {
          guard: 'isOfferedLocation',
          actions: { type: 'choose', params: ({ event }) => ({ change: { location: event.location } }) },
        },
        'doctor.selected': {
          guard: 'isDoctorHere',
          actions: { type: 'choose', params: ({ event }) => ({ change: { doctorEmail: event.doctorEmail } }) },
        },
        'type.selected': {
          guard: 'isOfferedType',
          actions: { type: 'choose', params: ({ event }) => ({ change: { consultationType: event.consultationType } }) },
        },
        'date.selected': {
          guard: 'isBookableDate',
          actions: { type: 'choose', params: ({ event }) => ({ change: { date: event.date } }) },
        },
        'slot.selected': { guard: 'isFreeSlot', actions: 'passToSlotPicker' },
        'online.soonest': { guard: 'isSoonestOffer', actions: 'chooseSoonest' },
        'details.changed': { actions: 'changeDetails' },
        'patient.selected': { actions: { type: 'choosePatient', params: ({ event }) => ({ for: event.for, member: event.member }) } },
        'consent.changed': { actions: { type: 'changeConsent', params: ({ event }) => ({ text: event.text }) } },
        'payment.chosen': { actions: { type: 'choosePayment', params: ({ event }) => ({ at: event.at }) } },
        'booking.book': [
          { guard: 'hasMissingChoices', actions: { type: 'notify', params: ({ context }) => missingChoicesNotice(context) } },
          { guard: 'feeNotKnown', actions: { type: 'notify', params: notice('error', { kind: 'feeUnknown' }) } },
          {
            guard: 'isLoggedOut',
            target: 'AwaitingLogin',
            actions: { type: 'askForLogin', params: { expired: false } },
          },
          {
            guard: 'hasDetailErrors',
            actions: { type: 'showDetailErrors', params: ({ context }) => ({ errors: detailProblems(context) }) },
          },
          { guard: 'holdsThisBooking', target: 'CreatingPayment' },
          { guard: 'needsProfile', target: 'SavingProfile' },
          { target: 'Booking' },
        ],
      },
    },
    SavingProfile: {
      description:
        "Saving the name, age, gender and phone on an account that lacks them (a mobile or Google sign-up's first booking for itself), once; then booking. A 400 naming a field shows on it.",
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ input: profileOf(context), token: context.token ?? '' }),
        onDone: {
          target: 'Booking',
          actions: [
            { type: 'storeProfile', params: ({ event }) => ({ user: event.output }) },
            { type: 'profileSaved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          {
            guard: onSessionEnded,
            target: 'AwaitingLogin',
            actions: ['forgetToken', 'refreshSlots', { type: 'askForLogin', params: { expired: true } }],
          },
          {
            guard: { type: 'namesDetailFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Choosing',
            actions: { type: 'showDetailErrors', params: ({ event }) => ({ errors: detailErrorsOf(fieldErrorsOf(event.error)) }) },
          },
          { target: 'Choosing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    AwaitingLogin: {
      description:
        'The login popup is open, asked for by Book. Logged in: Book goes on by itself when nothing more is needed; closed without a login: back to the same choices.',
      on: {
        'login.succeeded': {
          target: 'SignedIn',
          actions: [{ type: 'storeLogin', params: ({ event }) => ({ token: event.token, user: event.user }) }, 'refreshSlots'],
        },
        'login.cancelled': 'Choosing',
      },
    },
    SignedIn: {
      description:
        "Signed in from Book, the details filled from the account where the person left them empty. The login's first word names only its answer's fields: a detail still missing waits for the whole account.",
      tags: ['busy'],
      always: [{ guard: 'hasDetailErrors', target: 'AwaitingAccount' }, { target: 'GoingOn' }],
    },
    AwaitingAccount: {
      description: 'A detail is still missing after the login answer: waiting for the session to know the whole account.',
      tags: ['busy'],
      on: {
        'login.succeeded': {
          target: 'AccountKnown',
          actions: { type: 'storeLogin', params: ({ event }) => ({ token: event.token, user: event.user }) },
        },
      },
    },
    AccountKnown: {
      description: 'The whole account is known: Book goes on, or the person is asked for what is still missing (a new account: its name, age and gender).',
      tags: ['busy'],
      always: [{ guard: 'hasDetailErrors', target: 'Choosing' }, { target: 'GoingOn' }],
    },
    GoingOn: {
      description:
        'Book goes on by itself after the login it asked for: it books, or pays the appointment already made. Its choices and fee were checked before the login was asked for, and nothing changes them meanwhile (the popup is hidden behind the login, then busy); a slot taken meanwhile is the server\'s 409, as for any Book.',
      tags: ['busy'],
      always: [
        { guard: 'holdsThisBooking', target: 'CreatingPayment' },
        { guard: 'needsProfile', target: 'SavingProfile' },
        { target: 'Booking' },
      ],
    },
    Booking: {
      description:
        'Making the appointment (it holds the slot for a while). A slot taken meanwhile (409) is dropped and the slots reload; an expired login (the session already ended) asks for a login again.',
      tags: ['busy'],
      invoke: {
        id: 'addAppointment',
        src: 'addAppointment',
        input: ({ context }) => ({ request: bookingRequest(context), token: context.token ?? '' }),
        onDone: [
          {
            // Paid at the clinic: booked for good, no checkout.
            guard: { type: 'isDueAtClinic', params: ({ event }) => ({ appointment: event.output }) },
            target: '#booking.Booked',
            actions: [
              { type: 'hold', params: ({ event }) => ({ appointment: event.output }) },
              { type: 'booked', params: ({ event }) => ({ appointment: event.output }) },
            ],
          },
          {
            guard: { type: 'feeDiffers', params: ({ event }) => ({ appointment: event.output }) },
            target: 'Choosing',
            actions: [
              { type: 'hold', params: ({ event }) => ({ appointment: event.output }) },
              { type: 'correctFee', params: ({ event }) => ({ appointment: event.output }) },
              { type: 'notify', params: ({ event }) => notice('error', { kind: 'feeChanged', fee: event.output.consultationFee }) },
            ],
          },
          {
            target: 'CreatingPayment',
            actions: { type: 'hold', params: ({ event }) => ({ appointment: event.output }) },
          },
        ],
        onError: [
          {
            guard: onSessionEnded,
            target: 'AwaitingLogin',
            actions: ['forgetToken', 'refreshSlots', { type: 'askForLogin', params: { expired: true } }],
          },
          {
            guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'Choosing',
            actions: ['dropTakenSlot', { type: 'notify', params: ({ event }) => slotTakenNotice(event.error) }],
          },
          {
            // A 400 naming details fields: shown on the fields, not as a toast.
            guard: { type: 'namesDetailFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Choosing',
            actions: {
              type: 'showDetailErrors',
              params: ({ event }) => ({ errors: detailErrorsOf(fieldErrorsOf(event.error)) }),
            },
          },
          { target: 'Choosing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    CreatingPayment: {
      description:
        'Asking the payment service for a checkout page for the appointment. On failure the appointment is kept, to be paid again.',
      tags: ['busy'],
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({
          request: paymentRequest((context.held as NonNullable<BookingContext['held']>).appointment),
          token: context.token ?? '',
        }),
        onDone: {
          target: '#booking.Redirected',
          actions: [
            { type: 'storePayment', params: ({ event }) => ({ answer: event.output }) },
            { type: 'redirect', params: ({ context, event }) => redirectTo(context, event.output) },
          ],
        },
        onError: [
          {
            guard: onSessionEnded,
            target: 'AwaitingLogin',
            actions: ['forgetToken', 'refreshSlots', { type: 'askForLogin', params: { expired: true } }],
          },
          {
            guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'Choosing',
            actions: ['dropHeld', 'dropTakenSlot', { type: 'notify', params: ({ event }) => slotTakenNotice(event.error) }],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'Choosing',
            actions: ['dropHeld', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
          },
          { target: 'Choosing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
  },
});
