/**
 * The booking popup's regions that load while the person chooses (./bookingMachine.ts, `Open`):
 * the doctors, the fee list, the slot picker child, the date strip child and the doctor step's
 * next free slots.
 */
import { availabilityFor } from '../availability/availabilityMachine.js';
import { slotListOf } from '../slotPicker/slots.js';
import { bookingSetup } from './actions.js';
import { somethingWentWrong } from './events.js';

export const doctorsRegion = bookingSetup.createStateConfig({
  description: 'The doctor list, from which the locations, doctors and types offered come.',
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Fetching the doctors. Kept choices are fitted to them once they arrive.',
      tags: ['loadingDoctors'],
      invoke: {
        id: 'loadDoctors',
        src: 'loadDoctors',
        onDone: { target: 'Ready', actions: { type: 'storeDoctors', params: ({ event }) => ({ doctors: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'notify', params: somethingWentWrong } },
      },
    },
    Ready: { description: 'The doctors are known.' },
    Failed: {
      description: 'The doctors could not be loaded: nothing can be chosen until a retry works.',
      on: { 'doctors.retry': 'Loading' },
    },
  },
});

export const feesRegion = bookingSetup.createStateConfig({
  description: 'The fee list. Until it loads the fee shown is 500, and Book is refused.',
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Fetching the fee list.',
      tags: ['loadingFees'],
      invoke: {
        id: 'loadFees',
        src: 'loadFees',
        onDone: { target: 'Ready', actions: { type: 'storeFees', params: ({ event }) => ({ fees: event.output.data }) } },
        onError: 'Failed',
      },
    },
    Ready: { description: 'The fee of the chosen type is shown.' },
    Failed: {
      description: 'The fee list could not be loaded: 500 is still shown, and Book is refused until a retry works.',
      on: { 'fees.retry': 'Loading' },
    },
  },
});

export const slotsRegion = bookingSetup.createStateConfig({
  description: 'The slots of the chosen doctor at the chosen location on the chosen date: the slot picker child.',
  initial: 'AwaitingDoctors',
  states: {
    AwaitingDoctors: {
      description: 'No slots before the doctors load: the choices (kept ones too) are fitted to them first.',
      always: { guard: 'hasDoctors', target: 'Picking' },
    },
    Picking: {
      description:
        "The slot picker loads the list and keeps the slot chosen; its state is mirrored into the context. It is told every change of the choices or the token.",
      invoke: {
        id: 'slotPicker',
        src: 'slotPicker',
        input: ({ context }) => ({ token: context.token, list: slotListOf(context.choices), time: context.choices.time }),
        onSnapshot: { actions: { type: 'showSlots', params: ({ event }) => ({ picker: event.snapshot }) } },
      },
      on: {
        'slots.refresh': { actions: 'tellSlotPicker' },
        'slots.retry': { actions: 'passToSlotPicker' },
        'slots.failed': { actions: { type: 'notify', params: somethingWentWrong } },
      },
    },
  },
});

export const availabilityRegion = bookingSetup.createStateConfig({
  description: 'The date strip of the chosen doctor at the chosen clinic or online: the availability child.',
  initial: 'AwaitingDoctors',
  states: {
    AwaitingDoctors: {
      description: 'No strip before the doctors load: the choices (kept ones too) are fitted to them first.',
      always: { guard: 'hasDoctors', target: 'Showing' },
    },
    Showing: {
      description: 'The strip loads for every doctor and place chosen; each load may choose the first free day.',
      invoke: {
        id: 'availability',
        src: 'availability',
        input: ({ context }) => ({ target: availabilityFor(context).target }),
        onSnapshot: { actions: { type: 'showStrip', params: ({ event }) => ({ strip: event.snapshot }) } },
      },
      on: {
        'availability.refresh': { actions: 'tellStrip' },
        'availability.page': { actions: 'passToStrip' },
        'availability.retry': { actions: 'passToStrip' },
        'availability.loaded': { actions: { type: 'takeStrip', params: ({ event }) => ({ strip: event.strip }) } },
      },
    },
  },
});

export const nextFreeRegion = bookingSetup.createStateConfig({
  description:
    "The doctor step's next free slot for every doctor of the chosen clinic or online: one request per place, never one per doctor.",
  initial: 'Waiting',
  states: {
    Waiting: {
      description: 'No place chosen yet (or the doctors not loaded): nothing to ask.',
      always: { guard: 'needsNextFree', target: 'Loading' },
    },
    Loading: {
      description: "Fetching the place's list. Another place chosen meanwhile asks again for that one.",
      entry: 'askNextFree',
      always: { guard: 'needsNextFree', target: 'Loading', reenter: true },
      invoke: {
        id: 'loadNextFree',
        src: 'loadNextFree',
        input: ({ context }) => ({ location: context.nextFreeFor ?? '', token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeNextFree', params: ({ event }) => ({ list: event.output }) } },
        onError: 'Failed',
      },
    },
    Ready: {
      description: 'The doctor choices say each next free slot; another place asks again.',
      always: { guard: 'needsNextFree', target: 'Loading' },
    },
    Failed: {
      description: 'Not loaded: the doctor choices say no next slot (the strip still does); another place asks again.',
      always: { guard: 'needsNextFree', target: 'Loading' },
    },
  },
});
