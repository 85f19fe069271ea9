/**
 * Model-based paths for the edit popup. `createTestModel` refuses machines that invoke actors, so
 * the model below is the popup as a patient goes through it, in two regions: the edit itself
 * (opened on a Booked appointment with its date chosen, or on an Expired one without; another
 * location, date or slot; a date without a schedule; a booked slot or a past date, refused; Save
 * too early, refused silently; Save with each answer the server may give) and the doctor list
 * (on time, failing and retried), which decides the locations offered. Each event is a thing the
 * person does together with what the server answers.
 *
 * Along every path the REAL edit machine runs with fake calls (provided as the app provides the
 * real ones): each step must emit what the person should read and the app act on; each state
 * must show what the model says (choices, locations, slot list state, Save), with no call made
 * that the step did not expect.
 */
import { not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import {
  selectCanSave,
  selectChoices,
  selectDoctorsStatus,
  selectIsSaved,
  selectIsSaving,
  selectLocations,
  selectSlotsStatus,
} from '../../machines/appointmentEdit/selectors.js';
import type { EditChoices } from '../../machines/appointmentEdit/context.js';
import type { AppointmentEditEmitted } from '../../machines/appointmentEdit/events.js';
import { refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { appointment, startEdit, tomorrow, type Edit, type RecordOverrides } from './appointmentFakes.js';
import { anita, doctors, someFree } from './bookingFakes.js';
import { pathsTakingEveryTransition, testPaths, modelTransitions, pathEndings } from './modelPaths.js';

/** What each step makes the machine emit (notice kinds, a server's words, or the event type). */
const emits = {
  open: [],
  'open.expired': [],
  'doctors.loaded': [],
  'doctors.failed': ['somethingWentWrong'],
  'doctors.retried': [],
  'choose.location': [],
  'choose.date': [],
  'choose.pastDate': [],
  'choose.dateWithoutSchedule': [],
  'choose.slot': [],
  'choose.bookedSlot': [],
  save: [],
  'save.done': ['updated', 'appointment.updated'],
  'save.slotTaken': ['server: This slot is already booked'],
  'save.refused': ['server: The doctor is on leave that day.'],
  'save.refusedPlainly': ['updateFailed'],
  'save.unanswered': ['updateError'],
  'save.expired': ['updateFailed'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = setup({
  types: {} as { events: ModelEvent },
  guards: {
    doctorsReady: stateIn({ Doctors: 'Ready' }),
    saved: stateIn({ Edit: 'Saved' }),
  },
}).createMachine({
  id: 'appointmentEditModel',
  type: 'parallel',
  states: {
    Edit: {
      initial: 'NotOpen',
      states: {
        NotOpen: { on: { open: 'Dated', 'open.expired': 'Undated' } },
        /** An Expired appointment: no date chosen yet. */
        Undated: {
          on: { 'choose.date': 'Dated', 'choose.location': { guard: 'doctorsReady', target: 'Undated' }, save: 'Undated' },
        },
        /** A date chosen, its slots shown, no slot chosen. */
        Dated: {
          on: {
            'choose.slot': 'Slotted',
            'choose.bookedSlot': 'Dated',
            'choose.pastDate': 'Dated',
            'choose.date': 'Dated',
            'choose.dateWithoutSchedule': 'NoSchedule',
            'choose.location': { guard: 'doctorsReady', target: 'Dated' },
            save: 'Dated',
          },
        },
        NoSchedule: { on: { 'choose.date': 'Dated', save: 'NoSchedule' } },
        /** Location, date and a free slot: Save goes ahead. */
        Slotted: {
          on: {
            'save.done': 'Saved',
            'save.slotTaken': 'Dated',
            'save.refused': 'Slotted',
            'save.refusedPlainly': 'Slotted',
            'save.unanswered': 'Slotted',
            'save.expired': 'Slotted',
            'choose.date': 'Dated',
            'choose.location': { guard: 'doctorsReady', target: 'Dated' },
          },
        },
        Saved: {},
      },
    },
    Doctors: {
      initial: 'NotOpen',
      states: {
        NotOpen: { on: { open: 'Loading', 'open.expired': 'Loading' } },
        Loading: {
          on: {
            'doctors.loaded': { guard: not('saved'), target: 'Ready' },
            'doctors.failed': { guard: not('saved'), target: 'Failed' },
          },
        },
        Failed: { on: { 'doctors.retried': { guard: not('saved'), target: 'Ready' } } },
        Ready: {},
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

const dayAfter = '2025-03-12';
/** A date the doctor has no hours at that location. */
const noScheduleDate = '2025-03-14';

function words(events: readonly AppointmentEditEmitted[]): string[] {
  return events.map((e) =>
    e.type === 'notice' ? (e.notice.kind === 'server' ? `server: ${e.notice.text}` : e.notice.kind) : e.type,
  );
}

function harness() {
  let edit: Edit | undefined;
  let record: AppointmentRecord | undefined;
  let expected: EditChoices = { location: null, date: null, time: null };
  /** Slots somebody else took since the popup opened, as `location|date|time`. */
  let taken: string[] = [];
  let updates = 0;
  let slotsAnswered = 0;
  let moved: AppointmentRecord | null = null;

  const real = (): Edit => {
    if (!edit) throw new Error('the popup is not open');
    return edit;
  };
  const listFor = (location: string, date: string): TimeSlot[] =>
    date === noScheduleDate
      ? []
      : someFree.map((s) => (taken.includes(`${location}|${date}|${s.time}`) ? { ...s, status: 'booked' as const } : s));
  const answerSlots = async () => {
    const calls = real().calls.loadTimeSlots.calls;
    if (calls.length > slotsAnswered) {
      const call = calls.at(-1);
      slotsAnswered = calls.length;
      call?.resolve(listFor(call.input.location, call.input.date));
      await settle();
    }
  };
  const step =
    (type: ModelEvent['type'], act: () => void | Promise<void>) =>
    async () => {
      edit?.emitted.take();
      await act();
      await settle();
      await answerSlots();
      expect(words(real().emitted.take()), type).toEqual(emits[type]);
    };
  const open = (overrides: RecordOverrides) => () => {
    record = appointment(overrides);
    edit = startEdit({ appointment: record });
    expected = { location: record.location, date: record.date >= tomorrow ? record.date : null, time: null };
  };
  const free = () => listFor(expected.location ?? '', expected.date ?? '').find((s) => s.status === 'free')?.time ?? 'none';
  const booked = () => listFor(expected.location ?? '', expected.date ?? '').find((s) => s.status === 'booked')?.time ?? 'none';
  /** Save, answered by the server with `answer`. */
  const save = (answer: (call: ReturnType<Edit['calls']['updateAppointment']['latest']>) => void) => () => {
    real().send({ type: 'appointment.save' });
    updates += 1;
    const call = real().calls.updateAppointment.latest();
    expect(call.input).toEqual({
      request: {
        selectedLocation: expected.location,
        appointmentToEdit: record?._id,
        newDate: expected.date,
        selectedTime: expected.time,
      },
      token: 'tok-1',
    });
    expect(selectIsSaving(real().snapshot())).toBe(true);
    answer(call);
  };

  const common = () => {
    const s = real().snapshot();
    expect(selectChoices(s)).toEqual(expected);
    expect(selectIsSaving(s)).toBe(false);
    expect(real().calls.updateAppointment.calls).toHaveLength(updates);
    expect(real().calls.loadTimeSlots.calls).toHaveLength(slotsAnswered);
    return s;
  };
  const notSaved = (state: ModelSnapshot) => !state.matches({ Edit: 'Saved' });

  return {
    stop: () => edit?.actor.stop(),
    events: {
      open: step('open', open({ date: tomorrow, startTime: '09:00' })),
      'open.expired': step('open.expired', open({ date: '2025-03-01', appointmentStatus: 'Expired' })),
      'doctors.loaded': step('doctors.loaded', () => real().calls.loadDoctors.latest().resolve(doctors)),
      'doctors.failed': step('doctors.failed', () => real().calls.loadDoctors.latest().reject(unanswered)),
      'doctors.retried': step('doctors.retried', () => {
        real().send({ type: 'doctors.retry' });
        real().calls.loadDoctors.latest().resolve(doctors);
      }),
      'choose.location': step('choose.location', () => {
        const location = expected.location === 'Bandra' ? 'Andheri West' : 'Bandra';
        expected = { ...expected, location, time: null };
        real().send({ type: 'location.selected', location });
      }),
      'choose.date': step('choose.date', () => {
        const date = expected.date === tomorrow ? dayAfter : tomorrow;
        expected = { ...expected, date, time: null };
        real().send({ type: 'date.selected', date });
      }),
      'choose.pastDate': step('choose.pastDate', () => real().send({ type: 'date.selected', date: '2025-03-09' })),
      'choose.dateWithoutSchedule': step('choose.dateWithoutSchedule', () => {
        expected = { ...expected, date: noScheduleDate, time: null };
        real().send({ type: 'date.selected', date: noScheduleDate });
      }),
      'choose.slot': step('choose.slot', () => {
        expected = { ...expected, time: free() };
        real().send({ type: 'slot.selected', time: free() });
      }),
      'choose.bookedSlot': step('choose.bookedSlot', () => real().send({ type: 'slot.selected', time: booked() })),
      save: step('save', () => real().send({ type: 'appointment.save' })),
      'save.done': step(
        'save.done',
        save((call) => {
          const { selectedLocation, newDate, selectedTime } = call.input.request;
          moved = { ...(record as AppointmentRecord), location: selectedLocation, date: newDate, startTime: selectedTime } as AppointmentRecord;
          call.resolve({ message: 'Appointment updated', appointment: moved });
        }),
      ),
      'save.slotTaken': step(
        'save.slotTaken',
        save((call) => {
          taken = [...taken, `${expected.location}|${expected.date}|${expected.time}`];
          expected = { ...expected, time: null };
          call.reject(refused(409, 'This slot is already booked'));
        }),
      ),
      'save.refused': step('save.refused', save((call) => call.reject(refused(400, 'The doctor is on leave that day.')))),
      'save.refusedPlainly': step('save.refusedPlainly', save((call) => call.reject(refusedPlainly(500)))),
      'save.unanswered': step('save.unanswered', save((call) => call.reject(unanswered))),
      'save.expired': step('save.expired', save((call) => call.reject(refusedPlainly(401)))),
    },
    states: {
      'Edit.NotOpen': () => expect(edit).toBeUndefined(),
      'Edit.Undated': () => {
        const s = common();
        expect(expected.date).toBeNull();
        expect(selectSlotsStatus(s)).toBe('waiting');
        expect(selectCanSave(s)).toBe(false);
      },
      'Edit.Dated': () => {
        const s = common();
        expect(expected.time).toBeNull();
        expect(selectSlotsStatus(s)).toBe('ready');
        expect(selectCanSave(s)).toBe(false);
      },
      'Edit.NoSchedule': () => {
        const s = common();
        expect(selectSlotsStatus(s)).toBe('noSchedule');
        expect(selectCanSave(s)).toBe(false);
      },
      'Edit.Slotted': () => {
        const s = common();
        expect(expected.time).not.toBeNull();
        expect(selectSlotsStatus(s)).toBe('ready');
        expect(selectCanSave(s)).toBe(true);
      },
      'Edit.Saved': () => {
        const s = common();
        expect(selectIsSaved(s)).toBe(true);
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ appointment: moved });
        expect(moved).toMatchObject({ location: expected.location, date: expected.date, startTime: expected.time });
      },
      'Doctors.NotOpen': () => expect(edit).toBeUndefined(),
      'Doctors.Loading': (state: ModelSnapshot) => {
        if (!notSaved(state)) return;
        expect(selectDoctorsStatus(real().snapshot())).toBe('loading');
        expect(selectLocations(real().snapshot())).toEqual([record?.location]);
      },
      'Doctors.Failed': (state: ModelSnapshot) => {
        if (!notSaved(state)) return;
        expect(selectDoctorsStatus(real().snapshot())).toBe('failed');
        expect(selectLocations(real().snapshot())).toEqual([record?.location]);
      },
      'Doctors.Ready': () => {
        expect(selectDoctorsStatus(real().snapshot())).toBe('ready');
        expect(selectLocations(real().snapshot())).toEqual(anita.locations);
      },
    },
  };
}

describe('appointmentEditMachine paths', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // Moved to another location and day; the slot was taken meanwhile; another slot saved.
      ['open', 'doctors.loaded', 'choose.location', 'choose.date', 'choose.slot', 'save.slotTaken', 'choose.bookedSlot',
        'choose.slot', 'save.done'],
      // An Expired appointment: Save refused until a date and slot; no schedule that day; failures; saved.
      ['open.expired', 'save', 'choose.date', 'save', 'choose.dateWithoutSchedule', 'save', 'choose.date', 'choose.slot',
        'save.unanswered', 'save.refusedPlainly', 'save.refused', 'save.done'],
      // The doctors fail: the appointment's own location only, until a retry works.
      ['open', 'doctors.failed', 'choose.slot', 'save.expired', 'doctors.retried', 'choose.location', 'choose.slot', 'save.done'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and the journeys end saved', () => {
    const declared = modelTransitions(testModel);
    const taken = pathEndings(everyTransition);
    expect(taken).toEqual(declared);
    expect(declared.size).toBeGreaterThan(60);
    const events = new Set(everyTransition.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(emits)) expect(events, type).toContain(type);
    expect(journeys).toHaveLength(3);
    for (const journey of journeys) expect(journey.state.value).toMatchObject({ Edit: 'Saved' });
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
