/**
 * The dispensary's refusals (contract/endpoints/dispensary.ts names the codes a client words them
 * by). The 409s the console acts on carry short codes of their own.
 */
import { defineMessages } from '../services/messageCodes.js';

export const dispensaryMessages = defineMessages(
  'dispensary',
  {
    itemNotFound: 'This catalogue item was not found.',
    locationNotFound: 'This location was not found.',
    orderNotFound: 'This order was not found.',
    duplicate: 'The catalogue has this remedy already, in this form, potency and pack.',
    archived: 'This catalogue item is archived: it is kept for old orders and no longer changed or stocked.',
    stockNegative: 'The stock cannot go below zero: count what is on the shelf and adjust by that.',
    stockTooHigh: 'A location holds at most 1,000,000 of an item.',
    unpaid: 'This order is not paid (or was cancelled or refunded): it is dispensed once it is paid.',
    noLocation: 'This order names no location to dispense from.',
    noItems: 'This order has no catalogue items to dispense.',
    short: 'Not enough stock at this location for this order: nothing was taken.',
    catalogueAdminOnly: 'Only a clinic admin changes the catalogue.',
    deskOnly: 'Stock and dispensing are for reception and admins.',
  } as const,
  {
    codes: {
      duplicate: 'catalogueDuplicate',
      archived: 'catalogueArchived',
      stockNegative: 'stockNegative',
      stockTooHigh: 'stockTooHigh',
      unpaid: 'dispenseUnpaid',
      noLocation: 'dispenseNoLocation',
      noItems: 'dispenseNoItems',
      short: 'dispenseShort',
    },
  },
);
