/**
 * The booking's test model (tests/machines/models/bookingModel.ts, the one the machine's path test
 * walks) driven through the RENDERED app: the Book Appointment popup, its provider, the login
 * popup, /payment and /paymentfail, with the booking and account calls answered by hand. The
 * model's journeys (the issue's cases, end to end) are walked here: every transition is the
 * machine's path test's job, and rendering the whole app per path is costly. So the seams are
 * walked, not only the machine: a choice made on screen must reach the machine, and what the
 * machine says (the lists, the fee, the slots, the toasts, the login popup, the checkout) must
 * reach the screen.
 *
 * What these tests assume of the app: `renderBookingApp` and `fakeBooking` (./bookingSupport.tsx);
 * everything else is what a person sees and does: the dialogs by name, the fields 'Location',
 * 'Doctor', 'Consultation type', 'Date', the 'Time slot' radios, 'Book', 'Try again', the fee
 * (its test id), the toasts' words, the router's path.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { TimeSlot } from '../../contract/appointments';
import { refused, unanswered } from '../machines/accountFakes';
import { anita, appointmentFor, doctors, fees, kavita, someFree } from '../machines/bookingFakes';
import { testPaths } from '../machines/modelPaths';
import { bookEmits, bookingEmits, bookingJourneys, bookingModel, type BookingModelEvent } from '../machines/models/bookingModel';
import { checkoutAnswer, dayAfter, fakeBooking, type FakeBooking, renderBookingApp, sandboxCheckout } from './bookingSupport';
import { answer, answerWhenCalled, currentPath, demoUser, fakeAccount, type FakeAccount, loginUser, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await Promise.all([
    import('../../src/components/Booking/BookingPopup'),
    import('../../src/pages/Payment/PaymentPage'),
    import('../../src/pages/Payment/PaymentResultPage'),
  ]);
}, 30_000);

afterEach(() => sessionStorage.clear());
// A journey renders the whole app and goes through up to a dozen steps: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

type ModelSnapshot = SnapshotFrom<typeof bookingModel>;
/** A lazily loaded popup on a busy machine: more than Testing Library's default second. */
const chunkMs = 10_000;
type Choices = { location: string; doctor: string; type: string; date: string; time: string | null };

const firstDay = dayAfter(3);
const secondDay = dayAfter(4);
/** A day the doctor has no hours at that place: the server answers no slots. */
const noScheduleDay = dayAfter(5);

/** The machine's notices (as the model names them) in the person's words; the login popup and the checkout are checked as states. */
const toastWords: Record<string, string | null> = {
  missingChoices: 'Please select all required fields.',
  feeUnknown: 'The consultation fee could not be loaded. Please try again.',
  somethingWentWrong: 'Something went wrong.',
  'server: This slot is already booked': 'This slot is already booked',
  'login.required': null,
  redirect: null,
};

function harness() {
  const user = userEvent.setup();
  let account: FakeAccount | undefined;
  let booking: FakeBooking | undefined;
  let expected: Choices = { location: '', doctor: '', type: '', date: '', time: null };
  let taken: string[] = [];
  let held: string | null = null;
  let slotsAnswered = 0;

  const calls = () => {
    if (!booking) throw new Error('the app is not rendered');
    return booking;
  };
  const popup = () => screen.queryByRole('dialog', { name: 'Book Appointment' });
  const dialog = () => {
    const open = popup();
    if (!open) throw new Error('the Book Appointment popup is not open');
    return within(open);
  };
  const field = (label: string) => dialog().getByLabelText(label) as HTMLSelectElement | HTMLInputElement;
  const optionValues = (label: string) => [...(field(label) as HTMLSelectElement).options].map((o) => o.value).filter((v) => v !== '');
  const radios = () => {
    const slots = dialog().queryByRole('group', { name: 'Time slot' });
    return slots ? (within(slots).queryAllByRole('radio') as HTMLInputElement[]) : [];
  };
  const toasts = () => [...document.querySelectorAll('.toast__text')];

  const listFor = (date: string): TimeSlot[] =>
    date === noScheduleDay ? [] : someFree.map((s) => (taken.includes(s.time) ? { ...s, status: 'booked' as const } : s));
  /** Answers the slot call a step made (the date, the login's new token, a 409's refresh), as the server would. */
  const answerSlots = async () => {
    await answer(() => {});
    const slotCalls = calls().loadTimeSlots.calls;
    if (slotCalls.length > slotsAnswered) {
      slotsAnswered = slotCalls.length;
      const call = slotCalls.at(-1)!;
      await answer(() => call.resolve(listFor(call.input.date)));
    }
  };

  const step =
    (type: BookingModelEvent['type'], act: (target: string) => Promise<void>) =>
    async ({ state }: { state: ModelSnapshot }) => {
      const target = String((state.value as { Booking: string }).Booking);
      const before = new Set(toasts());
      await act(target);
      await answerSlots();
      const notices = (bookingEmits[type] ?? bookEmits[target] ?? []).map((w) => toastWords[w]).filter((w): w is string => w !== null);
      const fresh = () => toasts().filter((t) => !before.has(t) && t.textContent !== `Welcome ${loginUser.firstName}!`).map((t) => t.textContent);
      await waitFor(() => expect(fresh(), type).toEqual(notices));
    };

  const render = async (loggedIn: boolean, route = '/') => {
    booking = fakeBooking();
    slotsAnswered = 0;
    held = null;
    account = fakeAccount({ storedToken: loggedIn ? 'tok-stored' : null });
    renderBookingApp({ route, account, booking });
    if (loggedIn) {
      await answer(() => account!.fetchCurrentUser.latest().resolve(demoUser));
      await screen.findByRole('button', { name: 'My Profile' });
    }
  };
  const open = (loggedIn: boolean) => async () => {
    await render(loggedIn);
    await user.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
    await screen.findByRole('dialog', { name: 'Book Appointment' }, { timeout: chunkMs });
    await answerWhenCalled(calls().loadDoctors, (call) => call.resolve(doctors));
  };
  /** A choice made in a select, with what it clears by the spec's rules (as the machine's path test expects). */
  const choose = (type: BookingModelEvent['type'], label: string, value: string, change: Partial<Choices>) =>
    step(type, async () => {
      const next = { ...expected, ...change };
      if (next.location !== expected.location || next.doctor !== expected.doctor || next.date !== expected.date) next.time = null;
      if (next.location === '@online') {
        if (next.doctor === anita.email) next.doctor = '';
        if (next.type === 'Clinic Visit') next.type = '';
      } else if (next.location !== '') {
        if (next.doctor === kavita.email) next.doctor = '';
        next.type = 'Clinic Visit';
      }
      expected = next;
      await user.selectOptions(field(label), value);
    });
  const chooseDate = (type: BookingModelEvent['type'], date: () => string) =>
    step(type, async () => {
      expected = { ...expected, date: date(), time: null };
      fireEvent.change(field('Date'), { target: { value: expected.date } });
    });
  /** Book; Chat, Video and Call need the teleconsultation consent ticked first. */
  const clickBook = async () => {
    const consent = dialog().queryByRole('checkbox', { name: /I agree to a teleconsultation/ });
    if (consent && !(consent as HTMLInputElement).checked) await user.click(consent);
    await user.click(dialog().getByRole('button', { name: 'Book' }));
  };
  /** The fee line's own Try again (the slot list has one too). */
  const feeLine = () => within(dialog().getByTestId('booking-fee').closest('p')!);
  /** Book with every choice made and logged in: the appointment as the server makes it. */
  const makeAppointment = async () => {
    await clickBook();
    return answerAppointment();
  };
  /** The appointment Book asked for (pressed, or gone on with after a login), answered as the server makes it. */
  const answerAppointment = async () => {
    await waitFor(() => expect(calls().addAppointment.calls.length).toBeGreaterThan(0));
    const add = calls().addAppointment.latest();
    expect(add.input.request).toMatchObject({
      location: expected.location === '@online' ? '' : expected.location,
      doctorEmail: expected.doctor,
      consultationType: expected.type,
      date: expected.date,
      startTime: expected.time,
    });
    const appointment = appointmentFor(add.input.request);
    await answer(() => add.resolve(appointment));
    await waitFor(() => expect(calls().createPayment.calls.length).toBeGreaterThan(0));
    expect(calls().createPayment.latest().input.request).toEqual({
      appointmentId: appointment._id,
      consultationAmount: fees.data.find((f) => f.consultationType === expected.type)?.consultationFee,
    });
    return appointment;
  };
  const loginDialog = () => screen.findByRole('dialog', { name: 'Login' }, { timeout: chunkMs });

  const events: Record<BookingModelEvent['type'], (args: { state: ModelSnapshot }) => Promise<void>> = {
    open: step('open', open(true)),
    'open.loggedOut': step('open.loggedOut', open(false)),
    'fees.loaded': step('fees.loaded', () => answerWhenCalled(calls().loadFees, (call) => call.resolve(fees))),
    'fees.failed': step('fees.failed', () => answerWhenCalled(calls().loadFees, (call) => call.reject(unanswered))),
    'fees.retried': step('fees.retried', async () => {
      const before = calls().loadFees.calls.length;
      await user.click(feeLine().getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(calls().loadFees.calls.length).toBe(before + 1));
      await answer(() => calls().loadFees.latest().resolve(fees));
    }),
    'choose.location': choose('choose.location', 'Location', 'Bandra', { location: 'Bandra' }),
    'choose.online': choose('choose.online', 'Location', '@online', { location: '@online' }),
    'choose.clinicDoctor': choose('choose.clinicDoctor', 'Doctor', anita.email, { doctor: anita.email }),
    'choose.onlineDoctor': choose('choose.onlineDoctor', 'Doctor', kavita.email, { doctor: kavita.email }),
    'choose.video': choose('choose.video', 'Consultation type', 'Video', { type: 'Video' }),
    'choose.date': chooseDate('choose.date', () => (expected.date === firstDay ? secondDay : firstDay)),
    'choose.dateWithoutSchedule': chooseDate('choose.dateWithoutSchedule', () => noScheduleDay),
    'choose.slot': step('choose.slot', async () => {
      const free = listFor(expected.date).find((s) => s.status === 'free')!.time;
      expected = { ...expected, time: free };
      await user.click(dialog().getByRole('radio', { name: free }));
    }),
    // A booked slot cannot be chosen: clicking it changes nothing.
    'choose.bookedSlot': step('choose.bookedSlot', async () => {
      fireEvent.click(dialog().getByRole('radio', { name: listFor(expected.date).find((s) => s.status === 'booked')!.time }));
    }),
    book: step('book', async (target) => {
      if (target !== 'Redirected') return clickBook();
      if (held === null) {
        await makeAppointment();
      } else {
        await clickBook();
        expect(calls().createPayment.latest().input.request.appointmentId).toBe(held);
      }
      await answer(() => calls().createPayment.latest().resolve(checkoutAnswer));
    }),
    'book.slotTaken': step('book.slotTaken', async () => {
      await clickBook();
      taken = [...taken, expected.time ?? ''];
      expected = { ...expected, time: null };
      await answer(() => calls().addAppointment.latest().reject(refused(409, 'This slot is already booked')));
    }),
    'book.paymentFails': step('book.paymentFails', async () => {
      held = (await makeAppointment())._id;
      await answer(() => calls().createPayment.latest().reject(unanswered));
    }),
    login: step('login', async () => {
      const login = await loginDialog();
      await user.type(within(login).getByLabelText('Email'), 'asha@example.in');
      await user.type(within(login).getByLabelText('Password'), 'monsoon evenings');
      await user.click(within(login).getByRole('button', { name: 'Login' }));
      await answer(() => account!.login.latest().resolve({ token: 'tok-new', user: loginUser }));
      await screen.findByRole('dialog', { name: 'Book Appointment' }, { timeout: chunkMs });
      expect(calls().addAppointment.calls, 'nothing booked before the whole account is known').toHaveLength(0);
      // The whole account known, Book goes on by itself: booked and sent to the checkout.
      await answer(() => account!.fetchCurrentUser.latest().resolve(demoUser));
      await answerAppointment();
      await answer(() => calls().createPayment.latest().resolve(checkoutAnswer));
    }),
    'login.cancelled': step('login.cancelled', async () => {
      await user.click(within(await loginDialog()).getByRole('button', { name: 'Close' }));
      await screen.findByRole('dialog', { name: 'Book Appointment' }, { timeout: chunkMs });
    }),
    // The checkout sends the browser back to /#/paymentfail: a new page load, the choices kept.
    reopen: step('reopen', async () => {
      cleanup();
      await render(true, '/paymentfail');
      await user.click(await screen.findByRole('button', { name: 'Go now' }));
      await screen.findByRole('dialog', { name: 'Book Appointment' }, { timeout: chunkMs });
      await answerWhenCalled(calls().loadDoctors, (call) => call.resolve(doctors));
      await answerWhenCalled(calls().loadFees, (call) => call.resolve(fees));
    }),
  };

  /** The choices on screen, whatever the model state. */
  const choicesShown = () => {
    expect(field('Location').value, 'Location').toBe(expected.location);
    // Each step shows once the one before is chosen (the type once a doctor is).
    if (expected.location !== '') expect(field('Doctor').value, 'Doctor').toBe(expected.doctor);
    if (expected.doctor !== '') expect(field('Consultation type').value, 'Consultation type').toBe(expected.type);
    if (expected.date !== '') expect(field('Date').value, 'Date').toBe(expected.date);
    expect(radios().filter((r) => r.checked).map((r) => r.value), 'the chosen slot').toEqual(expected.time === null ? [] : [expected.time]);
  };
  const feeShown = () => dialog().getByTestId('booking-fee').textContent;

  const states: Record<string, (state: ModelSnapshot) => void | Promise<void>> = {
    'Booking.Closed': () => expect(popup()).toBeNull(),
    'Booking.Start': () => {
      choicesShown();
      expect(optionValues('Location')).toEqual(['@online', 'Andheri West', 'Bandra', 'Thane']);
    },
    'Booking.Located': () => {
      choicesShown();
      expect(optionValues('Doctor'), 'the clinic doctors there').toEqual([anita.email]);
    },
    'Booking.Online': () => {
      choicesShown();
      expect(optionValues('Doctor'), 'the doctors with online hours').toEqual([kavita.email]);
    },
    'Booking.OnlineDoctor': () => {
      choicesShown();
      expect(optionValues('Consultation type')).toEqual(['Chat', 'Video', 'Call']);
    },
    'Booking.ClinicVisit': () => {
      choicesShown();
      expect(optionValues('Consultation type'), 'a Clinic Visit, chosen without asking').toEqual(['Clinic Visit']);
    },
    'Booking.Video': choicesShown,
    'Booking.Dated': () => {
      choicesShown();
      expect(radios().map((r) => [r.value, r.disabled])).toEqual(listFor(expected.date).map((s) => [s.time, s.status !== 'free']));
    },
    'Booking.NoSchedule': () => {
      choicesShown();
      expect(radios()).toEqual([]);
      expect(dialog().getByText('No schedule found for selected date or location or doctor.')).toBeTruthy();
    },
    'Booking.Slotted': choicesShown,
    'Booking.AwaitingLogin': async () => {
      await screen.findByRole('dialog', { name: 'Login' }, { timeout: chunkMs });
      expect(popup(), 'the booking popup waits behind the login').toBeNull();
      expect(calls().addAppointment.calls).toHaveLength(0);
    },
    'Booking.PaymentFailed': () => {
      choicesShown();
      expect(calls().addAppointment.calls).toHaveLength(1);
    },
    'Booking.Redirected': async () => {
      await waitFor(() => expect(currentPath()).toBe(`/payment?payUrl=${encodeURIComponent(sandboxCheckout)}`));
      expect(popup()).toBeNull();
      await waitFor(() => expect(calls().left).toEqual([sandboxCheckout]));
    },
    'Fees.Loading': (state) => {
      if (popup() && !state.matches({ Booking: 'AwaitingLogin' })) expect(feeShown()).toBe('₹500');
    },
    'Fees.Failed': (state) => {
      if (!popup() || state.matches({ Booking: 'AwaitingLogin' })) return;
      expect(feeShown()).toBe('₹500');
      expect(feeLine().getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'Fees.Ready': (state) => {
      if (!popup() || state.matches({ Booking: 'AwaitingLogin' })) return;
      expect(feeShown()).toBe(`₹${fees.data.find((f) => f.consultationType === expected.type)?.consultationFee ?? 500}`);
    },
    'Auth.In': () => expect(screen.queryByRole('button', { name: 'My Profile' })).not.toBeNull(),
    'Auth.Out': () => expect(screen.queryByRole('button', { name: 'My Profile' })).toBeNull(),
  };

  return { stop: () => {}, events, states };
}

describe('the booking model through the rendered app', () => {
  const testModel = createTestModel(bookingModel, { filterEvents: (state, event) => state.can(event) });
  const journeys = bookingJourneys.flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('walks every journey of the model to the checkout', () => {
    expect(journeys).toHaveLength(bookingJourneys.length);
    for (const journey of journeys) expect(journey.state.value).toMatchObject({ Booking: 'Redirected' });
  });

  testPaths({ journeys }, harness);
});
