/**
 * Who may use the staff console (/#/staff): asks the server who the logged-in caller is
 * as staff (GET /staff/me) and opens the console by role. The role is the server's word, checked
 * on every staff call too: this only decides what the console shows.
 *
 * Input: `{ token }`: the session's bearer token.
 *
 * Events:
 * - `access.retry`: ask again after the question got no answer (Failed).
 *
 * The app provides (`staffAccessMachine.provide({ actors })`), rejecting with an ApiFailure
 * (src/api/client.ts) when it fails (wrap the Either call in `orReject`):
 * - `fetchStaffMe` { token } -> StaffMe (fetchStaffMe, src/api/staff.ts)
 *
 * Outcome (`selectAccess`):
 * - 'checking': waiting for the answer;
 * - 'admin' / 'doctor' / 'reception': the console for that role (`selectMe`: who, and their doctor);
 * - 'notStaff': the server refused (403): a patient's account. `selectRefusal` is the server's
 *   words ('This is for clinic staff only.', or why a doctor account cannot act), null when it
 *   sent none (the view then says 'This is for clinic staff only.' itself);
 * - 'failed': no answer, or not one the contract knows: the view offers `access.retry`.
 *
 * No effects, nothing emitted. A 401 is 'failed' as no answer is: the request base ends the
 * session (src/api/client.ts), and the console then asks for login again.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { StaffMe } from '../../contract/staff.js';
import { describeFailure } from '../shared/notices.js';
import { isForbidden } from '../failures.js';

export type StaffAccessInput = { token: string };

export type StaffAccessEvent = { type: 'access.retry' };


export type StaffAccessContext = {
  token: string;
  me: StaffMe | null;
  /** The server's words when it refused (403), if it sent some. */
  refusal: string | null;
};

export type StaffAccess = 'checking' | 'admin' | 'doctor' | 'reception' | 'notStaff' | 'failed';

export const staffAccessMachine = setup({
  types: {} as {
    context: StaffAccessContext;
    events: StaffAccessEvent;
    input: StaffAccessInput;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    fetchStaffMe: fromPromise<StaffMe, { token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isAdmin: ({ context }) => context.me?.role === 'admin',
    isReception: ({ context }) => context.me?.role === 'reception',
    isForbidden,
  },
  actions: {
    storeMe: assign({ me: (_, params: { me: StaffMe }) => params.me, refusal: null }),
    storeRefusal: assign({
      me: null,
      refusal: (_, params: { error: unknown }) => {
        const failure = describeFailure(params.error);
        return failure.kind === 'refused' ? failure.text : null;
      },
    }),
    // The effect: the app provides it (src/staff/provider.ts); until then it is emitted,
    // so the machine's tests and the inspector see it.
  },
}).createMachine({
  id: 'staffAccess',
  description: 'The staff console asks the server who the caller is as staff, and opens by role.',
  context: ({ input }) => ({ token: input.token, me: null, refusal: null }),
  initial: 'Checking',
  states: {
    Checking: {
      description: 'GET /staff/me with the session token.',
      tags: ['checking'],
      invoke: {
        id: 'fetchStaffMe',
        src: 'fetchStaffMe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Staff', actions: { type: 'storeMe', params: ({ event }) => ({ me: event.output }) } },
        onError: [
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'NotStaff',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'Failed' },
        ],
      },
    },
    Staff: {
      description: 'A staff member: the console for their role.',
      initial: 'Judging',
      states: {
        Judging: {
          description: 'Which console: the role the server answered.',
          always: [{ guard: 'isAdmin', target: 'Admin' }, { guard: 'isReception', target: 'Reception' }, { target: 'Doctor' }],
        },
        Admin: { description: "Everything a doctor has, for every doctor, and the admin sections and audit log." },
        Reception: { description: "The front desk: every doctor's appointments, the desk, the queues and the day list; no prescriptions, audit log or admin sections." },
        Doctor: { description: "The doctor's own appointments: today, upcoming, and each one's consultation." },
      },
    },
    NotStaff: { description: "The server refused: 'This is for clinic staff only.'", type: 'final' },
    Failed: {
      description: 'No answer (or a 401: the request base ends the session): a retry.',
      on: { 'access.retry': 'Checking' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof staffAccessMachine>;

export const selectAccess = (snapshot: Snapshot): StaffAccess => {
  if (snapshot.matches({ Staff: 'Admin' })) return 'admin';
  if (snapshot.matches({ Staff: 'Doctor' })) return 'doctor';
  if (snapshot.matches({ Staff: 'Reception' })) return 'reception';
  if (snapshot.matches('NotStaff')) return 'notStaff';
  if (snapshot.matches('Failed')) return 'failed';
  return 'checking';
};
/** The staff member, once the server answered. */
export const selectMe = (snapshot: Snapshot): StaffMe | null => snapshot.context.me;
/** The server's words for a refusal (403), or null when it sent none. */
export const selectRefusal = (snapshot: Snapshot): string | null => snapshot.context.refusal;
export const selectIsChecking = (snapshot: Snapshot): boolean => snapshot.hasTag('checking');
