import { assign, createActor, setup, StateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../contract/appointments.js';
import {
  selectSlots,
  selectSlotsStatus,
  selectTime,
  shownSlots,
  slotPickerMachine,
  slotsFor,
  slotsNotProvided,
} from '../../machines/slotPicker/slotPickerMachine.js';
import {
  canChooseSlot,
  loadedListStatus,
  sameList,
  slotListOf,
  slotStatus,
  slotThatCounts,
  type SlotsRequest,
} from '../../machines/slotPicker/slots.js';
import { appointmentEditMachine } from '../../machines/appointmentEdit/appointmentEditMachine.js';
import { bookingMachine } from '../../machines/booking/bookingMachine.js';
import { answeredByHand, settle, unanswered } from './accountFakes.js';
import { anita, noneFree, someFree, tenTaken, tomorrow } from './bookingFakes.js';
import { listOn, startPicker, type Picker } from './slotPickerFakes.js';

const dayAfter = '2025-03-12';

/** The picker for Anita at Andheri West tomorrow, its list answered with `slots`. */
async function shown(slots: TimeSlot[] = someFree, time: string | null = null): Promise<Picker> {
  const picker = startPicker({ token: 'tok-1', list: listOn(), time });
  picker.calls.latest().resolve(slots);
  await settle();
  return picker;
}

describe('slot rules', () => {
  it('has a list only once doctor, location and date are all chosen', () => {
    const all = { doctorEmail: anita.email, location: 'Bandra', date: tomorrow };
    expect(slotListOf(all)).toEqual(all);
    expect(slotListOf({ ...all, doctorEmail: null })).toBeNull();
    expect(slotListOf({ ...all, location: null })).toBeNull();
    expect(slotListOf({ ...all, date: null })).toBeNull();
  });

  it('tells lists apart by doctor, location and date', () => {
    expect(sameList(listOn(), listOn())).toBe(true);
    expect(sameList(listOn(), listOn(dayAfter))).toBe(false);
    expect(sameList(listOn(), { ...listOn(), location: 'Bandra' })).toBe(false);
    expect(sameList(listOn(), { ...listOn(), doctorEmail: 'kavita@clinic.example' })).toBe(false);
    expect(sameList(null, null)).toBe(true);
    expect(sameList(listOn(), null)).toBe(false);
  });

  it('lets only a free slot of the list be chosen', () => {
    expect(slotStatus(someFree, '09:00')).toBe('booked');
    expect(slotStatus(someFree, '12:00')).toBeNull();
    expect(canChooseSlot(someFree, '10:00')).toBe(true);
    for (const time of ['09:00', '09:30', '12:00', null]) expect(canChooseSlot(someFree, time), String(time)).toBe(false);
    expect(slotThatCounts(someFree, '10:30')).toBe('10:30');
    expect(slotThatCounts(tenTaken, '10:00')).toBeNull();
    expect(slotThatCounts([], '10:00')).toBeNull();
  });

  it('tells a list with no slot from a list with no free slot', () => {
    expect(loadedListStatus([])).toBe('noSchedule');
    expect(loadedListStatus(noneFree)).toBe('notAvailable');
    expect(loadedListStatus(someFree)).toBe('ready');
  });
});

describe('slotPickerMachine: loading', () => {
  it('waits, loading nothing, until doctor, location and date are chosen', () => {
    const picker = startPicker({ token: 'tok-1', list: null, time: '10:00' });
    expect(picker.calls.calls).toHaveLength(0);
    expect(selectSlotsStatus(picker.snapshot())).toBe('waiting');
    expect(selectTime(picker.snapshot())).toBeNull(); // a kept slot needs a list to belong to
  });

  it('loads the list with the token, then shows it', async () => {
    const picker = startPicker({ token: 'tok-1', list: listOn() });
    expect(picker.calls.latest().input).toEqual({ ...listOn(), token: 'tok-1' });
    expect(selectSlotsStatus(picker.snapshot())).toBe('loading');
    expect(picker.snapshot().hasTag('loadingSlots')).toBe(true);
    picker.calls.latest().resolve(someFree);
    await settle();
    expect(selectSlots(picker.snapshot())).toEqual(someFree);
    expect(selectSlotsStatus(picker.snapshot())).toBe('ready');
    expect(picker.snapshot().hasTag('loadingSlots')).toBe(false);
  });

  it.each([
    ['no slot at all', [], 'noSchedule'],
    ['no free slot', noneFree, 'notAvailable'],
  ] as const)('tells a list with %s apart: %s', async (_, slots, status) => {
    const picker = await shown([...slots]);
    expect(selectSlotsStatus(picker.snapshot())).toBe(status);
    expect(picker.reports).toEqual([]);
  });

  it('tells its parent when the list cannot be loaded, and loads it again on retry', async () => {
    const picker = startPicker({ token: 'tok-1', list: listOn() });
    picker.send({ type: 'slots.retry' }); // nothing failed yet
    expect(picker.calls.calls).toHaveLength(1);
    picker.calls.latest().reject(unanswered);
    await settle();
    expect(selectSlotsStatus(picker.snapshot())).toBe('failed');
    expect(picker.reports).toEqual([{ type: 'slots.failed' }]);
    picker.send({ type: 'slots.retry' });
    expect(picker.calls.calls).toHaveLength(2);
    expect(picker.calls.latest().input).toEqual({ ...listOn(), token: 'tok-1' });
    expect(selectSlotsStatus(picker.snapshot())).toBe('loading');
    picker.calls.latest().resolve(someFree);
    await settle();
    expect(selectSlotsStatus(picker.snapshot())).toBe('ready');
    expect(picker.reports).toHaveLength(1);
  });
});

describe('slotPickerMachine: choosing', () => {
  it('takes only a free slot of the loaded list', async () => {
    const picker = await shown();
    for (const time of ['09:00', '09:30', '12:00']) {
      picker.send({ type: 'slot.selected', time });
      expect(selectTime(picker.snapshot()), time).toBeNull();
    }
    picker.send({ type: 'slot.selected', time: '10:00' });
    expect(selectTime(picker.snapshot())).toBe('10:00');
    picker.send({ type: 'slot.selected', time: '09:00' }); // booked: the free one stays
    expect(selectTime(picker.snapshot())).toBe('10:00');
    picker.send({ type: 'slot.selected', time: '10:30' });
    expect(selectTime(picker.snapshot())).toBe('10:30');
  });

  it('takes no slot while the list is loading', () => {
    const picker = startPicker({ token: 'tok-1', list: listOn() });
    picker.send({ type: 'slot.selected', time: '10:00' });
    expect(selectTime(picker.snapshot())).toBeNull();
  });

  it('keeps a slot kept from before if it is still free once its list loads', async () => {
    const picker = startPicker({ token: 'tok-1', list: listOn(), time: '10:00' });
    expect(selectTime(picker.snapshot())).toBe('10:00'); // not checked yet
    picker.calls.latest().resolve(someFree);
    await settle();
    expect(selectTime(picker.snapshot())).toBe('10:00');
  });

  it('drops a kept slot that has gone since', async () => {
    const picker = await shown(tenTaken, '10:00');
    expect(selectTime(picker.snapshot())).toBeNull();
  });
});

describe('slotPickerMachine: following the choices', () => {
  it('drops the slot and the running answer when the list changes, and loads the new one', async () => {
    const picker = await shown();
    picker.send({ type: 'slot.selected', time: '10:00' });
    picker.send({ type: 'slots.for', list: listOn(dayAfter), token: 'tok-1' });
    const first = picker.calls.latest();
    expect(first.input.date).toBe(dayAfter);
    expect(selectTime(picker.snapshot())).toBeNull();
    expect(selectSlots(picker.snapshot())).toEqual([]);

    picker.send({ type: 'slots.for', list: listOn('2025-03-13'), token: 'tok-1' });
    expect(first.signal.aborted).toBe(true);
    first.resolve(noneFree);
    await settle();
    expect(selectSlotsStatus(picker.snapshot())).toBe('loading');
    picker.calls.latest().resolve(someFree);
    await settle();
    expect(selectSlots(picker.snapshot())).toEqual(someFree);
    expect(picker.calls.calls).toHaveLength(3);
  });

  it('keeps the list and the slot for the same list, and asks with the new token from then on', async () => {
    const picker = await shown();
    picker.send({ type: 'slot.selected', time: '10:00' });
    picker.send({ type: 'slots.for', list: listOn(), token: 'tok-2' });
    expect(picker.calls.calls).toHaveLength(1);
    expect(selectTime(picker.snapshot())).toBe('10:00');
    expect(selectSlotsStatus(picker.snapshot())).toBe('ready');
    picker.send({ type: 'slot.taken' });
    expect(picker.calls.latest().input).toEqual({ ...listOn(), token: 'tok-2' });
  });

  it('waits again, with no slot, when a choice is cleared', async () => {
    const picker = await shown();
    picker.send({ type: 'slot.selected', time: '10:00' });
    picker.send({ type: 'slots.for', list: null, token: 'tok-1' });
    expect(selectSlotsStatus(picker.snapshot())).toBe('waiting');
    expect(selectTime(picker.snapshot())).toBeNull();
    expect(selectSlots(picker.snapshot())).toEqual([]);
    expect(picker.calls.calls).toHaveLength(1);
  });

  it('drops a slot taken meanwhile and loads the list again', async () => {
    const picker = await shown();
    picker.send({ type: 'slot.selected', time: '10:00' });
    picker.send({ type: 'slot.taken' });
    expect(selectTime(picker.snapshot())).toBeNull();
    expect(selectSlotsStatus(picker.snapshot())).toBe('loading');
    expect(picker.calls.calls).toHaveLength(2);
    picker.calls.latest().resolve(tenTaken);
    await settle();
    picker.send({ type: 'slot.selected', time: '10:00' });
    expect(selectTime(picker.snapshot())).toBeNull();
  });
});

describe('what a parent keeps of its picker', () => {
  it('mirrors the list, its state and the slot into its own context fields', async () => {
    const picker = await shown();
    picker.send({ type: 'slot.selected', time: '10:30' });
    const choices = { location: 'Andheri West', date: tomorrow, time: null };
    expect(shownSlots(picker.snapshot(), choices)).toEqual({
      slots: someFree,
      slotsStatus: 'ready',
      choices: { ...choices, time: '10:30' },
    });
  });

  it('tells the picker the list its choices point at, and the token', () => {
    const choices = { doctorEmail: anita.email, location: 'Andheri West', date: tomorrow };
    expect(slotsFor({ choices, token: 'tok-1' })).toEqual({ type: 'slots.for', list: listOn(), token: 'tok-1' });
    expect(slotsFor({ choices: { ...choices, date: null }, token: null })).toEqual({ type: 'slots.for', list: null, token: null });
  });
});
