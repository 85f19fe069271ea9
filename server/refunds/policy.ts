/**
 * The cancellation policy (CANCEL_FREE_HOURS, docs/refunds.md): a patient who cancels a paid
 * appointment at least that many hours before its start has the fee refunded; later, none (the
 * spec's 'Your appointment fee will not be refunded.'). The clinic's cancels always refund.
 */
import { clinicInstant } from '../../contract/clinicTime.js';

const hourMs = 3_600_000;

/** The last instant a patient's cancel refunds the fee of an appointment starting at `date` `time` (clinic time); null: never (0 hours). */
export function freeCancelUntil(date: string, time: string, freeHours: number): Date | null {
  return freeHours > 0 ? new Date(clinicInstant(date, time).getTime() - freeHours * hourMs) : null;
}

/** A patient's cancel at `at` refunds: at or before the free-cancellation instant. */
export function patientCancelRefunds(date: string, time: string, freeHours: number, at: Date): boolean {
  const until = freeCancelUntil(date, time, freeHours);
  return until !== null && at.getTime() <= until.getTime();
}
