/**
 * The slot index's word (repositories/bookings.ts): at most one row holds a slot, and a claim that
 * finds another holder fails on the index's unique violation.
 */
import { isUniqueViolation } from '../../db/database.js';
import { slotConstraint } from '../../repositories/bookings.js';

/** Whether `error` is the slot index refusing a claim: somebody else holds the slot. */
export function isSlotViolation(error: unknown): boolean {
  return isUniqueViolation(error, slotConstraint);
}

/** An unpaid hold still keeps its slot at `at`: it holds it and its time has not run out. */
export function holdIsLive(hold: { holdsSlot: boolean; holdExpiresAt: Date | null }, at: Date): boolean {
  return hold.holdsSlot && hold.holdExpiresAt !== null && hold.holdExpiresAt > at;
}
