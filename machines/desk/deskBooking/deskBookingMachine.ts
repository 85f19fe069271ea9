/**
 * A booking made at the desk (docs/desk.md): a phone call or the counter. Find the patient (by
 * name, phone, appointment id or token) or register one without an account; choose a slot (doctor,
 * type, location for a Clinic Visit, date, a free slot: the patient booking's slot picker, the
 * child `slotPicker`) or a walk-in into today's queue of a doctor at a location; the fee, taken now
 * at the counter (cash, UPI or card with its reference) or left to pay at the visit; booked.
 *
 * Input: `{ token, today, doctors }` (the doctors the desk books for, with their locations).
 *
 * Events (./context.ts): `search.submitted` { query }, `patient.chosen` { patientId } (one of the
 * hits), `register.opened` / `register.edited` { field } / `register.submitted` { draft } /
 * `register.cancelled`; `patient.changed` (back to finding); `person.chosen` { familyMemberId } (one of the account's
 * family members, or null for the patient themselves); `kind.chosen` { kind: book | walkin },
 * `doctor.chosen`, `type.chosen`, `location.chosen`, `date.chosen`, `slot.selected`,
 * `slots.retry`; `choices.confirmed` (to the fee); `fee.changed` { fee }, `fee.back`,
 * `booking.submitted`; then `booking.again` (the same patient) or `booking.new`.
 *
 * The app provides (each rejecting with an ApiFailure): `searchPatients` { query, token } ->
 * DeskSearchAnswer, `registerPatient` { patient, token } -> { patient }, `book` { request, token }
 * -> AppointmentRecord, `walkIn` { request, token } -> { entry }, and the slot picker with its
 * `loadTimeSlots` (`slotPicker: slotPickerMachine.provide(...)`).
 *
 * Effect: `notify` { tone, notice } (./context.ts `DeskBookingNotice`). The register form's
 * problems are on its fields (`selectPatientErrors`), from the contract's codec before any request
 * and from the server's 400. A 409 to a booking (the slot taken meanwhile) drops the slot, loads
 * the list again and goes back to choosing.
 */
import { deskBookingSetup, failureNotice, pickerInput } from './setup.js';
import { bookingRequest, walkInRequest } from './choices.js';
import { patientErrors, patientErrorsOf, patientRequest } from './patientForm.js';
import { initialContext } from './context.js';
import { fieldErrorsOf } from '../../failures.js';

const s = deskBookingSetup;
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const failed = ({ event }: { event: { error: unknown } }) => failureNotice(event.error);

const finding = s.createStateConfig({
  description: 'Who the booking is for: found by a search, or registered here.',
  initial: 'Idle',
  states: {
    Idle: {
      description: 'The search, with the hits of the last one (each with their upcoming visits).',
      on: {
        'search.submitted': { guard: 'queryValid', target: 'Searching', actions: 'storeQuery' },
        'patient.chosen': { guard: 'isHit', target: '#deskBooking.Arranging', actions: 'choosePatient' },
        'register.opened': 'Registering',
      },
    },
    Searching: {
      description: 'GET /desk/patients?q=. Another search drops this answer.',
      tags: ['searching'],
      on: { 'search.submitted': { guard: 'queryValid', target: 'Searching', reenter: true, actions: 'storeQuery' } },
      invoke: {
        src: 'searchPatients',
        input: ({ context }) => ({ query: context.query, token: context.token }),
        onDone: { target: 'Idle', actions: { type: 'storeHits', params: ({ context, event }) => ({ query: context.query, answer: event.output }) } },
        onError: { target: 'Idle', actions: { type: 'notify', params: failed } },
      },
    },
    Registering: {
      description: 'A patient without an account: name, phone, age, gender, email if they have one.',
      on: {
        'register.edited': { actions: 'clearError' },
        'register.submitted': [
          { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ event }) => ({ errors: patientErrors(event.draft) }) } },
          { target: 'SavingPatient', actions: 'rememberDraft' },
        ],
        'register.cancelled': { target: 'Idle', actions: 'closeForm' },
      },
    },
    SavingPatient: {
      description: 'POST /desk/patients.',
      tags: ['savingPatient'],
      invoke: {
        src: 'registerPatient',
        input: ({ context }) => ({ patient: patientRequest(context.draft!), token: context.token }),
        onDone: {
          target: '#deskBooking.Arranging',
          actions: [
            { type: 'storeRegistered', params: ({ event }) => ({ patient: event.output.patient }) },
            { type: 'notify', params: { tone: 'success', notice: { kind: 'registered' } } },
          ],
        },
        onError: [
          {
            guard: { type: 'namesPatientFields', params: errorOf },
            target: 'Registering',
            actions: { type: 'showErrors', params: ({ event }) => ({ errors: patientErrorsOf(fieldErrorsOf(event.error)) }) },
          },
          { target: 'Registering', actions: { type: 'notify', params: failed } },
        ],
      },
    },
  },
});

const submitting = s.createStateConfig({
  description: 'The booking or walk-in is being made.',
  tags: ['submitting'],
  initial: 'Judging',
  states: {
    Judging: { description: 'A walk-in or a slot?', always: [{ guard: 'isWalkIn', target: 'WalkingIn' }, { target: 'Booking' }] },
    Booking: {
      description: 'POST /desk/bookings.',
      invoke: {
        src: 'book',
        input: ({ context }) => ({ request: bookingRequest(context.patient?._id ?? '', context.choices, context.fee, context.familyMemberId), token: context.token }),
        onDone: {
          target: '#deskBooking.Booked',
          actions: [
            { type: 'storeBooked', params: ({ event }) => ({ appointment: event.output, entry: null }) },
            { type: 'notify', params: { tone: 'success', notice: { kind: 'booked' } } },
          ],
        },
        onError: [
          { guard: { type: 'isConflict', params: errorOf }, target: '#deskBooking.Arranging.Choosing', actions: ['dropTakenSlot', { type: 'notify', params: failed }] },
          { target: '#deskBooking.Arranging.Fee', actions: { type: 'notify', params: failed } },
        ],
      },
    },
    WalkingIn: {
      description: "POST /desk/walkins: into today's queue, checked in at once.",
      invoke: {
        src: 'walkIn',
        input: ({ context }) => ({ request: walkInRequest(context.patient?._id ?? '', context.choices, context.fee, context.familyMemberId), token: context.token }),
        onDone: {
          target: '#deskBooking.Booked',
          actions: [
            { type: 'storeBooked', params: ({ event }) => ({ appointment: event.output.entry.appointment, entry: event.output.entry }) },
            { type: 'notify', params: ({ event }) => ({ tone: 'success', notice: { kind: 'walkedIn', token: event.output.entry.token } }) },
          ],
        },
        onError: { target: '#deskBooking.Arranging.Fee', actions: { type: 'notify', params: failed } },
      },
    },
  },
});

export const deskBookingMachine = s.createMachine({
  id: 'deskBooking',
  description: 'A booking at the desk: find or register the patient, choose a slot or a walk-in, the fee, booked.',
  context: ({ input }) => initialContext(input),
  initial: 'Finding',
  states: {
    Finding: finding,
    Arranging: {
      description: "The patient is chosen: the booking's choices and its fee. The slot picker runs while here.",
      invoke: {
        id: 'slotPicker',
        src: 'slotPicker',
        input: pickerInput,
        onSnapshot: { actions: { type: 'showSlots', params: ({ event }) => ({ picker: event.snapshot }) } },
      },
      on: {
        'patient.changed': { target: 'Finding', actions: 'startAgain' },
        'slots.refresh': { actions: 'tellSlotPicker' },
        'slots.retry': { actions: 'passToSlotPicker' },
        'slots.failed': { actions: { type: 'notify', params: { tone: 'error', notice: { kind: 'somethingWentWrong' } } } },
      },
      initial: 'Choosing',
      states: {
        Choosing: {
          description: 'A slot (doctor, type, location for a Clinic Visit, date, slot) or a walk-in (doctor, location).',
          on: {
            'person.chosen': { guard: 'isPerson', actions: 'choosePerson' },
            'kind.chosen': { actions: { type: 'choose', params: ({ event }) => ({ change: { kind: event.kind } }) } },
            'doctor.chosen': { actions: { type: 'choose', params: ({ event }) => ({ change: { doctorId: event.doctorId } }) } },
            'type.chosen': { actions: { type: 'choose', params: ({ event }) => ({ change: { consultationType: event.consultationType } }) } },
            'location.chosen': { actions: { type: 'choose', params: ({ event }) => ({ change: { locationId: event.locationId } }) } },
            'date.chosen': { actions: { type: 'choose', params: ({ event }) => ({ change: { date: event.date } }) } },
            'slot.selected': { actions: 'passToSlotPicker' },
            'choices.confirmed': [
              { guard: 'choicesComplete', target: 'Fee' },
              {
                actions: {
                  type: 'notify',
                  params: ({ context }) => ({ tone: 'error', notice: { kind: 'missingChoices', walkIn: context.choices.kind === 'walkin' } }),
                },
              },
            ],
          },
        },
        Fee: {
          description: 'The fee: taken now at the counter (cash, UPI or card, with the reference), or at the visit.',
          on: { 'fee.changed': { actions: 'storeFee' }, 'fee.back': 'Choosing', 'booking.submitted': 'Submitting' },
        },
        Submitting: submitting,
      },
    },
    Booked: {
      description: 'Booked: the appointment (and a walk-in its token); another booking for them, or for someone else.',
      on: {
        'booking.again': { target: 'Arranging', actions: 'startAgain' },
        'booking.new': { target: 'Finding', actions: 'forgetAll' },
      },
    },
  },
});
