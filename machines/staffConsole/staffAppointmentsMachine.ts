/**
 * A staff list of appointments (the doctor's Today and Upcoming; an admin's, for every
 * doctor): the appointments of a range of clinic dates, in date and time order, loaded again when
 * an admin changes the doctor or location filter. A doctor gets only their own: the server sees
 * to that, whatever the filter says.
 *
 * Input: `{ token, filter, withFilters }`: the bearer token, what to list ({ from, to } dates,
 * both included; `doctorId` and `locationId` null for all), and whether to load the doctors an
 * admin filters by (GET /staff/doctors, admins only: a doctor's console says false).
 *
 * Events:
 * - `filter.changed` { doctorId, locationId }: an admin narrowed (or widened) the list: it loads again.
 * - `appointments.refresh`: load again (the list shown stays until the answer arrives).
 * - `appointments.retry`: the same, from Failed (a "try again" button).
 *
 * The app provides (`staffAppointmentsMachine.provide({ actors })`), rejecting with an ApiFailure
 * (src/api/client.ts) when it fails:
 * - `loadAppointments` { filter, token } -> AppointmentRecord[] (fetchStaffAppointments, src/api/staff.ts)
 * - `loadFilterDoctors` { token } -> AdminDoctor[] (fetchFilterDoctors): the filters' choices
 *   (`selectFilterDoctors`, `selectFilterLocations`); when it fails the list is simply unfiltered
 *   (`selectFiltersStatus` 'unavailable').
 *
 * Shown (`selectListStatus`): 'loading' | 'ready' | 'empty' (the spec's 'No Appointments Found.')
 * | 'failed' (`selectFailure`: the server's words, or null for no answer: the view then says
 * 'Something went wrong.'; with `appointments.retry`).
 *
 * No effects, nothing emitted: a failure shows in the state.
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { AdminDoctor } from '../../contract/staffAdmin.js';
import { describeFailure } from '../shared/notices.js';

/**
 * Which appointments: clinic dates `from` to `to` (both included, `YYYY-MM-DD`, at most 62 days),
 * and for an admin optionally one doctor and one location (their record ids, GET /staff/doctors).
 */
export interface StaffAppointmentsFilter {
  readonly from: string;
  readonly to: string;
  readonly doctorId?: string | null;
  readonly locationId?: string | null;
}

export type StaffAppointmentsInput = { token: string; filter: StaffAppointmentsFilter; withFilters: boolean };

export type StaffAppointmentsEvent =
  | { type: 'filter.changed'; doctorId: string | null; locationId: string | null }
  | { type: 'appointments.refresh' }
  | { type: 'appointments.retry' };


export type StaffAppointmentsContext = {
  token: string;
  filter: StaffAppointmentsFilter;
  /** Null until a list has loaded; the last list loaded after that. */
  appointments: AppointmentRecord[] | null;
  /** The server's words for the last failure, if it sent some. */
  failure: string | null;
  withFilters: boolean;
  /** The doctors (with their locations) an admin filters by; null until loaded. */
  filterDoctors: AdminDoctor[] | null;
};

export type StaffListStatus = 'loading' | 'ready' | 'empty' | 'failed';
export type FiltersStatus = 'none' | 'loading' | 'ready' | 'unavailable';

/** By date, then start time (the server's order too; kept here so the view never depends on it). */
export function inDayOrder(appointments: readonly AppointmentRecord[]): AppointmentRecord[] {
  return [...appointments].sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`));
}

export const staffAppointmentsMachine = setup({
  types: {} as {
    context: StaffAppointmentsContext;
    events: StaffAppointmentsEvent;
    input: StaffAppointmentsInput;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadAppointments: fromPromise<AppointmentRecord[], { filter: StaffAppointmentsFilter; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    loadFilterDoctors: fromPromise<AdminDoctor[], { token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    wantsFilters: ({ context }) => context.withFilters,
  },
  actions: {
    storeFilter: assign({
      filter: ({ context, event }) =>
        event.type === 'filter.changed' ? { ...context.filter, doctorId: event.doctorId, locationId: event.locationId } : context.filter,
    }),
    storeAppointments: assign({
      appointments: (_, params: { appointments: AppointmentRecord[] }) => inDayOrder(params.appointments),
      failure: null,
    }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const failure = describeFailure(params.error);
        return failure.kind === 'refused' ? failure.text : null;
      },
    }),
    storeFilterDoctors: assign({ filterDoctors: (_, params: { doctors: AdminDoctor[] }) => params.doctors }),
    // The effect: the app provides it (src/staff/provider.ts); until then it is emitted,
    // so the machine's tests and the inspector see it.
  },
}).createMachine({
  id: 'staffAppointments',
  description: "A staff list of appointments for a range of dates; an admin's filtered by doctor and location.",
  context: ({ input }) => ({
    token: input.token,
    filter: input.filter,
    appointments: null,
    failure: null,
    withFilters: input.withFilters,
    filterDoctors: null,
  }),
  type: 'parallel',
  states: {
    List: {
      description: 'The appointments of the filter.',
      on: {
        'filter.changed': { target: '.Loading', actions: 'storeFilter' },
        'appointments.refresh': '.Loading',
      },
      initial: 'Loading',
      states: {
        Loading: {
          description: 'GET /staff/appointments for the filter. A newer request drops the older answer.',
          tags: ['loading'],
          invoke: {
            id: 'loadAppointments',
            src: 'loadAppointments',
            input: ({ context }) => ({ filter: context.filter, token: context.token }),
            onDone: {
              target: 'Ready',
              actions: { type: 'storeAppointments', params: ({ event }) => ({ appointments: event.output }) },
            },
            onError: [
              { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        Ready: { description: "The list, or 'No Appointments Found.'." },
        Failed: {
          description: "The list could not be loaded: the server's words or 'Something went wrong.', and a retry.",
          on: { 'appointments.retry': 'Loading' },
        },
      },
    },
    Filters: {
      description: "An admin's doctor and location choices.",
      initial: 'Judging',
      states: {
        Judging: {
          description: 'Only an admin filters.',
          always: [{ guard: 'wantsFilters', target: 'Loading' }, { target: 'None' }],
        },
        None: { description: "A doctor's own list: no filters." },
        Loading: {
          description: 'GET /staff/doctors.',
          invoke: {
            id: 'loadFilterDoctors',
            src: 'loadFilterDoctors',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: 'Ready',
              actions: { type: 'storeFilterDoctors', params: ({ event }) => ({ doctors: event.output }) },
            },
            onError: 'Unavailable',
          },
        },
        Ready: { description: 'The doctor and location choices.' },
        Unavailable: { description: 'The choices could not be loaded: the list stays unfiltered.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof staffAppointmentsMachine>;

/** The last list loaded, by date and time; empty until one has loaded. */
export const selectAppointments = (snapshot: Snapshot): AppointmentRecord[] => snapshot.context.appointments ?? [];
export const selectListStatus = (snapshot: Snapshot): StaffListStatus => {
  if (snapshot.matches({ List: 'Failed' })) return 'failed';
  const { appointments } = snapshot.context;
  if (appointments === null) return 'loading';
  return appointments.length === 0 ? 'empty' : 'ready';
};
export const selectFilter = (snapshot: Snapshot): StaffAppointmentsFilter => snapshot.context.filter;
export const selectFailure = (snapshot: Snapshot): string | null => snapshot.context.failure;
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
/** Whether the filters are offered: 'none' for a doctor, 'unavailable' when their choices could not load. */
export const selectFiltersStatus = (snapshot: Snapshot): FiltersStatus => {
  if (snapshot.matches({ Filters: 'Ready' })) return 'ready';
  if (snapshot.matches({ Filters: 'Unavailable' })) return 'unavailable';
  if (snapshot.matches({ Filters: 'Loading' })) return 'loading';
  return 'none';
};
/** The doctors to filter by, in the clinic's order. */
export const selectFilterDoctors = (snapshot: Snapshot): AdminDoctor[] => snapshot.context.filterDoctors ?? [];
/** The locations any doctor works at, each once, in the order they first come. */
export const selectFilterLocations = (snapshot: Snapshot): Array<{ _id: string; name: string }> => {
  const seen = new Map<string, { _id: string; name: string }>();
  for (const doctor of snapshot.context.filterDoctors ?? []) for (const place of doctor.locations) if (!seen.has(place._id)) seen.set(place._id, place);
  return [...seen.values()];
};
