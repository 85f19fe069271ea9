/**
 * The day list (docs/desk.md): the appointments of one doctor on one date, at one location or all
 * of them, in time order, each with its queue token once checked in: what the desk prints (A4,
 * the clinic's header) and downloads as CSV (GET /desk/day.csv, the same rows).
 *
 * Input: `{ token, doctors, doctorId, date }`: the doctors to choose from (a doctor's console
 * gives only theirs), the doctor shown first (null: the first of the list), the date.
 *
 * Events: `day.changed` { date?, doctorId?, locationId? } (loads again), `day.refresh`, `day.retry`.
 *
 * The app provides `loadDay` { query, token } -> DayRows (GET /desk/day, with the tokens of that
 * doctor's queue that day), rejecting with an ApiFailure. No effects: a failure shows in the state.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../../contract/appointments.js';
import { serverWordsOr } from '../../shared/notices.js';
import type { DeskDoctor } from '../desk.js';

/** What the list shows: a doctor (null: none to show), a date, a location ('' all). */
export type DayQuery = { date: string; doctorId: string | null; locationId: string };
/** The rows, in time order, and the token of each appointment checked in (by its `_id`). */
export type DayRows = { appointments: AppointmentRecord[]; tokens: Readonly<Record<string, string>> };

export type DayListInput = { token: string; doctors: readonly DeskDoctor[]; doctorId: string | null; date: string };
export type DayListEvent =
  | { type: 'day.changed'; date?: string; doctorId?: string; locationId?: string }
  | { type: 'day.refresh' }
  | { type: 'day.retry' };

export type DayListContext = { token: string; doctors: readonly DeskDoctor[]; query: DayQuery; rows: DayRows | null; failure: string | null };

/** A change of doctor keeps the location only if the new doctor works there. */
function changed(context: DayListContext, event: Extract<DayListEvent, { type: 'day.changed' }>): DayQuery {
  const next = { ...context.query, ...event };
  const doctor = context.doctors.find((d) => d._id === next.doctorId);
  const works = next.locationId === '' || doctor?.locations.some((l) => l._id === next.locationId) === true;
  return { date: next.date, doctorId: next.doctorId, locationId: works ? next.locationId : '' };
}

export const dayListMachine = setup({
  types: {} as { context: DayListContext; events: DayListEvent; input: DayListInput },
  actors: {
    loadDay: fromPromise<DayRows, { query: DayQuery; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: { hasDoctor: ({ context }) => context.query.doctorId !== null },
  actions: {
    storeQuery: assign({ query: ({ context, event }) => (event.type === 'day.changed' ? changed(context, event) : context.query), rows: null }),
    storeRows: assign({ rows: (_, params: { rows: DayRows }) => params.rows, failure: null }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const words = serverWordsOr(params.error, null);
        return words === null ? null : words.text;
      },
    }),
  },
}).createMachine({
  id: 'deskDayList',
  description: "One doctor's appointments of a date (a location or all), with their tokens: printed and downloaded as CSV.",
  context: ({ input }) => ({
    token: input.token,
    doctors: input.doctors,
    query: { date: input.date, doctorId: input.doctorId ?? input.doctors[0]?._id ?? null, locationId: '' },
    rows: null,
    failure: null,
  }),
  on: {
    'day.changed': { target: '.Judging', actions: 'storeQuery' },
    'day.refresh': '.Judging',
  },
  initial: 'Judging',
  states: {
    Judging: { description: 'Is there a doctor to show?', always: [{ guard: 'hasDoctor', target: 'Loading' }, { target: 'NoDoctor' }] },
    NoDoctor: { description: 'No doctor to list (none works here yet).' },
    Loading: {
      description: 'GET /desk/day (and the queue for the tokens); a newer query drops this answer.',
      tags: ['loading'],
      invoke: {
        src: 'loadDay',
        input: ({ context }) => ({ query: context.query, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeRows', params: ({ event }) => ({ rows: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    Ready: { description: 'The table, or that nobody is booked.' },
    Failed: { description: "The server's words or 'Something went wrong.', and a retry.", on: { 'day.retry': 'Loading' } },
  },
});

type Snapshot = SnapshotFrom<typeof dayListMachine>;

export const selectDayQuery = (s: Snapshot): DayQuery => s.context.query;
export const selectDayRows = (s: Snapshot): DayRows | null => s.context.rows;
export const selectDayStatus = (s: Snapshot): 'noDoctor' | 'loading' | 'ready' | 'empty' | 'failed' => {
  if (s.matches('NoDoctor')) return 'noDoctor';
  if (s.matches('Failed')) return 'failed';
  const rows = s.context.rows;
  if (rows === null) return 'loading';
  return rows.appointments.length === 0 ? 'empty' : 'ready';
};
export const selectDayFailure = (s: Snapshot): string | null => s.context.failure;
export const selectDayDoctors = (s: Snapshot): readonly DeskDoctor[] => s.context.doctors;
