/**
 * The sandbox provider's checkout page (PAYMENT_PROVIDER=sandbox), under /api/payment/sandbox:
 *
 *   GET  /checkout/{merchantOrderId}        the page: the clinic, what is paid for, the amount,
 *                                           and Pay and Fail buttons (plain HTML forms)
 *   GET  /checkout.css                      its style sheet (no inline script or style: the
 *                                           site's CSP, self only, holds here too)
 *   POST /checkout/{merchantOrderId}/pay    the provider takes the money (pretend), then our
 *   POST /checkout/{merchantOrderId}/fail   payment service asks it, settles, and the browser is
 *                                           sent (303) to /#/paymentsuccess or /#/paymentfail
 *                                           (with ?for=order for a pharmacy order)
 *
 * Pressing a button again, or on a settled payment, changes nothing and goes to the same page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as t from 'io-ts';
import { PaymentReturnParams } from '../../contract/appointments.js';
import { rupeesOf } from '../../contract/money.js';
import { rupees } from '../formats.js';
import { decodeRequest } from '../http/route.js';
import { contentSecurityPolicy } from '../http/security.js';
import type { Services } from '../services/index.js';
import type { PaymentPurpose } from '../repositories/payments.js';
import type { SettleOutcome } from '../services/payments.js';
import { sandboxCheckoutPath, type SandboxProvider } from './sandbox.js';

export const clinicName = 'Sahaj Homeopathy Clinic';

// The same reference as the payments table keeps: anything else is a 400, never reaches SQL.
const Params = PaymentReturnParams;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);


/**
 * Where the browser goes once a payment is over. A payment that came too late for its slot is
 * flagged for refund; `reason=refund` lets the page tell the patient so. A pharmacy order's
 * payment carries `for=order`, so the page speaks of the order, not of a booking.
 */
export function resultUrl(
  publicUrl: string,
  outcome: SettleOutcome,
  purpose: PaymentPurpose | null = 'appointment',
  merchantOrderId?: string,
): string {
  const query = new URLSearchParams();
  if (purpose === 'order') query.set('for', 'order');
  // The result page asks the server about this payment (GET /api/payment/status/...) rather than
  // believing the address it was sent to.
  if (merchantOrderId && purpose !== null) query.set('order', merchantOrderId);
  if (outcome === 'refund' && purpose !== 'order') query.set('reason', 'refund');
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return `${publicUrl}/#/${outcome === 'paid' ? 'paymentsuccess' : 'paymentfail'}${search}`;
}

const css = `:root { --ink: #1d2a25; --muted: #52615a; --accent: #1f6f50; --danger: #a3262b; --paper: #f5f7f6; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
.badge { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 999px; background: #fff3cd; color: #664d03; font-size: 0.8rem; font-weight: 600; }
h1 { font-size: 1.3rem; margin: 0.75rem 0 0.25rem; }
.what { color: var(--muted); margin: 0 0 1.5rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0 0 1.5rem; }
.actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
form { margin: 0; }
button { font: inherit; font-weight: 600; padding: 0.7rem 1.4rem; border-radius: 8px; border: 2px solid transparent; cursor: pointer; }
button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.pay { background: var(--accent); color: #fff; }
.fail { background: #fff; color: var(--danger); border-color: var(--danger); }
.note { margin-top: 1.5rem; font-size: 0.85rem; color: var(--muted); }
a { color: var(--accent); }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escape(title)}</title>
<link rel="stylesheet" href="../checkout.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SandboxPagesOptions {
  services: Services;
  provider: SandboxProvider;
  publicUrl: string;
}

export async function sandboxPages(app: FastifyInstance, { services, provider, publicUrl }: SandboxPagesOptions) {
  // The buttons post forms; their bodies are empty or form-encoded, and nothing in them is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );

  // After a button, the browser is redirected to the site (PUBLIC_URL), which may be another origin
  // when the payment service runs on its own: form-action must allow it.
  const pageCsp = Object.entries({ ...contentSecurityPolicy, formAction: ["'self'", new URL(publicUrl).origin] })
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');

  const html = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).header('content-security-policy', pageCsp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(text);

  app.get('/sandbox/checkout.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );

  app.get(
    `${sandboxCheckoutPath}/:merchantOrderId`,
    async (request, reply) => {
      const { params } = decodeRequest({ params: Params, answer: t.unknown }, request);
      const found = await services.payments.describe(params.merchantOrderId);
      const checkout = await provider.find(params.merchantOrderId);
      if (!found || !checkout) {
        return html(reply, 404, page('Payment not found', `<h1>Payment not found</h1>\n<p>There is no payment at this address.</p>\n<p><a href="${escape(publicUrl)}/">Back to ${escape(clinicName)}</a></p>`));
      }
      const id = encodeURIComponent(params.merchantOrderId);
      const heading = `<span class="badge">Sandbox: no money is taken</span>
<h1>${escape(clinicName)}</h1>
<p class="what">${escape(found.description)}</p>
<p class="amount">${escape(rupees(rupeesOf(checkout.amountPaise)))}</p>`;
      if (checkout.state !== 'PENDING') {
        const outcome = await services.payments.checkAndSettle(params.merchantOrderId);
        const purpose = found.payment.purpose;
        return html(
          reply,
          200,
          page(
            'Payment finished',
            `${heading}\n<p>This payment is finished (${checkout.state === 'COMPLETED' ? 'paid' : 'failed'}).</p>\n<p><a href="${escape(resultUrl(publicUrl, outcome, purpose, params.merchantOrderId))}">Back to ${escape(clinicName)}</a></p>`,
          ),
        );
      }
      return html(
        reply,
        200,
        page(
          `Pay ${rupees(rupeesOf(checkout.amountPaise))} to ${clinicName}`,
          `${heading}
<div class="actions">
<form method="post" action="${id}/pay"><button type="submit" class="pay">Pay ${escape(rupees(rupeesOf(checkout.amountPaise)))}</button></form>
<form method="post" action="${id}/fail"><button type="submit" class="fail">Fail the payment</button></form>
</div>
<p class="note">This page stands in for the payment provider's checkout (PAYMENT_PROVIDER=sandbox).</p>`,
        ),
      );
    },
  );

  for (const [action, state] of [
    ['pay', 'COMPLETED'],
    ['fail', 'FAILED'],
  ] as const) {
    app.post(
      `${sandboxCheckoutPath}/:merchantOrderId/${action}`,
      async (request, reply) => {
        const { params } = decodeRequest({ params: Params, answer: t.unknown }, request);
        const checkout = await provider.find(params.merchantOrderId);
        if (!checkout) return html(reply, 404, page('Payment not found', '<h1>Payment not found</h1>'));
        await provider.press(params.merchantOrderId, state);
        // Server side, as with a real provider's webhook: ask the provider, settle on its word.
        const outcome = await services.payments.checkAndSettle(params.merchantOrderId);
        const purpose = await services.payments.purposeOf(params.merchantOrderId);
        return reply.header('cache-control', 'no-store').redirect(resultUrl(publicUrl, outcome, purpose, params.merchantOrderId), 303);
      },
    );
  }
}
