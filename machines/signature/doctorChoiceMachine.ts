/**
 * The doctors an admin may set a signature for (GET /staff/doctors): loaded once, or said to
 * have failed with a retry. The choice itself is the view's select; each chosen doctor gets its
 * own ./signatureMachine.ts.
 *
 * Input: `{ token }`. Events: `doctors.retry`. The app provides `loadDoctors` { token } -> the
 * doctors (rejecting with an ApiFailure).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export interface DoctorChoice {
  readonly _id: string;
  readonly name: string;
}

const notProvided = () => Promise.reject(new Error('not provided'));

export const doctorChoiceMachine = setup({
  types: {} as {
    context: { token: string; doctors: readonly DoctorChoice[] };
    events: { type: 'doctors.retry' };
    input: { token: string };
  },
  actors: { loadDoctors: fromPromise<readonly DoctorChoice[], { token: string }>(notProvided) },
  actions: { storeDoctors: assign({ doctors: (_, params: { doctors: readonly DoctorChoice[] }) => params.doctors }) },
}).createMachine({
  id: 'signatureDoctorChoice',
  description: 'The doctors whose signature an admin may set.',
  context: ({ input }) => ({ token: input.token, doctors: [] }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /staff/doctors.',
      tags: ['loading'],
      invoke: {
        src: 'loadDoctors',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeDoctors', params: ({ event }) => ({ doctors: event.output }) } },
        onError: 'Failed',
      },
    },
    Failed: { description: 'The list could not be loaded: said, with a retry.', tags: ['failed'], on: { 'doctors.retry': 'Loading' } },
    Ready: { description: 'The doctors to choose from.', tags: ['ready'] },
  },
});

type Snapshot = SnapshotFrom<typeof doctorChoiceMachine>;
export type DoctorChoiceActor = ActorRefFrom<typeof doctorChoiceMachine>;
export const selectChoiceDoctors = (s: Snapshot): readonly DoctorChoice[] => s.context.doctors;
export const selectChoiceFailed = (s: Snapshot): boolean => s.hasTag('failed');
export const selectChoiceReady = (s: Snapshot): boolean => s.hasTag('ready');
