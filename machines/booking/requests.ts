/**
 * What the booking machine asks the server for, built from its context: the appointment to
 * make, its payment, and the /payment page the browser goes to; and the details step's check of
 * the appointment request before it is sent.
 */
import type * as t from 'io-ts';
import {
  emptyMedicines,
  type AppointmentCreateRequest,
  type AppointmentRecord,
  type CreateAppointmentPaymentAnswer,
} from '../../contract/appointments.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import { findDoctor, type KeptBooking } from './choices.js';
import { keptOf, type BookingContext } from './context.js';
import type { ProfileRequest } from '../people/profileMachine.js';
import { checkDetails, hasNoEmail, isTeleconsultation, type DetailErrors } from './details.js';

/** The create payload as plain strings and numbers (the server decodes it with the contract's codec). */
export type BookingRequest = t.OutputOf<typeof AppointmentCreateRequest>;
export type PaymentRequest = { appointmentId: string; consultationAmount: number };
/** The `loadNextFree` input: the place ('' online) and the token (the caller's own unpaid hold counts as free). */
export type NextFreeRequest = { location: string; token: string | null };
export type PaymentAnswer = t.TypeOf<typeof CreateAppointmentPaymentAnswer>;

/** The chosen place takes the fee at the clinic for the chosen Clinic Visit (the admin's setting, on the doctor's list). */
export function offersPayAtClinic(context: BookingContext): boolean {
  const { location, doctorEmail, consultationType } = context.choices;
  if (consultationType !== 'Clinic Visit' || location === null) return false;
  return findDoctor(context.doctors ?? [], doctorEmail)?.payAtClinic?.includes(location) ?? false;
}

/** The person chose to pay at the clinic, and the choices still offer it. */
export const paysAtClinic = (context: BookingContext): boolean => context.payAt === 'clinic' && offersPayAtClinic(context);

/** The create payload. Personal fields go as typed (trimmed); the server's 400 names a bad one. */
export function bookingRequest(context: BookingContext): BookingRequest {
  const { choices, details } = context;
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    // An account made by a mobile sign-in may have no email: the field is then not asked nor sent.
    ...(hasNoEmail(context.user) ? {} : { email: details.email.trim() }),
    phoneNumber: details.phoneNumber.trim(),
    age: Number(details.age.trim()),
    gender: details.gender as Gender,
    date: choices.date ?? '',
    doctorName: findDoctor(context.doctors ?? [], choices.doctorEmail)?.name ?? '',
    doctorEmail: choices.doctorEmail ?? '',
    location: choices.location ?? '',
    consultationType: choices.consultationType as ConsultationType,
    startTime: choices.time ?? '',
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    medicines: emptyMedicines,
    ...(context.member !== null ? { familyMemberId: context.member._id } : {}),
    ...(isTeleconsultation(choices.consultationType) && context.consent !== null ? { consentText: context.consent } : {}),
    ...(paysAtClinic(context) ? { payAtClinic: true } : {}),
  };
}

/** The details as the account's profile (PUT /auth/profile), saved before the first booking for oneself. */
export function profileOf({ details }: BookingContext): ProfileRequest {
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    phoneNumber: details.phoneNumber.trim(),
    age: Number(details.age.trim()),
    gender: details.gender,
  };
}

/** The details step's problems by the contract's codec, before any request. */
export const detailProblems = (context: BookingContext): DetailErrors =>
  checkDetails(bookingRequest(context), {
    consent: isTeleconsultation(context.choices.consultationType),
    consentGiven: context.consent !== null,
    memberMissing: context.for === 'other' && context.member === null,
    typed: context.details,
  });

/** The request as the appointment held for it remembers it: Book pays that appointment again while it is the same. */
export const requestKey = (context: BookingContext): string => JSON.stringify(bookingRequest(context));

/**
 * What the payment service is asked: the appointment's record id and its fee as the server
 * computed it (which Book has checked against the fee shown).
 */
export function paymentRequest(appointment: AppointmentRecord): PaymentRequest {
  return { appointmentId: appointment._id, consultationAmount: appointment.consultationFee };
}

export function paymentPageUrl(payUrl: string): string {
  return `/#/payment?payUrl=${encodeURIComponent(payUrl)}`;
}

/** Where a payment goes: the /payment page that checks the checkout address, and the choices kept for /paymentfail. */
export type BookingRedirect = { url: string; payUrl: string; kept: KeptBooking };
export const redirectTo = (context: BookingContext, answer: PaymentAnswer): BookingRedirect => ({
  url: paymentPageUrl(answer.checkoutPageUrl),
  payUrl: answer.checkoutPageUrl,
  kept: keptOf(context),
});
