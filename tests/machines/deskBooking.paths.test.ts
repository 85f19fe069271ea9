/**
 * Model-based paths for a booking at the desk (machines/desk/deskBooking), on the model the
 * rendered console walks too (./models/deskBookingModel.ts). Along every path the REAL machine
 * runs with its calls (and its slot picker's) answered by hand; each step must emit what the app
 * acts on and each state must show what the model says.
 */
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { DeskPatient } from '../../contract/desk.js';
import { deskBookingMachine } from '../../machines/desk/deskBooking/deskBookingMachine.js';
import type { FeeDraft } from '../../machines/desk/desk.js';
import type { DeskChoices } from '../../machines/desk/deskBooking/choices.js';
import { emptyPatient, type PatientDraft } from '../../machines/desk/deskBooking/patientForm.js';
import {
  selectBooked,
  selectChoices,
  selectFamilyMemberId,
  selectFee,
  selectHits,
  selectIsSearching,
  selectPatient,
  selectPatientErrors,
  selectSlotsStatus,
  selectStep,
  type DeskStep,
} from '../../machines/desk/deskBooking/selectors.js';
import { refused, unanswered } from './accountFakes.js';
import { andheri, deskAnita, deskAppointment, deskPatient, freeSlots, hitOf, queueEntry, rohan, searchAnswer, startDeskBooking, today } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { deskBookingEmits, deskBookingJourneys, deskBookingModel, type DeskBookingModelEvent } from './models/deskBookingModel.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

type ModelSnapshot = SnapshotFrom<typeof deskBookingModel>;
const tomorrow = '2025-03-11';
const fresh: DeskChoices = { kind: 'book', doctorId: null, consultationType: null, locationId: null, date: today, time: null };
const ramesh: PatientDraft = { firstName: 'Ramesh', lastName: 'Patil', phoneNumber: '98220 12345', age: '67', gender: 'male', email: '' };

function harness() {
  const desk = startDeskBooking();
  const { calls } = desk;
  const step = stepper(desk.emitted.take, deskBookingEmits);
  const send = desk.send;
  const found = deskPatient({ firstName: 'Sunil', lastName: 'Kale', kind: 'account', email: 'sunil@example.in' });
  let patient: DeskPatient | null = null;
  /** The family member the visit is for (null: the patient). */
  let member: string | null = null;
  let hits: string[] = [];
  let choices = fresh;
  let fee: FeeDraft = { pay: 'now', method: 'cash', reference: '' };
  let errors: Record<string, string> = {};
  let slotLoads = 0;
  const choose = (change: Partial<DeskChoices>, event: Parameters<typeof send>[0]) => () => {
    choices = { ...choices, ...change };
    send(event);
  };
  const slotCall = () => {
    const call = calls.loadTimeSlots.latest();
    expect(call.input).toEqual({ doctorEmail: deskAnita.email, location: andheri.name, date: choices.date, token: 'tok-desk' });
    return call;
  };
  const register = (draft: PatientDraft) => () => send({ type: 'register.submitted', draft });
  const registerCall = () => {
    const call = calls.registerPatient.latest();
    expect(call.input).toEqual({ patient: { ...ramesh, age: 67, phoneNumber: '98220 12345' }, token: 'tok-desk' });
    return call;
  };
  const bookCall = () => {
    const call = calls.book.latest();
    const paid = fee.pay === 'later' ? { pay: 'later' } : { pay: 'now', method: fee.method, reference: fee.method === 'cash' ? '' : fee.reference.trim() };
    expect(call.input.request).toEqual({
      patientId: patient?._id,
      ...(member ? { familyMemberId: member } : {}),
      doctorId: deskAnita._id,
      locationId: andheri._id,
      date: choices.date,
      startTime: choices.time,
      consultationType: 'Clinic Visit',
      fee: paid,
    });
    return call;
  };

  const events: Record<DeskBookingModelEvent['type'], () => Promise<void>> = {
    open: step('open', () => {}),
    search: step('search', () => send({ type: 'search.submitted', query: ' 98220 ' })),
    'search.retyped': step('search.retyped', () => send({ type: 'search.submitted', query: 'Sunil Kale' })),
    'search.found': step('search.found', () => {
      const call = calls.searchPatients.latest();
      expect(call.input.token).toBe('tok-desk');
      hits = [found._id];
      call.resolve(searchAnswer([hitOf(found, [deskAppointment()], [rohan])]));
    }),
    'search.failed': step('search.failed', () => calls.searchPatients.latest().reject(unanswered)),
    'search.again': step('search.again', () => {
      send({ type: 'search.submitted', query: 'Kale' });
      calls.searchPatients.latest().resolve(searchAnswer([hitOf(found, [], [rohan])]));
    }),
    choose: step('choose', () => {
      patient = found;
      choices = fresh;
      send({ type: 'patient.chosen', patientId: found._id });
    }),
    'choose.member': step('choose.member', () => {
      patient = found;
      choices = fresh;
      send({ type: 'patient.chosen', patientId: found._id });
      // Somebody not in the account's family is not taken.
      send({ type: 'person.chosen', familyMemberId: '7a1c2f3e-0000-4000-8000-0000000000ff' });
      expect(selectFamilyMemberId(desk.snapshot())).toBeNull();
      member = rohan._id;
      send({ type: 'person.chosen', familyMemberId: rohan._id });
    }),
    register: step('register', () => send({ type: 'register.opened' })),
    'register.invalid': step('register.invalid', () => {
      // Blank names, a short phone, no age: said at the fields, no call.
      errors = { firstName: 'is required', lastName: 'is required', phoneNumber: 'must be a 10-digit phone number', age: 'is required', gender: 'is required' };
      register({ ...emptyPatient, phoneNumber: '98220' })();
      expect(calls.registerPatient.calls).toHaveLength(0);
    }),
    'register.save': step('register.save', () => {
      for (const field of Object.keys(errors)) send({ type: 'register.edited', field });
      errors = {};
      register(ramesh)();
    }),
    'register.cancel': step('register.cancel', () => {
      errors = {};
      send({ type: 'register.cancelled' });
    }),
    saved: step('saved', () => {
      patient = deskPatient();
      choices = fresh;
      registerCall().resolve({ patient });
    }),
    'saved.badPhone': step('saved.badPhone', () => {
      errors = { phoneNumber: 'is already the phone of 3 patients' };
      registerCall().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'phoneNumber', message: errors.phoneNumber }] });
    }),
    'saved.hasAccount': step('saved.hasAccount', () => registerCall().reject(refused(409, 'An account has this email: book for the account instead.'))),
    'change.patient': step('change.patient', () => {
      member = null;
      send({ type: 'patient.changed' });
    }),
    'choose.doctor': step('choose.doctor', choose({ doctorId: deskAnita._id }, { type: 'doctor.chosen', doctorId: deskAnita._id })),
    'choose.clinicVisit': step('choose.clinicVisit', choose({ consultationType: 'Clinic Visit' }, { type: 'type.chosen', consultationType: 'Clinic Visit' })),
    'choose.location': step('choose.location', () => {
      choose({ locationId: andheri._id }, { type: 'location.chosen', locationId: andheri._id })();
      if (choices.kind === 'book') slotLoads += 1;
    }),
    'slots.loaded': step('slots.loaded', () => slotCall().resolve(freeSlots)),
    'slots.failed': step('slots.failed', () => slotCall().reject(unanswered)),
    'slots.retry': step('slots.retry', () => {
      send({ type: 'slots.retry' });
      slotLoads += 1;
    }),
    'choose.date': step('choose.date', () => {
      choose({ date: choices.date === today ? tomorrow : today, time: null }, { type: 'date.chosen', date: choices.date === today ? tomorrow : today })();
      slotLoads += 1;
    }),
    'choose.slot': step('choose.slot', () => {
      // The booked 10:00 cannot be chosen; 10:30 can.
      send({ type: 'slot.selected', time: '10:00' });
      choose({ time: '10:30' }, { type: 'slot.selected', time: '10:30' })();
    }),
    'choose.walkin': step('choose.walkin', choose({ kind: 'walkin', consultationType: 'Clinic Visit', date: today }, { type: 'kind.chosen', kind: 'walkin' })),
    next: step('next', () => send({ type: 'choices.confirmed' })),
    'next.missing': step('next.missing', () => send({ type: 'choices.confirmed' })),
    'fee.later': step('fee.later', () => {
      fee = { ...fee, pay: 'later' };
      send({ type: 'fee.changed', fee: { pay: 'later' } });
    }),
    'fee.upi': step('fee.upi', () => {
      fee = { pay: 'now', method: 'upi', reference: ' 5123 8890 ' };
      send({ type: 'fee.changed', fee: { pay: 'now' } });
      send({ type: 'fee.changed', fee: { method: 'upi' } });
      send({ type: 'fee.changed', fee: { reference: ' 5123 8890 ' } });
    }),
    back: step('back', () => send({ type: 'fee.back' })),
    book: step('book', () => {
      send({ type: 'booking.submitted' });
      bookCall().resolve(deskAppointment({ startTime: choices.time ?? '' }));
    }),
    'book.taken': step('book.taken', () => {
      send({ type: 'booking.submitted' });
      bookCall().reject(refused(409, 'This slot is already booked'));
      choices = { ...choices, time: null };
      slotLoads += 1;
    }),
    'book.unanswered': step('book.unanswered', () => {
      send({ type: 'booking.submitted' });
      bookCall().reject(unanswered);
    }),
    walkin: step('walkin', () => {
      send({ type: 'booking.submitted' });
      const call = calls.walkIn.latest();
      expect(call.input.request).toEqual({ patientId: patient?._id, ...(member ? { familyMemberId: member } : {}), doctorId: deskAnita._id, locationId: andheri._id, fee: fee.pay === 'later' ? { pay: 'later' } : { pay: 'now', method: 'cash', reference: '' } });
      call.resolve({ entry: queueEntry({ token: 'T4', kind: 'walkin' }) });
    }),
    'walkin.refused': step('walkin.refused', () => {
      send({ type: 'booking.submitted' });
      calls.walkIn.latest().reject(refused(409, 'Dr Anita Rao does not work at Bandra today.'));
    }),
    again: step('again', () => {
      member = null;
      choices = fresh;
      fee = { pay: 'now', method: 'cash', reference: '' };
      send({ type: 'booking.again' });
    }),
    new: step('new', () => {
      choices = fresh;
      fee = { pay: 'now', method: 'cash', reference: '' };
      patient = null;
      member = null;
      hits = [];
      send({ type: 'booking.new' });
    }),
  };

  const shows = (step: DeskStep, more: () => void = () => {}) => () => {
    const s = desk.snapshot();
    expect(selectStep(s)).toBe(step);
    expect(selectHits(s).map((h) => h.patient._id)).toEqual(hits);
    expect(selectPatientErrors(s)).toEqual(errors);
    if (step !== 'finding' && step !== 'registering') {
      expect(selectPatient(s)?._id).toBe(patient?._id);
      expect(selectChoices(s)).toEqual(choices);
      expect(selectFee(s)).toEqual(fee);
      expect(selectFamilyMemberId(s)).toBe(member);
    }
    expect(calls.loadTimeSlots.calls).toHaveLength(slotLoads);
    more();
  };
  const slots = (status: string) => () => expect(selectSlotsStatus(desk.snapshot())).toBe(status);
  const states: Record<string, (state: ModelSnapshot) => void> = {
    Closed: shows('finding'),
    Idle: shows('finding'),
    Searching: shows('finding', () => expect(selectIsSearching(desk.snapshot())).toBe(true)),
    Results: shows('finding'),
    Registering: shows('registering'),
    Saving: shows('registering'),
    Choosing: shows('choosing', slots('waiting')),
    Doctored: shows('choosing', slots('waiting')),
    Typed: shows('choosing', slots('waiting')),
    Listing: shows('choosing', slots('loading')),
    SlotsFailed: shows('choosing', slots('failed')),
    Listed: shows('choosing', slots('ready')),
    Slotted: shows('choosing', slots('ready')),
    Fee: shows('fee'),
    WalkIn: shows('choosing', slots('waiting')),
    WalkInDoctored: shows('choosing'),
    WalkInReady: shows('choosing'),
    WalkInFee: shows('fee'),
    Booked: shows('booked', () => expect(selectBooked(desk.snapshot())?.appointment.firstName).toBe('Ramesh')),
  };
  return { stop: () => desk.actor.stop(), events, states };
}

describe('deskBookingMachine paths', () => {
  const testModel = createTestModel(deskBookingModel);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = deskBookingJourneys.flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and each journey ends booked', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(journeys).toHaveLength(deskBookingJourneys.length);
    for (const journey of journeys) expect(journey.state.value).toBe('Booked');
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(deskBookingMachine);
});
