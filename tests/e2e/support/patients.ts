// Set-up through the API for browser tests that each make what they need (no test reads what
// another left): a patient registered with the code from the mail and logged in, and bookings
// made and paid (or failed) at the sandbox checkout the way the browser's Book and the checkout
// page's buttons do.
import type { Browser, BrowserContext } from 'playwright-core';
import { newContext, type Viewport, type WorkerChoice } from '../harness';
import { onlinePlace } from './clinic';
import type { MailCatcher } from './mailCatcher';
import { signedInContext } from './preparedSite';

export interface Patient {
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  gender: 'male' | 'female';
  phoneNumber: string;
  password: string;
}

export interface Booking {
  /** The Location select's value: a clinic's name, or `onlinePlace` (the API's '': online hours, no clinic). */
  location: string;
  doctorEmail: string;
  date: string;
  consultationType: string;
}

export interface BookedAppointment {
  _id: string;
  startTime: string;
  consultationFee: number;
}

/** The API of one running server, as whoever holds `token` (or no one). */
export function clinicApi(baseUrl: () => string) {
  async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  /** Signs the patient up: send-otp, the code from the mail, validate-otp, register. */
  async function register(mailbox: MailCatcher, patient: Patient): Promise<void> {
    const since = mailbox.count();
    await call('POST', '/otp/send-otp', null, { email: patient.email });
    const otp = await mailbox.codeFor(patient.email, since);
    await call('POST', '/otp/validate-otp', null, { email: patient.email, otp });
    const { firstName, lastName, email, age, gender, phoneNumber, password } = patient;
    await call('POST', '/auth/register', null, { firstName, lastName, email, age, gender, phoneNumber, password });
  }

  /** Signs the patient up, then logs in: the token. */
  async function registerAndLogIn(mailbox: MailCatcher, patient: Patient): Promise<string> {
    await register(mailbox, patient);
    const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: patient.email, password: patient.password });
    return token;
  }

  /** The free slots of a doctor's day at a place (or in their online hours), as the booking popup asks for them. */
  async function freeSlots(booking: Booking, token: string): Promise<string[]> {
    const doctor = encodeURIComponent(booking.doctorEmail);
    const path =
      booking.location === onlinePlace
        ? `/doctor/onlinetimeslot/${doctor}/${booking.date}`
        : `/doctor/gettimeslot/${doctor}/${encodeURIComponent(booking.location)}/${booking.date}`;
    const slots = await call<{ time: string; status: string }[]>('GET', path, token);
    return slots.filter((s) => s.status === 'free').map((s) => s.time);
  }

  /**
   * Books the first free slot and settles its payment at the sandbox checkout ('pay' or 'fail'),
   * as the popup's Book and the checkout's buttons do: the appointment, paid or held unpaid.
   */
  async function bookAndSettle(patient: Patient, token: string, booking: Booking, outcome: 'pay' | 'fail'): Promise<BookedAppointment> {
    const [startTime] = await freeSlots(booking, token);
    if (!startTime) throw new Error(`no free slot of ${booking.doctorEmail} on ${booking.date}`);
    const appointment = await call<BookedAppointment>('POST', '/appointment/add', token, {
      firstName: patient.firstName,
      lastName: patient.lastName,
      email: patient.email,
      phoneNumber: patient.phoneNumber,
      age: patient.age,
      gender: patient.gender,
      date: booking.date,
      doctorName: '',
      doctorEmail: booking.doctorEmail,
      location: booking.location === onlinePlace ? '' : booking.location,
      consultationType: booking.consultationType,
      // Chat, Video and Call record the teleconsultation consent's words; a Clinic Visit ignores them.
      consentText: 'I agree to a teleconsultation.',
      startTime,
      appointmentPaymentStatus: 'failed',
      appointmentPaymentId: null,
      medicines: { complain: '', remedies: [], potency: '', duration: '', pharmacyName: '', pharmacyId: '', instructions: '', showMedicine: false },
    });
    const { checkoutPageUrl } = await call<{ checkoutPageUrl: string }>('POST', '/payment/create-appointment', token, {
      appointmentId: appointment._id,
      consultationAmount: appointment.consultationFee,
    });
    // The checkout page's form posts to <checkout>/pay or /fail and is sent on (303) to the result page.
    const res = await fetch(`${baseUrl()}${new URL(checkoutPageUrl).pathname}/${outcome}`, { method: 'POST', redirect: 'manual' });
    if (res.status >= 400) throw new Error(`the sandbox ${outcome} answered ${res.status}`);
    return { ...appointment, startTime };
  }

  return { call, register, registerAndLogIn, freeSlots, bookAndSettle };
}

/**
 * Browser contexts for one test (fresh, or signed in with a token), closed by `closeAll` in
 * afterEach; `workers`: whether their pages may run the service worker (blocked by default).
 */
export function contextsPerTest(workers: WorkerChoice = {}) {
  const open: BrowserContext[] = [];
  const kept = (context: BrowserContext): BrowserContext => {
    open.push(context);
    return context;
  };
  return {
    fresh: async (browser: Browser, viewport: Viewport) => kept(await newContext(browser, viewport, workers)),
    signedIn: async (browser: Browser, viewport: Viewport, token: string) => kept(await signedInContext(browser, viewport, token, workers)),
    async closeAll(): Promise<void> {
      for (const context of open.splice(0)) await context.close();
    },
  };
}
