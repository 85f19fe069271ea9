/**
 * PAYMENT_PROVIDER=sandbox (the default): a stand-in provider for laptops, demos and tests. Its
 * checkout page is served by our own server (server/payment/sandboxPages.ts) with Pay and Fail
 * buttons; no money moves. It keeps its own book (table sandbox_checkouts), and the payment
 * service learns what was pressed only through `orderStatus`, exactly as it asks PhonePe.
 *
 * A refund moves no money either: the sandbox reports it completed at once.
 *
 * Anyone who can open a sandbox checkout page can "pay" it: never use it where real patients
 * book (the server logs a warning when PUBLIC_URL is not this machine).
 */
import type { Database } from '../db/database.js';
import { finishSandboxCheckout, findSandboxCheckout, insertSandboxCheckout, type SandboxCheckout } from '../repositories/payments.js';
import { PaymentProviderError } from '../services/errors.js';
import type { PaymentProvider } from './provider.js';

/** Under /api/payment. */
export const sandboxCheckoutPath = '/sandbox/checkout';

export function sandboxCheckoutUrl(publicUrl: string, merchantOrderId: string): string {
  return `${publicUrl}/api/payment${sandboxCheckoutPath}/${encodeURIComponent(merchantOrderId)}`;
}

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** The checkout as the sandbox's book has it; null when it never opened one. */
  find(merchantOrderId: string): Promise<SandboxCheckout | null>;
  /** The person pressed Pay (COMPLETED) or Fail (FAILED) on its page; only the first press counts. */
  press(merchantOrderId: string, state: 'COMPLETED' | 'FAILED'): Promise<boolean>;
}

export function createSandboxProvider({ db, publicUrl, now }: { db: Database; publicUrl: string; now: () => Date }): SandboxProvider {
  return {
    kind: 'sandbox',
    // Only the sandbox's pages: the rest of our origin is no checkout.
    checkoutOrigins: [`${publicUrl}/api/payment/sandbox/`],

    async startCheckout(request) {
      await insertSandboxCheckout(db, request.merchantOrderId, request.amountPaise, now());
      return { checkoutPageUrl: sandboxCheckoutUrl(publicUrl, request.merchantOrderId), providerOrderId: null };
    },

    async orderStatus(merchantOrderId) {
      const checkout = await findSandboxCheckout(db, merchantOrderId);
      if (!checkout) throw new PaymentProviderError('The payment could not be found at the provider.');
      return {
        merchantOrderId,
        state: checkout.state,
        amountPaise: checkout.amountPaise,
        providerOrderId: null,
        transactionId: checkout.state === 'COMPLETED' ? `SANDBOX-${merchantOrderId}` : null,
      };
    },

    // No money moved, so none goes back: a refund is completed as soon as it is asked for.
    async startRefund(request) {
      return { merchantRefundId: request.merchantRefundId, state: 'COMPLETED', providerRefundId: `SANDBOX-${request.merchantRefundId}`, errorCode: null };
    },
    async refundStatus(merchantRefundId) {
      return { merchantRefundId, state: 'COMPLETED', providerRefundId: `SANDBOX-${merchantRefundId}`, errorCode: null };
    },

    find: (merchantOrderId) => findSandboxCheckout(db, merchantOrderId),
    press: (merchantOrderId, state) => finishSandboxCheckout(db, merchantOrderId, state, now()),
  };
}
