/**
 * The edit appointment popup (spec §2 edit popup, §5 "Edit appointment does nothing unless the
 * appointment, date and time are chosen", §7 PUT /appointment/update, §8): moves one Booked or
 * Expired appointment to another location, date and slot of the same doctor, with the booking
 * popup's rules (machines/booking/choices.ts): a location the doctor works at, a date not before
 * today (clinic time), a free slot of the list loaded for that doctor, location and date.
 * The /myappointment page starts one per opening and stops it when the popup closes.
 *
 * Input: `{ appointment, token, today }`
 * - `appointment`: the record to move (from the appointments list). Its location is chosen at
 *   the start, and its date when that is not before today; no slot is.
 * - `token`: the session's bearer token. `today`: the date in clinic time, `YYYY-MM-DD`
 *   (`clinicToday()`, contract/clinicTime.ts).
 *
 * Events: `location.selected` { location }, `date.selected` { date }, `slot.selected` { time },
 * `appointment.save`, `doctors.retry`, `slots.retry` (`slots.refresh` is raised by the machine).
 * A choice that does not fit is ignored, as in booking. Save does nothing (silently, spec §5)
 * until a location, a date and a free slot are chosen that differ from the appointment's own,
 * and never for an appointment that is not Booked or Expired: the view disables Save while
 * `selectCanSave` is false.
 *
 * The app provides (`appointmentEditMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails (`fromApi`, src/app/fromApi.ts):
 * - `loadDoctors` () -> Doctor[]                      (fetchDoctors, src/api/site.ts; the doctor's locations)
 * - `loadTimeSlots` { doctorEmail, date, location, token } -> TimeSlot[]
 *                                                      (fetchTimeSlots, src/api/booking.ts), as for booking,
 *                                                      to the slot picker child (`slotPicker: slotPickerMachine.provide(...)`)
 * - `updateAppointment` { request: { selectedLocation, appointmentToEdit, newDate, selectedTime }, token }
 *                       -> { message, appointment }   (updateAppointment, src/api/appointments.ts)
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts; the admin move:
 * src/staff/admin/provider.ts): `notify` (emits `notice`), `announceUpdated` (emits
 * `appointment.updated`), `tellExpired` (emits `session.expired`); until provided they are emitted,
 * as the machine's tests read them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds and the spec §8 message each stands for:
 *   - updated             'Appointment updated successfully.'
 *   - server {text}       the server's message, preferred when it refused with one
 *                         ('This slot is already booked' on 409, ...)
 *   - updateFailed        'Failed to update appointment.' (the server answered with an error
 *                         status, 4xx or 5xx, without a readable message)
 *   - updateError         'Something went wrong while updating the appointment.' (no answer, or
 *                         an answer that is not what the contract says)
 *   - slotTaken           'This slot is already booked' (409 without a readable message)
 *   - somethingWentWrong  'Something went wrong.' (the doctors or the slots could not be loaded)
 * - `appointment.updated` { appointment }: the moved appointment; the app sends
 *   `appointments.refresh` to the list and closes the popup. The machine is then done, with
 *   output `{ appointment }`.
 * - `session.expired`: the server answered 401; the app sends `session.expired` to the session.
 * A 409 (the slot was taken meanwhile) clears the slot and loads the slots again.
 *
 * The slots are the slot picker's (machines/slotPicker, the child `slotPicker`), as in booking:
 * this machine passes it the location and date chosen and `slot.selected` / `slots.retry`, and
 * mirrors its state into `slots`, `slotsStatus` and `choices.time`. Empty states of the slot
 * list (`selectSlotsStatus`): noSchedule 'No schedule found for selected date or location or
 * doctor.', notAvailable 'Doctor is not available for this date.', failed 'Something went
 * wrong.' with `slots.retry`.
 */
import { assign, emit, enqueueActions, forwardTo, fromPromise, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type * as t from 'io-ts';
import type {
  AppointmentRecord,
  AppointmentUpdateAnswer,
  AppointmentUpdateRequest,
  TimeSlot,
} from '../../contract/appointments.js';
import type { Doctor } from '../../contract/site.js';
import { findDoctor, fitChoices, isBookableDate, isOnline, lastBookableDate, nextChoices, onlineLocation, type BookingChoices } from '../booking/choices.js';
import {
  shownSlots,
  slotPickerMachine,
  slotsFor,
  type SlotPickerReport,
  type SlotPickerSnapshot,
} from '../slotPicker/slotPickerMachine.js';
import { canChooseSlot, slotListOf, slotThatCounts, type SlotsStatus } from '../slotPicker/slots.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import { canEdit } from '../appointments/rules.js';
import { isAnswered, isSlotTaken, isUnauthorized } from '../failures.js';

export type AppointmentEditInput = { appointment: AppointmentRecord; token: string; today: string };

/** The update payload as plain strings (the server decodes it with the contract's codec). */
export type UpdateRequest = t.OutputOf<typeof AppointmentUpdateRequest>;
export type UpdateAnswer = t.TypeOf<typeof AppointmentUpdateAnswer>;

export type AppointmentEditNotice =
  | { kind: 'updated' }
  | { kind: 'updateFailed' }
  | { kind: 'updateError' }
  | { kind: 'slotTaken' }
  | { kind: 'somethingWentWrong' }
  | ServerNotice;

export type AppointmentEditEmitted =
  | NoticeEvent<AppointmentEditNotice>
  | { type: 'appointment.updated'; appointment: AppointmentRecord }
  | { type: 'session.expired' };

export type AppointmentEditEvent =
  | { type: 'location.selected'; location: string }
  | { type: 'date.selected'; date: string }
  | { type: 'slot.selected'; time: string }
  | { type: 'appointment.save' }
  | { type: 'doctors.retry' }
  | { type: 'slots.retry' }
  /** Pass the current location and date to the slot picker (the machine raises it itself). */
  | { type: 'slots.refresh' }
  /** The slot picker could not load the slots (it sends this itself). */
  | SlotPickerReport;

export type AppointmentEditOutput = { appointment: AppointmentRecord };

/** The choices of the popup: the doctor and the consultation type are the appointment's own. */
export type EditChoices = Pick<BookingChoices, 'location' | 'date' | 'time'>;
export type EditField = keyof EditChoices;
const editFields: readonly EditField[] = ['location', 'date', 'time'];

export type AppointmentEditContext = {
  today: string;
  token: string;
  appointment: AppointmentRecord;
  /** Null until loaded. */
  doctors: Doctor[] | null;
  /** As booking's, with the appointment's doctor and type; the time is the slot picker's. */
  choices: BookingChoices;
  /** The slot picker's list, and its state as the view shows it. */
  slots: TimeSlot[];
  slotsStatus: SlotsStatus;
  /** The moved appointment, once saved. */
  updated: AppointmentRecord | null;
};

export type DoctorsStatus = 'loading' | 'ready' | 'failed';

/**
 * The locations offered: the doctor's, once the doctors load; until then (or if the doctor is not
 * listed) the appointment's own. An online appointment (Chat, Video or Call on the doctor's online
 * hours) stays online: it moves within the online hours, no clinic is offered.
 */
function locationsFor(context: Pick<AppointmentEditContext, 'doctors' | 'appointment'>): string[] {
  if (isOnline(context.appointment.location)) return [onlineLocation];
  const doctor = findDoctor(context.doctors ?? [], context.appointment.doctorEmail);
  return doctor ? [...doctor.locations] : [context.appointment.location];
}

/** The choices that count: the slot only once it is free in the loaded list. */
function settledChoices(context: AppointmentEditContext): EditChoices {
  const { location, date, time } = context.choices;
  return { location, date, time: slotThatCounts(context.slots, time) };
}

/** The choices still to make, in the popup's order. */
export function missingEditChoices(context: AppointmentEditContext): EditField[] {
  const choices = settledChoices(context);
  return editFields.filter((field) => choices[field] === null);
}

/** Save goes ahead: an editable appointment, every choice made, and a move to somewhere else. */
function canSaveNow(context: AppointmentEditContext): boolean {
  const { location, date, time } = settledChoices(context);
  const { appointment } = context;
  return (
    canEdit(appointment) &&
    location !== null &&
    date !== null &&
    time !== null &&
    (location !== appointment.location || date !== appointment.date || time !== appointment.startTime)
  );
}

/** The update payload (spec §7): the record's `_id` as `appointmentToEdit`. */
export function updateRequest(context: AppointmentEditContext): UpdateRequest {
  const { location, date, time } = context.choices;
  return {
    selectedLocation: location ?? '',
    appointmentToEdit: context.appointment._id,
    newDate: date ?? '',
    selectedTime: time ?? '',
  };
}

/**
 * The choices after one change, with booking's rules (`nextChoices`): the slot is cleared when its
 * list (location, date) changes. No doctor list is passed: the doctor and type are the
 * appointment's, and the location was checked against the doctor's.
 */
function chosen(context: AppointmentEditContext, change: Partial<EditChoices>): BookingChoices {
  return nextChoices(context.choices, change, null, context.today);
}

const notice = (tone: Tone, n: AppointmentEditNotice): NoticeEvent<AppointmentEditNotice> => ({ type: 'notice', tone, notice: n });

const somethingWentWrong = notice('error', { kind: 'somethingWentWrong' });
const refusedNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'updateFailed' }));

export const appointmentEditMachine = setup({
  types: {} as {
    context: AppointmentEditContext;
    events: AppointmentEditEvent;
    input: AppointmentEditInput;
    emitted: AppointmentEditEmitted;
    output: AppointmentEditOutput;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadDoctors: fromPromise<Doctor[]>(() => Promise.reject(new Error('not provided'))),
    slotPicker: slotPickerMachine,
    updateAppointment: fromPromise<UpdateAnswer, { request: UpdateRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    isOfferedLocation: ({ context, event }) =>
      event.type === 'location.selected' && locationsFor(context).includes(event.location),
    isBookableDate: ({ context, event }) =>
      event.type === 'date.selected' &&
      isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], context.appointment.doctorEmail)),
    isFreeSlot: ({ context, event }) => event.type === 'slot.selected' && canChooseSlot(context.slots, event.time),
    canSave: ({ context }) => canSaveNow(context),
    isUnauthorized,
    isSlotTaken,
    /** The server answered no (any error status), as opposed to no answer at all. */
    isRefused: isAnswered,
  },
  actions: {
    /** The doctors arrived: a location the doctor no longer works at is cleared (the slot picker is told). */
    storeDoctors: assign(({ context }, params: { doctors: Doctor[] }) => {
      const { location } = context.choices;
      const fits = location === null || locationsFor({ ...context, doctors: params.doctors }).includes(location);
      return { doctors: params.doctors, choices: fits ? context.choices : chosen(context, { location: null }) };
    }),
    /** One choice changed: the slot is cleared when its list changes, and the slot picker is told. */
    choose: enqueueActions(({ context, enqueue }, params: { change: Partial<EditChoices> }) => {
      enqueue.assign({ choices: chosen(context, params.change) });
      enqueue.raise({ type: 'slots.refresh' });
    }),
    refreshSlots: raise({ type: 'slots.refresh' }),
    tellSlotPicker: sendTo('slotPicker', ({ context }) => slotsFor(context)),
    passToSlotPicker: forwardTo('slotPicker'),
    dropTakenSlot: sendTo('slotPicker', { type: 'slot.taken' as const }),
    showSlots: assign(({ context }, params: { picker: SlotPickerSnapshot }) => shownSlots(params.picker, context.choices)),
    storeUpdated: assign({ updated: (_, params: { appointment: AppointmentRecord }) => params.appointment }),
    // The effects: the app provides them (src/components/Appointments/provider.ts); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<AppointmentEditNotice>) => params),
    announceUpdated: emit((_, params: { appointment: AppointmentRecord }) => ({
      type: 'appointment.updated' as const,
      appointment: params.appointment,
    })),
    tellExpired: emit({ type: 'session.expired' as const }),
  },
}).createMachine({
  id: 'appointmentEdit',
  description: 'Edit appointment: another location, date and slot of the same doctor; then save.',
  context: ({ input }) => {
    const { appointment } = input;
    return {
      today: input.today,
      token: input.token,
      appointment,
      doctors: null,
      choices: fitChoices(
        {
          location: appointment.location,
          doctorEmail: appointment.doctorEmail,
          consultationType: appointment.consultationType,
          date: appointment.date,
          time: null,
        },
        null,
        input.today,
      ),
      slots: [],
      slotsStatus: 'waiting',
      updated: null,
    };
  },
  initial: 'Open',
  states: {
    Open: {
      description: "The popup: the doctor's locations and the slots load while the person chooses.",
      type: 'parallel',
      states: {
        Doctors: {
          description: "The doctor list, for the locations the appointment's doctor works at.",
          initial: 'Loading',
          states: {
            Loading: {
              description: "Fetching the doctors. Meanwhile only the appointment's own location is offered.",
              tags: ['loadingDoctors'],
              invoke: {
                id: 'loadDoctors',
                src: 'loadDoctors',
                onDone: {
                  target: 'Ready',
                  actions: [{ type: 'storeDoctors', params: ({ event }) => ({ doctors: event.output }) }, 'refreshSlots'],
                },
                onError: { target: 'Failed', actions: { type: 'notify', params: somethingWentWrong } },
              },
            },
            Ready: { description: "The doctor's locations are offered." },
            Failed: {
              description: "The doctors could not be loaded: only the appointment's own location is offered until a retry works.",
              on: { 'doctors.retry': 'Loading' },
            },
          },
        },
        Slots: {
          description:
            "The slots of the appointment's doctor at the chosen location on the chosen date: the slot picker child, told every change of location or date; its state is mirrored into the context.",
          invoke: {
            id: 'slotPicker',
            src: 'slotPicker',
            input: ({ context }) => ({ token: context.token, list: slotListOf(context.choices) }),
            onSnapshot: { actions: { type: 'showSlots', params: ({ event }) => ({ picker: event.snapshot }) } },
          },
          on: {
            'slots.refresh': { actions: 'tellSlotPicker' },
            'slots.retry': { actions: 'passToSlotPicker' },
            'slots.failed': { actions: { type: 'notify', params: somethingWentWrong } },
          },
        },
        Flow: {
          description: 'Choosing, then saving.',
          initial: 'Editing',
          states: {
            Editing: {
              description:
                'The person chooses a location, a date and a free slot. Save does nothing until all three are chosen and differ from the appointment.',
              on: {
                'location.selected': {
                  guard: 'isOfferedLocation',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { location: event.location } }) },
                },
                'date.selected': {
                  guard: 'isBookableDate',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { date: event.date } }) },
                },
                'slot.selected': { guard: 'isFreeSlot', actions: 'passToSlotPicker' },
                'appointment.save': { guard: 'canSave', target: 'Saving' },
              },
            },
            Saving: {
              description: 'Moving the appointment. A slot taken meanwhile (409) reloads the slots.',
              tags: ['busy'],
              invoke: {
                id: 'updateAppointment',
                src: 'updateAppointment',
                input: ({ context }) => ({ request: updateRequest(context), token: context.token }),
                onDone: {
                  target: '#appointmentEdit.Saved',
                  actions: [
                    { type: 'storeUpdated', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    { type: 'notify', params: notice('success', { kind: 'updated' }) },
                    { type: 'announceUpdated', params: ({ event }) => ({ appointment: event.output.appointment }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: ['tellExpired', { type: 'notify', params: ({ event }) => refusedNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: ['dropTakenSlot', { type: 'notify', params: ({ event }) => notice('error', serverWordsOr(event.error, { kind: 'slotTaken' })) }],
                  },
                  {
                    guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: { type: 'notify', params: ({ event }) => refusedNotice(event.error) },
                  },
                  { target: 'Editing', actions: { type: 'notify', params: notice('error', { kind: 'updateError' }) } },
                ],
              },
            },
          },
        },
      },
    },
    Saved: {
      description: 'The appointment moved; the popup closes and the list is refreshed.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ appointment: context.updated as AppointmentRecord }),
});


type Snapshot = SnapshotFrom<typeof appointmentEditMachine>;

/** The appointment being moved, as it was when the popup opened. */
export const selectAppointment = (snapshot: Snapshot): AppointmentRecord => snapshot.context.appointment;
/**
 * Whether a slot of the chosen location and date is the one the appointment holds now
 * (shown as "current", not "booked": it is the patient's own).
 */
export const selectIsCurrentSlot = (snapshot: Snapshot, time: string): boolean => {
  const { appointment } = snapshot.context;
  const choices = selectChoices(snapshot);
  return choices.location === appointment.location && choices.date === appointment.date && time === appointment.startTime;
};
export const selectChoices = (snapshot: Snapshot): EditChoices => {
  const { location, date, time } = snapshot.context.choices;
  return { location, date, time };
};
/** The earliest date the date picker offers (today, clinic time). */
export const selectMinDate = (snapshot: Snapshot): string => snapshot.context.today;
/** The last date the date picker offers (the booking horizon: the doctor's `bookableUntil`); undefined until the doctors load. */
export const selectMaxDate = (snapshot: Snapshot): string | undefined =>
  lastBookableDate(snapshot.context.doctors ?? [], snapshot.context.appointment.doctorEmail);
/** Whether the appointment is online (no clinic to choose: the popup says so instead of a location select). */
export const selectIsOnline = (snapshot: Snapshot): boolean => isOnline(snapshot.context.appointment.location);
/** The doctor's locations; the appointment's own until the doctors load (or if the doctor is not listed). */
export const selectLocations = (snapshot: Snapshot): string[] => locationsFor(snapshot.context);
export const selectDoctorsStatus = (snapshot: Snapshot): DoctorsStatus =>
  snapshot.matches({ Open: { Doctors: 'Ready' } }) || snapshot.matches('Saved')
    ? 'ready'
    : snapshot.matches({ Open: { Doctors: 'Failed' } })
      ? 'failed'
      : 'loading';
export const selectSlots = (snapshot: Snapshot): TimeSlot[] => snapshot.context.slots;
export const selectSlotsStatus = (snapshot: Snapshot): SlotsStatus => snapshot.context.slotsStatus;
export const selectIsLoadingDoctors = (snapshot: Snapshot): boolean => snapshot.hasTag('loadingDoctors');
export const selectIsLoadingSlots = (snapshot: Snapshot): boolean => snapshot.context.slotsStatus === 'loading';
/** Saving: the form and Save wait. */
export const selectIsSaving = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The choices still to make (a slot counts once it is free in the loaded list). */
export const selectMissingChoices = (snapshot: Snapshot): EditField[] => missingEditChoices(snapshot.context);
/** Save will go ahead: enable the button only then (spec §5). */
export const selectCanSave = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Open: { Flow: 'Editing' } }) && canSaveNow(snapshot.context);
export const selectIsSaved = (snapshot: Snapshot): boolean => snapshot.matches('Saved');
