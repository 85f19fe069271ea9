/** The /myappointment page's machine: Pay for an unpaid fee, Add to calendar, and the clock. */
import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  appointmentsMachine,
  selectAppointmentView,
  selectAppointmentViews,
  selectCalendarId,
  selectIsPaying,
  selectIsRedirected,
  selectPayingId,
  type AppointmentsInput,
  type CalendarFile,
} from '../../machines/appointments/appointmentsMachine.js';
import type { PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine.js';
import { answeredByHand, noticeWords, refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { appointment, checkoutUrl, completed, minutes, now, order, started, unpaid } from './appointmentFakes.js';

/** The real page machine with every call answered by hand. */
function startPage(input: Partial<AppointmentsInput> = {}) {
  const createPayment = answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>();
  const downloadCalendar = answeredByHand<CalendarFile, { appointmentId: string; token: string }>();
  const machine = appointmentsMachine.provide({
    actors: { createPayment: createPayment.logic, downloadCalendar: downloadCalendar.logic },
  });
  const actor = createActor(machine, { input: { token: 'tok-1', now, ...input } });
  // The time moved on by hand, as the app may send it.
  const clock = { tick: (at: number) => actor.send({ type: 'clock.tick', now: at }) };
  return { ...started(actor, { createPayment, downloadCalendar }), clock };
}

const pay = (a: AppointmentRecord) => ({ type: 'appointment.pay' as const, appointment: a });
const addToCalendar = (a: AppointmentRecord) => ({ type: 'appointment.addToCalendar' as const, appointment: a });

describe('appointmentsMachine: what each card offers', () => {
  it('offers Edit and Cancel only for Booked and Expired appointments (spec §4)', () => {
    const records = (['Booked', 'Expired', 'Completed', 'Cancelled'] as const).map((appointmentStatus) => appointment({ appointmentStatus }));
    const page = startPage();
    expect(selectAppointmentViews(page.snapshot(), records).map((v) => [v.appointment.appointmentStatus, v.canEdit, v.canCancel])).toEqual([
      ['Booked', true, true],
      ['Expired', true, true],
      ['Completed', false, false],
      ['Cancelled', false, false],
    ]);
  });

  it('offers Add to calendar only for a Booked appointment whose fee is paid', () => {
    const page = startPage();
    const offered = (a: AppointmentRecord) => selectAppointmentView(page.snapshot(), a).canAddToCalendar;
    expect(offered(appointment())).toBe(true);
    expect(offered(unpaid(10))).toBe(false);
    expect(offered(appointment({ appointmentStatus: 'Expired' }))).toBe(false);
    expect(offered(appointment({ appointmentStatus: 'Cancelled' }))).toBe(false);
    expect(offered(completed(null))).toBe(false);
  });

  it('shows an unpaid appointment as unpaid, with Pay until its hold lapses on the clock', () => {
    const held = unpaid(1);
    const page = startPage();
    expect(selectAppointmentView(page.snapshot(), held)).toMatchObject({ fee: 'unpaid', canPay: true });
    page.clock.tick(now + minutes(1));
    expect(selectAppointmentView(page.snapshot(), held)).toMatchObject({ fee: 'lapsed', canPay: false });
    page.send(pay(held));
    expect(page.calls.createPayment.calls).toHaveLength(0);
    expect(selectIsPaying(page.snapshot())).toBe(false);
  });

  it('shows the order of a Completed appointment', () => {
    const page = startPage();
    expect(selectAppointmentView(page.snapshot(), completed(null)).order).toEqual({ kind: 'pending' });
    const paid = completed(order({ paymentStatus: 'Completed', totalPrice: 800 }));
    expect(selectAppointmentView(page.snapshot(), paid).order).toMatchObject({ kind: 'paid', amount: 800 });
  });
});

describe('appointmentsMachine: Pay for an unpaid appointment', () => {
  it("asks for a checkout page for the appointment's own fee, then sends the browser there", async () => {
    const held = unpaid(10, { consultationFee: 450 });
    const page = startPage();
    page.send(pay(held));
    expect(selectIsPaying(page.snapshot())).toBe(true);
    expect(selectPayingId(page.snapshot())).toBe(held._id);
    expect(page.calls.createPayment.latest().input).toEqual({ request: { appointmentId: held._id, consultationAmount: 450 }, token: 'tok-1' });
    // Another Pay waits.
    page.send(pay(held));
    expect(page.calls.createPayment.calls).toHaveLength(1);
    page.calls.createPayment.latest().resolve({ merchantOrderId: 'MO-1', checkoutPageUrl: checkoutUrl() });
    await settle();
    expect(page.emitted.all).toEqual([
      { type: 'redirect', url: `/#/payment?payUrl=${encodeURIComponent(checkoutUrl())}`, payUrl: checkoutUrl(), appointmentId: held._id },
    ]);
    expect(selectIsRedirected(page.snapshot())).toBe(true);
    expect(selectIsPaying(page.snapshot())).toBe(false);
  });

  it('refuses Pay silently for a paid appointment', () => {
    const page = startPage();
    page.send(pay(appointment()));
    expect(page.calls.createPayment.calls).toHaveLength(0);
    expect(page.emitted.all).toEqual([]);
  });

  it('says what the server said when it refuses (the hold lapsed meanwhile), and has the list loaded again', async () => {
    const held = unpaid(10);
    const page = startPage();
    page.send(pay(held));
    page.calls.createPayment.latest().reject(refused(409, 'This slot is already booked'));
    await settle();
    const events = page.emitted.take();
    expect(noticeWords(events)).toEqual(['server: This slot is already booked']);
    expect(events.map((e) => e.type)).toEqual(['notice', 'appointments.stale']);
    expect(selectIsPaying(page.snapshot())).toBe(false);
    expect(selectPayingId(page.snapshot())).toBeNull();
  });

  it.each([
    ['no answer', unanswered, ['somethingWentWrong'], false],
    ['a refusal without words', refusedPlainly(400), ['somethingWentWrong'], true],
    ['a server error', refused(503, 'Payment service unavailable'), ['server: Payment service unavailable'], false],
  ])('says something went wrong on %s, and Pay works again', async (_, failure, words, stale) => {
    const held = unpaid(10);
    const page = startPage();
    page.send(pay(held));
    page.calls.createPayment.latest().reject(failure);
    await settle();
    const events = page.emitted.take();
    expect(noticeWords(events)).toEqual(words);
    expect(events.some((e) => e.type === 'appointments.stale')).toBe(stale);
    page.send(pay(held));
    expect(page.calls.createPayment.calls).toHaveLength(2);
  });

  it('a 401 on the payment call is refused as any other answer (the request base ends the session)', async () => {
    const page = startPage();
    page.send(pay(unpaid(10)));
    page.calls.createPayment.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(page.emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'server', text: 'Please log in again.' } },
      { type: 'appointments.stale' },
    ]);
    page.send(pay(unpaid(10)));
    expect(page.calls.createPayment.calls).toHaveLength(2);
  });
});

describe('appointmentsMachine: Add to calendar', () => {
  const file = (): CalendarFile => ({ fileName: 'sahaj-APT-1.ics', content: new Blob(['BEGIN:VCALENDAR'], { type: 'text/calendar' }) });

  it('fetches the .ics of a booked and paid appointment with the token, then offers it as a download', async () => {
    const booked = appointment();
    const page = startPage();
    page.send(addToCalendar(booked));
    expect(selectCalendarId(page.snapshot())).toBe(booked._id);
    expect(page.calls.downloadCalendar.latest().input).toEqual({ appointmentId: booked._id, token: 'tok-1' });
    page.send(addToCalendar(booked));
    expect(page.calls.downloadCalendar.calls).toHaveLength(1);
    const answer = file();
    page.calls.downloadCalendar.latest().resolve(answer);
    await settle();
    expect(page.emitted.all).toEqual([{ type: 'calendar.file', fileName: 'sahaj-APT-1.ics', content: answer.content }]);
    expect(selectCalendarId(page.snapshot())).toBeNull();
  });

  it('does nothing for an appointment that is not booked and paid', () => {
    const page = startPage();
    page.send(addToCalendar(unpaid(10)));
    page.send(addToCalendar(appointment({ appointmentStatus: 'Cancelled' })));
    expect(page.calls.downloadCalendar.calls).toHaveLength(0);
  });

  it.each([
    ['the server refuses with words', refused(409, 'Only a booked appointment whose fee is paid can be added to a calendar.'), ['server: Only a booked appointment whose fee is paid can be added to a calendar.']],
    ['no answer', unanswered, ['calendarFailed']],
  ])('says so when %s, and can try again', async (_, failure, words) => {
    const booked = appointment();
    const page = startPage();
    page.send(addToCalendar(booked));
    page.calls.downloadCalendar.latest().reject(failure);
    await settle();
    expect(noticeWords(page.emitted.take())).toEqual(words);
    page.send(addToCalendar(booked));
    expect(page.calls.downloadCalendar.calls).toHaveLength(2);
  });

  it('a 401 says the server\'s words as any refusal does (the request base ends the session)', async () => {
    const page = startPage();
    page.send(addToCalendar(appointment()));
    page.calls.downloadCalendar.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(page.emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'server', text: 'Please log in again.' } }]);
    expect(selectCalendarId(page.snapshot())).toBeNull();
  });

  it('pays and fetches a calendar file at the same time', () => {
    const page = startPage();
    page.send(pay(unpaid(10)));
    page.send(addToCalendar(appointment()));
    expect(selectIsPaying(page.snapshot())).toBe(true);
    expect(page.calls.downloadCalendar.calls).toHaveLength(1);
  });
});

describe('the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves the time on every interval while the page runs, and stops with it', () => {
    vi.useFakeTimers({ now });
    const held = unpaid(1);
    const actor = createActor(appointmentsMachine, { input: { token: 'tok-1', now } }).start();
    expect(selectAppointmentView(actor.getSnapshot(), held).canPay).toBe(true);
    vi.advanceTimersByTime(15_000);
    expect(actor.getSnapshot().context.now).toBe(now + 15_000);
    vi.advanceTimersByTime(30_000);
    expect(selectAppointmentView(actor.getSnapshot(), held).canPay).toBe(true);
    vi.advanceTimersByTime(15_000); // the hold lapses at 60 s
    expect(selectAppointmentView(actor.getSnapshot(), held)).toMatchObject({ canPay: false, fee: 'lapsed' });
    actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
