/**
 * The one interface every payment provider implements (PAYMENT_PROVIDER): start a checkout for a
 * merchant order id and an amount, and say server to server what became of it. The payment
 * service (server/services/payments.ts) settles only on what a provider reports here or in a
 * verified webhook, never on a browser's word.
 */

/** The provider's view of an order (PhonePe's states). */
export type ProviderState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface ProviderReport {
  merchantOrderId: string;
  state: ProviderState;
  /** What the provider collected (or will), in paise. */
  amountPaise: number;
  /** The provider's id for the order, if it has one. */
  providerOrderId: string | null;
  /** The provider's id of the successful transaction, if any. */
  transactionId: string | null;
}

export interface CheckoutRequest {
  /** Ours, unique, [A-Za-z0-9_-], at most 63 characters (PhonePe's rule). */
  merchantOrderId: string;
  amountPaise: number;
  /** Where the provider sends the browser back to when the person is done. */
  redirectUrl: string;
  /** How long the checkout may take (the hold left on the slot). */
  expireAfterSeconds: number;
  /** One line for the checkout page (the sandbox shows it). */
  description: string;
}

/** A refund's state at the provider (PhonePe's CONFIRMED is still PENDING here: not final). */
export type RefundState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface RefundRequest {
  /** Ours, unique, [A-Za-z0-9_-], at most 63 characters: the same key for a request sent again. */
  merchantRefundId: string;
  /** The paid order refunded. */
  merchantOrderId: string;
  amountPaise: number;
}

export interface RefundReport {
  merchantRefundId: string;
  state: RefundState;
  /** The provider's id of the refund, if it gives one. */
  providerRefundId: string | null;
  /** Why it failed or was refused, in the provider's words (a code). */
  errorCode: string | null;
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'phonepe';
  /**
   * The addresses the client's /payment page may send a browser to (GET /api/payment/config):
   * origins, or an origin with a path prefix ('http://localhost:3000/api/payment/sandbox/').
   */
  readonly checkoutOrigins: readonly string[];
  /** Throws PaymentProviderError when the provider refuses or cannot be reached. */
  startCheckout(request: CheckoutRequest): Promise<{ checkoutPageUrl: string; providerOrderId: string | null }>;
  /** Server-side status check. Throws PaymentProviderError when the provider cannot say. */
  orderStatus(merchantOrderId: string): Promise<ProviderReport>;
  /**
   * Asks for a refund of a paid order. A refusal is a FAILED report with its code; a key sent
   * before answers that refund's state. Throws PaymentProviderError when the provider cannot say.
   */
  startRefund(request: RefundRequest): Promise<RefundReport>;
  /** A refund's state; null when the provider has none by that key. Throws PaymentProviderError when it cannot say. */
  refundStatus(merchantRefundId: string): Promise<RefundReport | null>;
}
