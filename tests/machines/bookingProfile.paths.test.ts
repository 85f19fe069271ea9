/**
 * Model-based paths for the first booking of an account made by a mobile number (no name, age or
 * gender yet): Book asks for them on the details step (refused on the client while blank), saves
 * them on the account (PUT /auth/profile) before the appointment is made, once: a 400 naming a
 * field shows on it, no answer says 'Something went wrong.', an ended login asks for the login
 * again, after which Book goes on by itself; saved, the session is told, and the next popup is prefilled and books without asking.
 *
 * Along every path the REAL booking machine runs with its calls answered by hand; each step must
 * emit what the model says, each state must show the calls made and the details shown.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth.js';
import { selectDetailErrors, selectDetails, selectUser } from '../../machines/booking/bookingMachine.js';
import type { BookingUser } from '../../machines/booking/choices.js';
import { profileIncomplete } from '../../machines/booking/details.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { appointmentFor, checkout, chosen, loaded, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

/** A mobile sign-up: the number only. */
const mobileUser: BookingUser = { firstName: '', lastName: '', email: null, phoneNumber: '+919822012345', age: null, gender: null };
/** The same account as PUT /auth/profile answers it. */
const savedUser: User = {
  _id: 'u9',
  firstName: 'Ravi',
  lastName: 'Patil',
  email: null,
  phoneNumber: '+919822012345',
  age: 61,
  gender: 'male',
  signInMethod: 'phone',
  role: 'patient',
  phoneVerified: true,
};

const emits = {
  open: [],
  'book.blank': [],
  'fill.details': [],
  'book.saveNamesAge': [],
  'fix.age': [],
  'book.saveUnanswered': ['somethingWentWrong'],
  'book.saveExpired': ['login.required'],
  /** Logged in again, Book goes on by itself: the details saved, the appointment made. */
  'login.again': ['profileSaved', 'redirect'],
  'book.ok': ['profileSaved', 'redirect'],
  reopen: [],
  'book.again': ['redirect'],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'bookingProfileModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Asked' } },
    /** A Clinic Visit chosen; the details for "Myself": no name, age or gender. */
    Asked: { on: { 'book.blank': 'Asked', 'fill.details': 'Filled' } },
    Filled: {
      on: {
        'book.saveNamesAge': 'AgeShown',
        'book.saveUnanswered': 'Filled',
        'book.saveExpired': 'LoginAsked',
        'book.ok': 'Redirected',
      },
    },
    AgeShown: { on: { 'fix.age': 'Filled' } },
    LoginAsked: { on: { 'login.again': 'Redirected' } },
    Redirected: { on: { reopen: 'Prefilled' } },
    /** A later popup, with the session's user as saved. */
    Prefilled: { on: { 'book.again': 'Done' } },
    Done: {},
  },
});

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  const expected = { saves: 0, books: 0 };
  const bookNow = () => real().send({ type: 'booking.book' });
  const save = (settleCall: (call: ReturnType<Booking['calls']['saveProfile']['latest']>) => void) => () => {
    bookNow();
    expected.saves += 1;
    const call = real().calls.saveProfile.latest();
    expect(call.input).toEqual({ input: { firstName: 'Ravi', lastName: 'Patil', phoneNumber: '+919822012345', age: 61, gender: 'male' }, token: 'tok-1' });
    settleCall(call);
  };
  const bookAndPay = async () => {
    expected.books += 1;
    const call = real().calls.addAppointment.latest();
    // An account without an email books without one: the request leaves it out.
    expect(call.input.request).not.toHaveProperty('email');
    call.resolve(appointmentFor(call.input.request));
    await settle();
    real().calls.createPayment.latest().resolve(checkout());
  };
  const calls = () => {
    const c = real().calls;
    expect({ saves: c.saveProfile.calls.length, books: c.addAppointment.calls.length }).toEqual(expected);
  };

  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', async () => {
        booking = await chosen(await loaded({ user: mobileUser }));
      }),
      'book.blank': step('book.blank', bookNow),
      'fill.details': step('fill.details', () =>
        real().send({ type: 'details.changed', details: { firstName: 'Ravi', lastName: 'Patil', age: '61', gender: 'male' } }),
      ),
      'book.saveNamesAge': step(
        'book.saveNamesAge',
        save((call) => call.reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'age', message: 'must be a whole number from 1 to 120' }] })),
      ),
      'fix.age': step('fix.age', () => real().send({ type: 'details.changed', details: { age: '61' } })),
      'book.saveUnanswered': step('book.saveUnanswered', save((call) => call.reject(unanswered))),
      'book.saveExpired': step('book.saveExpired', save((call) => call.reject(refused(401, 'Please log in again.')))),
      'login.again': step('login.again', async () => {
        real().send({ type: 'login.succeeded', token: 'tok-1', user: mobileUser });
        await settle();
        expected.saves += 1;
        const call = real().calls.saveProfile.latest();
        expect(call.input.input).toEqual({ firstName: 'Ravi', lastName: 'Patil', phoneNumber: '+919822012345', age: 61, gender: 'male' });
        call.resolve(savedUser);
        await settle();
        await bookAndPay();
      }),
      'book.ok': step('book.ok', async () => {
        save((call) => call.resolve(savedUser))();
        await settle();
        expect(real().emitted.all.filter((e) => e.type === 'profileSaved')).toEqual([{ type: 'profileSaved', user: savedUser }]);
        await bookAndPay();
      }),
      reopen: step('reopen', async () => {
        real().actor.stop();
        // The session's user is the saved one now (session.profileSaved): a new popup starts from it.
        booking = await chosen(await loaded({ user: savedUser }));
        expected.saves = 0;
        expected.books = 0;
      }),
      'book.again': step('book.again', async () => {
        bookNow();
        await bookAndPay();
      }),
    },
    states: {
      Closed: () => undefined,
      Asked: () => {
        const s = real().snapshot();
        expect(profileIncomplete(selectUser(s))).toBe(true);
        expect(selectDetails(s)).toMatchObject({ firstName: '', lastName: '', age: '', gender: '', phoneNumber: '+919822012345' });
        calls();
      },
      Filled: () => {
        expect(selectDetailErrors(real().snapshot())).toEqual({});
        calls();
      },
      AgeShown: () => {
        expect(Object.keys(selectDetailErrors(real().snapshot()))).toEqual(['age']);
        calls();
      },
      LoginAsked: () => {
        expect(real().snapshot().matches({ Open: { Flow: 'AwaitingLogin' } })).toBe(true);
        calls();
      },
      Redirected: () => {
        const s = real().snapshot();
        expect(s.status).toBe('done');
        expect(selectUser(s)).toEqual(savedUser);
        calls();
      },
      // Prefilled from the account; not asked again.
      Prefilled: () => {
        const s = real().snapshot();
        expect(profileIncomplete(selectUser(s))).toBe(false);
        expect(selectDetails(s)).toMatchObject({ firstName: 'Ravi', lastName: 'Patil', age: '61', gender: 'male' });
        calls();
      },
      Done: () => {
        expect(real().snapshot().status).toBe('done');
        calls();
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('bookingMachine first-booking profile paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(11);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  it('asks a Google sign-up (a name, but no age or gender) once too', () => {
    expect(profileIncomplete({ firstName: 'Gita', lastName: 'Rao', email: 'gita@example.in', phoneNumber: null, age: null, gender: null })).toBe(true);
  });

  testPaths({ 'every transition': everyTransition }, harness);
});
