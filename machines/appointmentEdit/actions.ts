/**
 * What the edit popup stores, and its effects: `notify` and `announceUpdated` are
 * provided by the app (src/components/Appointments/provider.ts; the admin move:
 * src/staff/admin/provider.ts); until then they are emitted, so the machine's tests and the
 * inspector see them. The actions that send to the slot picker child are in the chart.
 */
import { assign, emit, enqueueActions } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { Doctor } from '../../contract/site.js';
import type { NoticeEvent } from '../shared/notices.js';
import { shownSlots, type SlotPickerSnapshot } from '../slotPicker/slotPickerMachine.js';
import { chosen, locationsFor, type AppointmentEditContext, type EditChoices } from './context.js';
import type { AppointmentEditEmitted, AppointmentEditEvent, AppointmentEditNotice } from './events.js';

type Context = AppointmentEditContext;
type Event = AppointmentEditEvent;

export const appointmentEditActions = {
  /** The doctors arrived: a location the doctor no longer works at is cleared (the slot picker is told). */
  storeDoctors: assign<Context, Event, { doctors: Doctor[] }, Event, never>(({ context }, params) => {
    const { location } = context.choices;
    const fits = location === null || locationsFor({ ...context, doctors: params.doctors }).includes(location);
    return { doctors: params.doctors, choices: fits ? context.choices : chosen(context, { location: null }) };
  }),
  /** One choice changed: the slot is cleared when its list changes, and the slot picker is told. */
  choose: enqueueActions<Context, Event, { change: Partial<EditChoices> }, Event, never, never, never, never, AppointmentEditEmitted>(
    ({ context, enqueue }, params) => {
      enqueue.assign({ choices: chosen(context, params.change) });
      enqueue.raise({ type: 'slots.refresh' });
    },
  ),
  showSlots: assign<Context, Event, { picker: SlotPickerSnapshot }, Event, never>(({ context }, params) =>
    shownSlots(params.picker, context.choices),
  ),
  storeUpdated: assign<Context, Event, { appointment: AppointmentRecord }, Event, never>({
    updated: (_, params) => params.appointment,
  }),
  notify: emit<Context, Event, NoticeEvent<AppointmentEditNotice>, Event, AppointmentEditEmitted>((_, params) => params),
  announceUpdated: emit<Context, Event, { appointment: AppointmentRecord }, Event, AppointmentEditEmitted>((_, params) => ({
    type: 'appointment.updated' as const,
    appointment: params.appointment,
  })),
};
