/**
 * The booking machine's actors, declared with their types. The calls are placeholders: the app
 * provides the real ones (`bookingMachine.provide({ actors })`, src/components/Booking/provider.ts),
 * so these must never run. The slot picker and the date strip are the child machines it invokes.
 */
import { fromPromise } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { ProfileRequest } from '../people/profileMachine.js';
import type { NextFreeList } from '../../contract/availability.js';
import type { AppointmentFeeList, Doctor } from '../../contract/site.js';
import { availabilityMachine } from '../availability/availabilityMachine.js';
import { slotPickerMachine } from '../slotPicker/slotPickerMachine.js';
import type { BookingRequest, NextFreeRequest, PaymentAnswer, PaymentRequest } from './requests.js';

const notProvided = () => Promise.reject(new Error('not provided'));

export const bookingActors = {
  loadDoctors: fromPromise<Doctor[]>(notProvided),
  loadFees: fromPromise<AppointmentFeeList>(notProvided),
  slotPicker: slotPickerMachine,
  availability: availabilityMachine,
  loadNextFree: fromPromise<NextFreeList, NextFreeRequest>(notProvided),
  addAppointment: fromPromise<AppointmentRecord, { request: BookingRequest; token: string }>(notProvided),
  createPayment: fromPromise<PaymentAnswer, { request: PaymentRequest; token: string }>(notProvided),
  /** PUT /auth/profile: the account's name, age, gender and phone, saved before its first booking. */
  saveProfile: fromPromise<User, { input: ProfileRequest; token: string }>(notProvided),
};
