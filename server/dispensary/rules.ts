/**
 * Who may do what in the dispensary, and when an order may be dispensed: pure functions over the
 * caller (server/access/rules.ts) and rows already loaded; the service loads, calls these, goes on.
 *
 * - The catalogue is read by every staff member (a doctor picks from it while prescribing,
 *   reception sells from it) and written by admins only: its prices are the clinic's.
 * - Stock is changed, and orders dispensed, at the front desk: reception and admins. A doctor
 *   reads stock levels (the picker shows them) and changes none.
 * - A stock level never goes below zero, nor above maxStock.
 * - An order is dispensed once it is paid: its payment Completed (online, or cash recorded), or a
 *   Cash order, whose money is taken at the pharmacy counter as the remedies are handed over.
 *   Never a cancelled order, nor one whose payment is being refunded.
 */
import { maxStock } from '../../contract/catalogue.js';
import { staffCaller } from '../access/caller.js';
import { isAdmin, worksDesk } from '../access/rules.js';
import { ConflictError, ForbiddenError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { dispensaryMessages } from './messages.js';

export const writesCatalogue = (staff: Staff): boolean => isAdmin(staffCaller(staff));
export const worksStock = (staff: Staff): boolean => worksDesk(staffCaller(staff));

/** 403 unless an admin. */
export function assertWritesCatalogue(staff: Staff): void {
  if (!writesCatalogue(staff)) throw new ForbiddenError(dispensaryMessages.catalogueAdminOnly);
}

/** 403 unless reception or an admin. */
export function assertWorksStock(staff: Staff): void {
  if (!worksStock(staff)) throw new ForbiddenError(dispensaryMessages.deskOnly);
}

/** The quantity after `change`; 409 below zero or above maxStock (nothing is written then). */
export function stockAfter(quantity: number, change: number): number {
  const after = quantity + change;
  if (after < 0) throw new ConflictError(dispensaryMessages.stockNegative);
  if (after > maxStock) throw new ConflictError(dispensaryMessages.stockTooHigh);
  return after;
}

export interface PaidState {
  paymentStatus: string;
  paymentMode: string;
  orderStatus: string;
}

/** Paid as the dispensary reads it (see above). */
export const isDispensable = (o: PaidState): boolean =>
  o.orderStatus !== 'Cancelled' && o.paymentStatus !== 'Refund' && o.paymentStatus !== 'Failed' && (o.paymentStatus === 'Completed' || o.paymentMode === 'Cash');

/** The same rule in SQL, over orders aliased `o`. */
export const dispensableSql = `o.order_status <> 'Cancelled' and o.payment_status not in ('Refund', 'Failed')
  and (o.payment_status = 'Completed' or o.payment_mode = 'Cash')`;

/** 409 'dispenseUnpaid' unless the order may be dispensed. */
export function assertDispensable(o: PaidState): void {
  if (!isDispensable(o)) throw new ConflictError(dispensaryMessages.unpaid);
}
