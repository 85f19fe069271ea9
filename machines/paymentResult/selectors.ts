/** What the payment result pages read of their machine. */
import type { SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { paymentResultMachine } from './paymentResultMachine.js';

type Snapshot = SnapshotFrom<typeof paymentResultMachine>;

/** The seconds left to show ("Redirecting in 5 seconds"); 0 once gone. */
export const selectSecondsLeft = (snapshot: Snapshot): number =>
  snapshot.matches('Counting') ? snapshot.context.secondsLeft : 0;
export const selectHasLeft = (snapshot: Snapshot): boolean => snapshot.matches('Left');

/** What the page says: which of its views to show. */
export type PaymentResultView = 'confirming' | 'stillPending' | 'confirmed' | 'notPaid' | 'unconfirmed' | 'counting';
export function selectView(snapshot: Snapshot): PaymentResultView {
  if (snapshot.hasTag('confirming')) return 'confirming';
  if (snapshot.matches('StillPending')) return 'stillPending';
  if (snapshot.matches('Confirmed')) return 'confirmed';
  if (snapshot.matches('NotPaid')) return 'notPaid';
  if (snapshot.matches('Unconfirmed')) return 'unconfirmed';
  return 'counting';
}

/**
 * The confirmed appointment, the fee paid and (a Chat or Video) when it opens on My Appointment,
 * for the confirmation view; null until Confirmed.
 */
export function selectConfirmation(snapshot: Snapshot): { appointment: AppointmentRecord; amountPaid: number; joinOpensAt: string | null } | null {
  const { answer } = snapshot.context;
  return snapshot.matches('Confirmed') && answer?.appointment
    ? { appointment: answer.appointment, amountPaid: answer.amountPaid, joinOpensAt: answer.joinOpensAt ?? null }
    : null;
}

/** A failed payment flagged for refund (it came after the slot was lost). */
export const selectIsRefund = (snapshot: Snapshot): boolean => snapshot.context.answer?.status === 'refund';
/** The calendar file is being fetched: Add to calendar waits. */
export const selectIsFetchingCalendar = (snapshot: Snapshot): boolean => snapshot.hasTag('calendar');
