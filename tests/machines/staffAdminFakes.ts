/**
 * Fakes for the admin machines' tests: a doctor's schedule as GET /staff/doctors/{id} answers it,
 * the refusals the API client gives (a 400 naming fields, the ORPHAN RULE's 409 with `affected`),
 * and the schedule machine started with calls the test answers by hand.
 */
import { createActor } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { AdminDoctor, DoctorSchedule, HoursEntry, LeaveEntry } from '../../contract/staffAdmin.js';
import { doctorScheduleMachine } from '../../machines/staffAdmin/doctorScheduleMachine.js';
import type { HoursPayload, LeaveDraft, ScheduleAnswer } from '../../machines/staffAdmin/doctorScheduleContext.js';
import type { ScheduleEmitted } from '../../machines/staffAdmin/doctorScheduleEvents.js';
import { answeredByHand, recordEmitted } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { recordWalk } from './pathCoverage.js';

export const andheri = { _id: '10000000-0000-4000-8000-000000000001', name: 'Andheri West' };
export const bandra = { _id: '10000000-0000-4000-8000-000000000002', name: 'Bandra' };

export const doctor: AdminDoctor = {
  _id: '20000000-0000-4000-8000-000000000001',
  name: 'Dr Anita Rao',
  email: 'anita@clinic.example',
  type: 'clinic',
  qualification: 'BHMS',
  registrationCouncil: 'Maharashtra Council of Homoeopathy',
  registrationNumber: 'MH-HOM-10001',
  morningList: false,
  slotMinutes: 30,
  active: true,
  displayOrder: 1,
  locations: [andheri, bandra],
  accountRole: 'doctor',
};

export const hour = (location: { _id: string; name: string }, weekday: number, start: string, end: string): HoursEntry =>
  ({ locationId: location._id, location: location.name, weekday, start, end }) as HoursEntry;

export const mondayMorning = hour(andheri, 1, '09:00', '13:00');
export const thursdayEvening = hour(andheri, 4, '15:00', '19:00');
export const bandraSaturday = hour(bandra, 6, '10:00', '12:00');

export function schedule(hours: HoursEntry[] = [mondayMorning, thursdayEvening, bandraSaturday], leave: LeaveEntry[] = []): DoctorSchedule {
  return { doctor, hours, leave };
}

export const leaveEntry = (from: string, to: string, reason = ''): LeaveEntry =>
  ({ _id: `30000000-0000-4000-8000-${from.replace(/-/g, '')}0000`.slice(0, 36), from, to, reason }) as LeaveEntry;

/** The two booked appointments a change would orphan. */
export const orphans: AppointmentRecord[] = [
  appointment({ _id: '40000000-0000-4000-8000-000000000001', firstName: 'Asha', date: '2025-03-17', startTime: '09:00' }),
  appointment({ _id: '40000000-0000-4000-8000-000000000002', firstName: 'Ravi', date: '2025-03-17', startTime: '09:30' }),
];

/** The ORPHAN RULE's refusal as src/api/staffAdmin.ts gives it. */
export const orphanRefusal = (affected: AppointmentRecord[] = orphans) => ({
  _tag: 'HttpFailure' as const,
  status: 409,
  message: 'These booked appointments would lose their slot. Move or cancel them first.',
  affected,
});

/** A 400 naming fields. */
export const invalid = (errors: Array<{ field: string; message: string }>, message = 'Please check the fields.') => ({
  _tag: 'HttpFailure' as const,
  status: 400,
  message,
  errors,
});

export function startSchedule() {
  const calls = {
    loadSchedule: answeredByHand<DoctorSchedule, { doctorId: string; token: string }>(),
    replaceHours: answeredByHand<ScheduleAnswer, { doctorId: string; locationId: string; hours: HoursPayload; token: string }>(),
    addLeave: answeredByHand<ScheduleAnswer, { doctorId: string; leave: LeaveDraft; token: string }>(),
    removeLeave: answeredByHand<ScheduleAnswer, { doctorId: string; leaveId: string; token: string }>(),
  };
  const actor = createActor(
    doctorScheduleMachine.provide({
      actors: {
        loadSchedule: calls.loadSchedule.logic,
        replaceHours: calls.replaceHours.logic,
        addLeave: calls.addLeave.logic,
        removeLeave: calls.removeLeave.logic,
      },
    }),
    { input: { doctorId: doctor._id, token: 'tok-admin' }, inspect: recordWalk },
  );
  const emitted = recordEmitted<ScheduleEmitted>(actor);
  actor.start();
  return { actor, calls, emitted, send: actor.send.bind(actor), snapshot: () => actor.getSnapshot() };
}
export type Schedule = ReturnType<typeof startSchedule>;
