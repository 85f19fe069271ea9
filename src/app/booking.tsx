/**
 * Booking at the app root: the seam between the booking views (their own lazy chunks) and the
 * calls they make. `BookingServices` holds the booking machine's actors, the /payment page's
 * allow-list call and the browser redirect: fakes in tests; none given, the views use the live
 * ones (./liveBooking.ts), which only their lazy chunks import (./useBookingServices.ts).
 *
 * Small on purpose: it is loaded with the home page.
 */
import { createContext, type ReactNode } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { AppointmentRecord, PaymentStatusAnswer, TimeSlot } from '../../contract/appointments';
import type { User } from '../../contract/auth';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import type { CalendarFile } from '../../machines/appointments/appointmentsMachine';
import type { AppointmentFeeList, Doctor } from '../../contract/site';
import type { BookingRequest, NextFreeRequest, PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';
import type { Availability, NextFreeList, SoonestOnlineDoctor } from '../../contract/availability';
import type { AvailabilityRequest } from '../../machines/availability/availabilityMachine';

export interface BookingActors {
  readonly loadDoctors: PromiseActorLogic<Doctor[]>;
  readonly loadFees: PromiseActorLogic<AppointmentFeeList>;
  readonly loadTimeSlots: PromiseActorLogic<TimeSlot[], { doctorEmail: string; date: string; location: string; token: string | null }>;
  readonly addAppointment: PromiseActorLogic<AppointmentRecord, { request: BookingRequest; token: string }>;
  readonly createPayment: PromiseActorLogic<PaymentAnswer, { request: PaymentRequest; token: string }>;
  /** PUT /auth/profile: an account's name, age and gender, saved before its first booking for itself; a fake without it refuses. */
  readonly saveProfile?: PromiseActorLogic<User, { input: ProfileRequest; token: string }>;
  /** The date strip; a fake without it leaves the strip failed (the date input still works). */
  readonly loadAvailability?: PromiseActorLogic<Availability, AvailabilityRequest>;
  /** "Consult online now / soonest". */
  readonly loadSoonest?: PromiseActorLogic<SoonestOnlineDoctor[], { token: string | null }>;
  /** The doctor step's next free slots; a fake without it shows none (the choices still work). */
  readonly loadNextFree?: PromiseActorLogic<NextFreeList, NextFreeRequest>;
}

/** The /paymentsuccess page's calls: what the server knows of the payment, and the appointment's .ics. */
export interface PaymentResultServices {
  readonly checkPayment: PromiseActorLogic<PaymentStatusAnswer, { merchantOrderId: string; token: string }>;
  readonly downloadCalendar: PromiseActorLogic<CalendarFile, { appointmentId: string; token: string }>;
  /** Offers the file as a download. */
  readonly offerDownload: (file: CalendarFile) => void;
}

export interface BookingServices {
  readonly actors: BookingActors;
  /** The payment result page's calls; absent: the live ones. */
  readonly paymentResult?: PaymentResultServices;
  /** The payment provider's checkout origins (GET /api/payment/config); rejects when it fails. */
  readonly checkoutOrigins: (signal: AbortSignal) => Promise<string[]>;
  /** Leaves the site for the checkout page (window.location.assign). */
  readonly leaveFor: (url: string) => void;
}

/** Null: the live services (./liveBooking.ts, loaded with the booking views, see ./useBookingServices.ts). */
export const BookingServicesContext = createContext<BookingServices | null>(null);

export function BookingServicesProvider({ services, children }: { services: BookingServices | null; children: ReactNode }) {
  return <BookingServicesContext.Provider value={services}>{children}</BookingServicesContext.Provider>;
}
