/**
 * One doctor's weekly hours and leave, with the ORPHAN RULE: a change that would leave
 * booked appointments without their slot is refused by the server (409 with the `affected`
 * appointments) and changes nothing. The machine then shows those appointments (`Conflict`), keeps
 * what was typed, and lets the admin move or cancel each (their own popups, which report back with
 * `conflict.handled`) and save again.
 *
 * Input: `{ doctorId, token }`. Events:
 * - `schedule.retry` (after a failed load);
 * - hours of one location: `hours.location.selected` { locationId } (its week becomes the rows),
 *   `hours.row.add`, `hours.row.remove` { key }, `hours.row.change` { key, field, value },
 *   `hours.save` (replaces that location's week with the rows);
 * - leave: `leave.change` { field, value }, `leave.add`, `leave.remove` { leaveId };
 * - `conflict.handled` { appointmentId }, `conflict.dismiss`.
 * Edits are taken while nothing is being saved; a save needs a location chosen.
 *
 * The app provides (`machine.provide({ actors })`), each rejecting with an ApiFailure (a 409 of the
 * ORPHAN RULE carries `affected`, src/api/staffAdmin.ts):
 * - `loadSchedule` { doctorId, token } -> DoctorSchedule
 * - `replaceHours` { doctorId, locationId, hours, token } -> { message, schedule }
 * - `addLeave` { doctorId, leave: { from, to, reason }, token } -> { message, schedule }
 * - `removeLeave` { doctorId, leaveId, token } -> { message, schedule }
 *
 * Effects, actions the app provides (src/staff/admin/provider.ts): `notify` (emits `notice`),
 * `tellExpired` (emits `session.expired`); until provided they are emitted, as the machine's tests
 * read them (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (the server's words, or: saved, loadFailed, saveFailed,
 * checkFields), `session.expired` (a 401).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { DoctorSchedule, HoursEntry } from '../../contract/staffAdmin.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import { affectedOf, fieldErrorsOf, hasFieldErrors, isUnauthorized, type FieldErrors } from '../failures.js';

/** One row of the week being edited, as typed: weekday '0' (Sunday) to '6', start and end `HH:mm`. */
export type HoursRow = { readonly key: number; readonly weekday: string; readonly start: string; readonly end: string };
export type HoursField = 'weekday' | 'start' | 'end';
export type LeaveDraft = { readonly from: string; readonly to: string; readonly reason: string };
export type LeaveField = keyof LeaveDraft;

export type ScheduleNotice =
  | { kind: 'saved' }
  | { kind: 'loadFailed' }
  | { kind: 'saveFailed' }
  | { kind: 'checkFields' }
  | ServerNotice;

export type ScheduleEmitted = NoticeEvent<ScheduleNotice> | { type: 'session.expired' };

export type ScheduleEvent =
  | { type: 'schedule.retry' }
  | { type: 'hours.location.selected'; locationId: string }
  | { type: 'hours.row.add' }
  | { type: 'hours.row.remove'; key: number }
  | { type: 'hours.row.change'; key: number; field: HoursField; value: string }
  | { type: 'hours.save' }
  | { type: 'leave.change'; field: LeaveField; value: string }
  | { type: 'leave.add' }
  | { type: 'leave.remove'; leaveId: string }
  | { type: 'conflict.handled'; appointmentId: string }
  | { type: 'conflict.dismiss' };

export type HoursPayload = Array<{ weekday: number; start: string; end: string }>;
export type ScheduleAnswer = { message: string; schedule: DoctorSchedule };

export interface ScheduleInput {
  doctorId: string;
  token: string;
}

export interface ScheduleContext {
  doctorId: string;
  token: string;
  schedule: DoctorSchedule | null;
  /** The location whose week is edited (null: none chosen, or the doctor works nowhere). */
  locationId: string | null;
  rows: HoursRow[];
  nextKey: number;
  leave: LeaveDraft;
  /** The server's 400, by its field names (`hours.0.start`, `to`, ...). */
  fieldErrors: FieldErrors;
  /** A refused change and the appointments that stand in its way. */
  conflict: { change: 'hours' | 'leave'; affected: AppointmentRecord[] } | null;
}

const emptyLeave: LeaveDraft = { from: '', to: '', reason: '' };

/**
 * The hours editor's "location" for the doctor's online hours (Chat, Video, Call; no clinic; issue
 * 12): chosen like a location, its week saved with PUT /staff/doctors/{id}/onlinehours.
 */
export const onlineHoursId = 'online';

/** The week of one location (or of the online hours, `onlineHoursId`) as rows, by weekday and start. */
export function rowsFor(hours: readonly HoursEntry[], locationId: string | null, firstKey: number, onlineHours: DoctorSchedule['onlineHours'] = []): HoursRow[] {
  const week = locationId === onlineHoursId ? (onlineHours ?? []) : hours.filter((h) => h.locationId === locationId);
  return [...week]
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))
    .map((h, i) => ({ key: firstKey + i, weekday: String(h.weekday), start: h.start, end: h.end }));
}

/** The rows as the call's payload (a weekday that is not a number goes as typed: the server names it). */
export function hoursPayload(rows: readonly HoursRow[]): HoursPayload {
  return rows.map((row) => ({ weekday: Number(row.weekday), start: row.start, end: row.end }));
}

/** The location chosen at first: the doctor's first one. */
const firstLocation = (schedule: DoctorSchedule): string | null => schedule.doctor.locations[0]?._id ?? null;

const notice = (tone: Tone, n: ScheduleNotice): NoticeEvent<ScheduleNotice> => ({ type: 'notice', tone, notice: n });

type FailureKind = 'loadFailed' | 'saveFailed' | 'checkFields';

/** The handlers of the draft (the week's rows and the leave form), taken while nothing is being saved. */
const draftEdits = {
  'hours.location.selected': { guard: 'worksThere', actions: 'chooseLocation' },
  'hours.row.add': { actions: 'addRow' },
  'hours.row.remove': { actions: 'removeRow' },
  'hours.row.change': { actions: 'changeRow' },
  'leave.change': { actions: 'changeLeave' },
  'leave.remove': { target: '#doctorSchedule.Ready.RemovingLeave' },
  'conflict.handled': { actions: 'dropHandled' },
} as const;

const savedNotice = (message: string) => notice('success', message.trim() === '' ? { kind: 'saved' } : { kind: 'server', text: message });
const failureNotice = (error: unknown, kind: FailureKind) => notice('error', serverWordsOr<ScheduleNotice>(error, { kind }));

export const doctorScheduleMachine = setup({
  types: {} as {
    context: ScheduleContext;
    events: ScheduleEvent;
    input: ScheduleInput;
    emitted: ScheduleEmitted;
    tags: 'loading' | 'busy';
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadSchedule: fromPromise<DoctorSchedule, { doctorId: string; token: string }>(() => Promise.reject(new Error('not provided'))),
    replaceHours: fromPromise<ScheduleAnswer, { doctorId: string; locationId: string; hours: HoursPayload; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    addLeave: fromPromise<ScheduleAnswer, { doctorId: string; leave: LeaveDraft; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    removeLeave: fromPromise<ScheduleAnswer, { doctorId: string; leaveId: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    worksThere: ({ context, event }) =>
      event.type === 'hours.location.selected' &&
      (event.locationId === onlineHoursId
        ? context.schedule !== null
        : (context.schedule?.doctor.locations.some((l) => l._id === event.locationId) ?? false)),
    hasLocation: ({ context }) => context.locationId !== null,
    isUnauthorized,
    namesFields: (_, params: { error: unknown }) => hasFieldErrors(params.error),
    isOrphanConflict: (_, params: { error: unknown }) => affectedOf(params.error) !== null,
  },
  actions: {
    storeLoaded: assign(({ context }, params: { schedule: DoctorSchedule }) => {
      const locationId = firstLocation(params.schedule);
      const rows = rowsFor(params.schedule.hours, locationId, context.nextKey, params.schedule.onlineHours);
      return { schedule: params.schedule, locationId, rows, nextKey: context.nextKey + rows.length };
    }),
    /** A saved change: the schedule as the server has it now; the week's rows are read again. */
    storeSaved: assign(({ context }, params: { schedule: DoctorSchedule }) => {
      const stillThere = context.locationId === onlineHoursId || params.schedule.doctor.locations.some((l) => l._id === context.locationId);
      const locationId = stillThere ? context.locationId : firstLocation(params.schedule);
      const rows = rowsFor(params.schedule.hours, locationId, context.nextKey, params.schedule.onlineHours);
      return { schedule: params.schedule, locationId, rows, nextKey: context.nextKey + rows.length, fieldErrors: {}, conflict: null };
    }),
    chooseLocation: assign(({ context, event }) => {
      if (event.type !== 'hours.location.selected' || !context.schedule) return {};
      const rows = rowsFor(context.schedule.hours, event.locationId, context.nextKey, context.schedule.onlineHours);
      return { locationId: event.locationId, rows, nextKey: context.nextKey + rows.length, fieldErrors: {} };
    }),
    addRow: assign(({ context }) => {
      // A new row starts like the last one, a day later: the usual way a week is typed in.
      const last = context.rows.at(-1);
      const weekday = last ? String((Number(last.weekday) + 1) % 7) : '1';
      const row: HoursRow = { key: context.nextKey, weekday, start: last?.start ?? '09:00', end: last?.end ?? '13:00' };
      return { rows: [...context.rows, row], nextKey: context.nextKey + 1, fieldErrors: withoutHoursErrors(context.fieldErrors) };
    }),
    removeRow: assign(({ context, event }) =>
      event.type === 'hours.row.remove'
        ? { rows: context.rows.filter((r) => r.key !== event.key), fieldErrors: withoutHoursErrors(context.fieldErrors) }
        : {},
    ),
    changeRow: assign(({ context, event }) =>
      event.type === 'hours.row.change'
        ? {
            rows: context.rows.map((r) => (r.key === event.key ? { ...r, [event.field]: event.value } : r)),
            fieldErrors: withoutHoursErrors(context.fieldErrors),
          }
        : {},
    ),
    changeLeave: assign(({ context, event }) => {
      if (event.type !== 'leave.change') return {};
      const { [event.field]: _fixed, ...otherErrors } = context.fieldErrors;
      return { leave: { ...context.leave, [event.field]: event.value }, fieldErrors: otherErrors };
    }),
    clearLeave: assign({ leave: emptyLeave }),
    storeFieldErrors: assign({ fieldErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    storeConflict: assign({
      conflict: (_, params: { error: unknown; change: 'hours' | 'leave' }) => ({
        change: params.change,
        affected: affectedOf(params.error) ?? [],
      }),
    }),
    dropHandled: assign(({ context, event }) => {
      if (event.type !== 'conflict.handled' || !context.conflict) return {};
      return { conflict: { ...context.conflict, affected: context.conflict.affected.filter((a) => a._id !== event.appointmentId) } };
    }),
    clearConflict: assign({ conflict: null }),
    // The effects: the app provides them (src/staff/admin/provider.ts); until then they are emitted,
    // so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ScheduleNotice>) => params),
    tellExpired: emit({ type: 'session.expired' as const }),
  },
}).createMachine({
  id: 'doctorSchedule',
  description: "A doctor's weekly hours per location and leave; a change that would orphan booked appointments shows them and changes nothing.",
  context: ({ input }) => ({
    doctorId: input.doctorId,
    token: input.token,
    schedule: null,
    locationId: null,
    rows: [],
    nextKey: 1,
    leave: emptyLeave,
    fieldErrors: {},
    conflict: null,
  }),
  initial: 'Loading',
  states: {
    Loading: {
      description: "Fetching the doctor's hours and leave.",
      tags: ['loading'],
      invoke: {
        src: 'loadSchedule',
        input: ({ context }) => ({ doctorId: context.doctorId, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeLoaded', params: ({ event }) => ({ schedule: event.output }) } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'Failed',
            actions: 'tellExpired',
          },
          { target: 'Failed', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'loadFailed') } },
        ],
      },
    },
    Failed: {
      description: 'The schedule could not be loaded: said, with a retry.',
      on: { 'schedule.retry': 'Loading' },
    },
    Ready: {
      description: 'The week of the chosen location and the leave are shown and edited.',
      initial: 'Editing',
      states: {
        Editing: {
          description: 'Rows are added, changed and removed; leave is typed; nothing is saved until Save or Add.',
          on: {
            ...draftEdits,
            'hours.save': { guard: 'hasLocation', target: 'SavingHours' },
            'leave.add': 'AddingLeave',
          },
        },
        Conflict: {
          description:
            'The server refused the change: these booked appointments would lose their slot. Nothing changed; what was typed is kept. Move or cancel each, then save again.',
          on: {
            ...draftEdits,
            'hours.save': { guard: 'hasLocation', target: 'SavingHours' },
            'leave.add': 'AddingLeave',
            'conflict.dismiss': { target: 'Editing', actions: 'clearConflict' },
          },
        },
        SavingHours: {
          description: "Replacing the chosen location's week with the rows.",
          tags: ['busy'],
          invoke: {
            src: 'replaceHours',
            input: ({ context }) => ({
              doctorId: context.doctorId,
              locationId: context.locationId ?? '',
              hours: hoursPayload(context.rows),
              token: context.token,
            }),
            onDone: {
              target: 'Editing',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ schedule: event.output.schedule }) },
                { type: 'notify', params: ({ event }) => savedNotice(event.output.message) },
              ],
            },
            onError: failureTransitions('hours'),
          },
        },
        AddingLeave: {
          description: 'Adding the leave typed in the form.',
          tags: ['busy'],
          invoke: {
            src: 'addLeave',
            input: ({ context }) => ({ doctorId: context.doctorId, leave: context.leave, token: context.token }),
            onDone: {
              target: 'Editing',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ schedule: event.output.schedule }) },
                'clearLeave',
                { type: 'notify', params: ({ event }) => savedNotice(event.output.message) },
              ],
            },
            onError: failureTransitions('leave'),
          },
        },
        RemovingLeave: {
          description: 'Removing one leave (a doctor back at work cannot orphan anything).',
          tags: ['busy'],
          invoke: {
            src: 'removeLeave',
            input: ({ context, event }) => ({
              doctorId: context.doctorId,
              leaveId: event.type === 'leave.remove' ? event.leaveId : '',
              token: context.token,
            }),
            onDone: {
              target: 'Editing',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ schedule: event.output.schedule }) },
                { type: 'notify', params: ({ event }) => savedNotice(event.output.message) },
              ],
            },
            // Fewer days off never orphans a booking: the server has no 409 for this one.
            onError: failureTransitions('leave', { mayOrphan: false }),
          },
        },
      },
    },
  },
});

/**
 * What a refused save does: 401, fields named (400), the ORPHAN RULE (409 with `affected`; only
 * for a change that can orphan a booking), anything else.
 */
function failureTransitions(change: 'hours' | 'leave', { mayOrphan }: { mayOrphan: boolean } = { mayOrphan: true }) {
  const [expired, fields, orphans, other] = [
    {
      guard: { type: 'isUnauthorized', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: 'Editing',
      actions: [
        'tellExpired',
        { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failureNotice(event.error, 'saveFailed') },
      ],
    },
    {
      guard: { type: 'namesFields', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: 'Editing',
      actions: [
        { type: 'storeFieldErrors', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failureNotice(event.error, 'checkFields') },
      ],
    },
    {
      guard: { type: 'isOrphanConflict', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: 'Conflict',
      actions: [
        { type: 'storeConflict', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, change }) },
        { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failureNotice(event.error, 'saveFailed') },
      ],
    },
    {
      target: 'Editing',
      actions: { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failureNotice(event.error, 'saveFailed') },
    },
  ] as const;
  return mayOrphan ? ([expired, fields, orphans, other] as const) : ([expired, fields, other] as const);
}

function withoutHoursErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('hours')));
}

type Snapshot = SnapshotFrom<typeof doctorScheduleMachine>;

export const selectSchedule = (s: Snapshot): DoctorSchedule | null => s.context.schedule;
export const selectStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('Loading') ? 'loading' : s.matches('Failed') ? 'failed' : 'ready';
export const selectLocationId = (s: Snapshot): string | null => s.context.locationId;
export const selectRows = (s: Snapshot): HoursRow[] => s.context.rows;
export const selectLeaveDraft = (s: Snapshot): LeaveDraft => s.context.leave;
export const selectFieldErrors = (s: Snapshot): FieldErrors => s.context.fieldErrors;
/** A save or a removal under way: the forms wait. */
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectIsSavingHours = (s: Snapshot): boolean => s.matches({ Ready: 'SavingHours' });
export const selectIsAddingLeave = (s: Snapshot): boolean => s.matches({ Ready: 'AddingLeave' });
/** The refused change and the appointments still in its way (shown until dismissed or saved). */
export const selectConflict = (s: Snapshot): ScheduleContext['conflict'] =>
  s.matches({ Ready: 'Conflict' }) ? s.context.conflict : null;
/** The error of one row's field, by the row's position in the week (the server names `hours.N.field`). */
export const rowError = (errors: FieldErrors, index: number, field: HoursField): string | undefined =>
  errors[`hours.${index}.${field}`] ?? (field === 'start' ? errors[`hours.${index}`] : undefined);
