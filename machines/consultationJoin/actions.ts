/**
 * The consultation panel machine's actions, on its setup (types, actors, ./guards.ts, the clock's
 * delay): `consultationJoinSetup`, from which the chart (./consultationJoinMachine.ts) is made.
 *
 * The clock is a delayed self-send, not a timer in an actor: `scheduleTick` raises `clock.due`
 * after `tick`; `readClock` then reads the time as `clock.tick` { now }, which a test may send too.
 *
 * The effect `notify` is the app's to provide
 * (src/components/Appointments/provider.ts, src/staff/provider.ts); until then it is emitted,
 * so the machine's tests and the inspector see them.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { Consultation } from '../../contract/consultation.js';
import type { NoticeEvent } from '../shared/notices.js';
import { consultationTickMs, type ConsultationJoinContext, type ConsultationJoinInput } from './context.js';
import type { ConsultationJoinEmitted, ConsultationJoinEvent, ConsultationJoinNotice } from './events.js';
import { consultationJoinGuards } from './guards.js';

const base = setup({
  types: {} as {
    context: ConsultationJoinContext;
    events: ConsultationJoinEvent;
    input: ConsultationJoinInput;
    emitted: ConsultationJoinEmitted;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadConsultation: fromPromise<Consultation, { appointmentId: string; token: string }>(() => {
      throw new Error('loadConsultation is provided by the app');
    }),
    noteNoAnswer: fromPromise<Consultation, { appointmentId: string; note: string; token: string }>(() => {
      throw new Error('noteNoAnswer is provided by the app');
    }),
  },
  guards: consultationJoinGuards,
  delays: { tick: consultationTickMs },
});

/** `readClock` with another source of the time (a console's own clock; a test's). */
export const readClockWith = (now: () => number) => base.raise(() => ({ type: 'clock.tick' as const, now: now() }));

export const consultationJoinSetup = base.extend({
  actions: {
    scheduleTick: raise({ type: 'clock.due' as const }, { id: 'clock', delay: 'tick' }),
    readClock: readClockWith(() => Date.now()),
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    store: assign({ consultation: (_, params: { consultation: Consultation }) => params.consultation }),
    notify: emit((_, params: NoticeEvent<ConsultationJoinNotice>) => params),
  },
});
