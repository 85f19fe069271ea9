/** What the schedule editor's views read of its machine. */
import type { SnapshotFrom } from 'xstate';
import type { DoctorSchedule } from '../../contract/staffAdmin.js';
import type { FieldErrors } from '../failures.js';
import type { HoursField, HoursRow, LeaveDraft, ScheduleContext } from './doctorScheduleContext.js';
import type { doctorScheduleMachine } from './doctorScheduleMachine.js';

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
