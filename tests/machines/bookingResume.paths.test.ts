/**
 * Model-based paths for Book after the login it asked for: the booking goes on by itself once the
 * account is known, when nothing more is needed (the person pressed Book once). The session tells
 * the popup twice: first with the login answer's few fields, then with the whole account.
 *
 * - the login answer names everything: booked and sent to the checkout at once;
 * - it names only some (no phone, age, gender): the popup waits, busy, for the whole account; then
 *   books, or asks what a new account lacks (a mobile sign-up: its name, age and gender);
 * - a login that lapsed while paying an appointment already made: logged in again, it pays that
 *   one, with no second appointment.
 *
 * Along every path the REAL booking machine runs with its calls answered by hand; each step must
 * emit what the model says, each state must show the calls made and what the popup shows. (The
 * slots are not asked again with the token: the same list only takes it for the loads to come.)
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { selectDetails, selectIsAwaitingLogin, selectIsBusy } from '../../machines/booking/bookingMachine.js';
import type { BookingUser } from '../../machines/booking/choices.js';
import { refused, settle } from './accountFakes.js';
import { appointmentFor, checkout, chosen, loaded, user, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

/** The login answer's fields: who it is, not their phone, age or gender. */
const loginAnswer: BookingUser = { ...user, phoneNumber: null, age: null, gender: null };
/** A new account made by a mobile number: the number only. */
const newNumber: BookingUser = { firstName: '', lastName: '', email: null, phoneNumber: '+919822012345', age: null, gender: null };

const emits = {
  open: [],
  'open.loggedIn': [],
  book: ['login.required'],
  'book.paymentExpired': ['login.required'],
  'login.whole': ['redirect'],
  'login.partial': [],
  'account.whole': ['redirect'],
  'account.new': [],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'bookingResumeModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Chosen', 'open.loggedIn': 'ChosenLoggedIn' } },
    /** Logged out, a Clinic Visit chosen, no details typed. */
    Chosen: { on: { book: 'LoginAsked' } },
    /** Logged in; Book makes the appointment, and its checkout call finds the login lapsed. */
    ChosenLoggedIn: { on: { 'book.paymentExpired': 'LoginAgain' } },
    LoginAsked: { on: { 'login.whole': 'Redirected', 'login.partial': 'WaitingAccount' } },
    LoginAgain: { on: { 'login.whole': 'Redirected' } },
    WaitingAccount: { on: { 'account.whole': 'Redirected', 'account.new': 'AskedDetails' } },
    Redirected: {},
    AskedDetails: {},
  },
});

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  const expected = { books: 0, payments: 0 };
  let held: string | null = null;
  /** What Book went on to: the appointment made (unless one is held) and its checkout opened. */
  const goneOn = async () => {
    if (held === null) {
      expected.books += 1;
      const call = real().calls.addAppointment.latest();
      expect(call.input.request).toMatchObject({ phoneNumber: user.phoneNumber, age: user.age, gender: user.gender, startTime: '10:00' });
      call.resolve(appointmentFor(call.input.request));
      await settle();
    }
    expected.payments += 1;
    const payment = real().calls.createPayment.latest();
    if (held !== null) expect(payment.input.request.appointmentId).toBe(held);
    payment.resolve(checkout(expected.payments));
    await settle();
  };
  const secondWord = (who: BookingUser) => () => {
    real().send({ type: 'login.succeeded', token: 'tok-2', user: who });
  };
  const calls = () => {
    const c = real().calls;
    expect({ books: c.addAppointment.calls.length, payments: c.createPayment.calls.length }).toEqual(expected);
  };
  const open = (loggedIn: boolean) => async () => {
    booking = await chosen(await loaded(loggedIn ? {} : { token: null, user: null }));
  };

  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', open(false)),
      'open.loggedIn': step('open.loggedIn', open(true)),
      book: step('book', () => real().send({ type: 'booking.book' })),
      'book.paymentExpired': step('book.paymentExpired', async () => {
        real().send({ type: 'booking.book' });
        expected.books += 1;
        const call = real().calls.addAppointment.latest();
        const appointment = appointmentFor(call.input.request);
        held = appointment._id;
        call.resolve(appointment);
        await settle();
        expected.payments += 1;
        real().calls.createPayment.latest().reject(refused(401, 'Please log in again.'));
      }),
      'login.whole': step('login.whole', async () => {
        real().send({ type: 'login.succeeded', token: 'tok-2', user });
        await settle();
        await goneOn();
      }),
      'login.partial': step('login.partial', () => real().send({ type: 'login.succeeded', token: 'tok-2', user: loginAnswer })),
      'account.whole': step('account.whole', async () => {
        secondWord(user)();
        await settle();
        await goneOn();
      }),
      'account.new': step('account.new', secondWord(newNumber)),
    },
    states: {
      Closed: () => undefined,
      Chosen: () => calls(),
      ChosenLoggedIn: () => calls(),
      LoginAsked: () => {
        expect(selectIsAwaitingLogin(real().snapshot())).toBe(true);
        calls();
      },
      LoginAgain: () => {
        expect(selectIsAwaitingLogin(real().snapshot())).toBe(true);
        calls();
      },
      // Busy (nothing can be changed meanwhile), nothing booked yet.
      WaitingAccount: () => {
        const s = real().snapshot();
        expect(s.matches({ Open: { Flow: 'AwaitingAccount' } })).toBe(true);
        expect(selectIsBusy(s)).toBe(true);
        calls();
      },
      Redirected: () => {
        expect(real().snapshot().status).toBe('done');
        calls();
      },
      // A new account: back to the details, where its name, age and gender are asked; nothing booked.
      AskedDetails: () => {
        const s = real().snapshot();
        expect(s.matches({ Open: { Flow: 'Choosing' } })).toBe(true);
        expect(selectIsBusy(s)).toBe(false);
        expect(selectDetails(s)).toMatchObject({ phoneNumber: '+919822012345', age: '', gender: '' });
        calls();
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('bookingMachine: Book goes on after the login it asked for', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(9);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ 'every transition': everyTransition }, harness);
});
