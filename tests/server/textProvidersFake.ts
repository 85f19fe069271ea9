/**
 * Local stand-ins for the two reminder-text providers' HTTP APIs, as their documentation
 * describes them (server/messaging/senders.ts), for the SMS/WhatsApp tests: one small Fastify
 * app on 127.0.0.1 serving
 *
 *   POST /api/v5/flow                      MSG91 Flow: header `authkey`; JSON { template_id,
 *                                          short_url, recipients: [{ mobiles, ...variables }] }
 *                                          -> { type: 'success', message: <request id> } or
 *                                          { type: 'error', message } (401 for a wrong key)
 *   POST /{version}/{phone-number-id}/messages   WhatsApp Cloud API: `Authorization: Bearer`;
 *                                          a template message -> { messaging_product, contacts,
 *                                          messages: [{ id: 'wamid...' }] } or a Graph API error
 *
 * The test makes either fail the next N requests (`failNext`) as the provider would.
 */
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const fakeCredentials = { msg91AuthKey: 'test-msg91-authkey-0123456789', whatsAppToken: 'EAAtest-whatsapp-token', phoneNumberId: '106540352242922' };

export interface FakeTextProviders {
  url: string;
  /** Accepted messages, in order. */
  sms: { headers: Record<string, unknown>; body: any }[];
  whatsapp: { headers: Record<string, unknown>; body: any; path: string }[];
  /** Every request, accepted or not. */
  requests: { provider: 'sms' | 'whatsapp'; status: number }[];
  failNext(provider: 'sms' | 'whatsapp', count: number, status?: number): void;
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeTextProviders(): Promise<FakeTextProviders> {
  const app = Fastify({ logger: false });
  const failing = { sms: { count: 0, status: 500 }, whatsapp: { count: 0, status: 500 } };
  const state: Omit<FakeTextProviders, 'url' | 'close' | 'failNext' | 'env'> = { sms: [], whatsapp: [], requests: [] };

  app.post('/api/v5/flow', async (request, reply) => {
    const body = request.body as any;
    if (request.headers.authkey !== fakeCredentials.msg91AuthKey) {
      state.requests.push({ provider: 'sms', status: 401 });
      return reply.code(401).send({ type: 'error', message: 'Authentication failure', code: '401' });
    }
    if (failing.sms.count > 0) {
      failing.sms.count -= 1;
      state.requests.push({ provider: 'sms', status: failing.sms.status });
      return reply.code(failing.sms.status).send({ type: 'error', message: 'Service temporarily unavailable' });
    }
    const recipient = body?.recipients?.[0];
    if (typeof body?.template_id !== 'string' || typeof recipient?.mobiles !== 'string' || !/^91\d{10}$/.test(recipient.mobiles)) {
      state.requests.push({ provider: 'sms', status: 400 });
      return reply.code(400).send({ type: 'error', message: 'Invalid template_id or mobiles' });
    }
    state.requests.push({ provider: 'sms', status: 200 });
    state.sms.push({ headers: request.headers, body });
    return { type: 'success', message: randomBytes(12).toString('hex') };
  });

  app.post<{ Params: { version: string; id: string } }>('/:version/:id/messages', async (request, reply) => {
    const body = request.body as any;
    if (request.headers.authorization !== `Bearer ${fakeCredentials.whatsAppToken}` || request.params.id !== fakeCredentials.phoneNumberId) {
      state.requests.push({ provider: 'whatsapp', status: 401 });
      return reply.code(401).send({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'A1' } });
    }
    if (failing.whatsapp.count > 0) {
      failing.whatsapp.count -= 1;
      state.requests.push({ provider: 'whatsapp', status: failing.whatsapp.status });
      return reply
        .code(failing.whatsapp.status)
        .send({ error: { message: `(#131000) Something went wrong for ${body?.to}`, type: 'OAuthException', code: 131000, fbtrace_id: 'A2' } });
    }
    if (body?.messaging_product !== 'whatsapp' || body?.type !== 'template' || typeof body?.template?.name !== 'string' || !/^91\d{10}$/.test(body?.to ?? '')) {
      state.requests.push({ provider: 'whatsapp', status: 400 });
      return reply.code(400).send({ error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'A3' } });
    }
    state.requests.push({ provider: 'whatsapp', status: 200 });
    state.whatsapp.push({ headers: request.headers, body, path: request.url });
    return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${randomBytes(16).toString('base64url')}` }] };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    failNext(provider: 'sms' | 'whatsapp', count: number, status = 500) {
      failing[provider] = { count, status };
    },
    env: () => ({
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: fakeCredentials.msg91AuthKey,
      MSG91_REMINDER_TEMPLATE_ID: '65f0aa11d6fc0512a3b4c5d6',
      MSG91_REMINDER_TEMPLATE_ID_HI: '65f0aa11d6fc0512a3b4c5d7',
      MSG91_BASE_URL: url,
      WHATSAPP_TOKEN: fakeCredentials.whatsAppToken,
      WHATSAPP_PHONE_NUMBER_ID: fakeCredentials.phoneNumberId,
      WHATSAPP_REMINDER_TEMPLATE: 'appointment_reminder',
      WHATSAPP_REMINDER_LANGUAGES: 'en,mr',
      WHATSAPP_BASE_URL: url,
    }),
    close: () => app.close(),
  });
}

/**
 * For a describe block: the stand-ins, started once for the block, their records emptied and
 * their failures reset after each test; `fake()` inside a test.
 */
export function useFakeTextProviders(): () => FakeTextProviders {
  let fake: FakeTextProviders | undefined;
  beforeAll(async () => {
    fake = await startFakeTextProviders();
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    if (!fake) return;
    fake.sms.length = 0;
    fake.whatsapp.length = 0;
    fake.requests.length = 0;
    fake.failNext('sms', 0);
    fake.failNext('whatsapp', 0);
  });
  return () => {
    if (!fake) throw new Error('the text providers are not started');
    return fake;
  };
}
