/**
 * Booking and payment settings from environment variables (docs/operations.md, "Payments"):
 *
 * - `HOLD_MINUTES` (15): how long an unpaid booking holds its slot.
 * - `PAYMENT_PROVIDER`: `sandbox` (a checkout page served by this server, no money moves: the
 *   default only while PUBLIC_URL is this machine; a public site must name it, or every booking
 *   would be "paid" for free) or `phonepe` (PhonePe Standard Checkout v2), which needs:
 *   `PHONEPE_CLIENT_ID`, `PHONEPE_CLIENT_SECRET`, `PHONEPE_CLIENT_VERSION` (1 on PhonePe's
 *   sandbox; production's comes in the credentials mail), `PHONEPE_ENV` (`sandbox` | `production`:
 *   which of PhonePe's hosts), `PHONEPE_WEBHOOK_USERNAME` and `PHONEPE_WEBHOOK_PASSWORD` (as set
 *   on PhonePe's dashboard for the webhook), and for tests `PHONEPE_BASE_URL` (one address that
 *   serves both the token and the payment API: a local fake of PhonePe).
 */
import type { Env } from '../config.js';
import { isLoopbackUrl } from '../identity/config.js';

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
  provider: SandboxPaymentConfig | PhonePeConfig;
}

export const defaultHoldMinutes = 15;

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

export const defaultPaymentsConfig: PaymentsConfig = { holdMinutes: defaultHoldMinutes, provider: { kind: 'sandbox' } };

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Reads the payment settings; `problems` names each bad or missing variable (never a secret's
 * value). `publicUrl` '' (itself invalid, reported already) is not judged.
 */
export function readPaymentsConfig(env: Env, publicUrl: string): { value: PaymentsConfig; problems: string[] } {
  const problems: string[] = [];

  let holdMinutes = defaultHoldMinutes;
  const hold = raw(env, 'HOLD_MINUTES');
  if (hold !== undefined) {
    if (/^\d+$/.test(hold) && Number(hold) >= 1 && Number(hold) <= 120) holdMinutes = Number(hold);
    else problems.push(`HOLD_MINUTES must be a whole number of minutes from 1 to 120 (got "${hold}")`);
  }

  const chosen = raw(env, 'PAYMENT_PROVIDER');
  if (chosen === undefined && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
    problems.push(
      `PAYMENT_PROVIDER is required when PUBLIC_URL (${publicUrl}) is not this machine: set PAYMENT_PROVIDER=phonepe ` +
        'with its PHONEPE_* keys, or PAYMENT_PROVIDER=sandbox to knowingly run the sandbox checkout, which takes no money',
    );
  }
  const kind = chosen ?? 'sandbox';
  if (kind !== 'sandbox' && kind !== 'phonepe') {
    problems.push(`PAYMENT_PROVIDER must be one of sandbox, phonepe (got "${kind}")`);
    return { value: { holdMinutes, provider: { kind: 'sandbox' } }, problems };
  }
  if (kind === 'sandbox') return { value: { holdMinutes, provider: { kind: 'sandbox' } }, problems };

  const required = (name: string, what: string): string => {
    const value = raw(env, name);
    if (value === undefined) problems.push(`${name} is required when PAYMENT_PROVIDER is phonepe (${what})`);
    return value ?? '';
  };
  const clientId = required('PHONEPE_CLIENT_ID', "the client id from PhonePe's credentials mail");
  const clientSecret = required('PHONEPE_CLIENT_SECRET', "the client secret from PhonePe's credentials mail");
  const webhookUsername = required('PHONEPE_WEBHOOK_USERNAME', "the webhook username set on PhonePe's dashboard");
  const webhookPassword = required('PHONEPE_WEBHOOK_PASSWORD', "the webhook password set on PhonePe's dashboard");

  let clientVersion = 1;
  const version = raw(env, 'PHONEPE_CLIENT_VERSION');
  if (version !== undefined) {
    if (/^\d+$/.test(version) && Number(version) >= 1 && Number(version) <= 1_000_000) clientVersion = Number(version);
    else problems.push(`PHONEPE_CLIENT_VERSION must be a whole number (1 on PhonePe's sandbox) (got "${version}")`);
  }

  let phonePeEnv: PhonePeEnvironment = 'sandbox';
  const envName = raw(env, 'PHONEPE_ENV');
  if (envName !== undefined) {
    if (envName === 'sandbox' || envName === 'production') phonePeEnv = envName;
    else problems.push(`PHONEPE_ENV must be one of sandbox, production (got "${envName}")`);
  }

  const hosts = phonePeHosts[phonePeEnv];
  let authBaseUrl = hosts.auth;
  let apiBaseUrl = hosts.api;
  let checkoutOrigins = [...hosts.checkout];
  const override = raw(env, 'PHONEPE_BASE_URL');
  if (override !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(override);
    } catch {
      url = null;
    }
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
      problems.push(`PHONEPE_BASE_URL must be an http:// or https:// address without query or fragment (got "${override}")`);
    } else {
      authBaseUrl = apiBaseUrl = url.href.replace(/\/+$/, '');
      // A stand-in for PhonePe serves its checkout pages too.
      checkoutOrigins = [url.origin];
    }
  }

  return {
    value: {
      holdMinutes,
      provider: {
        kind: 'phonepe',
        clientId,
        clientSecret,
        clientVersion,
        env: phonePeEnv,
        webhookUsername,
        webhookPassword,
        authBaseUrl,
        apiBaseUrl,
        checkoutOrigins,
      },
    },
    problems,
  };
}
