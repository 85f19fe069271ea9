/**
 * "Consult online now / soonest": the booking popup may start from the type. This
 * machine loads the doctors with free online slots, soonest first, with what each has free today
 * (`loadSoonest`, GET /api/doctor/soonest/online); the popup's view runs it while that list is
 * shown, and a doctor picked there is sent to the booking machine as `online.soonest`, which
 * chooses online, the doctor, the type, and the soonest day and slot at once.
 *
 * Events: `soonest.retry` after a failure. The app provides `loadSoonest` { token } ->
 * SoonestOnlineDoctor[] (fetchSoonestOnline, src/api/booking.ts), rejecting with an ApiFailure.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SoonestOnlineDoctor } from '../../contract/availability.js';

export type SoonestInput = { token: string | null };
export type SoonestEvent = { type: 'soonest.retry' };

export const soonestNotProvided = fromPromise<SoonestOnlineDoctor[], { token: string | null }>(() => Promise.reject(new Error('not provided')));

export const soonestMachine = setup({
  types: {} as { context: { token: string | null; doctors: SoonestOnlineDoctor[] }; events: SoonestEvent; input: SoonestInput },
  actors: { loadSoonest: soonestNotProvided },
  actions: { store: assign({ doctors: (_, params: { doctors: SoonestOnlineDoctor[] }) => params.doctors }) },
}).createMachine({
  id: 'soonestOnline',
  description: 'The doctors with free online slots, soonest first.',
  context: ({ input }) => ({ token: input.token, doctors: [] }),
  initial: 'Loading',
  states: {
    Loading: {
      invoke: {
        id: 'loadSoonest',
        src: 'loadSoonest',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'store', params: ({ event }) => ({ doctors: event.output }) } },
        onError: 'Failed',
      },
    },
    Ready: { description: 'The list (or "no online slots") is shown.' },
    Failed: { description: 'Could not load: Something went wrong, with a retry.', on: { 'soonest.retry': 'Loading' } },
  },
});

export type SoonestSnapshot = SnapshotFrom<typeof soonestMachine>;
export const selectSoonestStatus = (s: SoonestSnapshot): 'loading' | 'ready' | 'failed' =>
  s.matches('Ready') ? 'ready' : s.matches('Failed') ? 'failed' : 'loading';
export const selectSoonestDoctors = (s: SoonestSnapshot): SoonestOnlineDoctor[] => s.context.doctors;
/** Doctors with a free online slot today, soonest first. */
export const selectOnlineToday = (s: SoonestSnapshot): SoonestOnlineDoctor[] => s.context.doctors.filter((d) => d.freeToday > 0);
