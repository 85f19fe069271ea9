/**
 * The booking views' side of ./booking.tsx: the services the app was given, or the live ones;
 * and the booking kept for /paymentfail (sessionStorage). Imported only by the lazy booking and
 * payment chunks, so the live calls stay out of the home page's JavaScript.
 */
import { useContext } from 'react';
import type { KeptBooking } from '../../machines/booking/choices';
import { BookingServicesContext, type BookingServices } from './booking';
import { liveBookingServices } from './liveBooking';

export function useBookingServices(): BookingServices {
  return useContext(BookingServicesContext) ?? liveBookingServices;
}

/** sessionStorage key of the booking kept for /paymentfail. */
export const keptBookingKey = 'keptBooking';

export function storeKeptBooking(kept: KeptBooking): void {
  try {
    sessionStorage.setItem(keptBookingKey, JSON.stringify(kept));
  } catch {
    // Storage off: /paymentfail opens an empty popup.
  }
}

/** The kept booking as stored (parsed JSON, unchecked: readKeptBooking checks it), removed from storage. */
export function takeKeptBooking(): unknown {
  try {
    const text = sessionStorage.getItem(keptBookingKey);
    sessionStorage.removeItem(keptBookingKey);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}
