/**
 * PAYMENT_PROVIDER=phonepe: PhonePe Payment Gateway, Standard Checkout v2.
 *
 * - Authorization: POST {auth}/v1/oauth/token, form-encoded client_id, client_version,
 *   client_secret, grant_type=client_credentials -> { access_token, expires_at (epoch seconds),
 *   token_type 'O-Bearer' }. The token is kept in memory and reused until a minute before it
 *   expires (a cache: another instance simply fetches its own), and fetched again at once if
 *   PhonePe answers 401.
 * - Create payment: POST {api}/checkout/v2/pay, `Authorization: O-Bearer <token>`, JSON
 *   { merchantOrderId, amount (paise), expireAfter (seconds), paymentFlow: { type: 'PG_CHECKOUT',
 *   message, merchantUrls: { redirectUrl } } } -> { orderId, state, expireAt, redirectUrl }: the
 *   checkout page to send the browser to (checked against the configured checkout origins).
 * - Order status: GET {api}/checkout/v2/order/{merchantOrderId}/status -> { orderId, state
 *   (PENDING | COMPLETED | FAILED), amount, paymentDetails: [{ transactionId, state, ... }] }.
 * - Refund: POST {api}/payments/v2/refund, JSON { merchantRefundId (ours, at most 63 characters),
 *   originalMerchantOrderId, amount (paise, at least 100, at most the order's) } -> { refundId,
 *   amount, state: PENDING }; a refusal (a key used before, an amount too large) is a 4xx with
 *   { code, message }.
 * - Refund status: GET {api}/payments/v2/refund/{merchantRefundId}/status -> {
 *   originalMerchantOrderId, amount, state (PENDING | CONFIRMED | COMPLETED | FAILED), refundId,
 *   errorCode }; CONFIRMED is not final (the bank has it), so it reads as PENDING.
 * - Webhook: PhonePe POSTs { event ('checkout.order.completed' | 'checkout.order.failed'),
 *   payload: { merchantOrderId, orderId, state, amount, paymentDetails } } with the header
 *   `Authorization: <hex SHA-256 of "username:password">`, the webhook credentials set on
 *   PhonePe's dashboard. Only `payload.state` is to be relied on for the result.
 *
 * Network calls never run inside a database transaction (PGlite runs one query at a time).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { PaymentProviderError } from '../services/errors.js';
import type { PhonePeConfig } from './config.js';
import type { CheckoutRequest, PaymentProvider, ProviderReport, ProviderState, RefundReport, RefundRequest } from './provider.js';

const State = t.keyof({ PENDING: null, COMPLETED: null, FAILED: null });

const TokenAnswer = t.type({ access_token: t.string, expires_at: t.number });
const PayAnswer = t.type({ orderId: t.string, redirectUrl: t.string });
const PaymentDetail = t.partial({ transactionId: t.string, state: t.string });
const StatusAnswer = t.intersection([
  t.type({ state: State, amount: t.number }),
  t.partial({ orderId: t.string, paymentDetails: t.array(PaymentDetail) }),
]);

const RefundAnswer = t.intersection([
  t.type({ state: t.keyof({ PENDING: null, CONFIRMED: null, COMPLETED: null, FAILED: null }) }),
  t.partial({ refundId: t.string, errorCode: t.string }),
]);
const Refusal = t.partial({ code: t.string });

/** The webhook's body (only what we use; PhonePe adds more). */
export const PhonePeWebhook = t.type({
  event: t.string,
  payload: t.intersection([
    t.type({ merchantOrderId: t.string, state: State, amount: t.number }),
    t.partial({ orderId: t.string, paymentDetails: t.array(PaymentDetail) }),
  ]),
});
export type PhonePeWebhook = t.TypeOf<typeof PhonePeWebhook>;

const unreachable = 'The payment service could not be reached. Please try again.';
const tokenMargin = 60_000;
const timeoutMs = 10_000;

function decode<A>(codec: t.Decoder<unknown, A>, value: unknown, what: string): A {
  const result = codec.decode(value);
  if (isLeft(result)) throw new PaymentProviderError(unreachable, new Error(`PhonePe ${what}: unexpected answer`));
  return result.right;
}

/** The transaction that completed, or the latest attempt's. */
function transactionOf(details: readonly t.TypeOf<typeof PaymentDetail>[] | undefined): string | null {
  if (!details || details.length === 0) return null;
  const done = details.find((d) => d.state === 'COMPLETED') ?? details[details.length - 1]!;
  return done.transactionId ?? null;
}

/** A webhook's body as a provider report. */
export function webhookReport(webhook: PhonePeWebhook): ProviderReport {
  const p = webhook.payload;
  return {
    merchantOrderId: p.merchantOrderId,
    state: p.state as ProviderState,
    amountPaise: p.amount,
    providerOrderId: p.orderId ?? null,
    transactionId: transactionOf(p.paymentDetails),
  };
}

/** What PhonePe sends in the webhook's Authorization header: hex SHA-256 of "username:password". */
export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`, 'utf8').digest('hex');
}

/** Compares in constant time; accepts the hex in either case, and an optional "SHA256 " prefix some setups add. */
export function isValidWebhookAuthorization(header: string | undefined, username: string, password: string): boolean {
  if (typeof header !== 'string') return false;
  const given = header.trim().replace(/^sha256\s+/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(webhookAuthorization(username, password), 'hex'));
}

export interface PhonePeProviderDeps {
  config: PhonePeConfig;
  now: () => Date;
  /** Tests may count calls; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface PhonePeProvider extends PaymentProvider {
  readonly kind: 'phonepe';
  verifyWebhook(authorization: string | undefined): boolean;
}

/** PhonePe allows an order to live 5 minutes to an hour. */
const clampExpiry = (seconds: number) => Math.min(3600, Math.max(300, Math.ceil(seconds)));

/** What the PhonePe calls work with: the settings, the clock, fetch, and the token kept in memory. */
interface PhonePeClient {
  config: PhonePeConfig;
  now: () => Date;
  doFetch: typeof fetch;
  cached: { token: string; expiresAt: number } | null;
  inFlight: Promise<string> | null;
}

async function call(client: PhonePeClient, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await client.doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new PaymentProviderError(unreachable, error);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

async function fetchToken(client: PhonePeClient): Promise<string> {
  const { config } = client;
  const form = new URLSearchParams({
    client_id: config.clientId,
    client_version: String(config.clientVersion),
    client_secret: config.clientSecret,
    grant_type: 'client_credentials',
  });
  const { status, body } = await call(client, `${config.authBaseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (status !== 200) throw new PaymentProviderError(unreachable, new Error(`PhonePe token: HTTP ${status}`));
  const answer = decode(TokenAnswer, body, 'token');
  client.cached = { token: answer.access_token, expiresAt: answer.expires_at * 1000 };
  return answer.access_token;
}

async function token(client: PhonePeClient): Promise<string> {
  if (client.cached && client.now().getTime() < client.cached.expiresAt - tokenMargin) return client.cached.token;
  // Requests arriving together share one token request.
  client.inFlight ??= fetchToken(client).finally(() => {
    client.inFlight = null;
  });
  return client.inFlight;
}

/** An authorized call; a 401 (token revoked early) fetches a new token and tries once more. */
async function authorized(client: PhonePeClient, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  for (let attempt = 0; ; attempt++) {
    const headers = { ...(init.headers as Record<string, string>), authorization: `O-Bearer ${await token(client)}` };
    const answer = await call(client, url, { ...init, headers });
    if (answer.status !== 401 || attempt > 0) return answer;
    client.cached = null;
  }
}

const isCheckoutPage = (config: PhonePeConfig, address: string): boolean => {
  try {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && config.checkoutOrigins.includes(url.origin);
  } catch {
    return false;
  }
};

/** Create payment: the checkout page to send the browser to, which must be at a configured checkout origin. */
async function startCheckout(client: PhonePeClient, request: CheckoutRequest): Promise<{ checkoutPageUrl: string; providerOrderId: string }> {
  const { config } = client;
  const { status, body } = await authorized(client, `${config.apiBaseUrl}/checkout/v2/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      merchantOrderId: request.merchantOrderId,
      amount: request.amountPaise,
      expireAfter: clampExpiry(request.expireAfterSeconds),
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: request.description.slice(0, 200),
        merchantUrls: { redirectUrl: request.redirectUrl },
      },
    }),
  });
  if (status !== 200) throw new PaymentProviderError(unreachable, new Error(`PhonePe pay: HTTP ${status}`));
  const answer = decode(PayAnswer, body, 'pay');
  if (!isCheckoutPage(config, answer.redirectUrl)) {
    throw new PaymentProviderError(unreachable, new Error('PhonePe pay: the checkout page is not at a configured checkout origin'));
  }
  return { checkoutPageUrl: answer.redirectUrl, providerOrderId: answer.orderId };
}

/** Order status, as a provider report. */
async function orderStatus(client: PhonePeClient, merchantOrderId: string): Promise<ProviderReport> {
  const { status, body } = await authorized(
    client,
    `${client.config.apiBaseUrl}/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`,
    { method: 'GET', headers: { accept: 'application/json' } },
  );
  if (status !== 200) throw new PaymentProviderError(unreachable, new Error(`PhonePe status: HTTP ${status}`));
  const answer = decode(StatusAnswer, body, 'status');
  return {
    merchantOrderId,
    state: answer.state,
    amountPaise: answer.amount,
    providerOrderId: answer.orderId ?? null,
    transactionId: transactionOf(answer.paymentDetails),
  };
}

const refundReport = (merchantRefundId: string, answer: t.TypeOf<typeof RefundAnswer>): RefundReport => ({
  merchantRefundId,
  state: answer.state === 'CONFIRMED' ? 'PENDING' : answer.state,
  providerRefundId: answer.refundId ?? null,
  errorCode: answer.errorCode ?? null,
});

/** Refund status; null when PhonePe has no refund by that key. */
async function refundStatus(client: PhonePeClient, merchantRefundId: string): Promise<RefundReport | null> {
  const { status, body } = await authorized(
    client,
    `${client.config.apiBaseUrl}/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`,
    { method: 'GET', headers: { accept: 'application/json' } },
  );
  if (status === 404) return null;
  if (status !== 200) throw new PaymentProviderError(unreachable, new Error(`PhonePe refund status: HTTP ${status}`));
  return refundReport(merchantRefundId, decode(RefundAnswer, body, 'refund status'));
}

/** Refund: a 4xx refusal of a key PhonePe knows already answers that refund's state; any other is FAILED with its code. */
async function startRefund(client: PhonePeClient, request: RefundRequest): Promise<RefundReport> {
  const { status, body } = await authorized(client, `${client.config.apiBaseUrl}/payments/v2/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ merchantRefundId: request.merchantRefundId, originalMerchantOrderId: request.merchantOrderId, amount: request.amountPaise }),
  });
  if (status === 200) return refundReport(request.merchantRefundId, decode(RefundAnswer, body, 'refund'));
  if (status < 400 || status >= 500) throw new PaymentProviderError(unreachable, new Error(`PhonePe refund: HTTP ${status}`));
  const known = await refundStatus(client, request.merchantRefundId);
  if (known) return known;
  const refusal = Refusal.decode(body);
  const code = isLeft(refusal) ? undefined : refusal.right.code;
  return { merchantRefundId: request.merchantRefundId, state: 'FAILED', providerRefundId: null, errorCode: (code ?? `HTTP_${status}`).slice(0, 100) };
}

export function createPhonePeProvider({ config, now, fetch: doFetch = fetch }: PhonePeProviderDeps): PhonePeProvider {
  const client: PhonePeClient = { config, now, doFetch, cached: null, inFlight: null };
  return {
    kind: 'phonepe',
    checkoutOrigins: config.checkoutOrigins,
    startCheckout: (request: CheckoutRequest) => startCheckout(client, request),
    orderStatus: (merchantOrderId: string): Promise<ProviderReport> => orderStatus(client, merchantOrderId),
    startRefund: (request) => startRefund(client, request),
    refundStatus: (merchantRefundId) => refundStatus(client, merchantRefundId),
    verifyWebhook: (authorization) => isValidWebhookAuthorization(authorization, config.webhookUsername, config.webhookPassword),
  };
}
