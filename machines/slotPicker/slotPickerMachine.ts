/**
 * Picking a slot (spec §5 "Booking", §7 GET /api/gettimeslot, §8), the part the booking popup
 * (machines/booking) and the edit appointment popup (machines/appointmentEdit) share: the slot
 * list of one doctor at one location on one date, loaded with the `loadTimeSlots` actor, and the
 * slot chosen in it. Each parent invokes it as its child `slotPicker` for as long as its popup is
 * open; the rules are in ./slots.ts.
 *
 * Input: `{ token, list, time? }`
 * - `token`: the session's bearer token, or null; the slots are asked for with it.
 * - `list`: the doctor, location and date the parent's choices point at (`slotListOf`), or null
 *   while one of them is missing.
 * - `time`: a slot kept from before (booking reopened after /paymentfail), chosen if it is free
 *   once its list loads.
 *
 * Events, all from the parent:
 * - `slots.for` { list, token }: the parent's choices or session changed. Another list than the
 *   one shown drops the slot chosen (a slot belongs to one list) and loads the new list; the same
 *   list only takes the token, for the loads to come.
 * - `slot.selected` { time }: chosen only if free in the loaded list (booked and unavailable
 *   slots cannot be); anything else is ignored.
 * - `slot.taken`: the server said the chosen slot was taken meanwhile (409): it is dropped and the
 *   list loads again.
 * - `slots.retry`: after a failure, load the list again.
 *
 * The parent learns the picker's state from its snapshots (invoke `onSnapshot`, then
 * `shownSlots`), and that the list could not be loaded from the `slots.failed` event the picker
 * sends it (`SlotPickerReport`): the parent says 'Something went wrong.' as its own notice.
 *
 * The app provides `loadTimeSlots` { doctorEmail, date, location, token } -> TimeSlot[]
 * (fetchTimeSlots, src/api/booking.ts), rejecting with an ApiFailure, by providing this machine
 * itself to its parent, as the sign-up dialog does for its email-code child (XState looks an
 * invoked actor's name up in the machine that invokes it, so a parent's own `loadTimeSlots` would
 * never reach the picker):
 * `parent.provide({ actors: { slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } }) } })`.
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { TimeSlot } from '../../contract/appointments.js';
import {
  canChooseSlot,
  loadedListStatus,
  sameList,
  slotListOf,
  type SlotList,
  type SlotsRequest,
  type SlotsStatus,
} from './slots.js';

export type SlotPickerInput = {
  token: string | null;
  list: SlotList | null;
  time?: string | null;
};

export type SlotPickerEvent =
  | { type: 'slots.for'; list: SlotList | null; token: string | null }
  | { type: 'slot.selected'; time: string }
  | { type: 'slot.taken' }
  | { type: 'slots.retry' };

/** What the picker sends its parent, which must handle it. */
export type SlotPickerReport = { type: 'slots.failed' };

export type SlotPickerContext = {
  token: string | null;
  list: SlotList | null;
  /** The loaded list; empty until it loads. */
  slots: TimeSlot[];
  /** The slot chosen, or kept from before and not yet checked against its list. */
  time: string | null;
};

/** The `loadTimeSlots` a machine declares until the app provides the real one; it must never run. */
export const slotsNotProvided = fromPromise<TimeSlot[], SlotsRequest>(() => Promise.reject(new Error('not provided')));

export const slotPickerMachine = setup({
  types: {} as {
    context: SlotPickerContext;
    events: SlotPickerEvent;
    input: SlotPickerInput;
  },
  actors: { loadTimeSlots: slotsNotProvided },
  guards: {
    hasList: ({ context }) => context.list !== null,
    isSameList: ({ context, event }) => event.type === 'slots.for' && sameList(context.list, event.list),
    isFreeSlot: ({ context, event }) => event.type === 'slot.selected' && canChooseSlot(context.slots, event.time),
  },
  actions: {
    /** Another list: the slot chosen in the old one goes with it. */
    followList: assign(({ event }) => (event.type === 'slots.for' ? { list: event.list, token: event.token, time: null } : {})),
    storeToken: assign({ token: ({ context, event }) => (event.type === 'slots.for' ? event.token : context.token) }),
    chooseSlot: assign({ time: ({ context, event }) => (event.type === 'slot.selected' ? event.time : context.time) }),
    dropSlot: assign({ time: null }),
    clearSlots: assign({ slots: [] }),
    /** The loaded list; a slot chosen earlier (or kept from before) stays only if it is free in it. */
    storeSlots: assign(({ context }, params: { slots: TimeSlot[] }) => ({
      slots: params.slots,
      time: canChooseSlot(params.slots, context.time) ? context.time : null,
    })),
    reportFailure: sendParent({ type: 'slots.failed' } satisfies SlotPickerReport),
  },
}).createMachine({
  id: 'slotPicker',
  description: 'The slots of one doctor at one location on one date, and the free slot chosen among them.',
  context: ({ input }) => ({
    token: input.token,
    list: input.list,
    slots: [],
    // A kept slot waits for its list; with no list there is nothing it could belong to.
    time: input.list === null ? null : (input.time ?? null),
  }),
  on: {
    'slots.for': [
      { guard: 'isSameList', actions: 'storeToken' },
      { target: '.Refreshing', actions: 'followList' },
    ],
    'slot.taken': { target: '.Refreshing', actions: 'dropSlot' },
  },
  initial: 'Refreshing',
  states: {
    Refreshing: {
      description: 'A new list, or the same one again: load it if doctor, location and date are all chosen.',
      entry: 'clearSlots',
      always: [{ guard: 'hasList', target: 'Loading' }, { target: 'Waiting' }],
    },
    Waiting: { description: 'Doctor, location or date not chosen yet: the view says to choose a date first.' },
    Loading: {
      description: 'Fetching the list. Another list (or the parent stopping the picker) drops this answer.',
      tags: ['loadingSlots'],
      invoke: {
        id: 'loadTimeSlots',
        src: 'loadTimeSlots',
        input: ({ context }) => ({
          doctorEmail: context.list?.doctorEmail ?? '',
          date: context.list?.date ?? '',
          location: context.list?.location ?? '',
          token: context.token,
        }),
        onDone: { target: 'Ready', actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) } },
        onError: { target: 'Failed', actions: 'reportFailure' },
      },
    },
    Ready: {
      description: 'The list is shown (or its empty state); a free slot can be chosen.',
      on: { 'slot.selected': { guard: 'isFreeSlot', actions: 'chooseSlot' } },
    },
    Failed: {
      description: 'The list could not be loaded: the parent says Something went wrong, and offers a retry.',
      on: { 'slots.retry': 'Refreshing' },
    },
  },
});

export type SlotPickerSnapshot = SnapshotFrom<typeof slotPickerMachine>;

export const selectSlots = (snapshot: SlotPickerSnapshot): TimeSlot[] => snapshot.context.slots;
export const selectTime = (snapshot: SlotPickerSnapshot): string | null => snapshot.context.time;
export const selectSlotsStatus = (snapshot: SlotPickerSnapshot): SlotsStatus => {
  if (snapshot.hasTag('loadingSlots')) return 'loading';
  if (snapshot.matches('Failed')) return 'failed';
  if (!snapshot.matches('Ready')) return 'waiting';
  return loadedListStatus(snapshot.context.slots);
};

/**
 * What a parent keeps of its picker, from each snapshot: the list, its state, and the slot as
 * the parent's `choices.time`. Parents assign it on every snapshot (invoke `onSnapshot`), so
 * their own selectors, guards and requests read the picker's state from their context.
 */
export function shownSlots<TChoices extends { time: string | null }>(
  snapshot: SlotPickerSnapshot,
  choices: TChoices,
): { slots: TimeSlot[]; slotsStatus: SlotsStatus; choices: TChoices } {
  return { slots: selectSlots(snapshot), slotsStatus: selectSlotsStatus(snapshot), choices: { ...choices, time: selectTime(snapshot) } };
}

/** The `slots.for` a parent sends whenever its choices (doctor, location, date) or its token change. */
export function slotsFor(context: {
  choices: { doctorEmail: string | null; location: string | null; date: string | null };
  token: string | null;
}): Extract<SlotPickerEvent, { type: 'slots.for' }> {
  return { type: 'slots.for', list: slotListOf(context.choices), token: context.token };
}

