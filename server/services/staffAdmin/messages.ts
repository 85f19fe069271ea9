import { defineMessages, withParams } from '../messageCodes.js';

/** The admin records' answers and refusals, as the console shows them (routes/staffAdmin.ts, services/staffAdmin/). */
export const adminMessages = defineMessages('admin', {
  locationNotFound: 'Location not found.',
  locationTaken: 'A location with this name exists already.',
  locationInUse: withParams(
    (doctors: number, appointments: number) =>
      `This location is in use (${doctors} doctor${doctors === 1 ? '' : 's'}, ${appointments} appointment${appointments === 1 ? '' : 's'}), so it cannot be deleted. Rename it instead, or take it off the doctors first.`,
    (doctors, appointments) => ({ doctors, appointments }),
  ),
  locationCreated: 'Location added.',
  locationRenamed: 'Location renamed.',
  locationSaved: 'Location saved.',
  locationDeleted: 'Location deleted.',
  badOrder: 'The new order must list every entry exactly once. Reload the list and try again.',
  reordered: 'Order saved.',
  feeSaved: 'Fee saved.',
  siteNotFound: 'This entry is not on the list any more.',
  siteCreated: 'Added.',
  siteUpdated: 'Saved.',
  siteDeleted: 'Deleted.',
  noAccount: 'There is no account with this email. The person must register on the site (or sign in with Google) first.',
  noDoctor: 'No doctor in the doctor list has this email. Add the doctor (with this email) first.',
  lastAdmin: 'This is the clinic\'s last admin account. Make another account an admin first.',
  roleChanged: 'Role changed.',
  roleUnchanged: 'The account has this role already. Nothing changed.',
  orderNotFound: 'Order not found.',
  orderCancelled: 'This order was cancelled: its status cannot change any more.',
  orderStatusSaved: 'Order status saved.',
  orderCancelledRefund: 'Order cancelled. It was paid: it is listed under Refunds.',
  orderDeliveredCash: 'Order delivered. Its cash payment is recorded and its receipt is ready.',
  refundNotFound: 'There is no refund to record with this id.',
  refundResolved: 'Refund recorded as paid back.',
  refundAlreadyResolved: 'This refund was recorded as paid back already.',
  refundInProgress: 'This refund is being made through the payment provider. Wait for its result; if it fails, retry it or record it then.',
  refundNotRetryable: 'Only a refund whose last attempt through the payment provider failed can be retried.',
  refundRetried: 'Refund asked of the payment provider again.',
} as const);
