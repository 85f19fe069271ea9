/**
 * Model-based paths for booking: the model (tests/machines/models/bookingModel.ts, shared with the
 * rendered app's paths) is the Book Appointment popup as a patient goes through it.
 *
 * Along every path the REAL booking machine runs with fake calls (provided as the app provides
 * the real ones): each step must emit what the person should read and what the app should act
 * on; each state must show what the model says (choices, lists, fee, slot state, login), with no
 * call made that the step did not expect.
 */
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../contract/appointments.js';
import {
  selectCanBook,
  selectChoices,
  selectConsultationTypes,
  selectDoctors,
  selectFee,
  selectFeesStatus,
  selectHeldAppointment,
  selectIsAwaitingLogin,
  selectIsBusy,
  selectLocations,
  selectSlotsStatus,
  type BookingEmitted,
} from '../../machines/booking/bookingMachine.js';
import { noChoices, type BookingChoices, type KeptBooking } from '../../machines/booking/choices.js';
import { refused, settle, unanswered } from './accountFakes.js';
import {
  anita,
  appointmentFor,
  checkout,
  doctors,
  fees,
  kavita,
  someFree,
  startBooking,
  tomorrow,
  user,
  type Booking,
} from './bookingFakes.js';
import { pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { bookEmits, bookingEmits, bookingJourneys, bookingModel, type BookingModelEvent } from './models/bookingModel.js';

const emits = bookingEmits;
type ModelEvent = BookingModelEvent;
const model = bookingModel;

type ModelSnapshot = SnapshotFrom<typeof model>;

const dayAfter = '2025-03-12';
/** A date the doctor has no hours at that location. */
const noScheduleDate = '2025-03-14';

/** What the person reads or the app acts on, as words. */
function words(events: readonly BookingEmitted[]): string[] {
  return events.map((e) =>
    e.type === 'notice' ? (e.notice.kind === 'server' ? `server: ${e.notice.text}` : e.notice.kind) : e.type,
  );
}

function harness() {
  let booking: Booking | undefined;
  /** The choices the person should see, by the spec's rules. */
  let expected: BookingChoices = { ...noChoices };
  /** Slots somebody else took since the popup opened. */
  let taken: string[] = [];
  let held: string | null = null;
  let kept: KeptBooking | null = null;
  let redirects: BookingEmitted[] = [];
  const calls = { addAppointment: 0, createPayment: 0, slotsAnswered: 0 };

  const real = (): Booking => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const listFor = (date: string): TimeSlot[] =>
    date === noScheduleDate ? [] : someFree.map((s) => (taken.includes(s.time) ? { ...s, status: 'booked' as const } : s));
  /** Answers the slot call the step made, if it made one. */
  const answerSlots = async () => {
    const slotCalls = real().calls.loadTimeSlots.calls;
    if (slotCalls.length > calls.slotsAnswered) {
      const call = slotCalls.at(-1);
      calls.slotsAnswered = slotCalls.length;
      call?.resolve(listFor(call.input.date));
      await settle();
    }
  };

  const step =
    (type: ModelEvent['type'], act: (target: string) => void | Promise<void>) =>
    async ({ state }: { state: ModelSnapshot }) => {
      const target = String((state.value as { Booking: string }).Booking);
      booking?.emitted.take();
      await act(target);
      await settle();
      await answerSlots();
      const all = real().emitted.take();
      redirects = all.filter((e) => e.type === 'redirect');
      expect(words(all), type).toEqual(emits[type] ?? bookEmits[target]);
    };
  const choose = (type: ModelEvent['type'], change: Partial<BookingChoices>, event: Parameters<Booking['send']>[0]) =>
    step(type, () => {
      const next = { ...expected, ...change };
      if (next.location !== expected.location || next.doctorEmail !== expected.doctorEmail || next.date !== expected.date) next.time = null;
      if (next.location === '') {
        // Online: Anita has no online hours, and a Clinic Visit is not online.
        if (next.doctorEmail === anita.email) next.doctorEmail = null;
        if (next.consultationType === 'Clinic Visit') next.consultationType = null;
      } else if (next.location !== null) {
        // At a clinic: Kavita consults online only; the type is a Clinic Visit.
        if (next.doctorEmail === kavita.email) next.doctorEmail = null;
        next.consultationType = 'Clinic Visit';
      }
      expected = next;
      real().send(event);
    });
  const open = (loggedIn: boolean, previous: KeptBooking | null = null) => async () => {
    booking?.actor.stop();
    booking = startBooking(loggedIn ? { token: 'tok-1', user, previous } : { token: null, user: null, previous });
    calls.addAppointment = 0;
    calls.createPayment = 0;
    calls.slotsAnswered = 0;
    held = null;
    booking.calls.loadDoctors.latest().resolve(doctors);
    await settle();
  };
  const freeSlot = () => listFor(expected.date ?? '').find((s) => s.status === 'free')?.time ?? 'none';
  const bookedSlot = () => listFor(expected.date ?? '').find((s) => s.status === 'booked')?.time ?? 'none';
  /** Book, with the appointment answered as the server would. */
  const makeAppointment = async () => {
    real().send({ type: 'booking.book' });
    return answerAppointment();
  };
  /** The appointment Book asked for (pressed, or gone on with after a login), answered as the server would. */
  const answerAppointment = async () => {
    calls.addAppointment += 1;
    const call = real().calls.addAppointment.latest();
    expect(call.input.request).toMatchObject({
      location: expected.location,
      doctorEmail: expected.doctorEmail,
      consultationType: expected.consultationType,
      date: expected.date,
      startTime: expected.time,
      appointmentPaymentStatus: 'failed',
    });
    const appointment = appointmentFor(call.input.request);
    call.resolve(appointment);
    await settle();
    calls.createPayment += 1;
    expect(real().calls.createPayment.latest().input.request).toEqual({
      appointmentId: appointment._id,
      consultationAmount: fees.data.find((f) => f.consultationType === expected.consultationType)?.consultationFee,
    });
    return appointment;
  };

  /** What every state of the popup shows, whatever the model state. */
  const common = () => {
    const s = real().snapshot();
    expect(selectChoices(s)).toEqual(expected);
    expect(selectIsBusy(s)).toBe(false);
    expect(real().calls.addAppointment.calls).toHaveLength(calls.addAppointment);
    expect(real().calls.createPayment.calls).toHaveLength(calls.createPayment);
    expect(real().calls.loadTimeSlots.calls).toHaveLength(calls.slotsAnswered);
    return s;
  };

  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', open(true)),
      'open.loggedOut': step('open.loggedOut', open(false)),
      'fees.loaded': step('fees.loaded', () => real().calls.loadFees.latest().resolve(fees)),
      'fees.failed': step('fees.failed', () => real().calls.loadFees.latest().reject(unanswered)),
      'fees.retried': step('fees.retried', () => {
        real().send({ type: 'fees.retry' });
        real().calls.loadFees.latest().resolve(fees);
      }),
      'choose.location': choose('choose.location', { location: 'Bandra' }, { type: 'location.selected', location: 'Bandra' }),
      'choose.online': choose('choose.online', { location: '' }, { type: 'location.selected', location: '' }),
      'choose.clinicDoctor': choose('choose.clinicDoctor', { doctorEmail: anita.email }, { type: 'doctor.selected', doctorEmail: anita.email }),
      'choose.onlineDoctor': choose('choose.onlineDoctor', { doctorEmail: kavita.email }, { type: 'doctor.selected', doctorEmail: kavita.email }),
      'choose.video': choose('choose.video', { consultationType: 'Video' }, { type: 'type.selected', consultationType: 'Video' }),
      'choose.date': step('choose.date', () => {
        const date = expected.date === tomorrow ? dayAfter : tomorrow;
        expected = { ...expected, date, time: null };
        real().send({ type: 'date.selected', date });
      }),
      'choose.dateWithoutSchedule': step('choose.dateWithoutSchedule', () => {
        expected = { ...expected, date: noScheduleDate, time: null };
        real().send({ type: 'date.selected', date: noScheduleDate });
      }),
      'choose.slot': step('choose.slot', () => {
        expected = { ...expected, time: freeSlot() };
        real().send({ type: 'slot.selected', time: freeSlot() });
      }),
      'choose.bookedSlot': step('choose.bookedSlot', () => real().send({ type: 'slot.selected', time: bookedSlot() })),
      book: step('book', async (target) => {
        if (target !== 'Redirected') {
          real().send({ type: 'booking.book' });
          return;
        }
        if (held === null) {
          await makeAppointment();
        } else {
          real().send({ type: 'booking.book' });
          calls.createPayment += 1;
          expect(real().calls.createPayment.latest().input.request.appointmentId).toBe(held);
        }
        real().calls.createPayment.latest().resolve(checkout(calls.createPayment));
        await settle();
      }),
      'book.slotTaken': step('book.slotTaken', () => {
        real().send({ type: 'booking.book' });
        calls.addAppointment += 1;
        taken = [...taken, expected.time ?? ''];
        expected = { ...expected, time: null };
        real().calls.addAppointment.latest().reject(refused(409, 'This slot is already booked'));
      }),
      'book.paymentFails': step('book.paymentFails', async () => {
        held = (await makeAppointment())._id;
        real().calls.createPayment.latest().reject(unanswered);
      }),
      login: step('login', async () => {
        real().send({ type: 'login.succeeded', token: 'tok-2', user });
        await settle();
        await answerAppointment();
        real().calls.createPayment.latest().resolve(checkout(calls.createPayment));
        await settle();
      }),
      'login.cancelled': step('login.cancelled', () => real().send({ type: 'login.cancelled' })),
      reopen: step('reopen', async () => {
        // /paymentfail: the app opens a new popup with what the last one kept. The patient's own
        // hold on the slot shows as free to them.
        if (kept === null) throw new Error('nothing was kept');
        const previous = kept;
        await open(true, previous)();
        real().calls.loadFees.latest().resolve(fees);
        await settle();
        expected = previous.choices;
      }),
    },
    states: {
      'Booking.Closed': () => expect(booking).toBeUndefined(),
      'Booking.Start': () => {
        const s = common();
        expect(selectLocations(s)).toEqual(['Andheri West', 'Bandra', 'Thane']);
        expect(selectDoctors(s)).toEqual([]);
        expect(selectSlotsStatus(s)).toBe('waiting');
      },
      'Booking.Located': () => {
        const s = common();
        expect(selectDoctors(s)).toEqual([anita]);
        expect(selectConsultationTypes(s)).toEqual(['Clinic Visit']);
        expect(expected).toMatchObject({ location: 'Bandra', doctorEmail: null, consultationType: 'Clinic Visit' });
        expect(selectSlotsStatus(s)).toBe('waiting');
      },
      'Booking.Online': () => {
        const s = common();
        expect(selectDoctors(s)).toEqual([kavita]);
        expect(selectConsultationTypes(s)).toEqual(['Chat', 'Video', 'Call']);
        expect(expected).toMatchObject({ location: '', doctorEmail: null, consultationType: null });
        expect(selectSlotsStatus(s)).toBe('waiting');
      },
      'Booking.OnlineDoctor': () => {
        expect(selectConsultationTypes(common())).toEqual(['Chat', 'Video', 'Call']);
        expect(expected).toMatchObject({ location: '', doctorEmail: kavita.email, consultationType: null });
      },
      'Booking.ClinicVisit': () => {
        expect(selectConsultationTypes(common())).toEqual(['Clinic Visit']);
        expect(expected).toMatchObject({ location: 'Bandra', doctorEmail: anita.email, consultationType: 'Clinic Visit', date: null });
      },
      'Booking.Video': () => {
        common();
        expect(expected).toMatchObject({ location: '', doctorEmail: kavita.email, consultationType: 'Video', date: null });
      },
      'Booking.Dated': () => {
        const s = common();
        expect(selectSlotsStatus(s)).toBe('ready');
        expect(expected.time).toBeNull();
        expect(selectCanBook(s)).toBe(false);
      },
      'Booking.NoSchedule': () => {
        const s = common();
        expect(selectSlotsStatus(s)).toBe('noSchedule');
        expect(selectCanBook(s)).toBe(false);
      },
      'Booking.Slotted': (state: ModelSnapshot) => {
        const s = common();
        expect(expected.time).not.toBeNull();
        expect(selectSlotsStatus(s)).toBe('ready');
        expect(selectIsAwaitingLogin(s)).toBe(false);
        expect(selectCanBook(s)).toBe(state.matches({ Fees: 'Ready' }));
      },
      'Booking.AwaitingLogin': () => {
        const s = common();
        expect(selectIsAwaitingLogin(s)).toBe(true);
        expect(selectCanBook(s)).toBe(false);
      },
      'Booking.PaymentFailed': () => {
        const s = common();
        expect(selectHeldAppointment(s)?._id).toBe(held);
        expect(selectCanBook(s)).toBe(true);
      },
      'Booking.Redirected': () => {
        const s = common();
        expect(s.status).toBe('done');
        expect(redirects).toHaveLength(1);
        const redirect = redirects[0] as Extract<BookingEmitted, { type: 'redirect' }>;
        const payUrl = checkout(calls.createPayment).checkoutPageUrl;
        expect(redirect).toEqual({
          type: 'redirect',
          url: `/#/payment?payUrl=${encodeURIComponent(payUrl)}`,
          payUrl,
          kept: { choices: expected, details: s.context.details },
        });
        expect(s.output?.kept).toEqual(redirect.kept);
        kept = redirect.kept;
      },
      'Fees.Loading': () => {
        expect(selectFee(real().snapshot())).toBe(500);
        expect(selectFeesStatus(real().snapshot())).toBe('loading');
      },
      'Fees.Failed': () => {
        expect(selectFee(real().snapshot())).toBe(500);
        expect(selectFeesStatus(real().snapshot())).toBe('failed');
      },
      'Fees.Ready': () => {
        const type = expected.consultationType;
        expect(selectFee(real().snapshot())).toBe(fees.data.find((f) => f.consultationType === type)?.consultationFee ?? 500);
        expect(selectFeesStatus(real().snapshot())).toBe('ready');
      },
      'Auth.In': () => expect(real().snapshot().context.token).not.toBeNull(),
      'Auth.Out': () => expect(real().snapshot().context.token).toBeNull(),
    },
  };
}

describe('bookingMachine paths', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = bookingJourneys.flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and the journeys end at the checkout', () => {
    const key = (state: ModelSnapshot | undefined) => JSON.stringify(state?.value);
    const adjacency = Object.values(testModel.getAdjacencyMap());
    const declared = new Set(
      adjacency.flatMap(({ state, transitions }) =>
        (Object.values(transitions) as Array<{ event: ModelEvent }>).map(({ event }) => `${key(state)} ${event.type}`),
      ),
    );
    const taken = new Set(everyTransition.map((p) => `${key(p.steps.at(-2)?.state)} ${p.steps.at(-1)?.event.type}`));
    expect(taken).toEqual(declared);
    expect(declared.size).toBeGreaterThan(100);
    // Every event of the model is used.
    const events = new Set(everyTransition.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(emits)) expect(events, type).toContain(type);
    expect(journeys).toHaveLength(7);
    for (const journey of journeys) expect(journey.state.value).toMatchObject({ Booking: 'Redirected' });
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
