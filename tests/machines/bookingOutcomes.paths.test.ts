/**
 * Model-based paths for the answers to Book that bookingMachine.paths.test.ts does not give: the
 * appointment made at another fee than shown, a login that expired (making the appointment, or
 * paying it), no answer, and the payment refused (the slot taken meanwhile, or another refusal).
 * Along every path the REAL machine runs with its calls answered by hand; each step must emit
 * what the person reads and the app acts on, each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { selectChoices, selectFee, selectIsAwaitingLogin, selectIsBusy } from '../../machines/booking/bookingMachine.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { appointmentFor, chosen, fees, loaded, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

const emits = {
  open: [],
  'book.feeDiffers': ['feeChanged'],
  'book.expired': ['login.required'],
  'book.unanswered': ['somethingWentWrong'],
  'pay.expired': ['login.required'],
  'pay.slotTaken': ['server: This slot is already booked'],
  'pay.refused': ['server: The amount does not match.'],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'bookingOutcomesModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'Slotted' } },
    /** Logged in, every choice made, a free slot chosen: Book goes ahead. */
    Slotted: {
      on: {
        'book.feeDiffers': 'FeeCorrected',
        'book.expired': 'AwaitingLogin',
        'book.unanswered': 'Slotted',
        'pay.expired': 'AwaitingLogin',
        'pay.slotTaken': 'SlotDropped',
        'pay.refused': 'Slotted',
      },
    },
    /** The appointment is held at the server's fee, shown now; Book pays it. */
    FeeCorrected: {},
    /** The token was dropped: the login popup is asked for. */
    AwaitingLogin: {},
    /** The slot was taken meanwhile: no slot chosen. */
    SlotDropped: {},
  },
});

const clinicVisitFee = fees.data.find((f) => f.consultationType === 'Clinic Visit')?.consultationFee ?? 0;

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  let fee = clinicVisitFee;
  let books = 0;
  let payments = 0;
  /** Book; the appointment answered with `answer` (null: made as asked). */
  const book = async (answer: ((call: ReturnType<Booking['calls']['addAppointment']['latest']>) => void) | null) => {
    real().send({ type: 'booking.book' });
    books += 1;
    const call = real().calls.addAppointment.latest();
    if (answer) return answer(call);
    call.resolve(appointmentFor(call.input.request));
    await settle();
    payments += 1;
  };
  const pay = (settleCall: (call: ReturnType<Booking['calls']['createPayment']['latest']>) => void) => async () => {
    await book(null);
    settleCall(real().calls.createPayment.latest());
  };
  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', async () => {
        booking = await chosen(await loaded());
        real().emitted.take();
      }),
      'book.feeDiffers': step('book.feeDiffers', () =>
        book((call) => {
          fee = clinicVisitFee + 100;
          call.resolve(appointmentFor(call.input.request, { consultationFee: fee }));
        }),
      ),
      'book.expired': step('book.expired', () => book((call) => call.reject(refused(401, 'Please log in again.')))),
      'book.unanswered': step('book.unanswered', () => book((call) => call.reject(unanswered))),
      'pay.expired': step('pay.expired', pay((call) => call.reject(refused(401, 'Please log in again.')))),
      'pay.slotTaken': step('pay.slotTaken', pay((call) => call.reject(refused(409, 'This slot is already booked')))),
      'pay.refused': step('pay.refused', pay((call) => call.reject(refused(400, 'The amount does not match.')))),
    },
    states: {
      NotOpen: () => expect(booking).toBeUndefined(),
      Slotted: () => {
        const s = real().snapshot();
        expect(selectIsBusy(s)).toBe(false);
        expect(selectChoices(s).time).toBe('10:00');
        expect(selectFee(s)).toBe(fee);
        expect(real().calls.addAppointment.calls).toHaveLength(books);
        expect(real().calls.createPayment.calls).toHaveLength(payments);
      },
      FeeCorrected: () => {
        const s = real().snapshot();
        expect(selectIsBusy(s)).toBe(false);
        expect(selectFee(s)).toBe(fee);
        expect(real().calls.createPayment.calls).toHaveLength(payments);
      },
      AwaitingLogin: () => {
        expect(selectIsAwaitingLogin(real().snapshot())).toBe(true);
        expect(real().snapshot().context.token).toBeNull();
      },
      SlotDropped: () => {
        const s = real().snapshot();
        expect(selectIsBusy(s)).toBe(false);
        expect(selectChoices(s).time).toBeNull();
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('bookingMachine answers to Book paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['open', 'book.unanswered', 'pay.refused', 'book.feeDiffers'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(7);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
