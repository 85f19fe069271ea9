import { describe, expect, it } from 'vitest';
import {
  selectAppointment,
  selectCanConfirm,
  selectIsCancelled,
  selectIsDeleting,
  selectIsDone,
  selectQuestion,
} from '../../machines/appointmentCancel/appointmentCancelMachine.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import { appointment, startCancel, userId } from './appointmentFakes.js';

describe('appointmentCancelMachine', () => {
  it("asks 'Your appointment fee will not be refunded. Still want to cancel?' and calls nothing yet", () => {
    const record = appointment();
    const { snapshot, calls, emitted } = startCancel({ appointment: record });
    expect(selectQuestion(snapshot())).toEqual({ kind: 'cancelWarning' });
    expect(selectCanConfirm(snapshot())).toBe(true);
    expect(selectIsDeleting(snapshot())).toBe(false);
    expect(selectAppointment(snapshot())).toBe(record);
    expect(calls.deleteAppointment.calls).toHaveLength(0);
    expect(emitted.all).toEqual([]);
  });

  it('says a paid fee is refunded up to the free-cancellation instant, and asks the spec\'s words from the next millisecond', () => {
    const until = '2025-03-11T04:30:00.000Z';
    const record = appointment({ consultationFee: 500, freeCancelUntil: until });
    expect(selectQuestion(startCancel({ appointment: record, at: until }).snapshot())).toEqual({ kind: 'refundOnCancel', amount: 500 });
    expect(selectQuestion(startCancel({ appointment: record, at: '2025-03-11T04:30:00.001Z' }).snapshot())).toEqual({ kind: 'cancelWarning' });
    // No free cancellation (CANCEL_FREE_HOURS 0, or the list did not say): the spec's words.
    expect(selectQuestion(startCancel({ appointment: appointment(), at: '2025-03-01T00:00:00.000Z' }).snapshot())).toEqual({ kind: 'cancelWarning' });
  });

  it('asks an unpaid hold only whether to release the slot: no refund warning without a fee paid', () => {
    for (const paymentStatus of ['failed', 'pending'] as const) {
      const { snapshot } = startCancel({ appointment: appointment({ appointmentPaymentStatus: paymentStatus, appointmentPaymentId: null }) });
      expect(selectQuestion(snapshot()), paymentStatus).toEqual({ kind: 'releaseHold' });
      expect(selectCanConfirm(snapshot())).toBe(true);
    }
  });

  it('is done without a call when dismissed', () => {
    const { snapshot, send, calls, emitted } = startCancel();
    send({ type: 'cancel.dismiss' });
    expect(selectIsDone(snapshot())).toBe(true);
    expect(selectIsCancelled(snapshot())).toBe(false);
    expect(snapshot().output).toEqual({ cancelled: false });
    expect(selectQuestion(snapshot())).toBeNull();
    expect(calls.deleteAppointment.calls).toHaveLength(0);
    expect(emitted.all).toEqual([]);
  });

  it("cancels with the user's id, the record's _id and the token; says so; hands the id on", async () => {
    const record = appointment({ appointmentStatus: 'Expired' });
    const { snapshot, send, calls, emitted } = startCancel({ appointment: record });
    send({ type: 'cancel.confirm' });
    expect(selectIsDeleting(snapshot())).toBe(true);
    expect(selectCanConfirm(snapshot())).toBe(false);
    expect(selectQuestion(snapshot())).toBeNull();
    expect(calls.deleteAppointment.latest().input).toEqual({ userId, appointmentId: record._id, token: 'tok-1', refundExpected: false });
    // Yes again, or No, while deleting: nothing.
    send({ type: 'cancel.confirm' });
    send({ type: 'cancel.dismiss' });
    expect(calls.deleteAppointment.calls).toHaveLength(1);
    expect(selectIsDeleting(snapshot())).toBe(true);
    calls.deleteAppointment.latest().resolve({ message: 'Appointment cancelled' });
    await settle();
    expect(emitted.all).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'deleted' } },
      { type: 'appointment.cancelled', appointmentId: record._id },
    ]);
    expect(selectIsCancelled(snapshot())).toBe(true);
    expect(selectIsDone(snapshot())).toBe(true);
    expect(snapshot().output).toEqual({ cancelled: true });
  });

  it.each(['Completed', 'Cancelled'] as const)('refuses Yes silently for a %s appointment', (appointmentStatus) => {
    const { snapshot, send, calls, emitted } = startCancel({ appointment: appointment({ appointmentStatus }) });
    expect(selectCanConfirm(snapshot())).toBe(false);
    send({ type: 'cancel.confirm' });
    expect(calls.deleteAppointment.calls).toHaveLength(0);
    expect(emitted.all).toEqual([]);
    send({ type: 'cancel.dismiss' });
    expect(selectIsDone(snapshot())).toBe(true);
  });

  it.each([
    ["the server's words", refused(404, 'Appointment not found.'), ['server: Appointment not found.']],
    ["the server's words on a server error", refused(500, 'Internal error'), ['server: Internal error']],
    ['no words', refusedPlainly(502), ['deleteFailed']],
    ['no answer', unanswered, ['deleteFailed']],
    ['an answer that is not the contract’s', undecodable, ['deleteFailed']],
  ])('on a failure says %s, and asks again', async (_, failure, words) => {
    const { snapshot, send, calls, emitted } = startCancel();
    send({ type: 'cancel.confirm' });
    calls.deleteAppointment.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual(words);
    expect(selectQuestion(snapshot())).toEqual({ kind: 'cancelWarning' });
    expect(selectIsDone(snapshot())).toBe(false);
    send({ type: 'cancel.confirm' });
    expect(calls.deleteAppointment.calls).toHaveLength(2);
  });

  it('a 401 is refused as any other answer: the server\'s words, asking again (the request base ends the session)', async () => {
    const { send, snapshot, calls, emitted } = startCancel();
    send({ type: 'cancel.confirm' });
    calls.deleteAppointment.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'server', text: 'Please log in again.' } }]);
    expect(selectQuestion(snapshot())).toEqual({ kind: 'cancelWarning' });
    expect(selectIsDone(snapshot())).toBe(false);
  });

  it('drops the call when the popup is closed (the actor stopped) while deleting', async () => {
    const { actor, send, calls, emitted } = startCancel();
    send({ type: 'cancel.confirm' });
    actor.stop();
    expect(calls.deleteAppointment.latest().signal.aborted).toBe(true);
    calls.deleteAppointment.latest().resolve({ message: 'ok' });
    await settle();
    expect(emitted.all).toEqual([]);
  });
});
