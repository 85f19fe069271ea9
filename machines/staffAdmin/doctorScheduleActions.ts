/**
 * What the schedule editor stores, and its effect: `notify` is provided by
 * the app (src/staff/admin/provider.ts); until then they are emitted, so the machine's tests and
 * the inspector see them.
 */
import { assign, emit } from 'xstate';
import type { DoctorSchedule } from '../../contract/staffAdmin.js';
import type { NoticeEvent } from '../shared/notices.js';
import { affectedOf, fieldErrorsOf } from '../failures.js';
import {
  emptyLeave,
  firstLocation,
  onlineHoursId,
  rowsFor,
  withoutHoursErrors,
  type HoursRow,
  type ScheduleContext,
} from './doctorScheduleContext.js';
import type { ScheduleEmitted, ScheduleEvent, ScheduleNotice } from './doctorScheduleEvents.js';

type Context = ScheduleContext;
type Event = ScheduleEvent;

export const doctorScheduleActions = {
  storeLoaded: assign<Context, Event, { schedule: DoctorSchedule }, Event, never>(({ context }, params) => {
    const locationId = firstLocation(params.schedule);
    const rows = rowsFor(params.schedule.hours, locationId, context.nextKey, params.schedule.onlineHours);
    return { schedule: params.schedule, locationId, rows, nextKey: context.nextKey + rows.length };
  }),
  /** A saved change: the schedule as the server has it now; the week's rows are read again. */
  storeSaved: assign<Context, Event, { schedule: DoctorSchedule }, Event, never>(({ context }, params) => {
    const stillThere = context.locationId === onlineHoursId || params.schedule.doctor.locations.some((l) => l._id === context.locationId);
    const locationId = stillThere ? context.locationId : firstLocation(params.schedule);
    const rows = rowsFor(params.schedule.hours, locationId, context.nextKey, params.schedule.onlineHours);
    return { schedule: params.schedule, locationId, rows, nextKey: context.nextKey + rows.length, fieldErrors: {}, conflict: null };
  }),
  chooseLocation: assign<Context, Event, undefined, Event, never>(({ context, event }) => {
    if (event.type !== 'hours.location.selected' || !context.schedule) return {};
    const rows = rowsFor(context.schedule.hours, event.locationId, context.nextKey, context.schedule.onlineHours);
    return { locationId: event.locationId, rows, nextKey: context.nextKey + rows.length, fieldErrors: {} };
  }),
  addRow: assign<Context, Event, undefined, Event, never>(({ context }) => {
    // A new row starts like the last one, a day later: the usual way a week is typed in.
    const last = context.rows.at(-1);
    const weekday = last ? String((Number(last.weekday) + 1) % 7) : '1';
    const row: HoursRow = { key: context.nextKey, weekday, start: last?.start ?? '09:00', end: last?.end ?? '13:00' };
    return { rows: [...context.rows, row], nextKey: context.nextKey + 1, fieldErrors: withoutHoursErrors(context.fieldErrors) };
  }),
  removeRow: assign<Context, Event, undefined, Event, never>(({ context, event }) =>
    event.type === 'hours.row.remove'
      ? { rows: context.rows.filter((r) => r.key !== event.key), fieldErrors: withoutHoursErrors(context.fieldErrors) }
      : {},
  ),
  changeRow: assign<Context, Event, undefined, Event, never>(({ context, event }) =>
    event.type === 'hours.row.change'
      ? {
          rows: context.rows.map((r) => (r.key === event.key ? { ...r, [event.field]: event.value } : r)),
          fieldErrors: withoutHoursErrors(context.fieldErrors),
        }
      : {},
  ),
  changeLeave: assign<Context, Event, undefined, Event, never>(({ context, event }) => {
    if (event.type !== 'leave.change') return {};
    const { [event.field]: _fixed, ...otherErrors } = context.fieldErrors;
    return { leave: { ...context.leave, [event.field]: event.value }, fieldErrors: otherErrors };
  }),
  clearLeave: assign<Context, Event, undefined, Event, never>({ leave: emptyLeave }),
  storeFieldErrors: assign<Context, Event, { error: unknown }, Event, never>({ fieldErrors: (_, params) => fieldErrorsOf(params.error) }),
  storeConflict: assign<Context, Event, { error: unknown; change: 'hours' | 'leave' }, Event, never>({
    conflict: (_, params) => ({ change: params.change, affected: affectedOf(params.error) ?? [] }),
  }),
  dropHandled: assign<Context, Event, undefined, Event, never>(({ context, event }) => {
    if (event.type !== 'conflict.handled' || !context.conflict) return {};
    return { conflict: { ...context.conflict, affected: context.conflict.affected.filter((a) => a._id !== event.appointmentId) } };
  }),
  clearConflict: assign<Context, Event, undefined, Event, never>({ conflict: null }),
  notify: emit<Context, Event, NoticeEvent<ScheduleNotice>, Event, ScheduleEmitted>((_, params) => params),
};
