/**
 * The consultation panel of a Video or Call appointment, on the patient's card and in
 * the doctor's console: loads GET /appointment/{id}/consultation and loads it again when the
 * join window opens or closes, so "Join video consultation" appears at the right moment without a
 * reload (the server decides; the browser's clock only says when to ask again).
 *
 * Input: `{ appointmentId, token, now }` (now: epoch milliseconds, `Date.now()`).
 *
 * Events (./events.ts):
 * - `clock.tick` { now }: the time moved on. The machine reads the clock every
 *   `consultationTickMs` (15 seconds: the delay `tick`); a test may send it.
 * - `consultation.retry`: after a failed load.
 * - `call.noanswer` { note }: the doctor (or an admin) notes that the person consulted did not
 *   answer the call; only for a Call that has opened, as staff (the server checks it again).
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts,
 * src/staff/provider.ts): `notify` (emits `notice`); until provided it is emitted, as the
 * machine's tests read it (`actor.on(...)`). `readClock` may be provided too (`readClockWith`, ./actions.ts) to read
 * another clock than `Date.now()`.
 * Emitted: `notice` { kind: 'noted' } once the note is stored, or the server's words /
 * 'somethingWentWrong'. A 401 fails as any refusal does: the request base has ended the session
 * (src/api/client.ts).
 *
 * Actors:
 * - `loadConsultation` { appointmentId, token } -> Consultation; rejects with an ApiFailure.
 * - `noteNoAnswer` { appointmentId, note, token } -> Consultation (with the note in its record).
 *
 * Views read ./selectors.ts.
 */
import { consultationJoinSetup } from './actions.js';
import { initialContext } from './context.js';
import { failureNotice, noted } from './events.js';

export const consultationJoinMachine = consultationJoinSetup.createMachine({
  id: 'consultationJoin',
  description: "A Video or Call consultation's panel: its state from the server, asked again when the join window opens or closes.",
  context: ({ input }) => initialContext(input),
  entry: 'scheduleTick',
  on: { 'clock.due': { actions: ['readClock', 'scheduleTick'] } },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asking the server where the consultation stands (and for the join link when it is open).',
      on: { 'clock.tick': { actions: 'storeNow' } },
      invoke: {
        src: 'loadConsultation',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: { target: 'Shown', actions: { type: 'store', params: ({ event }) => ({ consultation: event.output }) } },
        onError: { target: 'Failed' },
      },
    },
    Shown: {
      description: 'Shows the join link, when it opens, or the call; asks again once the window opens or closes.',
      on: {
        'clock.tick': [
          { guard: 'isChangeDue', target: 'Loading', actions: 'storeNow' },
          { actions: 'storeNow' },
        ],
        'call.noanswer': { guard: 'canNote', target: 'Noting' },
      },
    },
    Noting: {
      description: "Storing the doctor's note that nobody answered the call.",
      on: { 'clock.tick': { actions: 'storeNow' } },
      invoke: {
        src: 'noteNoAnswer',
        input: ({ context, event }) => ({
          appointmentId: context.appointmentId,
          note: event.type === 'call.noanswer' ? event.note : '',
          token: context.token,
        }),
        onDone: {
          target: 'Shown',
          actions: [{ type: 'store', params: ({ event }) => ({ consultation: event.output }) }, { type: 'notify', params: noted }],
        },
        onError: { target: 'Shown', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
      },
    },
    Failed: {
      description: 'The consultation could not be loaded: Try again.',
      on: { 'consultation.retry': 'Loading', 'clock.tick': { actions: 'storeNow' } },
    },
  },
});
