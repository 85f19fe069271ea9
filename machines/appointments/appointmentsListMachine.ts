/**
 * The logged-in patient's appointments (spec §4 shared state "the user's appointments", "Once the
 * user is known their appointments are fetched by email"; the session machine fetches
 * the list once the user is known, and after every change). The session machine invokes one
 * while its user is known (machines/session/sessionMachine.ts, id `appointments`) and stops it at
 * logout, which drops the list with it.
 *
 * Input: `{ email, token }`: the user's email (GET /auth/getUser/{email}) and the bearer token.
 *
 * Events:
 * - `appointments.refresh`: load the list again. The app sends it (through the session) after
 *   every change: an edit saved, a cancel, a payment refused or back from the payment pages. A
 *   refresh while loading starts over (the older answer is dropped); the list shown stays until
 *   the new one arrives.
 * - `appointments.retry`: the same, from the failed state (a "try again" button).
 *
 * The app provides (`appointmentsListMachine.provide({ actors })`), rejecting with an ApiFailure
 * (src/api/client.ts) when it fails:
 * - `loadAppointments` { email, token } -> AppointmentRecord[]   (fetchAppointments, src/api/appointments.ts)
 *
 * Loading fails quietly (spec §8 "Silent failures"): `selectListStatus` is 'failed' and the page
 * shows 'Something went wrong.' in place of the list, with `appointments.retry`. A 401 too: the
 * request base, not this list, ends the session (src/api/client.ts).
 *
 * Empty state (not a toast): `selectListStatus` is 'empty', the spec's 'No Appointments Found.'.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { describeFailure } from '../shared/notices.js';

export type AppointmentsListInput = { email: string; token: string };

export type AppointmentsListEvent = { type: 'appointments.refresh' } | { type: 'appointments.retry' };

export type AppointmentsListContext = AppointmentsListInput & {
  /** Null until a list has loaded; the last list loaded after that. */
  appointments: AppointmentRecord[] | null;
};

export type ListStatus = 'loading' | 'ready' | 'empty' | 'failed';

export const appointmentsListMachine = setup({
  types: {} as { context: AppointmentsListContext; events: AppointmentsListEvent; input: AppointmentsListInput },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadAppointments: fromPromise<AppointmentRecord[], AppointmentsListInput>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    storeAppointments: assign({ appointments: (_, params: { appointments: AppointmentRecord[] }) => params.appointments }),
  },
}).createMachine({
  id: 'appointmentsList',
  description: "The patient's appointments, newest first (the server sorts them), loaded again after every change.",
  context: ({ input }) => ({ email: input.email, token: input.token, appointments: null }),
  on: { 'appointments.refresh': '.Loading' },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Fetching the list. The list shown before (if any) stays until the answer arrives.',
      tags: ['loading'],
      invoke: {
        id: 'loadAppointments',
        src: 'loadAppointments',
        input: ({ context }) => ({ email: context.email, token: context.token }),
        onDone: {
          target: 'Ready',
          actions: { type: 'storeAppointments', params: ({ event }) => ({ appointments: event.output }) },
        },
        onError: [
          { target: 'Failed' },
        ],
      },
    },
    Ready: { description: "The list is shown, or 'No Appointments Found.'." },
    Failed: {
      description: "The list could not be loaded: 'Something went wrong.', and a retry.",
      on: { 'appointments.retry': 'Loading' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof appointmentsListMachine>;

/** The last list loaded, newest first; empty until one has loaded. */
export const selectAppointments = (snapshot: Snapshot): AppointmentRecord[] => snapshot.context.appointments ?? [];
/**
 * - 'loading': nothing to show yet; 'failed': the last load failed ('Something went wrong.' and
 *   `appointments.retry`; a list loaded before is still in `selectAppointments`);
 * - 'empty': 'No Appointments Found.'; 'ready': the list. A refresh keeps the status of the list shown.
 */
export const selectListStatus = (snapshot: Snapshot): ListStatus => {
  if (snapshot.matches('Failed')) return 'failed';
  const { appointments } = snapshot.context;
  if (appointments === null) return 'loading';
  return appointments.length === 0 ? 'empty' : 'ready';
};
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
