/** When the edit popup takes a choice, and how it reads a failed save. */
import { isBookableDate, lastBookableDate } from '../booking/choices.js';
import { canChooseSlot } from '../slotPicker/slots.js';
import { isAnswered, isSlotTaken } from '../failures.js';
import { canSaveNow, locationsFor, type AppointmentEditContext } from './context.js';
import type { AppointmentEditEvent } from './events.js';

type GuardArgs = { context: AppointmentEditContext; event: AppointmentEditEvent };

export const appointmentEditGuards = {
  isOfferedLocation: ({ context, event }: GuardArgs) =>
    event.type === 'location.selected' && locationsFor(context).includes(event.location),
  isBookableDate: ({ context, event }: GuardArgs) =>
    event.type === 'date.selected' &&
    isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], context.appointment.doctorEmail)),
  isFreeSlot: ({ context, event }: GuardArgs) => event.type === 'slot.selected' && canChooseSlot(context.slots, event.time),
  canSave: ({ context }: GuardArgs) => canSaveNow(context),
  isSlotTaken,
  /** The server answered no (any error status), as opposed to no answer at all. */
  isRefused: isAnswered,
};
