import { describe, expect, it } from 'vitest';
import {
  selectCanPay,
  selectIsPaying,
  selectIsRedirected,
  selectOffersPayNow,
  selectOrder,
  selectOrderState,
  selectStatusNotice,
} from '../../machines/orderPayment/orderPaymentMachine.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import { appointment, checkoutUrl, completed, order, startOrderPayment } from './appointmentFakes.js';

describe('orderPaymentMachine: what the order is', () => {
  it("says 'Order Status: Pending' when the Completed appointment has no order", () => {
    const { snapshot, send, calls, emitted } = startOrderPayment({ appointment: completed(null) });
    expect(snapshot().value).toBe('Pending');
    expect(selectOrder(snapshot())).toBeNull();
    expect(selectOrderState(snapshot())).toEqual({ kind: 'pending' });
    expect(selectStatusNotice(snapshot())).toEqual({ kind: 'orderPending' });
    expect(selectOffersPayNow(snapshot())).toBe(false);
    send({ type: 'order.pay' });
    expect(calls.createOrderPayment.calls).toHaveLength(0);
    expect(emitted.all).toEqual([]);
  });

  it('offers Pay Now for a card order not Completed', () => {
    const { snapshot } = startOrderPayment({ appointment: completed(order({ paymentStatus: 'Pending' })) });
    expect(snapshot().value).toBe('Payable');
    expect(selectCanPay(snapshot())).toBe(true);
    expect(selectOffersPayNow(snapshot())).toBe(true);
    expect(selectStatusNotice(snapshot())).toBeNull();
  });

  it('tells the amount already paid for a Completed payment, shown and on Pay Now', () => {
    const { snapshot, send, calls, emitted } = startOrderPayment({
      appointment: completed(order({ paymentStatus: 'Completed', totalPrice: 349.5 })),
    });
    expect(snapshot().value).toBe('Paid');
    expect(selectStatusNotice(snapshot())).toEqual({ kind: 'alreadyPaid', amount: 349.5 });
    expect(selectCanPay(snapshot())).toBe(false);
    expect(selectOffersPayNow(snapshot())).toBe(true);
    send({ type: 'order.pay' });
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'alreadyPaid', amount: 349.5 } }]);
    expect(calls.createOrderPayment.calls).toHaveLength(0);
  });

  it('offers nothing for an order paid some other way, or for an appointment not Completed', () => {
    for (const record of [completed(order({ paymentMode: 'Cash' })), appointment({ order: order() })]) {
      const { snapshot, send, calls, emitted } = startOrderPayment({ appointment: record });
      expect(selectOffersPayNow(snapshot())).toBe(false);
      expect(selectStatusNotice(snapshot())).toBeNull();
      send({ type: 'order.pay' });
      expect(calls.createOrderPayment.calls).toHaveLength(0);
      expect(emitted.all).toEqual([]);
    }
    expect(startOrderPayment({ appointment: appointment() }).snapshot().value).toBe('NotCompleted');
    expect(startOrderPayment({ appointment: completed(order({ paymentMode: 'Cash' })) }).snapshot().value).toBe('Other');
  });

  it('judges the order again when the list brings a newer record', () => {
    const record = completed(null);
    const { snapshot, send } = startOrderPayment({ appointment: record });
    send({ type: 'appointment.changed', appointment: { ...record, order: order({ appointmentId: record._id }) } });
    expect(snapshot().value).toBe('Payable');
    send({ type: 'appointment.changed', appointment: { ...record, order: order({ paymentStatus: 'Completed' }) } });
    expect(snapshot().value).toBe('Paid');
    send({ type: 'appointment.changed', appointment: { ...record, order: order({ paymentMode: 'UPI' }) } });
    expect(snapshot().value).toBe('Other');
    send({ type: 'appointment.changed', appointment: { ...record, appointmentStatus: 'Booked' } });
    expect(snapshot().value).toBe('NotCompleted');
    send({ type: 'appointment.changed', appointment: record });
    expect(snapshot().value).toBe('Pending');
  });
});

describe('orderPaymentMachine: Pay Now', () => {
  it('asks for a checkout page for the stored order with the token, then sends the browser there', async () => {
    const record = completed(order({ totalPrice: 1250.5 }));
    const { snapshot, send, calls, emitted } = startOrderPayment({ appointment: record });
    send({ type: 'order.pay' });
    expect(selectIsPaying(snapshot())).toBe(true);
    expect(selectCanPay(snapshot())).toBe(false);
    expect(calls.createOrderPayment.latest().input).toEqual({ order: record.order, token: 'tok-1' });
    // Pay Now again, or a newer record, while asking: nothing.
    send({ type: 'order.pay' });
    send({ type: 'appointment.changed', appointment: completed(null) });
    expect(calls.createOrderPayment.calls).toHaveLength(1);
    expect(selectIsPaying(snapshot())).toBe(true);
    calls.createOrderPayment.latest().resolve({ checkoutPageUrl: checkoutUrl(7) });
    await settle();
    expect(emitted.all).toEqual([
      {
        type: 'redirect',
        url: `/#/payment?payUrl=${encodeURIComponent(checkoutUrl(7))}`,
        payUrl: checkoutUrl(7),
        orderId: record.order?._id,
      },
    ]);
    expect(selectIsRedirected(snapshot())).toBe(true);
    expect(snapshot().status).toBe('done');
  });

  it.each([
    ["the server's words", refused(400, 'The amount does not match the order.'), ['server: The amount does not match the order.']],
    ['something went wrong without words', refusedPlainly(502), ['somethingWentWrong']],
    ['something went wrong without an answer', unanswered, ['somethingWentWrong']],
    ['something went wrong for an answer that is not the contract’s', undecodable, ['somethingWentWrong']],
  ])('on a failure says %s, and Pay Now works again', async (_, failure, words) => {
    const { snapshot, send, calls, emitted } = startOrderPayment();
    send({ type: 'order.pay' });
    calls.createOrderPayment.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual(words);
    expect(selectCanPay(snapshot())).toBe(true);
    send({ type: 'order.pay' });
    expect(calls.createOrderPayment.calls).toHaveLength(2);
  });

  it('a 401 is refused as any other answer, Pay Now offered again (the request base ends the session)', async () => {
    const { send, snapshot, calls, emitted } = startOrderPayment();
    send({ type: 'order.pay' });
    calls.createOrderPayment.latest().reject(refusedPlainly(401));
    await settle();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'somethingWentWrong' } }]);
    expect(selectCanPay(snapshot())).toBe(true);
  });
});
