/**
 * Model-based paths for the follow-up on a completed appointment's card
 * (machines/followUp/followUpMachine.ts): the offer loaded (single, course, course with a clash,
 * booked, or failed), a slot tapped opens the booking popup preset, a course confirmed and booked
 * (or a slot taken meanwhile: the new proposal loaded), the booked series kept shown with its
 * .ics and cancel-all. Along every path the REAL machine runs with hand-resolved calls; each state
 * must show what the model says: the machine's state, the calls sent, the effects emitted.
 */
import { createActor, createMachine, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { FollowUpOffer, FollowUpSlot } from '../../contract/followUps.js';
import { followUpMachine, type BookAllInput, type FollowUpEmitted, type FollowUpInput } from '../../machines/followUp/followUpMachine.js';
import { selectShowsSeries } from '../../machines/followUp/selectors.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';

type ModelEvent =
  | 'loadedSingle' | 'loadedCourse' | 'loadedClash' | 'loadedBooked' | 'loadFailed'
  | 'choose' | 'confirm' | 'back' | 'tick' | 'untick' | 'bookUnticked' | 'book' | 'bookOk' | 'bookTaken' | 'bookFailed'
  | 'calendar' | 'cancelAll' | 'cancelled' | 'cancelFailed' | 'retry';

const model = createMachine({
  id: 'followUpModel',
  types: {} as { events: { type: ModelEvent } },
  initial: 'Loading',
  states: {
    Loading: { on: { loadedSingle: 'OfferLoaded', loadedCourse: 'CourseProposed', loadedClash: 'ClashShown', loadedBooked: 'Booked', loadFailed: 'Failed' } },
    OfferLoaded: { on: { choose: 'OfferLoaded' } },
    CourseProposed: { on: { confirm: 'ConfirmingCourse' } },
    ClashShown: { on: { confirm: 'ConfirmingClash' } },
    // The course is a Video one: Book all waits for the teleconsultation consent.
    ConfirmingCourse: { on: { back: 'CourseProposed', bookUnticked: 'ConfirmingCourse', tick: 'ConsentedCourse' } },
    ConsentedCourse: { on: { untick: 'ConfirmingCourse', book: 'Booking' } },
    ConfirmingClash: { on: { back: 'ClashShown', book: 'Booking' } },
    Booking: { on: { bookOk: 'Booked', bookTaken: 'Loading', bookFailed: 'Failed' } },
    Booked: { on: { calendar: 'Booked', cancelAll: 'Cancelling' } },
    Cancelling: { on: { cancelled: 'CourseProposed', cancelFailed: 'Booked' } },
    Failed: { on: { retry: 'Loading' } },
  },
});

const slot = (date: string, startTime = '11:00') => ({ date, startTime }) as FollowUpSlot;
const occurrence = (index: number, date: string, clash: string | null = null, booked = false) => ({
  index,
  wanted: slot(date),
  clash: clash as FollowUpOffer['occurrences'][number]['clash'],
  proposed: clash ? slot(date, '11:15') : slot(date),
  booked: booked ? { appointmentId: `a${index}`, appointmentNumber: `SHC-25-00000${index}`, date: slot(date).date, startTime: slot(date).startTime, status: 'Booked', paymentStatus: 'failed' } : null,
});
const offerOf = (times: number, state: 'open' | 'booked', clash = false, consultationType: FollowUpOffer['consultationType'] = 'Clinic Visit'): FollowUpOffer => ({
  appointmentId: 'first',
  doctorEmail: 'meera.kulkarni@sahaj-clinic.example',
  doctorName: 'Dr. Meera Kulkarni',
  location: consultationType === 'Clinic Visit' ? 'Aundh' : '',
  consultationType,
  dueDate: slot('2025-03-25').date,
  every: 2,
  unit: 'weeks',
  times,
  state,
  slots: times === 1 && state === 'open' ? [slot('2025-03-23', '10:00'), slot('2025-03-25')] : [],
  occurrences: ['2025-03-25', '2025-04-08'].slice(0, times).map((d, k) => occurrence(k + 1, d, clash && k === 1 ? 'booked' : null, state === 'booked')),
  fee: 600,
});

function harness() {
  const pending: Array<{ src: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const call = <I>(src: string) =>
    fromPromise<FollowUpOffer, I>(({ input }) => new Promise((resolve, reject) => pending.push({ src, input, resolve: resolve as (v: unknown) => void, reject })));
  const emitted: FollowUpEmitted[] = [];
  const actor = createActor(followUpMachine.provide({ actors: { loadOffer: call<FollowUpInput>('loadOffer'), bookAll: call<BookAllInput>('bookAll'), cancelAll: call<FollowUpInput>('cancelAll') } }), {
    input: { appointmentId: 'first', token: 'tok' },
    inspect: recordWalk,
  });
  for (const type of ['notice', 'openBooking', 'downloadCalendar', 'announceChanged'] as const) actor.on(type, (e) => void emitted.push(e as FollowUpEmitted));
  actor.start();
  let lastCourse: FollowUpOffer = offerOf(2, 'open');
  const answer = (src: string, value: unknown, ok = true) => async () => {
    const p = pending.shift();
    expect(p?.src).toBe(src);
    if (ok) p!.resolve(value);
    else p!.reject(value);
    await settle();
  };
  const send = (event: Parameters<typeof actor.send>[0]) => async () => {
    actor.send(event);
    await settle();
  };
  const is = (state: string, check: () => void = () => undefined) => () => {
    expect(actor.getSnapshot().value).toBe(state);
    check();
  };
  const noticeKinds = () => emitted.filter((e) => e.type === 'notice').map((e) => (e.type === 'notice' ? e.notice.kind : ''));
  return {
    stop: () => actor.stop(),
    events: {
      loadedSingle: answer('loadOffer', offerOf(1, 'open')),
      loadedCourse: async () => {
        lastCourse = offerOf(2, 'open', false, 'Video');
        await answer('loadOffer', lastCourse)();
      },
      loadedClash: async () => {
        lastCourse = offerOf(2, 'open', true);
        await answer('loadOffer', lastCourse)();
      },
      loadedBooked: answer('loadOffer', offerOf(2, 'booked')),
      loadFailed: answer('loadOffer', unanswered, false),
      choose: send({ type: 'slot.chosen', slot: slot('2025-03-23', '10:00') }),
      confirm: send({ type: 'course.confirm' }),
      back: send({ type: 'course.back' }),
      tick: send({ type: 'consent.changed', text: 'I consent to a teleconsultation.' }),
      untick: send({ type: 'consent.changed', text: null }),
      // Without the consent a Video course's Book all is refused: nothing is sent.
      bookUnticked: async () => {
        await send({ type: 'course.book' })();
        expect(pending).toEqual([]);
      },
      book: async () => {
        await send({ type: 'course.book' })();
        // Book all sends each occurrence's proposal: the clash's nearest free slot instead of its wanted time.
        // The consent's words travel with a teleconsultation; a Clinic Visit sends none.
        const consentText = lastCourse.consultationType === 'Clinic Visit' ? null : 'I consent to a teleconsultation.';
        expect(pending[0]).toMatchObject({ src: 'bookAll', input: { appointmentId: 'first', occurrences: lastCourse.occurrences.map((o) => o.proposed), consentText } });
      },
      // Visits came (or went): the appointments list is told to load again.
      bookOk: async () => {
        await answer('bookAll', offerOf(2, 'booked'))();
        expect(emitted.at(-1)).toEqual({ type: 'announceChanged' });
      },
      bookTaken: answer('bookAll', refused(409, 'One of these slots was just booked by somebody else.'), false),
      bookFailed: answer('bookAll', unanswered, false),
      calendar: send({ type: 'series.calendar' }),
      cancelAll: send({ type: 'series.cancelAll' }),
      cancelled: async () => {
        await answer('cancelAll', offerOf(2, 'open'))();
        expect(emitted.at(-1)).toEqual({ type: 'announceChanged' });
      },
      cancelFailed: answer('cancelAll', unanswered, false),
      retry: send({ type: 'retry' }),
    } satisfies Record<ModelEvent, () => Promise<void>>,
    states: {
      Loading: is('Loading', () => expect(pending.map((p) => p.src)).toEqual(['loadOffer'])),
      OfferLoaded: is('OfferLoaded', () => {
        for (const e of emitted.filter((x) => x.type === 'openBooking')) {
          expect(e).toEqual({
            type: 'openBooking',
            preset: { doctorEmail: 'meera.kulkarni@sahaj-clinic.example', location: 'Aundh', consultationType: 'Clinic Visit', date: '2025-03-23', startTime: '10:00' },
          });
        }
      }),
      CourseProposed: is('CourseProposed', () => expect(selectShowsSeries(actor.getSnapshot())).toBe(true)),
      ClashShown: is('ClashShown', () => expect(actor.getSnapshot().context.offer!.occurrences[1]!.clash).toBe('booked')),
      ConfirmingCourse: is('Confirming', () => expect(actor.getSnapshot().context.consent).toBeNull()),
      ConsentedCourse: is('Confirming', () => expect(actor.getSnapshot().context.consent).toBe('I consent to a teleconsultation.')),
      ConfirmingClash: is('Confirming'),
      Booking: is('Booking', () => expect(actor.getSnapshot().hasTag('busy')).toBe(true)),
      // The booked series stays shown after Book all.
      Booked: is('Booked', () => {
        expect(selectShowsSeries(actor.getSnapshot())).toBe(true);
        expect(actor.getSnapshot().context.offer!.state).toBe('booked');
        for (const e of emitted.filter((x) => x.type === 'downloadCalendar')) expect(e).toEqual({ type: 'downloadCalendar', appointmentId: 'first' });
      }),
      Cancelling: is('Cancelling', () => expect(pending.map((p) => p.src)).toEqual(['cancelAll'])),
      Failed: is('Failed', () => expect(noticeKinds().at(-1)).toBe('failed')),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('followUpMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['loadedClash', 'confirm', 'back', 'confirm', 'book', 'bookTaken', 'loadedCourse', 'confirm', 'tick', 'book', 'bookOk', 'calendar', 'cancelAll', 'cancelled'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(23);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(followUpMachine);
});
