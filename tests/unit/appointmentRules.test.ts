import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord, AppointmentStatus, PaymentStatus } from '../../contract/appointments.js';
import {
  canCancel,
  canEdit,
  canPay,
  feeStateOf,
  groupViews,
  isHeld,
  orderStateOf,
  viewOf,
} from '../../machines/appointments/rules.js';
import { appointment, completed, minutes, now, order, unpaid } from '../machines/appointmentFakes.js';

const statuses: AppointmentStatus[] = ['Booked', 'Expired', 'Completed', 'Cancelled'];
const paymentStatuses: PaymentStatus[] = ['failed', 'pending', 'paid', 'refund'];

describe('Edit and Cancel (spec §4)', () => {
  it.each([
    ['Booked', true],
    ['Expired', true],
    ['Completed', false],
    ['Cancelled', false],
  ] as const)('%s: offered %s', (appointmentStatus, offered) => {
    expect(canEdit({ appointmentStatus })).toBe(offered);
    expect(canCancel({ appointmentStatus })).toBe(offered);
  });
});

describe('the fee', () => {
  it('is paid or refunded as the payment status says, whatever the hold', () => {
    expect(feeStateOf(appointment(), now)).toBe('paid');
    expect(feeStateOf(unpaid(10, { appointmentPaymentStatus: 'paid' }), now)).toBe('paid');
    const flagged = { appointmentPaymentStatus: 'refund', appointmentStatus: 'Cancelled' } as const;
    expect(feeStateOf(appointment({ ...flagged, refundState: 'refunded' }), now)).toBe('refunded');
  });

  it('is a pending refund while flagged and not recorded as paid back, or when the server does not say', () => {
    const flagged = { appointmentPaymentStatus: 'refund', appointmentStatus: 'Cancelled' } as const;
    expect(feeStateOf(appointment({ ...flagged, refundState: 'pending' }), now)).toBe('refundPending');
    expect(feeStateOf(appointment(flagged), now)).toBe('refundPending');
    // A patient's own cancel of a paid fee is not refunded (spec §8): still the paid fee.
    expect(feeStateOf(appointment({ appointmentStatus: 'Cancelled', refundState: 'notRefundable' }), now)).toBe('paid');
  });

  it('is due at the clinic, without Pay, for a booking paid at the visit (no hold to lapse)', () => {
    const due = unpaid(5, { appointmentPaymentStatus: 'due', holdExpiresAt: null });
    expect(feeStateOf(due, now)).toBe('due');
    expect(feeStateOf(due, now + minutes(60 * 24))).toBe('due');
    expect(canPay(due, now)).toBe(false);
  });

  it('is unpaid, with Pay, while a Booked hold lasts; lapsed from the instant it ends', () => {
    const held = unpaid(1);
    expect(feeStateOf(held, now)).toBe('unpaid');
    expect(canPay(held, now)).toBe(true);
    expect(canPay(held, now + minutes(1) - 1)).toBe(true);
    expect(canPay(held, now + minutes(1))).toBe(false);
    expect(feeStateOf(held, now + minutes(1))).toBe('lapsed');
    expect(feeStateOf(unpaid(5, { appointmentPaymentStatus: 'pending' }), now)).toBe('unpaid');
  });

  it('is lapsed, without Pay, with no hold, an unreadable one, or a status other than Booked', () => {
    expect(feeStateOf(unpaid(5, { holdExpiresAt: null }), now)).toBe('lapsed');
    expect(feeStateOf(unpaid(5, { holdExpiresAt: 'soon' }), now)).toBe('lapsed');
    for (const appointmentStatus of ['Expired', 'Completed', 'Cancelled'] as const) {
      expect(canPay(unpaid(5, { appointmentStatus }), now)).toBe(false);
    }
  });

  it('offers Pay exactly for a Booked appointment not paid or refunded whose hold is still running', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.constantFrom(...paymentStatuses),
        fc.option(fc.integer({ min: -120, max: 120 })),
        (appointmentStatus, appointmentPaymentStatus, minutesLeft) => {
          const a = appointment({
            appointmentStatus,
            appointmentPaymentStatus,
            holdExpiresAt: minutesLeft === null ? null : new Date(now + minutes(minutesLeft)).toISOString(),
          });
          const expected =
            appointmentStatus === 'Booked' &&
            (appointmentPaymentStatus === 'failed' || appointmentPaymentStatus === 'pending') &&
            minutesLeft !== null &&
            minutesLeft > 0;
          expect(canPay(a, now)).toBe(expected);
          expect(isHeld(a, now)).toBe(minutesLeft !== null && minutesLeft > 0);
        },
      ),
    );
  });
});

describe('the order of a Completed appointment', () => {
  it("is none for any other status, and 'Order Status: Pending' without an order", () => {
    expect(orderStateOf(appointment())).toBeNull();
    expect(orderStateOf(appointment({ appointmentStatus: 'Expired', order: order() }))).toBeNull();
    expect(orderStateOf(completed(null))).toEqual({ kind: 'pending' });
  });

  it('is payable by card until its payment status is Completed, then paid with its amount', () => {
    const card = completed(order());
    expect(orderStateOf(card)).toEqual({ kind: 'payable', order: card.order });
    const paid = completed(order({ paymentStatus: 'Completed', totalPrice: 349.5 }));
    expect(orderStateOf(paid)).toEqual({ kind: 'paid', order: paid.order, amount: 349.5 });
  });

  it('reads the mode and status without regard to case or spaces', () => {
    expect(orderStateOf(completed(order({ paymentMode: ' card ' })))?.kind).toBe('payable');
    expect(orderStateOf(completed(order({ paymentStatus: 'COMPLETED' })))?.kind).toBe('paid');
  });

  it('offers nothing to pay for another mode, or a total of nothing', () => {
    expect(orderStateOf(completed(order({ paymentMode: 'Cash' })))?.kind).toBe('other');
    expect(orderStateOf(completed(order({ totalPrice: 0 })))?.kind).toBe('other');
    // Paid another way is still paid.
    expect(orderStateOf(completed(order({ paymentMode: 'Cash', paymentStatus: 'Completed' })))?.kind).toBe('paid');
  });
});

describe('viewOf', () => {
  it('puts together what the page shows for one appointment', () => {
    const a = unpaid(10);
    expect(viewOf(a, now)).toEqual({
      appointment: a,
      canEdit: true,
      canCancel: true,
      fee: 'unpaid',
      canPay: true,
      order: null,
      showPrescription: false,
      offersFollowUp: false,
    });
    const done = completed(null, { medicines: { ...a.medicines, showMedicine: true } });
    expect(viewOf(done, now)).toMatchObject({ canEdit: false, canCancel: false, fee: 'paid', canPay: false, order: { kind: 'pending' }, showPrescription: true });
  });
});

describe('a follow-up to book opens the past part of the list', () => {
  const followUp = { kind: 'after', every: 2, unit: 'weeks', times: 1 } as const;
  const done = (shown: boolean, f: unknown = followUp) =>
    completed(null, { medicines: { ...appointment().medicines, showMedicine: shown, followUp: f } as AppointmentRecord['medicines'] });

  it('offers it only for a shown prescription asking for a dated follow-up', () => {
    expect(viewOf(done(true), now).offersFollowUp).toBe(true);
    expect(viewOf(done(false), now).offersFollowUp).toBe(false);
    expect(viewOf(done(true, { kind: 'asNeeded' }), now).offersFollowUp).toBe(false);
    expect(viewOf(done(true, null), now).offersFollowUp).toBe(false);
  });

  it('opens the past part until an appointment with that doctor for that person is upcoming', () => {
    const past = viewOf(done(true), now);
    expect(groupViews([past]).earlierNeedsAction).toBe(true);
    const again = viewOf(appointment({ doctorEmail: past.appointment.doctorEmail }), now);
    expect(groupViews([past, again]).earlierNeedsAction).toBe(false);
    // Another doctor's, or a family member's with the same doctor, is not this follow-up.
    const otherDoctor = viewOf(appointment({ doctorEmail: 'someone.else@sahaj-clinic.example' }), now);
    expect(groupViews([past, otherDoctor]).earlierNeedsAction).toBe(true);
    const member = viewOf(appointment({ doctorEmail: past.appointment.doctorEmail, familyMemberId: 'member-1' }), now);
    expect(groupViews([past, member]).earlierNeedsAction).toBe(true);
  });
});
