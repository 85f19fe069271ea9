/**
 * A pharmacy order's payment mode, payment status and order status in the language in use. The
 * server sends the spec's English values (spec §3: Card, Completed, Placed...); the catalog names
 * each one it knows (`appointments.orderStatusNames`...), and a value it does not know is shown as
 * it came rather than hidden.
 */
import type { Messages } from '../../i18n/messages';

const named = (names: Readonly<Record<string, string>>, value: string): string => (Object.hasOwn(names, value) ? names[value]! : value);

export function orderWords(
  texts: Messages['appointments'],
  order: { readonly paymentMode?: string; readonly paymentStatus: string; readonly orderStatus: string },
): { mode: string; payment: string; status: string } {
  return {
    mode: order.paymentMode === undefined ? '' : named(texts.paymentModeNames, order.paymentMode),
    payment: named(texts.orderPaymentStatusNames, order.paymentStatus),
    status: named(texts.orderStatusNames, order.orderStatus),
  };
}
