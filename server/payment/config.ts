/**
 * Booking and payment settings: their types, defaults and PhonePe's hosts. HOLD_MINUTES,
 * PAYMENT_PROVIDER and PHONEPE_* are read, and listed, in server/config/payments.ts
 * (docs/operations.md, "Payments").
 */

export type PhonePeEnvironment = 'sandbox' | 'production';

export interface PhonePeConfig {
  kind: 'phonepe';
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  env: PhonePeEnvironment;
  webhookUsername: string;
  webhookPassword: string;
  /** Serves POST /v1/oauth/token. */
  authBaseUrl: string;
  /** Serves POST /checkout/v2/pay and GET /checkout/v2/order/{merchantOrderId}/status. */
  apiBaseUrl: string;
  /** Where PhonePe's checkout pages live: the only places the client's /payment page may send a browser. */
  checkoutOrigins: string[];
}

export interface SandboxPaymentConfig {
  kind: 'sandbox';
}

export interface PaymentsConfig {
  /** HOLD_MINUTES: how long an unpaid appointment holds its slot. */
  holdMinutes: number;
  /**
   * CANCEL_FREE_HOURS: a patient who cancels a paid appointment at least this many hours before
   * its start has the fee refunded; later, no refund (docs/refunds.md). 0: never.
   */
  cancelFreeHours: number;
  provider: SandboxPaymentConfig | PhonePeConfig;
}

export const defaultHoldMinutes = 15;
export const defaultCancelFreeHours = 24;

/** PhonePe's documented hosts (Standard Checkout v2). */
export const phonePeHosts: Record<PhonePeEnvironment, { auth: string; api: string; checkout: string[] }> = {
  sandbox: {
    auth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    api: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    checkout: ['https://mercury-uat.phonepe.com'],
  },
  production: {
    auth: 'https://api.phonepe.com/apis/identity-manager',
    api: 'https://api.phonepe.com/apis/pg',
    checkout: ['https://mercury-t2.phonepe.com', 'https://mercury.phonepe.com'],
  },
};

export const defaultPaymentsConfig: PaymentsConfig = { holdMinutes: defaultHoldMinutes, cancelFreeHours: defaultCancelFreeHours, provider: { kind: 'sandbox' } };
