/**
 * The payment service (spec §7 "Separate payment service") as one Fastify plugin, mounted at
 * /api/payment by the app (server/app.ts) or on its own by server/payment/main.ts:
 *
 *   POST /create-appointment   { appointmentId, consultationAmount } -> { merchantOrderId, checkoutPageUrl }
 *   POST /create-order         { pharmacyId, orderId, amount (paise) } -> { checkoutPageUrl }
 *   GET  /config               { checkoutOrigins }: where the client's /payment page may redirect
 *   GET  /status/{merchantOrderId}
 *                              (bearer token; the payer's own payment, else 404) the payment as the
 *                              server knows it after asking the provider: paid, pending, failed
 *                              or refund, with the appointment for the confirmation view
 *   GET  /return/{merchantOrderId}
 *                              where the provider sends the browser back: we ask the provider
 *                              (server to server), settle, and redirect (303) to /#/paymentsuccess
 *                              or /#/paymentfail (?for=order for a pharmacy order's payment). The
 *                              visit itself proves nothing.
 *   POST /phonepe/webhook      (phonepe) PhonePe's server-to-server callback, Authorization checked
 *   /sandbox/...               (sandbox) the stand-in checkout page (sandboxPages.ts)
 *
 * The two create calls need the owner's bearer token (401 first, before the body is looked at).
 */
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { PaymentReturnParams } from '../../contract/appointments.js';
import { paymentEndpoints } from '../../contract/endpoints/index.js';
import { defineMessages } from '../services/messageCodes.js';
import { loginRequired } from '../http/auth.js';
import { apiError } from '../http/errors.js';
import { apiRoot, decodeRequest, route } from '../http/route.js';
import type { Services } from '../services/index.js';
import type { SettleOutcome } from '../services/payments.js';
import { PhonePeWebhook, webhookReport } from './phonepe.js';
import type { AnyPaymentProvider } from './providers.js';
import { resultUrl, sandboxPages } from './sandboxPages.js';

export const webhookMessages = defineMessages('webhook', {
  forged: 'This webhook is not from our payment provider.',
  malformed: 'This webhook is not one we understand.',
  unknown: 'Payment not found.',
  mismatch: 'The amount does not match the payment.',
  ok: 'OK',
  ignored: 'Ignored.',
} as const);

export interface PaymentServiceOptions {
  services: Services;
  provider: AnyPaymentProvider;
  /** PUBLIC_URL of the site the browser returns to. */
  publicUrl: string;
}

export async function paymentService(app: FastifyInstance, { services, provider, publicUrl }: PaymentServiceOptions): Promise<void> {
  const login = loginRequired(services);

  // The API calls (contract/endpoints/appointments.ts paymentEndpoints), where the app mounts this plugin.
  const mountedAt = `${apiRoot}/payment`;
  const guarded = { preHandler: login.preHandler, mountedAt };
  route(app, paymentEndpoints.createAppointment, guarded, ({ body }, request) =>
    services.payments.createAppointmentPayment(login.userOf(request), body),
  );

  route(app, paymentEndpoints.createOrder, guarded, ({ body }, request) => services.payments.createOrderPayment(login.userOf(request), body));

  route(app, paymentEndpoints.config, { mountedAt }, async () => ({ checkoutOrigins: [...provider.checkoutOrigins] }));

  // Personal: private, no-store from http/auth.ts's hook, as every logged-in answer.
  route(app, paymentEndpoints.status, guarded, ({ params }, request) =>
    services.payments.statusFor(login.userOf(request), params.merchantOrderId, (error) =>
      request.log.warn({ err: error }, 'payment status check failed'),
    ),
  );

  app.get('/return/:merchantOrderId', async (request, reply) => {
    const { params } = decodeRequest({ params: PaymentReturnParams, answer: t.unknown }, request);
    let outcome: SettleOutcome = 'failed';
    const purpose = await services.payments.purposeOf(params.merchantOrderId);
    try {
      outcome = await services.payments.checkAndSettle(params.merchantOrderId);
    } catch (error) {
      // The provider could not say: the webhook will settle it; the person is told it did not go through yet.
      request.log.warn({ err: error }, 'payment status check failed');
    }
    if (outcome === 'mismatch') request.log.warn({ merchantOrderId: params.merchantOrderId }, 'provider reported another amount');
    return reply.header('cache-control', 'no-store').redirect(resultUrl(publicUrl, outcome, purpose, params.merchantOrderId), 303);
  });

  if (provider.kind === 'phonepe') {
    app.post('/phonepe/webhook', async (request, reply) => {
      const send = (status: number, message: string, field?: string) =>
        reply.code(status).send(apiError(status, message, field ? [{ field, message }] : undefined));
      if (!provider.verifyWebhook(request.headers.authorization)) {
        request.log.warn('webhook refused: wrong Authorization');
        return send(401, webhookMessages.forged);
      }
      const decoded = PhonePeWebhook.decode(request.body);
      if (isLeft(decoded)) return send(400, webhookMessages.malformed, '(body)');
      const { event } = decoded.right;
      if (!/^(checkout|pg)\.order\.(completed|failed)$/.test(event)) return send(200, webhookMessages.ignored);
      const outcome = await services.payments.settle(webhookReport(decoded.right));
      if (outcome === 'unknown') return send(404, webhookMessages.unknown);
      if (outcome === 'mismatch') {
        request.log.warn({ merchantOrderId: decoded.right.payload.merchantOrderId }, 'webhook reported another amount');
        return send(400, webhookMessages.mismatch, 'payload.amount');
      }
      return send(200, webhookMessages.ok);
    });
  }

  if (provider.kind === 'sandbox') await app.register(sandboxPages, { services, provider, publicUrl });
}
