/**
 * The pharmacy order of a Completed appointment (docs/orders.md): priced on the server from the
 * catalogue (staff/orderPricing.ts), one per appointment, paymentStatus 'Pending', orderStatus
 * 'Placed'; the order, its lines and its audit row in one transaction. Its preview prices it the
 * same way and saves nothing. (Its status later: services/staffAdmin/orders.ts.)
 */
import type { AppointmentRecord } from '../../../contract/appointments.js';
import { rupeesOf } from '../../../contract/money.js';
import type { OrderPreview, StaffOrderRequest } from '../../../contract/pharmacyOrder.js';
import { isUniqueViolation } from '../../db/database.js';
import type { PharmacyConfig } from '../../pharmacy/config.js';
import { insertOrderItems } from '../../repositories/orderLines.js';
import { insertOrder, orderConstraint } from '../../repositories/orders.js';
import { insertAudit } from '../../repositories/staff.js';
import { ConflictError } from '../errors.js';
import type { Staff } from '../staff.js';
import { priceOrder } from './orderPricing.js';
import { actionable, answer, auditActor, type StaffContext, staffMessages } from './shared.js';

/** POST /staff/appointments/{id}/order/preview: the order priced as it would be placed; nothing saved. */
export async function previewOrder(ctx: StaffContext & { pharmacy: PharmacyConfig }, staff: Staff, id: string, order: StaffOrderRequest): Promise<OrderPreview> {
  await actionable(ctx.db, staff, id, false);
  return (await priceOrder(ctx.db, ctx.pharmacy, order)).preview;
}

/** POST /staff/appointments/{id}/order: the pharmacy order of a Completed appointment (one only). */
export async function placeOrder(
  ctx: StaffContext & { pharmacy: PharmacyConfig },
  staff: Staff,
  id: string,
  order: StaffOrderRequest,
): Promise<{ message: string; appointment: AppointmentRecord }> {
  const { db, now } = ctx;
  const at = now();
  try {
    await db.transaction(async (tx) => {
      const a = await actionable(tx, staff, id);
      if (a.record.appointmentStatus !== 'Completed') throw new ConflictError(staffMessages.notCompleted);
      if (a.record.order !== null) throw new ConflictError(staffMessages.hasOrder);
      // Priced inside the transaction: the order keeps the catalogue's prices as they are now.
      const { preview, items, paise } = await priceOrder(tx, ctx.pharmacy, order);
      const orderId = await insertOrder(
        tx,
        {
          appointmentId: a.record._id,
          pharmacyId: preview.pharmacyId,
          totalPrice: preview.totalPrice,
          paymentMode: order.paymentMode,
          createdBy: staff.user._id,
          locationId: preview.locationId,
          fulfilment: preview.fulfilment,
          deliveryAddress: preview.deliveryAddress,
          subtotal: rupeesOf(paise.subtotal),
          taxRateBp: ctx.pharmacy.taxRateBp,
          tax: rupeesOf(paise.tax),
          deliveryFee: rupeesOf(paise.deliveryFee),
        },
        at,
      );
      await insertOrderItems(tx, orderId, items);
      await insertAudit(
        tx,
        {
          ...auditActor(staff),
          action: 'order.created',
          appointmentId: a.record._id,
          // The lines by item and quantity; the delivery address (personal) stays in the order only.
          details: {
            after: {
              orderId,
              totalPrice: preview.totalPrice,
              paymentMode: order.paymentMode,
              pharmacyId: preview.pharmacyId,
              locationId: preview.locationId,
              fulfilment: preview.fulfilment,
              items: items.map((i) => ({ itemId: i.itemId, name: i.name, quantity: i.quantity, unitPrice: i.unitPrice })),
              subtotal: preview.subtotal,
              tax: preview.tax,
              deliveryFee: preview.deliveryFee,
              paymentStatus: 'Pending',
              orderStatus: 'Placed',
            },
          },
        },
        at,
      );
    });
  } catch (error) {
    // Two staff creating one appointment's order at once: the second meets the unique constraint.
    if (isUniqueViolation(error, orderConstraint)) throw new ConflictError(staffMessages.hasOrder);
    throw error;
  }
  return answer(ctx, id, staffMessages.orderCreated);
}
