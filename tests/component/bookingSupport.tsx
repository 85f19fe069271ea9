/**
 * The booking popup's rendered app for component tests: the whole app shell with fake booking
 * calls answered by hand (booking.test.tsx, renderedBookingPaths.test.tsx).
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments';
import { clinicToday } from '../../contract/clinicTime';
import type { User } from '../../contract/auth';
import type { AppointmentFeeList, Doctor } from '../../contract/site';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import type { BookingRequest, PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';
import { AppShell } from '../../src/app/App';
import type { BookingServices } from '../../src/app/booking';
import { answeredByHand } from '../machines/accountFakes';
import type { SlotsInput } from '../machines/bookingFakes';
import { demoOptions, fakeAccount, type FakeAccount, fakeSiteOptionsLogic, PathProbe } from './support';

/** A day a few days after today (clinic time), `YYYY-MM-DD`. */
export function dayAfter(days: number): string {
  const day = new Date(`${clinicToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
export const bookingDay = dayAfter(3);

export const sandboxCheckout = 'http://localhost:3000/api/payment/sandbox/checkout/MO-1';
export const checkoutAnswer: PaymentAnswer = { merchantOrderId: 'MO-1', checkoutPageUrl: sandboxCheckout };

export function fakeBooking({ origins = ['http://localhost:3000/api/payment/sandbox/'] } = {}) {
  const calls = {
    loadDoctors: answeredByHand<Doctor[], unknown>(),
    loadFees: answeredByHand<AppointmentFeeList, unknown>(),
    loadTimeSlots: answeredByHand<TimeSlot[], SlotsInput>(),
    addAppointment: answeredByHand<AppointmentRecord, { request: BookingRequest; token: string }>(),
    createPayment: answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>(),
    saveProfile: answeredByHand<User, { input: ProfileRequest; token: string }>(),
  };
  const left: string[] = [];
  const configAsked = { count: 0 };
  const services: BookingServices = {
    actors: {
      loadDoctors: calls.loadDoctors.logic,
      loadFees: calls.loadFees.logic,
      loadTimeSlots: calls.loadTimeSlots.logic,
      addAppointment: calls.addAppointment.logic,
      createPayment: calls.createPayment.logic,
      saveProfile: calls.saveProfile.logic,
    },
    checkoutOrigins: () => {
      configAsked.count += 1;
      return Promise.resolve(origins);
    },
    leaveFor: (url) => left.push(url),
  };
  return { ...calls, services, left, configAsked };
}
export type FakeBooking = ReturnType<typeof fakeBooking>;

export function renderBookingApp({
  route = '/',
  account = fakeAccount(),
  booking = fakeBooking(),
}: { route?: string; account?: FakeAccount; booking?: FakeBooking } = {}) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <AppShell
        siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))}
        accountServices={account.services}
        bookingServices={booking.services}
      />
      <PathProbe />
    </MemoryRouter>,
  );
  return { account, booking };
}

