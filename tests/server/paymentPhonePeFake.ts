/**
 * A local stand-in for PhonePe's Standard Checkout v2 API, as its documentation describes it,
 * for the phonepe provider's tests: a small Fastify app on 127.0.0.1 serving
 *
 *   POST /v1/oauth/token                           form: client_id, client_version, client_secret,
 *                                                  grant_type=client_credentials
 *   POST /checkout/v2/pay                          Authorization: O-Bearer <token>
 *   GET  /checkout/v2/order/{merchantOrderId}/status
 *   GET  /transact/pg?token=...                    the "checkout page" (only its address matters)
 *   POST /payments/v2/refund                       { merchantRefundId, originalMerchantOrderId, amount }
 *   GET  /payments/v2/refund/{merchantRefundId}/status
 *
 * Refunds: a key used before is refused (400 DUPLICATE_REQUEST), as is more than the completed
 * order's amount; what a new refund becomes is the test's choice (`refundOutcome`: completed at
 * once, pending until `finishRefund`, or failed), and the test can make the next requests
 * unreachable (`refundsDown`: 503).
 *
 * The test plays the person at the checkout (`complete`, `fail`) and PhonePe's webhook (it posts
 * to our server itself).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  merchantOrderId: string;
  orderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  expireAfter: number;
  redirectUrl: string;
  /** The pay request's body as received. */
  body: Record<string, unknown>;
}

export interface FakeRefund {
  merchantRefundId: string;
  merchantOrderId: string;
  refundId: string;
  amount: number;
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';
}

export interface FakePhonePe {
  url: string;
  credentials: { clientId: string; clientSecret: string; clientVersion: number };
  orders: Map<string, FakeOrder>;
  /** How many tokens were handed out. */
  tokenRequests: number;
  /** Pay and status calls seen. */
  calls: string[];
  complete(merchantOrderId: string): void;
  fail(merchantOrderId: string): void;
  refunds: Map<string, FakeRefund>;
  /** What a refund accepted from now on becomes: COMPLETED at once (default), PENDING (CONFIRMED, until `finishRefund`) or FAILED. */
  refundOutcome: 'COMPLETED' | 'PENDING' | 'FAILED';
  /** While true, refund requests and status checks answer 503. */
  refundsDown: boolean;
  finishRefund(merchantRefundId: string, state: 'COMPLETED' | 'FAILED'): void;
  /** PhonePe stops accepting the tokens it gave (the provider must fetch a new one). */
  revokeTokens(): void;
  close(): Promise<void>;
}

/** The settings that point the app's phonepe provider at this fake (the webhook's credentials: clinic_hook / hook1234pass). */
export const fakePhonePeEnv = (fake: FakePhonePe): Record<string, string> => ({
  PAYMENT_PROVIDER: 'phonepe',
  PHONEPE_CLIENT_ID: fake.credentials.clientId,
  PHONEPE_CLIENT_SECRET: fake.credentials.clientSecret,
  PHONEPE_WEBHOOK_USERNAME: 'clinic_hook',
  PHONEPE_WEBHOOK_PASSWORD: 'hook1234pass',
  PHONEPE_BASE_URL: fake.url,
});

export async function startFakePhonePe(now: () => Date): Promise<FakePhonePe> {
  const credentials = { clientId: 'TESTCLINIC_2503', clientSecret: 'fake-secret-123', clientVersion: 1 };
  const app: FastifyInstance = Fastify();
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  let base = '';

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const authorized = (header: string | undefined) => {
    const match = /^O-Bearer (\S+)$/.exec(header ?? '');
    return match !== null && tokens.has(match[1]!);
  };
  const error = (code: string, message: string) => ({ code, message });

  app.post('/v1/oauth/token', async (request, reply) => {
    const form = request.body as Record<string, string>;
    if (
      form.client_id !== credentials.clientId ||
      form.client_secret !== credentials.clientSecret ||
      form.client_version !== String(credentials.clientVersion) ||
      form.grant_type !== 'client_credentials'
    ) {
      return reply.code(400).send(error('INVALID_CLIENT', 'Client authentication failed'));
    }
    fake.tokenRequests += 1;
    const token = `tok_${randomBytes(8).toString('hex')}`;
    tokens.add(token);
    const issuedAt = Math.floor(now().getTime() / 1000);
    return {
      access_token: token,
      encrypted_access_token: token,
      expires_in: 3600,
      issued_at: issuedAt,
      expires_at: issuedAt + 3600,
      session_expires_at: issuedAt + 3600,
      token_type: 'O-Bearer',
    };
  });

  app.post('/checkout/v2/pay', async (request, reply) => {
    fake.calls.push('pay');
    if (!authorized(request.headers.authorization)) return reply.code(401).send(error('UNAUTHORIZED', 'Unauthorized'));
    const body = request.body as Record<string, any>;
    const merchantOrderId = body.merchantOrderId;
    const flow = body.paymentFlow;
    if (
      typeof merchantOrderId !== 'string' ||
      !/^[A-Za-z0-9_-]{1,63}$/.test(merchantOrderId) ||
      !Number.isInteger(body.amount) ||
      body.amount < 100 ||
      flow?.type !== 'PG_CHECKOUT' ||
      typeof flow?.merchantUrls?.redirectUrl !== 'string'
    ) {
      return reply.code(400).send(error('BAD_REQUEST', 'Invalid request'));
    }
    if (orders.has(merchantOrderId)) return reply.code(400).send(error('BAD_REQUEST', 'Duplicate merchantOrderId'));
    const order: FakeOrder = {
      merchantOrderId,
      orderId: `OMO${randomBytes(6).toString('hex').toUpperCase()}`,
      amount: body.amount,
      state: 'PENDING',
      expireAfter: body.expireAfter,
      redirectUrl: flow.merchantUrls.redirectUrl,
      body,
    };
    orders.set(merchantOrderId, order);
    return {
      orderId: order.orderId,
      state: 'PENDING',
      expireAt: now().getTime() + order.expireAfter * 1000,
      redirectUrl: `${base}/transact/pg?token=${randomBytes(6).toString('hex')}`,
    };
  });

  app.get('/checkout/v2/order/:merchantOrderId/status', async (request, reply) => {
    fake.calls.push('status');
    if (!authorized(request.headers.authorization)) return reply.code(401).send(error('UNAUTHORIZED', 'Unauthorized'));
    const order = orders.get((request.params as { merchantOrderId: string }).merchantOrderId);
    if (!order) return reply.code(404).send(error('ORDER_NOT_FOUND', 'Order not found'));
    return {
      orderId: order.orderId,
      state: order.state,
      amount: order.amount,
      expireAt: now().getTime() + 600_000,
      paymentDetails:
        order.state === 'PENDING'
          ? []
          : [
              {
                paymentMode: 'UPI_QR',
                transactionId: `OM${order.orderId.slice(3)}`,
                timestamp: now().getTime(),
                amount: order.amount,
                state: order.state,
              },
            ],
    };
  });

  app.post('/payments/v2/refund', async (request, reply) => {
    fake.calls.push('refund');
    if (!authorized(request.headers.authorization)) return reply.code(401).send(error('UNAUTHORIZED', 'Unauthorized'));
    if (fake.refundsDown) return reply.code(503).send(error('INTERNAL_SERVER_ERROR', 'Try later'));
    const body = request.body as Record<string, any>;
    const id = body.merchantRefundId;
    const order = orders.get(body.originalMerchantOrderId);
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,63}$/.test(id) || !Number.isInteger(body.amount) || body.amount < 100) {
      return reply.code(400).send(error('BAD_REQUEST', 'Invalid request'));
    }
    if (refunds.has(id)) return reply.code(400).send(error('DUPLICATE_REQUEST', 'Duplicate merchantRefundId'));
    if (!order || order.state !== 'COMPLETED') return reply.code(400).send(error('INVALID_TRANSACTION_ID', 'Order not refundable'));
    const refunded = [...refunds.values()].filter((r) => r.merchantOrderId === order.merchantOrderId && r.state !== 'FAILED');
    if (refunded.reduce((sum, r) => sum + r.amount, 0) + body.amount > order.amount) {
      return reply.code(400).send(error('INVALID_REFUND_AMOUNT', 'Refund amount exceeds the order amount'));
    }
    const state = fake.refundOutcome === 'PENDING' ? 'CONFIRMED' : fake.refundOutcome;
    const refund: FakeRefund = { merchantRefundId: id, merchantOrderId: order.merchantOrderId, refundId: `OMR${randomBytes(6).toString('hex').toUpperCase()}`, amount: body.amount, state };
    refunds.set(id, refund);
    return { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' };
  });

  app.get('/payments/v2/refund/:merchantRefundId/status', async (request, reply) => {
    fake.calls.push('refundStatus');
    if (!authorized(request.headers.authorization)) return reply.code(401).send(error('UNAUTHORIZED', 'Unauthorized'));
    if (fake.refundsDown) return reply.code(503).send(error('INTERNAL_SERVER_ERROR', 'Try later'));
    const refund = refunds.get((request.params as { merchantRefundId: string }).merchantRefundId);
    if (!refund) return reply.code(404).send(error('REFUND_NOT_FOUND', 'Refund not found'));
    return {
      originalMerchantOrderId: refund.merchantOrderId,
      amount: refund.amount,
      state: refund.state,
      timestamp: now().getTime(),
      refundId: refund.refundId,
      ...(refund.state === 'FAILED' ? { errorCode: 'BANK_DECLINED' } : {}),
      splitInstruments: [],
    };
  });

  app.get('/transact/pg', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>PhonePe</title>'));

  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const setState = (id: string, state: FakeOrder['state']) => {
    const order = orders.get(id);
    if (!order) throw new Error(`the fake has no order ${id}`);
    order.state = state;
  };
  const fake: FakePhonePe = {
    url: base,
    credentials,
    orders,
    tokenRequests: 0,
    calls: [],
    complete: (id) => setState(id, 'COMPLETED'),
    fail: (id) => setState(id, 'FAILED'),
    refunds,
    refundOutcome: 'COMPLETED',
    refundsDown: false,
    finishRefund: (id, state) => {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`the fake has no refund ${id}`);
      refund.state = state;
    },
    revokeTokens: () => tokens.clear(),
    close: () => app.close(),
  };
  return fake;
}
