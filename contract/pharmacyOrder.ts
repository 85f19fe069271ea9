/**
 * The doctor's pharmacy order as it is asked for (docs/orders.md): lines of catalogue items (or a
 * line written by hand for what the catalogue lacks), the clinic location whose dispensary fills
 * it, and pickup there or home delivery. The server prices it from the catalogue and its settings
 * (PHARMACY_TAX_RATE, DELIVERY_FEE, CLINIC_GSTIN); a client never sends a catalogue price.
 *
 *   GET  /staff/pharmacies                         -> PharmacyList (any staff)
 *   POST /staff/appointments/{id}/order/preview  StaffOrderRequest -> OrderPreview (nothing saved)
 *   POST /staff/appointments/{id}/order          StaffOrderRequest -> StaffAppointmentAnswer
 */
import * as t from 'io-ts';
import { Fulfilment, OrderPricing } from './dispensary.js';
import { line, Rupees, text } from './primitives.js';

/** How many lines one order holds at most. */
export const maxOrderLines = 30;

/** A line's quantity: a whole number of packs from 1 to 99 (order_items.quantity). */
export const OrderQuantity = new t.Type<number, number, unknown>(
  'OrderQuantity',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 99,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 99 ? t.success(u) : t.failure(u, c, 'must be a whole number from 1 to 99')),
  (a) => a,
);

/**
 * One line as the doctor asks for it: a catalogue item (`itemId`; the price is the catalogue's),
 * or, for what the catalogue lacks, a line written by hand (`name` and the doctor's `unitPrice`,
 * no `itemId`). Which of the two it is, and that an item exists and is live, the server checks
 * (400 on `lines.N.itemId`, `lines.N.name` or `lines.N.unitPrice`).
 */
export const OrderLineRequest = t.intersection(
  [
    t.type({ quantity: OrderQuantity }),
    t.partial({ itemId: line(64), name: line(200), unitPrice: Rupees }),
  ],
  'OrderLineRequest',
);
export type OrderLineRequest = t.TypeOf<typeof OrderLineRequest>;

export const OrderPaymentMode = t.keyof({ Card: null, Cash: null }, 'OrderPaymentMode');
export type OrderPaymentMode = t.TypeOf<typeof OrderPaymentMode>;

const OrderLines = new t.Type<OrderLineRequest[], OrderLineRequest[], unknown>(
  'OrderLines',
  (u): u is OrderLineRequest[] => t.array(OrderLineRequest).is(u) && u.length >= 1 && u.length <= maxOrderLines,
  (u, c) => {
    if (Array.isArray(u) && (u.length < 1 || u.length > maxOrderLines)) return t.failure(u, c, `must hold 1 to ${maxOrderLines} lines`);
    return t.array(OrderLineRequest).validate(u, c);
  },
  (a) => a,
);

/**
 * The order asked for. `locationId`: one of the clinic's locations (its name becomes the order's
 * pharmacyId). `deliveryAddress`: required (not blank) for `delivery`, ignored for `pickup`.
 */
export const StaffOrderRequest = t.intersection(
  [
    t.type({ lines: OrderLines, paymentMode: OrderPaymentMode, locationId: line(64), fulfilment: Fulfilment }),
    t.partial({ deliveryAddress: text(500) }),
  ],
  'StaffOrderRequest',
);
export type StaffOrderRequest = t.TypeOf<typeof StaffOrderRequest>;

/** GET /staff/pharmacies: the clinic's locations whose dispensaries fill orders, in the site's order. */
export const Pharmacy = t.type({ _id: t.string, name: t.string }, 'Pharmacy');
export type Pharmacy = t.TypeOf<typeof Pharmacy>;
export const PharmacyList = t.array(Pharmacy, 'PharmacyList');

/**
 * The order as the server prices it, before it is saved (OrderPricing, contract/dispensary.ts):
 * its lines with the catalogue's prices, the location (`pharmacyId` is its name, as the order keeps
 * it) and its totalPrice.
 */
export const OrderPreview = t.type(
  {
    ...OrderPricing.props,
    locationId: t.string,
    pharmacyId: t.string,
    totalPrice: Rupees,
  },
  'OrderPreview',
);
export type OrderPreview = t.TypeOf<typeof OrderPreview>;
