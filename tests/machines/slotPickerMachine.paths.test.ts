/**
 * Model-based paths for the slot picker. `createTestModel` refuses machines that invoke actors, so
 * the model below is the slot list as the person sees it while a parent (booking, edit) drives the
 * picker: opened with or without a doctor, location and date (or with a slot kept from before),
 * the choices changing to another list, to the same list with a new login, or to no list, the
 * server answering with free slots, none, none free, or not at all, a slot picked (free or not),
 * and a slot taken meanwhile.
 *
 * Along every path the REAL picker runs under a host parent with a fake `loadTimeSlots`: each step
 * must report to the parent only what the model says (`slots.failed`); each state must show what
 * the model says (the state, the list, the slot chosen, the call made with the list and token
 * chosen, and no call the step did not expect), and `shownSlots` must mirror it for the parent.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../contract/appointments.js';
import { selectSlots, selectSlotsStatus, selectTime, shownSlots } from '../../machines/slotPicker/slotPickerMachine.js';
import type { SlotList, SlotsStatus } from '../../machines/slotPicker/slots.js';
import { settle, unanswered } from './accountFakes.js';
import { pathsTakingEveryTransition, declaredTransitions, takenTransitions, testPaths } from './modelPaths.js';
import { listOn, startPicker, type Picker } from './slotPickerFakes.js';

/** What each step makes the picker report to its parent. */
const reports = {
  open: [],
  'open.withList': [],
  'open.kept': [],
  'choose.otherList': [],
  'choose.sameList': [],
  'choose.noList': [],
  'answer.free': [],
  'answer.keptGone': [],
  'answer.empty': [],
  'answer.noneFree': [],
  'answer.fails': ['slots.failed'],
  retry: [],
  'pick.free': [],
  'pick.notFree': [],
  'slot.taken': [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof reports };

const model = createMachine({
  id: 'slotPickerModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Waiting', 'open.withList': 'Loading', 'open.kept': 'LoadingKept' } },
    /** No doctor, location or date: 'choose a date first'. A pick goes nowhere. */
    Waiting: { on: { 'choose.otherList': 'Loading', 'choose.noList': 'Waiting', 'pick.free': 'Waiting' } },
    Loading: {
      on: {
        'answer.free': 'Shown',
        'answer.empty': 'NoSchedule',
        'answer.noneFree': 'NotAvailable',
        'answer.fails': 'Failed',
        'choose.otherList': 'Loading',
        'choose.noList': 'Waiting',
        'pick.free': 'Loading',
      },
    },
    /** Loading, with a slot kept from before (booking reopened after /paymentfail). */
    LoadingKept: {
      on: { 'answer.free': 'Chosen', 'answer.keptGone': 'Shown', 'choose.sameList': 'LoadingKept', 'choose.otherList': 'Loading' },
    },
    Shown: {
      on: {
        'pick.free': 'Chosen',
        'pick.notFree': 'Shown',
        'choose.sameList': 'Shown',
        'choose.otherList': 'Loading',
        'choose.noList': 'Waiting',
      },
    },
    Chosen: {
      on: {
        'pick.free': 'Chosen',
        'pick.notFree': 'Chosen',
        'choose.sameList': 'Chosen',
        'choose.otherList': 'Loading',
        'choose.noList': 'Waiting',
        'slot.taken': 'Loading',
      },
    },
    NoSchedule: { on: { 'pick.notFree': 'NoSchedule', 'choose.otherList': 'Loading' } },
    NotAvailable: { on: { 'pick.notFree': 'NotAvailable', 'choose.otherList': 'Loading' } },
    Failed: { on: { retry: 'Loading', 'choose.sameList': 'Failed', 'choose.otherList': 'Loading' } },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

const kept = '10:00';
const slot = (time: string, status: TimeSlot['status']) => ({ time, status }) as TimeSlot;
/** A day of the clinic: one booked, one unavailable, three free. */
const day: TimeSlot[] = [slot('09:00', 'booked'), slot('09:30', 'unavailable'), slot('10:00', 'free'), slot('10:30', 'free'), slot('11:00', 'free')];

function harness() {
  let picker: Picker | undefined;
  /** What the person should see: the list chosen, the token, the slot chosen, the list shown. */
  let expected: { list: SlotList | null; token: string | null; time: string | null; slots: TimeSlot[] } = {
    list: null,
    token: null,
    time: null,
    slots: [],
  };
  let calls = 0;
  /** What the last call the step expects asks for, and the calls the harness has answered. */
  let request: (SlotList & { token: string | null }) | null = null;
  let answered = 0;
  let dates = 0;
  let logins = 0;
  /** Slots somebody else took since, as `date time`. */
  let taken: string[] = [];

  const real = (): Picker => {
    if (!picker) throw new Error('the picker is not open');
    return picker;
  };
  const listFor = (date: string): TimeSlot[] =>
    day.map((s) => (taken.includes(`${date} ${s.time}`) ? { ...s, status: 'booked' as const } : s));
  const step =
    (type: ModelEvent['type'], act: () => void | Promise<void>) =>
    async () => {
      const before = picker?.reports.length ?? 0;
      await act();
      await settle();
      expect(real().reports.slice(before).map((r) => r.type), type).toEqual(reports[type]);
    };
  const open = (list: SlotList | null, time: string | null) => () => {
    picker?.stop();
    expected = { list, token: 'tok-1', time: list === null ? null : time, slots: [] };
    picker = startPicker({ token: 'tok-1', list, time });
    calls = list === null ? 0 : 1;
    request = list === null ? null : { ...list, token: 'tok-1' };
    answered = 0;
  };
  /** The step makes a call for the list chosen, with the token as it is now. */
  const expectCall = () => {
    calls += 1;
    request = expected.list === null ? null : { ...expected.list, token: expected.token };
  };
  /** The parent's choices now point at `list` (with `token`). */
  const choose = (list: SlotList | null, token: string | null = expected.token) => {
    const other = list === null ? expected.list !== null : expected.list?.date !== list.date;
    if (other) {
      expected = { ...expected, list, token, time: null, slots: [] };
      if (list !== null) expectCall();
    } else {
      expected = { ...expected, token };
    }
    real().send({ type: 'slots.for', list, token });
  };
  const answer = (slots: (date: string) => TimeSlot[]) => () => {
    const call = real().calls.latest();
    const list = slots(call.input.date);
    expected = { ...expected, slots: list, time: list.find((s) => s.time === expected.time)?.status === 'free' ? expected.time : null };
    answered = real().calls.calls.length;
    call.resolve(list);
  };
  const free = () => expected.slots.find((s) => s.status === 'free' && s.time !== expected.time)?.time ?? '10:00';

  /** What every state of the picker shows. */
  const shows = (status: SlotsStatus) => {
    const s = real().snapshot();
    expect(selectSlotsStatus(s)).toBe(status);
    expect(selectTime(s)).toBe(expected.time);
    expect(selectSlots(s)).toEqual(expected.slots);
    expect(real().calls.calls).toHaveLength(calls);
    if (request !== null) expect(real().calls.latest().input).toEqual(request);
    expect(shownSlots(s, { time: 'anything' })).toEqual({ slots: expected.slots, slotsStatus: status, choices: { time: expected.time } });
    return s;
  };
  /** Every call but the ones answered (and, while loading, the latest) was dropped: no stale answer can land. */
  const nothingElseRuns = (running: number) => {
    const unanswered = real().calls.calls.slice(answered, real().calls.calls.length - running);
    for (const call of unanswered) expect(call.signal.aborted).toBe(true);
  };
  const loading = () => {
    const s = shows('loading');
    expect(s.hasTag('loadingSlots')).toBe(true);
    expect(real().calls.latest().signal.aborted).toBe(false);
    nothingElseRuns(1);
  };

  return {
    stop: () => picker?.stop(),
    events: {
      open: step('open', open(null, kept)),
      'open.withList': step('open.withList', open(listOn(), null)),
      'open.kept': step('open.kept', open(listOn(), kept)),
      'choose.otherList': step('choose.otherList', () => {
        dates += 1;
        choose(listOn(`2025-03-${String(11 + dates).padStart(2, '0')}`));
      }),
      'choose.sameList': step('choose.sameList', () => {
        logins += 1;
        choose(expected.list, `tok-login-${logins}`);
      }),
      'choose.noList': step('choose.noList', () => choose(null)),
      'answer.free': step('answer.free', answer(listFor)),
      'answer.keptGone': step(
        'answer.keptGone',
        answer((date) => {
          taken = [...taken, `${date} ${kept}`];
          return listFor(date);
        }),
      ),
      'answer.empty': step('answer.empty', answer(() => [])),
      'answer.noneFree': step('answer.noneFree', answer((date) => listFor(date).map((s) => ({ ...s, status: 'unavailable' as const })))),
      'answer.fails': step('answer.fails', () => {
        answered = real().calls.calls.length;
        real().calls.latest().reject(unanswered);
      }),
      retry: step('retry', () => {
        expectCall();
        real().send({ type: 'slots.retry' });
      }),
      'pick.free': step('pick.free', () => {
        const time = free();
        if (expected.slots.some((s) => s.time === time && s.status === 'free')) expected = { ...expected, time };
        real().send({ type: 'slot.selected', time });
      }),
      'pick.notFree': step('pick.notFree', () => real().send({ type: 'slot.selected', time: '09:00' })),
      'slot.taken': step('slot.taken', () => {
        taken = [...taken, `${expected.list?.date} ${expected.time}`];
        expected = { ...expected, time: null, slots: [] };
        expectCall();
        real().send({ type: 'slot.taken' });
      }),
    },
    states: {
      Closed: () => expect(picker).toBeUndefined(),
      Waiting: () => {
        shows('waiting');
        expect(expected.list).toBeNull();
        nothingElseRuns(0);
      },
      Loading: loading,
      LoadingKept: () => {
        loading();
        expect(expected.time).toBe(kept);
      },
      Shown: () => {
        shows('ready');
        expect(expected.time).toBeNull();
      },
      Chosen: () => {
        shows('ready');
        expect(expected.slots.find((s) => s.time === expected.time)?.status).toBe('free');
      },
      NoSchedule: () => void shows('noSchedule'),
      NotAvailable: () => void shows('notAvailable'),
      Failed: () => void shows('failed'),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('slotPickerMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // Booking reopened after /paymentfail: the kept slot is still free; it is taken meanwhile; another is picked.
      // Logged in again meanwhile: the reload asks with the new token.
      ['open.kept', 'answer.free', 'pick.notFree', 'choose.sameList', 'slot.taken', 'answer.free', 'pick.free', 'pick.free'],
      // No schedule that day, none free the next, then a failure and a retry that works.
      ['open.withList', 'answer.empty', 'choose.otherList', 'answer.noneFree', 'choose.otherList', 'answer.fails', 'retry', 'answer.free', 'pick.free'],
      // The choices are not complete, then are, then a choice is cleared while the list loads.
      ['open', 'pick.free', 'choose.otherList', 'choose.noList', 'choose.otherList', 'answer.free', 'pick.free', 'choose.noList'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and every event', () => {
    const taken = takenTransitions(everyTransition);
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(35);
    expect(taken).toEqual(new Set(declared));
    const events = new Set(everyTransition.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(reports)) expect(events, type).toContain(type);
    expect(journeys).toHaveLength(3);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
