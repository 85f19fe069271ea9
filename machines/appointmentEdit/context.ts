/**
 * The edit popup's input, context and output, and what its rules read of the context: the
 * locations offered, the choices still to make, whether Save goes ahead, the update payload.
 */
import type * as t from 'io-ts';
import type { AppointmentRecord, AppointmentUpdateAnswer, AppointmentUpdateRequest, TimeSlot } from '../../contract/appointments.js';
import type { Doctor } from '../../contract/site.js';
import { findDoctor, fitChoices, isOnline, nextChoices, onlineLocation, type BookingChoices } from '../booking/choices.js';
import { slotThatCounts, type SlotsStatus } from '../slotPicker/slots.js';
import { canEdit } from '../appointments/rules.js';

export type AppointmentEditInput = { appointment: AppointmentRecord; token: string; today: string };

/** The update payload as plain strings (the server decodes it with the contract's codec). */
export type UpdateRequest = t.OutputOf<typeof AppointmentUpdateRequest>;
export type UpdateAnswer = t.TypeOf<typeof AppointmentUpdateAnswer>;

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

/** The popup as it opens: the appointment's location, and its date when that is not before today; no slot. */
export function initialContext(input: AppointmentEditInput): AppointmentEditContext {
  const { appointment } = input;
  const choices: BookingChoices = {
    location: appointment.location,
    doctorEmail: appointment.doctorEmail,
    consultationType: appointment.consultationType,
    date: appointment.date,
    time: null,
  };
  return {
    today: input.today,
    token: input.token,
    appointment,
    doctors: null,
    choices: fitChoices(choices, null, input.today),
    slots: [],
    slotsStatus: 'waiting',
    updated: null,
  };
}

/**
 * The locations offered: the doctor's, once the doctors load; until then (or if the doctor is not
 * listed) the appointment's own. An online appointment (Chat, Video or Call on the doctor's online
 * hours) stays online: it moves within the online hours, no clinic is offered.
 */
export function locationsFor(context: Pick<AppointmentEditContext, 'doctors' | 'appointment'>): string[] {
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
export function canSaveNow(context: AppointmentEditContext): boolean {
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
export function chosen(context: AppointmentEditContext, change: Partial<EditChoices>): BookingChoices {
  return nextChoices(context.choices, change, null, context.today);
}
