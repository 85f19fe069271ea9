/**
 * Availability at a glance: the booking popup's date strip. For the doctor and place
 * (a clinic, or '' for online hours) the parent's choices point at, it loads two weeks of per-day
 * free counts and the soonest free slot (`loadAvailability`, GET /api/doctor/availability/...),
 * and pages two weeks at a time up to the booking horizon. The booking machine invokes it as its
 * child `availability`, as it does the slot picker, and chooses the first free day from what it
 * reports.
 *
 * Input: `{ target }`: the doctor, the place and the token (`availabilityTarget`), or null while
 * no doctor (or place) is chosen.
 *
 * Events, all from the parent (or the view through it):
 * - `availability.for` { target }: the choices changed. Another doctor or place loads its strip
 *   from today; the same one only takes the token.
 * - `availability.page` { from }: the two weeks from `from` (earlier or later); nothing while
 *   waiting.
 * - `availability.retry`: after a failure, load again.
 *
 * It tells its parent `availability.loaded` { strip } after each load (the parent picks the first
 * free day from it), and `availability.failed` when a load failed (the strip says so with a retry;
 * the date input still works).
 *
 * The app provides `loadAvailability` { doctorEmail, location, from, token } -> Availability
 * (fetchAvailability, src/api/booking.ts), rejecting with an ApiFailure, by providing this
 * machine to its parent: `availability: availabilityMachine.provide({ actors: { loadAvailability } })`.
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { Availability, AvailabilityDay } from '../../contract/availability.js';
import { addDays } from '../../contract/clinicTime.js';

/** What a strip is for. `location` '' is online hours. */
export type AvailabilityTarget = { doctorEmail: string; location: string; token: string | null };
/** The `loadAvailability` input: the target and the first day (null: today). */
export type AvailabilityRequest = AvailabilityTarget & { from: string | null };

export type AvailabilityInput = { target: AvailabilityTarget | null };

export type AvailabilityEvent =
  | { type: 'availability.for'; target: AvailabilityTarget | null }
  | { type: 'availability.page'; from: string }
  | { type: 'availability.retry' };

/** What the strip tells its parent, which must handle both. */
export type AvailabilityReport = { type: 'availability.loaded'; strip: Availability } | { type: 'availability.failed' };

export type AvailabilityContext = {
  target: AvailabilityTarget | null;
  /** The first day asked for; null: today. */
  from: string | null;
  strip: Availability | null;
};

export type StripStatus = 'waiting' | 'loading' | 'ready' | 'failed';

const sameTarget = (a: AvailabilityTarget | null, b: AvailabilityTarget | null): boolean =>
  a === null || b === null ? a === b : a.doctorEmail === b.doctorEmail && a.location === b.location;

export const availabilityNotProvided = fromPromise<Availability, AvailabilityRequest>(() => Promise.reject(new Error('not provided')));

export const availabilityMachine = setup({
  types: {} as { context: AvailabilityContext; events: AvailabilityEvent; input: AvailabilityInput },
  actors: { loadAvailability: availabilityNotProvided },
  guards: {
    hasTarget: ({ context }) => context.target !== null,
    isSameTarget: ({ context, event }) => event.type === 'availability.for' && sameTarget(context.target, event.target),
  },
  actions: {
    followTarget: assign(({ event }) => (event.type === 'availability.for' ? { target: event.target, from: null, strip: null } : {})),
    storeToken: assign({
      target: ({ context, event }) =>
        event.type === 'availability.for' && context.target !== null ? { ...context.target, token: event.target?.token ?? null } : context.target,
    }),
    turnPage: assign({ from: ({ context, event }) => (event.type === 'availability.page' ? event.from : context.from) }),
    storeStrip: assign({ strip: (_, params: { strip: Availability }) => params.strip }),
    reportLoaded: sendParent((_, params: { strip: Availability }) => ({ type: 'availability.loaded', strip: params.strip }) satisfies AvailabilityReport),
    reportFailure: sendParent({ type: 'availability.failed' } satisfies AvailabilityReport),
  },
}).createMachine({
  id: 'availability',
  description: "Two weeks of a doctor's free days at a clinic or online, up to the booking horizon, and the soonest free slot.",
  context: ({ input }) => ({ target: input.target, from: null, strip: null }),
  on: {
    'availability.for': [{ guard: 'isSameTarget', actions: 'storeToken' }, { target: '.Refreshing', actions: 'followTarget' }],
  },
  initial: 'Refreshing',
  states: {
    Refreshing: {
      description: 'Another doctor or place (or a page): load it if there is one.',
      always: [{ guard: 'hasTarget', target: 'Loading' }, { target: 'Waiting' }],
    },
    Waiting: { description: 'No doctor chosen yet: no strip.' },
    Loading: {
      description: 'Fetching two weeks. Another target drops this answer.',
      invoke: {
        id: 'loadAvailability',
        src: 'loadAvailability',
        input: ({ context }) => ({ ...(context.target as AvailabilityTarget), from: context.from }),
        onDone: {
          target: 'Ready',
          actions: [
            { type: 'storeStrip', params: ({ event }) => ({ strip: event.output }) },
            { type: 'reportLoaded', params: ({ event }) => ({ strip: event.output }) },
          ],
        },
        onError: { target: 'Failed', actions: 'reportFailure' },
      },
    },
    Ready: {
      description: 'The strip is shown; the person may page two weeks on or back.',
      on: { 'availability.page': { target: 'Refreshing', actions: 'turnPage' } },
    },
    Failed: {
      description: 'The strip could not be loaded: the view says so and offers a retry; the date input still works.',
      on: { 'availability.retry': 'Refreshing' },
    },
  },
});

export type AvailabilitySnapshot = SnapshotFrom<typeof availabilityMachine>;

export function selectStripStatus(snapshot: AvailabilitySnapshot): StripStatus {
  if (snapshot.matches('Loading')) return 'loading';
  if (snapshot.matches('Failed')) return 'failed';
  if (snapshot.matches('Ready')) return 'ready';
  return 'waiting';
}

/** The first day of the strip with a free slot, or null. */
export function firstFreeDay(strip: Availability): string | null {
  return strip.days.find((d) => d.free > 0)?.date ?? null;
}

/** The day of the strip for `date`, when shown. */
export function stripDay(strip: Availability | null, date: string | null): AvailabilityDay | null {
  if (strip === null || date === null) return null;
  return strip.days.find((d) => d.date === date) ?? null;
}

/** The first day of the next two weeks, or null at the horizon. */
export function nextPageFrom(strip: Availability): string | null {
  const next = addDays(strip.to, 1);
  return next <= strip.bookableUntil ? next : null;
}

/** The first day of the previous two weeks, or null when the strip starts today (`today`). */
export function previousPageFrom(strip: Availability, today: string, days: number): string | null {
  if (strip.from <= today) return null;
  const back = addDays(strip.from, -days);
  return back < today ? today : back;
}

/** The `availability.for` a parent sends whenever its choices (doctor, place) or its token change. */
export function availabilityFor(context: {
  choices: { doctorEmail: string | null; location: string | null };
  token: string | null;
}): Extract<AvailabilityEvent, { type: 'availability.for' }> {
  const { doctorEmail, location } = context.choices;
  return {
    type: 'availability.for',
    target: doctorEmail !== null && location !== null ? { doctorEmail, location, token: context.token } : null,
  };
}
