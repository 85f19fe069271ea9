/**
 * Fakes for the slot picker's tests: the real picker, invoked by a small host machine as its
 * parents invoke it (it reports `slots.failed` with `sendParent`, so it needs one), with its
 * `loadTimeSlots` answered by hand.
 */
import { createActor, setup, type ActorRefFrom } from 'xstate';
import type { TimeSlot } from '../../contract/appointments.js';
import {
  slotPickerMachine,
  type SlotPickerEvent,
  type SlotPickerInput,
  type SlotPickerReport,
} from '../../machines/slotPicker/slotPickerMachine.js';
import type { SlotList, SlotsRequest } from '../../machines/slotPicker/slots.js';
import { answeredByHand } from './accountFakes.js';
import { anita, tomorrow } from './bookingFakes.js';
import { recordWalk } from './pathCoverage.js';

/** Dr Anita Rao at Andheri West on `date`. */
export const listOn = (date: string = tomorrow): SlotList => ({ doctorEmail: anita.email, location: 'Andheri West', date });

/** The real picker under a host that records what it reports. */
export function startPicker(input: SlotPickerInput) {
  const loadTimeSlots = answeredByHand<TimeSlot[], SlotsRequest>();
  const reports: SlotPickerReport[] = [];
  const host = setup({
    types: {} as { events: SlotPickerReport; children: { slotPicker: 'slotPicker' } },
    actors: { slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots: loadTimeSlots.logic } }) },
  }).createMachine({
    invoke: { id: 'slotPicker', src: 'slotPicker', input },
    on: { 'slots.failed': { actions: ({ event }) => reports.push(event) } },
  });
  const actor = createActor(host, { inspect: recordWalk }).start();
  const picker = (): ActorRefFrom<typeof slotPickerMachine> => {
    const child = actor.getSnapshot().children.slotPicker;
    if (!child) throw new Error('the host has no picker');
    return child;
  };
  return {
    snapshot: () => picker().getSnapshot(),
    send: (event: SlotPickerEvent) => picker().send(event),
    reports,
    calls: loadTimeSlots,
    stop: () => actor.stop(),
  };
}

export type Picker = ReturnType<typeof startPicker>;
