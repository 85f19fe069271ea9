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
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments';
import type { AppointmentFeeList, Doctor } from '../../contract/site';
import type { BookingRequest, PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';

export interface BookingActors {
  readonly loadDoctors: PromiseActorLogic<Doctor[]>;
  readonly loadFees: PromiseActorLogic<AppointmentFeeList>;
  readonly loadTimeSlots: PromiseActorLogic<TimeSlot[], { doctorEmail: string; date: string; location: string; token: string | null }>;
  readonly addAppointment: PromiseActorLogic<AppointmentRecord, { request: BookingRequest; token: string }>;
  readonly createPayment: PromiseActorLogic<PaymentAnswer, { request: PaymentRequest; token: string }>;
}

export interface BookingServices {
  readonly actors: BookingActors;
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
