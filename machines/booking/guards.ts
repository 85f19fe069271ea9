/**
 * The booking machine's guards: which choices fit (a location some doctor works at, a doctor
 * there, a type that doctor offers, a bookable date, a free slot), and what Book checks in order.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { fieldErrorsOf, isRefused, isSlotTaken } from '../failures.js';
import { sessionEnded } from '../shared/sessionEnd.js';
import { canChooseSlot } from '../slotPicker/slots.js';
import {
  consultationTypesFor,
  doctorsAt,
  feeOf,
  findDoctor,
  isBookableDate,
  isOnline,
  lastBookableDate,
  locationsOf,
  missingChoices,
  offersOnline,
  onlineLocation,
  onlineTypes,
} from './choices.js';
import { settledChoices, type BookingContext } from './context.js';
import { detailErrorsOf, profileIncomplete } from './details.js';
import type { BookingEvent } from './events.js';
import { detailProblems, requestKey } from './requests.js';

type Args = { context: BookingContext; event: BookingEvent };

/** A 400 that names fields of the details step (shown on them, not as a toast). */
const namesDetailFields = (_: { context: unknown }, params: { error: unknown }): boolean =>
  Object.keys(detailErrorsOf(fieldErrorsOf(params.error))).length > 0;

export const bookingGuards = {
  isOfferedLocation: ({ context, event }: Args) =>
    event.type === 'location.selected' &&
    (isOnline(event.location) ? offersOnline(context.doctors ?? []) : locationsOf(context.doctors ?? []).includes(event.location)),
  isSoonestOffer: ({ context, event }: Args) =>
    event.type === 'online.soonest' &&
    doctorsAt(context.doctors ?? [], onlineLocation).some((d) => d.email === event.doctorEmail) &&
    onlineTypes.includes(event.consultationType) &&
    isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], event.doctorEmail)),
  isDoctorHere: ({ context, event }: Args) =>
    event.type === 'doctor.selected' &&
    doctorsAt(context.doctors ?? [], context.choices.location).some((d) => d.email === event.doctorEmail),
  isOfferedType: ({ context, event }: Args) =>
    event.type === 'type.selected' &&
    consultationTypesFor(findDoctor(context.doctors ?? [], context.choices.doctorEmail), context.choices.location).includes(event.consultationType),
  isBookableDate: ({ context, event }: Args) =>
    event.type === 'date.selected' &&
    isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], context.choices.doctorEmail)),
  isFreeSlot: ({ context, event }: Args) => event.type === 'slot.selected' && canChooseSlot(context.slots, event.time),
  hasDoctors: ({ context }: Args) => context.doctors !== null,
  /** A place is chosen whose doctors' next free slots were not asked for yet. */
  needsNextFree: ({ context }: Args) =>
    context.doctors !== null && context.choices.location !== null && context.choices.location !== context.nextFreeFor,
  hasMissingChoices: ({ context }: Args) => missingChoices(settledChoices(context)).length > 0,
  feeNotKnown: ({ context }: Args) => feeOf(context.fees ?? [], context.choices.consultationType) === null,
  isLoggedOut: ({ context }: Args) => context.token === null,
  holdsThisBooking: ({ context }: Args) => context.held !== null && context.held.request === requestKey(context),
  hasDetailErrors: ({ context }: Args) => Object.keys(detailProblems(context)).length > 0,
  /** Booking for themselves with an account that lacks its name, age, gender or phone: saved on the account first. */
  needsProfile: ({ context }: Args) => context.for === 'self' && context.member === null && profileIncomplete(context.user),
  namesDetailFields,
  /** The server booked it with the fee due at the clinic: nothing to pay now. */
  isDueAtClinic: (_: { context: BookingContext }, params: { appointment: AppointmentRecord }) => params.appointment.appointmentPaymentStatus === 'due',
  feeDiffers: ({ context }: { context: BookingContext }, params: { appointment: AppointmentRecord }) =>
    params.appointment.consultationFee !== feeOf(context.fees ?? [], context.choices.consultationType),
  sessionEnded,
  isSlotTaken,
  isRefused,
};
