/**
 * Model-based paths for the waitlist's two machines (machines/waitlistOffer/): My waitlist (the
 * list, the join form -> joined, leaving an entry, a list pushed by the live stream: a slot offered
 * anew is told, the same list is taken quietly and leaves the form as it was) and one offered slot (offered -> taken |
 * declined | lapsed). Along every path the REAL machine runs with its calls answered by hand (the
 * offer's lapse on fake timers); each step must emit what the person reads and the app acts on,
 * each state must show what the model says, with no call the step did not expect.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Doctor } from '../../contract/site.js';
import type { WaitlistEntry } from '../../contract/waitlist.js';
import { joinRequestOf, type JoinDraft, type JoinRequest } from '../../machines/waitlistOffer/join.js';
import { waitlistMachine, type WaitlistEmitted, type WaitlistLoaded } from '../../machines/waitlistOffer/waitlistMachine.js';
import { waitlistOfferMachine, type WaitlistOfferEmitted } from '../../machines/waitlistOffer/waitlistOfferMachine.js';
import {
  selectDraft,
  selectEntries,
  selectFormOpen,
  selectIsBusy,
  selectIsLoading,
  selectJoinErrors,
  selectLeavingId,
  selectLoadFailed,
  selectOfferPhase,
} from '../../machines/waitlistOffer/selectors.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { emittedWords, stepper } from './pathSteps.js';

const today = '2025-03-11';
const meera: Doctor = { _id: 'd1', name: 'Dr. Meera Kulkarni', email: 'meera@example.com', type: 'clinic', locations: ['Kothrud', 'Aundh'], qualification: 'BHMS' };
const entry = (id: string, over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  _id: id,
  doctorEmail: meera.email,
  doctorName: meera.name,
  location: '',
  consultationType: 'Clinic Visit',
  fromDate: '2025-03-12' as WaitlistEntry['fromDate'],
  toDate: '2025-03-14' as WaitlistEntry['toDate'],
  joinedAt: '2025-03-10T04:30:00.000Z',
  status: 'waiting',
  offer: null,
  ...over,
});
const loaded = (): WaitlistLoaded => ({
  list: { entries: [entry('e1'), entry('e2'), entry('e3')], maxDays: 31, lastDate: '2025-06-09' as WaitlistEntry['toDate'] },
  doctors: [meera],
});
const overlap = 'You are already on the waitlist for this doctor on some of these days.';

describe('waitlistMachine paths', () => {
  const emits = {
    open: [],
    'open.prefilled': [],
    'load.ok': [],
    'load.failed': [],
    retry: [],
    refresh: [],
    'form.open': [],
    'form.fill': [],
    'form.close': [],
    'submit.invalid': [],
    submit: [],
    'join.ok': ['joined'],
    'join.fields': [],
    'join.conflict': [`server: ${overlap}`],
    leave: [],
    'leave.ok': ['left', 'waitlist.changed'],
    'leave.failed': ['server: Waitlist entry not found.'],
    'pushed.offer': ['offered', 'waitlist.changed'],
    'pushed.same': [],
  } as const satisfies Record<string, readonly string[]>;

  const model = createMachine({
    id: 'waitlistModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'NotOpen',
    states: {
      NotOpen: { on: { open: 'Loading', 'open.prefilled': 'LoadingPrefilled' } },
      Loading: { on: { 'load.ok': 'Closed', 'load.failed': 'Failed' } },
      /** Opened from the booking popup's "Join the waitlist": the form opens filled in. */
      LoadingPrefilled: { on: { 'load.ok': 'Filled' } },
      Failed: { on: { retry: 'Loading' } },
      Closed: { on: { 'form.open': 'Blank', leave: 'Leaving', refresh: 'Loading', 'pushed.offer': 'Closed', 'pushed.same': 'Closed' } },
      /** The form as it opens: nothing chosen, Join shows each missing field. */
      Blank: { on: { 'submit.invalid': 'Blank', 'form.fill': 'Filled', 'form.close': 'Closed' } },
      Filled: { on: { submit: 'Joining', 'form.close': 'Closed', 'pushed.same': 'Filled' } },
      Joining: { on: { 'join.ok': 'Closed', 'join.fields': 'Filled', 'join.conflict': 'Filled' } },
      Leaving: { on: { 'leave.ok': 'Closed', 'leave.failed': 'Closed' } },
    },
  });
  type ModelSnapshot = SnapshotFrom<typeof model>;

  function harness() {
    let actor: ReturnType<typeof createActor<typeof waitlistMachine>> | undefined;
    let emitted: ReturnType<typeof recordEmitted<WaitlistEmitted>> | undefined;
    const load = answeredByHand<WaitlistLoaded, { token: string }>();
    const join = answeredByHand<WaitlistEntry, { request: JoinRequest; token: string }>();
    const leave = answeredByHand<unknown, { id: string; token: string }>();
    const made = { loads: 0, joins: 0, leaves: 0 };
    let entries = 0;
    const real = () => {
      if (!actor) throw new Error('not open');
      return actor;
    };
    const step = stepper(() => emitted?.take() ?? [], emits);
    const open = (prefill: Partial<JoinDraft> | null) => () => {
      const machine = waitlistMachine.provide({ actors: { loadWaitlist: load.logic, joinWaitlist: join.logic, leaveWaitlist: leave.logic } });
      actor = createActor(machine, { input: { token: 'tok-1', today, prefill }, inspect: recordWalk });
      emitted = recordEmitted<WaitlistEmitted>(actor);
      actor.start();
      made.loads += 1;
    };
    const send = (event: Parameters<ReturnType<typeof real>['send']>[0]) => real().send(event);
    const fill = () => {
      for (const [field, value] of [['doctorEmail', meera.email], ['consultationType', 'Clinic Visit'], ['location', 'Aundh']] as const) {
        send({ type: 'join.changed', field, value });
      }
    };
    const answerLoad = (ok: boolean) => () => {
      expect(load.latest().input).toEqual({ token: 'tok-1' });
      if (ok) {
        entries = 3 - made.leaves;
        load.latest().resolve({ ...loaded(), list: { ...loaded().list, entries: loaded().list.entries.slice(made.leaves) } });
      } else load.latest().reject(unanswered);
    };
    const submit = () => {
      send({ type: 'join.submit' });
      made.joins += 1;
      expect(join.latest().input).toEqual({ request: joinRequestOf(selectDraft(real().getSnapshot())), token: 'tok-1' });
    };

    const formShows = (filled: boolean) => () => {
      const s = real().getSnapshot();
      expect(selectFormOpen(s)).toBe(true);
      expect(selectIsBusy(s)).toBe(false);
      if (filled) expect(selectDraft(s)).toMatchObject({ doctorEmail: meera.email, consultationType: 'Clinic Visit', fromDate: today });
      expect(join.calls).toHaveLength(made.joins);
    };
    return {
      stop: () => actor?.stop(),
      events: {
        open: step('open', open(null)),
        'open.prefilled': step('open.prefilled', open({ doctorEmail: meera.email, location: 'Aundh', consultationType: 'Clinic Visit', fromDate: today })),
        'load.ok': step('load.ok', answerLoad(true)),
        'load.failed': step('load.failed', answerLoad(false)),
        retry: step('retry', () => {
          send({ type: 'waitlist.retry' });
          made.loads += 1;
        }),
        refresh: step('refresh', () => {
          send({ type: 'waitlist.refresh' });
          made.loads += 1;
        }),
        'form.open': step('form.open', () => send({ type: 'join.open' })),
        'form.fill': step('form.fill', fill),
        'form.close': step('form.close', () => send({ type: 'join.close' })),
        'submit.invalid': step('submit.invalid', () => {
          send({ type: 'join.submit' });
          expect(Object.keys(selectJoinErrors(real().getSnapshot()))).toEqual(['doctorEmail', 'consultationType']);
        }),
        submit: step('submit', submit),
        'join.ok': step('join.ok', () => {
          entries += 1;
          join.latest().resolve(entry(`new${made.joins}`));
        }),
        'join.fields': step('join.fields', () => {
          join.latest().reject({ ...refused(400, 'Please choose a date from today on.'), errors: [{ field: 'fromDate', message: 'must be today or later (clinic time)' }] });
        }),
        'join.conflict': step('join.conflict', () => join.latest().reject(refused(409, overlap))),
        leave: step('leave', () => {
          const first = selectEntries(real().getSnapshot())[0]!;
          send({ type: 'entry.leave', id: first._id });
          made.leaves += 1;
          expect(leave.latest().input).toEqual({ id: first._id, token: 'tok-1' });
          expect(selectLeavingId(real().getSnapshot())).toBe(first._id);
        }),
        'leave.ok': step('leave.ok', () => {
          entries -= 1;
          leave.latest().resolve({ message: 'You have left the waitlist.' });
        }),
        'pushed.offer': step('pushed.offer', () => {
          const now = selectEntries(real().getSnapshot());
          const n = now.filter((e) => e.offer).length + 1;
          const offer = { appointmentId: `hold${n}`, appointmentNumber: `SHC-25-00000${n}`, date: '2025-03-12' as WaitlistEntry['fromDate'], startTime: '17:00' as NonNullable<WaitlistEntry['offer']>['startTime'], location: 'Aundh', expiresAt: '2025-03-11T05:00:00.000Z' };
          const list = now.map((e, i) => (i === now.length - 1 ? { ...e, status: 'offered' as const, offer } : e));
          send({ type: 'waitlist.pushed', list: { entries: list, maxDays: 31, lastDate: '2025-06-09' as WaitlistEntry['toDate'] } });
          expect(selectEntries(real().getSnapshot()).at(-1)!.offer).toEqual(offer);
        }),
        'pushed.same': step('pushed.same', () => {
          const before = real().getSnapshot();
          send({ type: 'waitlist.pushed', list: { entries: [...selectEntries(before)], maxDays: 31, lastDate: '2025-06-09' as WaitlistEntry['toDate'] } });
          expect(selectDraft(real().getSnapshot())).toEqual(selectDraft(before));
        }),
        'leave.failed': step('leave.failed', () => {
          made.leaves -= 1;
          leave.latest().reject(refused(404, 'Waitlist entry not found.'));
        }),
      },
      states: {
        NotOpen: () => expect(actor).toBeUndefined(),
        Loading: () => {
          expect(selectIsLoading(real().getSnapshot())).toBe(true);
          expect(load.calls).toHaveLength(made.loads);
        },
        LoadingPrefilled: () => expect(selectIsLoading(real().getSnapshot())).toBe(true),
        Failed: () => expect(selectLoadFailed(real().getSnapshot())).toBe(true),
        Closed: () => {
          const s = real().getSnapshot();
          expect(selectFormOpen(s)).toBe(false);
          expect(selectIsBusy(s)).toBe(false);
          expect(selectEntries(s)).toHaveLength(entries);
        },
        Blank: formShows(false),
        Filled: formShows(true),
        Joining: () => expect(selectIsBusy(real().getSnapshot())).toBe(true),
        Leaving: () => expect(selectIsBusy(real().getSnapshot())).toBe(true),
      } satisfies Record<string, (state: ModelSnapshot) => void>,
    };
  }

  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(22);
    expect(takenTransitions(paths)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ paths }, harness);
  expectWalkedFully(waitlistMachine);
});

describe('waitlistOfferMachine paths', () => {
  const gone = 'No slot is offered to you on this waitlist entry now.';
  const emits = {
    open: [],
    paid: [],
    'time.passes': ['offer.changed'],
    decline: [],
    'decline.ok': ['declined', 'offer.changed'],
    'decline.gone': [`server: ${gone}`, 'offer.changed'],
    'decline.unanswered': ['failed'],
  } as const satisfies Record<string, readonly string[]>;

  const model = createMachine({
    id: 'waitlistOfferModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'NotOpen',
    states: {
      NotOpen: { on: { open: 'Offered' } },
      /** Held until 10:30; the patient may pay it (the list shows it paid), decline it, or let it lapse. */
      Offered: { on: { paid: 'Taken', 'time.passes': 'Lapsed', decline: 'Declining' } },
      Declining: { on: { 'decline.ok': 'Declined', 'decline.gone': 'Lapsed', 'decline.unanswered': 'Offered' } },
      Taken: { type: 'final' },
      Declined: { type: 'final' },
      Lapsed: { type: 'final' },
    },
  });
  type ModelSnapshot = SnapshotFrom<typeof model>;
  const now = Date.parse('2025-03-11T04:30:00.000Z');
  const offer = {
    appointmentId: 'a1',
    appointmentNumber: 'SHC-25-000101',
    date: '2025-03-12' as WaitlistEntry['fromDate'],
    startTime: '17:00' as NonNullable<WaitlistEntry['offer']>['startTime'],
    location: 'Aundh',
    expiresAt: new Date(now + 30 * 60_000).toISOString(),
  };

  function harness() {
    let actor: ReturnType<typeof createActor<typeof waitlistOfferMachine>> | undefined;
    let emitted: ReturnType<typeof recordEmitted<WaitlistOfferEmitted>> | undefined;
    const decline = answeredByHand<unknown, { entryId: string; token: string }>();
    let declines = 0;
    const real = () => {
      if (!actor) throw new Error('not open');
      return actor;
    };
    // The fake clock moves the machine's timers; the step's calls settle on it too.
    const take = () => emitted?.take() ?? [];
    const step = (type: keyof typeof emits, act: () => void | Promise<void>) => async () => {
      take();
      await act();
      await vi.advanceTimersByTimeAsync(0);
      expect(emittedWords(take()), type).toEqual(emits[type]);
    };
    const phase = (expected: ReturnType<typeof selectOfferPhase>) => () => {
      expect(selectOfferPhase(real().getSnapshot())).toBe(expected);
      expect(decline.calls).toHaveLength(declines);
    };
    return {
      stop: () => actor?.stop(),
      events: {
        open: step('open', () => {
          actor = createActor(waitlistOfferMachine.provide({ actors: { declineOffer: decline.logic } }), {
            input: { entryId: 'e1', offer, token: 'tok-1', now },
            inspect: recordWalk,
          });
          emitted = recordEmitted<WaitlistOfferEmitted>(actor);
          actor.start();
        }),
        paid: step('paid', () => real().send({ type: 'offer.paid' })),
        'time.passes': step('time.passes', async () => {
          await vi.advanceTimersByTimeAsync(30 * 60_000 - 1);
          expect(selectOfferPhase(real().getSnapshot())).toBe('offered');
          await vi.advanceTimersByTimeAsync(1);
        }),
        decline: step('decline', () => {
          real().send({ type: 'offer.decline' });
          declines += 1;
          expect(decline.latest().input).toEqual({ entryId: 'e1', token: 'tok-1' });
        }),
        'decline.ok': step('decline.ok', () => decline.latest().resolve({})),
        'decline.gone': step('decline.gone', () => decline.latest().reject(refused(409, gone))),
        'decline.unanswered': step('decline.unanswered', () => decline.latest().reject(unanswered)),
      },
      states: {
        NotOpen: () => expect(actor).toBeUndefined(),
        Offered: phase('offered'),
        Declining: phase('declining'),
        Taken: () => {
          phase('taken')();
          expect(real().getSnapshot().status).toBe('done');
        },
        Declined: phase('declined'),
        Lapsed: phase('lapsed'),
      } satisfies Record<string, (state: ModelSnapshot) => void>,
    };
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(7);
    expect(takenTransitions(paths)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ paths }, harness);
  expectWalkedFully(waitlistOfferMachine);
});
