/**
 * The edit appointment popup (spec §2 edit popup, §5 "Edit appointment does nothing unless the
 * appointment, date and time are chosen", §7 PUT /appointment/update, §8): moves one Booked or
 * Expired appointment to another location, date and slot of the same doctor, with the booking
 * popup's rules (machines/booking/choices.ts): a location the doctor works at, a date not before
 * today (clinic time), a free slot of the list loaded for that doctor, location and date.
 * The /myappointment page starts one per opening and stops it when the popup closes.
 *
 * Input: `{ appointment, token, today }`
 * - `appointment`: the record to move (from the appointments list). Its location is chosen at
 *   the start, and its date when that is not before today; no slot is.
 * - `token`: the session's bearer token. `today`: the date in clinic time, `YYYY-MM-DD`
 *   (`clinicToday()`, contract/clinicTime.ts).
 *
 * Events: `location.selected` { location }, `date.selected` { date }, `slot.selected` { time },
 * `appointment.save`, `doctors.retry`, `slots.retry` (`slots.refresh` is raised by the machine).
 * A choice that does not fit is ignored, as in booking. Save does nothing (silently, spec §5)
 * until a location, a date and a free slot are chosen that differ from the appointment's own,
 * and never for an appointment that is not Booked or Expired: the view disables Save while
 * `selectCanSave` is false.
 *
 * The app provides (`appointmentEditMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails (`fromApi`, src/app/fromApi.ts):
 * - `loadDoctors` () -> Doctor[]                      (fetchDoctors, src/api/site.ts; the doctor's locations)
 * - `loadTimeSlots` { doctorEmail, date, location, token } -> TimeSlot[]
 *                                                      (fetchTimeSlots, src/api/booking.ts), as for booking,
 *                                                      to the slot picker child (`slotPicker: slotPickerMachine.provide(...)`)
 * - `updateAppointment` { request: { selectedLocation, appointmentToEdit, newDate, selectedTime }, token }
 *                       -> { message, appointment }   (updateAppointment, src/api/appointments.ts)
 *
 * Effects, actions the app provides (./actions.ts): `notify` (emits `notice`), `announceUpdated`
 * (emits `appointment.updated`); until provided they are emitted, as the machine's tests read
 * them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds and the spec §8 message each stands for:
 *   - updated             'Appointment updated successfully.'
 *   - server {text}       the server's message, preferred when it refused with one
 *                         ('This slot is already booked' on 409, ...)
 *   - updateFailed        'Failed to update appointment.' (the server answered with an error
 *                         status, 4xx or 5xx, without a readable message)
 *   - updateError         'Something went wrong while updating the appointment.' (no answer, or
 *                         an answer that is not what the contract says)
 *   - slotTaken           'This slot is already booked' (409 without a readable message)
 *   - somethingWentWrong  'Something went wrong.' (the doctors or the slots could not be loaded)
 * - `appointment.updated` { appointment }: the moved appointment; the app sends
 *   `appointments.refresh` to the list and closes the popup. The machine is then done, with
 *   output `{ appointment }`.
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 * A 409 (the slot was taken meanwhile) clears the slot and loads the slots again.
 *
 * The slots are the slot picker's (machines/slotPicker, the child `slotPicker`), as in booking:
 * this machine passes it the location and date chosen and `slot.selected` / `slots.retry`, and
 * mirrors its state into `slots`, `slotsStatus` and `choices.time`. Empty states of the slot
 * list (`selectSlotsStatus`): noSchedule 'No schedule found for selected date or location or
 * doctor.', notAvailable 'Doctor is not available for this date.', failed 'Something went
 * wrong.' with `slots.retry`.
 */
import { forwardTo, fromPromise, raise, sendTo, setup } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { Doctor } from '../../contract/site.js';
import { slotPickerMachine, slotsFor } from '../slotPicker/slotPickerMachine.js';
import { slotListOf } from '../slotPicker/slots.js';
import { appointmentEditActions } from './actions.js';
import {
  initialContext,
  updateRequest,
  type AppointmentEditContext,
  type AppointmentEditInput,
  type AppointmentEditOutput,
  type UpdateAnswer,
  type UpdateRequest,
} from './context.js';
import { notice, refusedNotice, slotTakenNotice, somethingWentWrong, type AppointmentEditEmitted, type AppointmentEditEvent } from './events.js';
import { appointmentEditGuards } from './guards.js';

export const appointmentEditMachine = setup({
  types: {} as {
    context: AppointmentEditContext;
    events: AppointmentEditEvent;
    input: AppointmentEditInput;
    emitted: AppointmentEditEmitted;
    output: AppointmentEditOutput;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadDoctors: fromPromise<Doctor[]>(() => Promise.reject(new Error('not provided'))),
    slotPicker: slotPickerMachine,
    updateAppointment: fromPromise<UpdateAnswer, { request: UpdateRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: appointmentEditGuards,
  actions: {
    ...appointmentEditActions,
    refreshSlots: raise({ type: 'slots.refresh' }),
    tellSlotPicker: sendTo('slotPicker', ({ context }) => slotsFor(context)),
    passToSlotPicker: forwardTo('slotPicker'),
    dropTakenSlot: sendTo('slotPicker', { type: 'slot.taken' as const }),
  },
}).createMachine({
  id: 'appointmentEdit',
  description: 'Edit appointment: another location, date and slot of the same doctor; then save.',
  context: ({ input }) => initialContext(input),
  initial: 'Open',
  states: {
    Open: {
      description: "The popup: the doctor's locations and the slots load while the person chooses.",
      type: 'parallel',
      states: {
        Doctors: {
          description: "The doctor list, for the locations the appointment's doctor works at.",
          initial: 'Loading',
          states: {
            Loading: {
              description: "Fetching the doctors. Meanwhile only the appointment's own location is offered.",
              tags: ['loadingDoctors'],
              invoke: {
                id: 'loadDoctors',
                src: 'loadDoctors',
                onDone: {
                  target: 'Ready',
                  actions: [{ type: 'storeDoctors', params: ({ event }) => ({ doctors: event.output }) }, 'refreshSlots'],
                },
                onError: { target: 'Failed', actions: { type: 'notify', params: somethingWentWrong } },
              },
            },
            Ready: { description: "The doctor's locations are offered." },
            Failed: {
              description: "The doctors could not be loaded: only the appointment's own location is offered until a retry works.",
              on: { 'doctors.retry': 'Loading' },
            },
          },
        },
        Slots: {
          description:
            "The slots of the appointment's doctor at the chosen location on the chosen date: the slot picker child, told every change of location or date; its state is mirrored into the context.",
          invoke: {
            id: 'slotPicker',
            src: 'slotPicker',
            input: ({ context }) => ({ token: context.token, list: slotListOf(context.choices) }),
            onSnapshot: { actions: { type: 'showSlots', params: ({ event }) => ({ picker: event.snapshot }) } },
          },
          on: {
            'slots.refresh': { actions: 'tellSlotPicker' },
            'slots.retry': { actions: 'passToSlotPicker' },
            'slots.failed': { actions: { type: 'notify', params: somethingWentWrong } },
          },
        },
        Flow: {
          description: 'Choosing, then saving.',
          initial: 'Editing',
          states: {
            Editing: {
              description:
                'The person chooses a location, a date and a free slot. Save does nothing until all three are chosen and differ from the appointment.',
              on: {
                'location.selected': {
                  guard: 'isOfferedLocation',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { location: event.location } }) },
                },
                'date.selected': {
                  guard: 'isBookableDate',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { date: event.date } }) },
                },
                'slot.selected': { guard: 'isFreeSlot', actions: 'passToSlotPicker' },
                'appointment.save': { guard: 'canSave', target: 'Saving' },
              },
            },
            Saving: {
              description: 'Moving the appointment. A slot taken meanwhile (409) reloads the slots.',
              tags: ['busy'],
              invoke: {
                id: 'updateAppointment',
                src: 'updateAppointment',
                input: ({ context }) => ({ request: updateRequest(context), token: context.token }),
                onDone: {
                  target: '#appointmentEdit.Saved',
                  actions: [
                    { type: 'storeUpdated', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    { type: 'notify', params: notice('success', { kind: 'updated' }) },
                    { type: 'announceUpdated', params: ({ event }) => ({ appointment: event.output.appointment }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: ['dropTakenSlot', { type: 'notify', params: ({ event }) => slotTakenNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: { type: 'notify', params: ({ event }) => refusedNotice(event.error) },
                  },
                  { target: 'Editing', actions: { type: 'notify', params: notice('error', { kind: 'updateError' }) } },
                ],
              },
            },
          },
        },
      },
    },
    Saved: {
      description: 'The appointment moved; the popup closes and the list is refreshed.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ appointment: context.updated as AppointmentRecord }),
});
