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
 * Effects, actions the app provides (src/staff/admin/provider.ts): `notify` (emits `notice`);
 * until provided it is emitted, as the machine's tests read it (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (the server's words, or: saved, loadFailed, saveFailed,
 * checkFields).
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { fromPromise, setup } from 'xstate';
import type { DoctorSchedule } from '../../contract/staffAdmin.js';
import { affectedOf, hasFieldErrors } from '../failures.js';
import { doctorScheduleActions } from './doctorScheduleActions.js';
import {
  hoursPayload,
  initialScheduleContext,
  onlineHoursId,
  type HoursPayload,
  type LeaveDraft,
  type ScheduleAnswer,
  type ScheduleContext,
  type ScheduleInput,
} from './doctorScheduleContext.js';
import { failureNotice, savedNotice, type ScheduleEmitted, type ScheduleEvent } from './doctorScheduleEvents.js';

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
    namesFields: (_, params: { error: unknown }) => hasFieldErrors(params.error),
    isOrphanConflict: (_, params: { error: unknown }) => affectedOf(params.error) !== null,
  },
  actions: doctorScheduleActions,
}).createMachine({
  id: 'doctorSchedule',
  description: "A doctor's weekly hours per location and leave; a change that would orphan booked appointments shows them and changes nothing.",
  context: ({ input }) => initialScheduleContext(input),
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
 * What a refused save does: fields named (400), the ORPHAN RULE (409 with `affected`; only
 * for a change that can orphan a booking), anything else.
 */
function failureTransitions(change: 'hours' | 'leave', { mayOrphan }: { mayOrphan: boolean } = { mayOrphan: true }) {
  const [fields, orphans, other] = [
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
  return mayOrphan ? ([fields, orphans, other] as const) : ([fields, other] as const);
}
