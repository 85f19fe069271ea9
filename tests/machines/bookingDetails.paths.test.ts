/**
 * Model-based paths for the booking popup's patient-details step: Book with a blank
 * first name and the phone `12` (refused on the client, on the fields, before any request),
 * fixing them (each error goes with its change), a Video consultation without and with the
 * teleconsultation consent, booking for a family member (none chosen yet, then one), back to
 * Myself, and the server's 400 naming a details field (shown on it, no toast).
 *
 * Along every path the REAL booking machine runs with its calls answered by hand; each step must
 * emit what the person reads (no toast for field problems), each state must show the errors the
 * model says, with no request made that the step did not expect.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { FamilyMember } from '../../contract/people.js';
import {
  selectBookingFor,
  selectDetailErrors,
  selectDetails,
  selectErrorsShown,
  selectMember,
} from '../../machines/booking/bookingMachine.js';
import { refused, settle } from './accountFakes.js';
import { appointmentFor, checkout, consentWords, kavita, loaded, someFree, tomorrow, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

const riya: FamilyMember = { _id: '11111111-1111-4111-8111-111111111111', firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female', relation: 'Daughter' };

const emits = {
  open: [],
  'book.badDetails': [],
  'fix.details': [],
  'book.noConsent': [],
  'tick.consent': [],
  'choose.someoneElse': [],
  'book.noMember': [],
  'choose.member': [],
  'choose.myself': [],
  'book.serverNamesPhone': [],
  'book.ok': ['redirect'],
} as const satisfies Record<string, readonly string[]>;

/** The person's problems on the fields, by state. */
const errorsIn: Record<string, string[]> = {
  BadDetails: [],
  /** Every problem at once, in the form's order: the consent too. */
  BadShown: ['firstName', 'phoneNumber', 'consentText'],
  /** The fixed fields' errors went with the change; the consent's stays until it is ticked. */
  Fixed: ['consentText'],
  ConsentShown: ['consentText'],
  Consented: [],
  SomeoneElse: [],
  MemberShown: ['familyMemberId'],
  ForMember: [],
  ServerShown: ['phoneNumber'],
  Redirected: [],
};

const model = createMachine({
  id: 'bookingDetailsModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'BadDetails' } },
    /** Video with Kavita, a slot chosen; first name blank, phone `12`; consent not ticked. */
    BadDetails: { on: { 'book.badDetails': 'BadShown' } },
    BadShown: { on: { 'fix.details': 'Fixed' } },
    Fixed: { on: { 'book.noConsent': 'ConsentShown' } },
    ConsentShown: { on: { 'tick.consent': 'Consented' } },
    Consented: { on: { 'choose.someoneElse': 'SomeoneElse', 'book.serverNamesPhone': 'ServerShown' } },
    SomeoneElse: { on: { 'book.noMember': 'MemberShown', 'choose.member': 'ForMember' } },
    MemberShown: { on: { 'choose.member': 'ForMember' } },
    ForMember: { on: { 'choose.myself': 'Consented', 'book.ok': 'Redirected' } },
    ServerShown: {},
    Redirected: {},
  },
});

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  let requests = 0;
  const bookNow = () => real().send({ type: 'booking.book' });

  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', async () => {
        booking = await loaded({}, { consent: false });
        const b = real();
        b.send({ type: 'location.selected', location: '' }); // online: no clinic
        b.send({ type: 'doctor.selected', doctorEmail: kavita.email });
        b.send({ type: 'type.selected', consultationType: 'Video' });
        b.send({ type: 'date.selected', date: tomorrow });
        b.calls.loadTimeSlots.latest().resolve(someFree);
        await settle();
        b.send({ type: 'slot.selected', time: '10:00' });
        b.send({ type: 'details.changed', details: { firstName: '  ', phoneNumber: '12' } });
      }),
      'book.badDetails': step('book.badDetails', bookNow),
      'fix.details': step('fix.details', () => real().send({ type: 'details.changed', details: { firstName: 'Asha', phoneNumber: '98765 43210' } })),
      'book.noConsent': step('book.noConsent', bookNow),
      'tick.consent': step('tick.consent', () => real().send({ type: 'consent.changed', text: consentWords })),
      'choose.someoneElse': step('choose.someoneElse', () => real().send({ type: 'patient.selected', for: 'other', member: null })),
      'book.noMember': step('book.noMember', bookNow),
      'choose.member': step('choose.member', () => real().send({ type: 'patient.selected', for: 'other', member: riya })),
      'choose.myself': step('choose.myself', () => real().send({ type: 'patient.selected', for: 'self', member: null })),
      'book.serverNamesPhone': step('book.serverNamesPhone', () => {
        bookNow();
        requests += 1;
        real().calls.addAppointment.latest().reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'phoneNumber', message: 'must be a 10-digit phone number' }] });
      }),
      'book.ok': step('book.ok', async () => {
        bookNow();
        requests += 1;
        const call = real().calls.addAppointment.latest();
        expect(call.input.request).toMatchObject({ familyMemberId: riya._id, firstName: 'Riya', age: 9, consentText: consentWords });
        call.resolve(appointmentFor(call.input.request));
        await settle();
        real().calls.createPayment.latest().resolve(checkout());
      }),
    },
    states: Object.fromEntries(
      Object.entries(errorsIn).map(([state, fields]) => [
        state,
        () => {
          const s = real().snapshot();
          expect(Object.keys(selectDetailErrors(s)), state).toEqual(fields);
          expect(real().calls.addAppointment.calls).toHaveLength(requests);
          if (fields.length > 0) expect(selectErrorsShown(s)).toBeGreaterThan(0);
          if (state === 'ForMember') {
            expect(selectMember(s)).toEqual(riya);
            expect(selectDetails(s)).toMatchObject({ firstName: 'Riya', lastName: 'Verma', age: '9', gender: 'female' });
          }
          if (state === 'SomeoneElse' || state === 'MemberShown') expect(selectBookingFor(s)).toBe('other');
          if (state === 'Consented') {
            expect(selectBookingFor(s)).toBe('self');
            expect(selectDetails(s)).toMatchObject({ firstName: 'Asha', lastName: 'Verma', age: '34' });
          }
        },
      ]),
    ) as Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('bookingMachine patient-details paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(12);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ 'every transition': everyTransition }, () => {
    const h = harness();
    return { ...h, states: { ...h.states, Closed: () => undefined } };
  });
});
