/**
 * The staff console's admin-only records, one file a subject under services/staffAdmin/:
 * locations, consultation fees, the site's content (events, team members, testimonials), staff
 * accounts and their roles, pharmacy orders' status, and refunds. (Doctors and their schedules:
 * services/staffSchedule.ts.)
 *
 * Every call checks the caller is an admin (403 otherwise), whatever the route did before it.
 * Every change runs in one transaction with its audit row (who, role, when, action, before and
 * after), so a refused or failed change leaves neither the change nor its audit row behind.
 */
import type { Database } from '../db/database.js';
import { accountsAdmin } from './staffAdmin/accounts.js';
import { feesAdmin } from './staffAdmin/fees.js';
import { locationsAdmin } from './staffAdmin/locations.js';
import { ordersAdmin } from './staffAdmin/orders.js';
import type { RefundQueue } from '../refunds/queue.js';
import { refundsAdmin } from './staffAdmin/refunds.js';
import { siteContentAdmin } from './staffAdmin/siteContent.js';

/** What every part of the admin service is made with. */
/** `refunds`: where an admin's retry of a failed provider refund starts its next attempt (server/refunds/queue.ts). */
export type AdminDeps = { db: Database; now: () => Date; refunds?: RefundQueue };

export function createStaffAdminService(deps: AdminDeps) {
  return {
    ...locationsAdmin(deps),
    ...feesAdmin(deps),
    ...siteContentAdmin(deps),
    ...accountsAdmin(deps),
    ...ordersAdmin(deps),
    ...refundsAdmin(deps),
  };
}
export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
