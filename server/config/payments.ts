/**
 * Booking and payment settings, decoded from the environment (docs/operations.md, "Payments"; their types: server/payment/config.ts):
 *
 * - `HOLD_MINUTES` (15): how long an unpaid booking holds its slot.
 * - `CANCEL_FREE_HOURS` (24): a patient's cancel this many hours or more before the start refunds
 *   a paid fee, a later one does not (0: never); the clinic's cancels always do (docs/refunds.md).
 * - `PAYMENT_PROVIDER`: `sandbox` (a checkout page served by this server, no money moves: the
 *   default only while PUBLIC_URL is this machine; a public site must name it, or every booking
 *   would be "paid" for free) or `phonepe` (PhonePe Standard Checkout v2), which needs:
 *   `PHONEPE_CLIENT_ID`, `PHONEPE_CLIENT_SECRET`, `PHONEPE_CLIENT_VERSION` (1 on PhonePe's
 *   sandbox; production's comes in the credentials mail), `PHONEPE_ENV` (`sandbox` | `production`:
 *   which of PhonePe's hosts), `PHONEPE_WEBHOOK_USERNAME` and `PHONEPE_WEBHOOK_PASSWORD` (as set
 *   on PhonePe's dashboard for the webhook), and for tests `PHONEPE_BASE_URL` (one address that
 *   serves both the token and the payment API: a local fake of PhonePe).
 *
 * Problems name each bad or missing variable, never a secret's value.
 */
import { isLoopbackUrl } from '../identity/config.js';
import { defaultCancelFreeHours, defaultHoldMinutes, type PaymentsConfig, type PhonePeConfig, type PhonePeEnvironment, phonePeHosts } from '../payment/config.js';
import { type Env, problem, raw, type Reader, settings, variable } from './env.js';
import { oneOf } from './variables.js';

const holdMinutes = variable('HOLD_MINUTES', (hold) => {
  if (hold === undefined) return defaultHoldMinutes;
  return /^\d+$/.test(hold) && Number(hold) >= 1 && Number(hold) <= 120
    ? Number(hold)
    : problem(`HOLD_MINUTES must be a whole number of minutes from 1 to 120 (got "${hold}")`);
});

const cancelFreeHours = variable('CANCEL_FREE_HOURS', (hours) => {
  if (hours === undefined) return defaultCancelFreeHours;
  return /^\d+$/.test(hours) && Number(hours) <= 720
    ? Number(hours)
    : problem(`CANCEL_FREE_HOURS must be a whole number of hours from 0 to 720 (got "${hours}")`);
});

const clientVersion = variable('PHONEPE_CLIENT_VERSION', (version) => {
  if (version === undefined) return 1;
  return /^\d+$/.test(version) && Number(version) >= 1 && Number(version) <= 1_000_000
    ? Number(version)
    : problem(`PHONEPE_CLIENT_VERSION must be a whole number (1 on PhonePe's sandbox) (got "${version}")`);
});

/** PHONEPE_BASE_URL: one stand-in for every PhonePe host; null when unset. */
const baseUrlOverride = variable('PHONEPE_BASE_URL', (override) => {
  if (override === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(override);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    return problem(`PHONEPE_BASE_URL must be an http:// or https:// address without query or fragment (got "${override}")`);
  }
  return url;
});

/** PhonePe's keys, once PAYMENT_PROVIDER says phonepe. */
function phonePe(env: Env, { take, fail }: Reader): PhonePeConfig {
  const required = (name: string, what: string): string => {
    const value = raw(env, name);
    if (value === undefined) fail(`${name} is required when PAYMENT_PROVIDER is phonepe (${what})`);
    return value ?? '';
  };
  const clientId = required('PHONEPE_CLIENT_ID', "the client id from PhonePe's credentials mail");
  const clientSecret = required('PHONEPE_CLIENT_SECRET', "the client secret from PhonePe's credentials mail");
  const webhookUsername = required('PHONEPE_WEBHOOK_USERNAME', "the webhook username set on PhonePe's dashboard");
  const webhookPassword = required('PHONEPE_WEBHOOK_PASSWORD', "the webhook password set on PhonePe's dashboard");
  const version = take(clientVersion, 1);
  const phonePeEnv = take(oneOf<PhonePeEnvironment>('PHONEPE_ENV', ['sandbox', 'production'], 'sandbox'), 'sandbox');
  const hosts = phonePeHosts[phonePeEnv];
  const override = take(baseUrlOverride, null);
  // A stand-in for PhonePe serves its checkout pages too.
  const base = override === null ? null : override.href.replace(/\/+$/, '');
  return {
    kind: 'phonepe',
    clientId,
    clientSecret,
    clientVersion: version,
    env: phonePeEnv,
    webhookUsername,
    webhookPassword,
    authBaseUrl: base ?? hosts.auth,
    apiBaseUrl: base ?? hosts.api,
    checkoutOrigins: override === null ? [...hosts.checkout] : [override.origin],
  };
}

/** `publicUrl`: the already-read PUBLIC_URL; '' (itself invalid, reported already) is not judged. */
export const paymentSettings = (publicUrl: string) =>
  settings('payments', (env, reader): PaymentsConfig => {
    const hold = reader.take(holdMinutes, defaultHoldMinutes);
    const freeHours = reader.take(cancelFreeHours, defaultCancelFreeHours);
    const chosen = raw(env, 'PAYMENT_PROVIDER');
    if (chosen === undefined && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
      reader.fail(
        `PAYMENT_PROVIDER is required when PUBLIC_URL (${publicUrl}) is not this machine: set PAYMENT_PROVIDER=phonepe ` +
          'with its PHONEPE_* keys, or PAYMENT_PROVIDER=sandbox to knowingly run the sandbox checkout, which takes no money',
      );
    }
    const kind = reader.take(oneOf('PAYMENT_PROVIDER', ['sandbox', 'phonepe'], 'sandbox'), 'sandbox');
    return { holdMinutes: hold, cancelFreeHours: freeHours, provider: kind === 'phonepe' ? phonePe(env, reader) : { kind: 'sandbox' } };
  });

export const readPaymentsConfig = (env: Env, publicUrl: string) => paymentSettings(publicUrl).read(env);
