import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appointmentsMachine,
  clockEvery,
  selectAppointments,
  selectAppointmentView,
  selectAppointmentViews,
  selectEmptyNotice,
  selectIsLoading,
  selectIsPaying,
  selectIsRedirected,
  selectListStatus,
  selectPayingId,
} from '../../machines/appointments/appointmentsMachine.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import { appointment, checkoutUrl, completed, minutes, now, order, startList, unpaid } from './appointmentFakes.js';

/** The list loaded with `records`. */
async function loaded(records = [appointment()]) {
  const list = startList();
  list.calls.loadAppointments.latest().resolve(records);
  await settle();
  return list;
}

describe('appointmentsMachine: the list', () => {
  it("loads the user's appointments with the token at once", () => {
    const { snapshot, calls } = startList();
    expect(calls.loadAppointments.calls).toHaveLength(1);
    expect(calls.loadAppointments.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-1' });
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(selectListStatus(snapshot())).toBe('loading');
    expect(selectAppointments(snapshot())).toEqual([]);
    expect(selectEmptyNotice(snapshot())).toBeNull();
  });

  it('shows the list in the order the server sent it (newest first)', async () => {
    const records = [appointment({ date: '2025-03-12' }), appointment({ date: '2025-03-01', appointmentStatus: 'Expired' })];
    const { snapshot, emitted } = await loaded(records);
    expect(selectListStatus(snapshot())).toBe('ready');
    expect(selectIsLoading(snapshot())).toBe(false);
    expect(selectAppointments(snapshot())).toEqual(records);
    expect(selectAppointmentViews(snapshot()).map((v) => v.appointment)).toEqual(records);
    expect(emitted.all).toEqual([]);
  });

  it("says 'No Appointments Found.' for an empty list", async () => {
    const { snapshot } = await loaded([]);
    expect(selectListStatus(snapshot())).toBe('empty');
    expect(selectEmptyNotice(snapshot())).toEqual({ kind: 'noAppointments' });
  });

  it.each([
    ['no answer', unanswered],
    ['an answer that is not a list', undecodable],
    ['a refusal', refused(403, 'These are not your appointments.')],
  ])('fails quietly on %s, and loads again on retry', async (_, failure) => {
    const list = startList();
    list.calls.loadAppointments.latest().reject(failure);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('failed');
    expect(selectEmptyNotice(list.snapshot())).toBeNull();
    expect(list.emitted.all).toEqual([]);
    list.send({ type: 'appointments.retry' });
    expect(list.calls.loadAppointments.calls).toHaveLength(2);
    expect(selectListStatus(list.snapshot())).toBe('loading');
    list.calls.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('empty');
  });

  it('tells the session when the token was refused (401)', async () => {
    const list = startList();
    list.calls.loadAppointments.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(list.emitted.all).toEqual([{ type: 'session.expired' }]);
    expect(selectListStatus(list.snapshot())).toBe('failed');
  });

  it('refreshes after a change, keeping the list shown until the new one arrives', async () => {
    const first = [appointment()];
    const list = await loaded(first);
    list.send({ type: 'appointments.refresh' });
    expect(list.calls.loadAppointments.calls).toHaveLength(2);
    expect(selectIsLoading(list.snapshot())).toBe(true);
    expect(selectListStatus(list.snapshot())).toBe('ready');
    expect(selectAppointments(list.snapshot())).toEqual(first);
    const second = [{ ...first[0]!, appointmentStatus: 'Cancelled' as const }];
    list.calls.loadAppointments.latest().resolve(second);
    await settle();
    expect(selectAppointments(list.snapshot())).toEqual(second);
  });

  it('starts over when a refresh comes while loading: the older answer is dropped', async () => {
    const list = startList();
    const older = list.calls.loadAppointments.latest();
    list.send({ type: 'appointments.refresh' });
    expect(older.signal.aborted).toBe(true);
    expect(list.calls.loadAppointments.calls).toHaveLength(2);
    older.resolve([appointment()]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('loading');
    list.calls.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('empty');
  });

  it('keeps the last list when a refresh fails, and says the refresh failed', async () => {
    const first = [appointment()];
    const list = await loaded(first);
    list.send({ type: 'appointments.refresh' });
    list.calls.loadAppointments.latest().reject(unanswered);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('failed');
    expect(selectAppointments(list.snapshot())).toEqual(first);
    list.send({ type: 'appointments.refresh' });
    expect(list.calls.loadAppointments.calls).toHaveLength(3);
  });

  it('ignores a retry unless the list failed', async () => {
    const list = await loaded();
    list.send({ type: 'appointments.retry' });
    expect(list.calls.loadAppointments.calls).toHaveLength(1);
  });
});

describe('appointmentsMachine: what may be done with each', () => {
  it('offers Edit and Cancel only for Booked and Expired appointments (spec §4)', async () => {
    const records = (['Booked', 'Expired', 'Completed', 'Cancelled'] as const).map((appointmentStatus) =>
      appointment({ appointmentStatus }),
    );
    const { snapshot } = await loaded(records);
    expect(selectAppointmentViews(snapshot()).map((v) => [v.appointment.appointmentStatus, v.canEdit, v.canCancel])).toEqual([
      ['Booked', true, true],
      ['Expired', true, true],
      ['Completed', false, false],
      ['Cancelled', false, false],
    ]);
  });

  it('shows an unpaid appointment as unpaid, with Pay until its hold lapses on the clock', async () => {
    const held = unpaid(1);
    const list = await loaded([held]);
    expect(selectAppointmentView(list.snapshot(), held._id)).toMatchObject({ fee: 'unpaid', canPay: true });
    list.clock.tick(now + minutes(1));
    expect(selectAppointmentView(list.snapshot(), held._id)).toMatchObject({ fee: 'lapsed', canPay: false });
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    expect(list.calls.createPayment.calls).toHaveLength(0);
    expect(selectIsPaying(list.snapshot())).toBe(false);
  });

  it('shows the order of a Completed appointment', async () => {
    const done = completed(null);
    const { snapshot } = await loaded([done]);
    expect(selectAppointmentView(snapshot(), done._id)?.order).toEqual({ kind: 'pending' });
    expect(selectAppointmentView(snapshot(), 'nobody')).toBeNull();
  });
});

describe('appointmentsMachine: Pay for an unpaid appointment', () => {
  it("asks for a checkout page for the appointment's own fee, then sends the browser there", async () => {
    const held = unpaid(10, { consultationFee: 450 });
    const list = await loaded([appointment(), held]);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    expect(selectIsPaying(list.snapshot())).toBe(true);
    expect(selectPayingId(list.snapshot())).toBe(held._id);
    expect(list.calls.createPayment.latest().input).toEqual({
      request: { appointmentId: held._id, consultationAmount: 450 },
      token: 'tok-1',
    });
    // Another Pay waits.
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    expect(list.calls.createPayment.calls).toHaveLength(1);
    list.calls.createPayment.latest().resolve({ merchantOrderId: 'MO-1', checkoutPageUrl: checkoutUrl() });
    await settle();
    expect(list.emitted.all).toEqual([
      {
        type: 'redirect',
        url: `/#/payment?payUrl=${encodeURIComponent(checkoutUrl())}`,
        payUrl: checkoutUrl(),
        appointmentId: held._id,
      },
    ]);
    expect(selectIsRedirected(list.snapshot())).toBe(true);
    expect(selectIsPaying(list.snapshot())).toBe(false);
  });

  it('refuses Pay silently for a paid appointment, an unknown one, or before the list loads', async () => {
    const list = startList();
    list.send({ type: 'appointment.pay', appointmentId: 'x' });
    list.calls.loadAppointments.latest().resolve([appointment()]);
    await settle();
    const paid = selectAppointments(list.snapshot())[0]!;
    list.send({ type: 'appointment.pay', appointmentId: paid._id });
    list.send({ type: 'appointment.pay', appointmentId: 'nobody' });
    expect(list.calls.createPayment.calls).toHaveLength(0);
    expect(list.emitted.all).toEqual([]);
  });

  it("says what the server said when it refuses (the hold lapsed meanwhile), and reloads the list", async () => {
    const held = unpaid(10);
    const list = await loaded([held]);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    list.calls.createPayment.latest().reject(refused(409, 'This slot is already booked'));
    await settle();
    expect(noticeWords(list.emitted.take())).toEqual(['server: This slot is already booked']);
    expect(list.calls.loadAppointments.calls).toHaveLength(2);
    expect(selectIsPaying(list.snapshot())).toBe(false);
    expect(selectPayingId(list.snapshot())).toBeNull();
  });

  it.each([
    ['no answer', unanswered, ['somethingWentWrong'], 1],
    ['a refusal without words', refusedPlainly(400), ['somethingWentWrong'], 2],
    ['a server error', refused(503, 'Payment service unavailable'), ['server: Payment service unavailable'], 1],
  ])('says something went wrong on %s, and Pay works again', async (_, failure, words, loads) => {
    const held = unpaid(10);
    const list = await loaded([held]);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    list.calls.createPayment.latest().reject(failure);
    await settle();
    expect(noticeWords(list.emitted.take())).toEqual(words);
    expect(list.calls.loadAppointments.calls).toHaveLength(loads);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    expect(list.calls.createPayment.calls).toHaveLength(2);
  });

  it('tells the session when the payment call was refused for the token (401)', async () => {
    const held = unpaid(10);
    const list = await loaded([held]);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    list.calls.createPayment.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(list.emitted.take()).toEqual([
      { type: 'session.expired' },
      { type: 'notice', tone: 'error', notice: { kind: 'server', text: 'Please log in again.' } },
    ]);
  });

  it('keeps paying while the list refreshes', async () => {
    const held = unpaid(10);
    const list = await loaded([held]);
    list.send({ type: 'appointment.pay', appointmentId: held._id });
    list.send({ type: 'appointments.refresh' });
    expect(list.calls.createPayment.latest().signal.aborted).toBe(false);
    expect(selectIsPaying(list.snapshot())).toBe(true);
  });
});

describe('clockEvery', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves the time on every interval while the list runs, and stops with it', async () => {
    vi.useFakeTimers({ now });
    const held = unpaid(1);
    const machine = appointmentsMachine.provide({
      actors: { loadAppointments: fromPromise(async () => [held]), clock: clockEvery(15_000) },
    });
    const actor = createActor(machine, { input: { email: 'asha@example.in', token: 'tok-1', now } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAppointmentView(actor.getSnapshot(), held._id)?.canPay).toBe(true);
    vi.advanceTimersByTime(15_000);
    expect(actor.getSnapshot().context.now).toBe(now + 15_000);
    vi.advanceTimersByTime(30_000);
    expect(actor.getSnapshot().context.now).toBe(now + 45_000);
    expect(selectAppointmentView(actor.getSnapshot(), held._id)?.canPay).toBe(true);
    vi.advanceTimersByTime(15_000); // the hold lapses at 60 s
    expect(selectAppointmentView(actor.getSnapshot(), held._id)).toMatchObject({ canPay: false, fee: 'lapsed' });
    actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('appointmentsMachine: order of Completed appointments', () => {
  it('shows the paid amount', async () => {
    const done = completed(order({ paymentStatus: 'Completed', totalPrice: 800 }));
    const { snapshot } = await loaded([done]);
    expect(selectAppointmentView(snapshot(), done._id)?.order).toMatchObject({ kind: 'paid', amount: 800 });
  });
});
