/**
 * Every API endpoint is declared once, in contract/endpoints, and the server registers exactly
 * those: each route it registers under /api (server/http/route.ts registeredRoutes) is an entry
 * of the table, and each entry is registered, with the entry's codecs. The only other routes under
 * /api are pages and redirects a browser visits (named below, each with its reason), and the
 * catch-all that answers an unknown API path with the JSON 404.
 *
 * The plugins are registered as server/app.ts does, on a bare app: nothing here runs a request,
 * so the services they are given are never called.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, matchEndpoint, pathOf, queryOf, endpoint, appointmentEndpoints, recordDocuments, waitlistEndpoints } from '../../contract/endpoints/index.js';
import { AppointmentDeleteParams } from '../../contract/appointments.js';
import { MessageAnswer } from '../../contract/auth.js';
import { apiRoot, recordRoutes, registeredRoutes } from '../../server/http/route.js';
import { paymentService } from '../../server/payment/plugin.js';
import type { AnyPaymentProvider } from '../../server/payment/providers.js';
import { googleSignIn } from '../../server/routes/google.js';
import { apiRoutes } from '../../server/routes/index.js';
import type { Services } from '../../server/services/index.js';
import type { Database } from '../../server/db/database.js';

/** Routes under /api that are not API calls: the browser is sent to them, or a provider calls them. */
const notEndpoints = new Map<string, string>([
  ['GET /api/*', 'the JSON 404 of an unknown API path'],
  ['GET /api/payment/return/:merchantOrderId', "the payment provider's redirect back to the site"],
  ['GET /api/payment/sandbox/checkout.css', "the sandbox checkout page's style sheet"],
  ['GET /api/payment/sandbox/checkout/:merchantOrderId', 'the sandbox checkout page'],
  ['POST /api/payment/sandbox/checkout/:merchantOrderId/pay', "the sandbox checkout page's Pay button"],
  ['POST /api/payment/sandbox/checkout/:merchantOrderId/fail', "the sandbox checkout page's Fail button"],
  ['POST /api/payment/phonepe/webhook', "PhonePe's server-to-server callback"],
  ['GET /api/auth/google/start', 'a full page load that redirects to Google'],
  ['GET /api/auth/google/callback', "Google's redirect back, which redirects to the app"],
]);

/** Services that are never called: registering routes only keeps them. */
const services = new Proxy({}, { get: () => ({}) }) as unknown as Services;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  recordRoutes(app);
  await app.register(apiRoutes, { prefix: apiRoot, services });
  const provider = { kind: 'sandbox', checkoutOrigins: [] } as unknown as AnyPaymentProvider;
  await app.register(paymentService, { prefix: `${apiRoot}/payment`, services, provider, publicUrl: 'http://localhost:8080' });
  await app.register(googleSignIn, {
    publicUrl: 'http://localhost:8080',
    oidc: { kind: 'development' },
    db: {} as Database,
    accounts: { findOrCreateFromIdentity: async () => Promise.reject(new Error('not called')), issueSession: async () => Promise.reject(new Error('not called')) },
  } as unknown as Parameters<typeof googleSignIn>[1]);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const key = (method: string, url: string) => `${method} ${url}`;

describe('the endpoint table and the server', () => {
  it('registers every route under /api from the table, but the pages and redirects named above', () => {
    const table = new Set(allEndpoints.map((e) => key(e.method, `${apiRoot}${e.path}`)));
    const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD' && (r.url === apiRoot || r.url.startsWith(`${apiRoot}/`)));
    const strays = routes.map((r) => key(r.method, r.url)).filter((route) => !table.has(route) && !notEndpoints.has(route));
    expect(strays).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('registers every entry of the table once, decoding with its codecs', () => {
    for (const e of allEndpoints) {
      const found = registeredRoutes(app).filter((r) => r.method === e.method && r.url === `${apiRoot}${e.path}`);
      expect(found.map((r) => key(r.method, r.url)), key(e.method, e.path)).toEqual([key(e.method, `${apiRoot}${e.path}`)]);
      expect(found[0]?.codecs?.params, `${key(e.method, e.path)} params`).toBe(e.params);
      expect(found[0]?.codecs?.query, `${key(e.method, e.path)} query`).toBe(e.query);
      expect(found[0]?.codecs?.body, `${key(e.method, e.path)} body`).toBe(e.body);
      expect(found[0]?.codecs?.answer, `${key(e.method, e.path)} answer`).toBe(e.answer);
    }
  });

  it("registers the waitlist's five endpoints (its live stream too), with their codecs", () => {
    const waitlist = Object.values(waitlistEndpoints);
    expect(waitlist.map((e) => key(e.method, e.path)).sort()).toEqual([
      'DELETE /waitlist/:id',
      'GET /waitlist',
      'GET /waitlist/stream',
      'POST /waitlist',
      'POST /waitlist/:id/decline',
    ]);
    for (const e of waitlist) {
      expect(allEndpoints).toContain(e);
      const found = registeredRoutes(app).filter((r) => r.method === e.method && r.url === `${apiRoot}${e.path}`);
      expect(found.map((r) => [r.codecs?.params, r.codecs?.body, r.codecs?.answer]), key(e.method, e.path)).toEqual([[e.params, e.body, e.answer]]);
    }
  });

  it('names each method and path once', () => {
    const keys = allEndpoints.map((e) => key(e.method, e.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('paths', () => {
  it('fills a template, each part escaped', () => {
    expect(pathOf(appointmentEndpoints.cancel, { userId: 'u/1', appointmentId: '../x?y' })).toBe('/appointment/delete/u%2F1/..%2Fx%3Fy');
    expect(() => pathOf(appointmentEndpoints.cancel, { userId: 'u1' })).toThrow(':appointmentId');
  });

  it('writes a query in the order given, leaving out what is not given', () => {
    expect(queryOf({ from: '2026-01-02', to: '2026-01-02', doctorId: undefined, locationId: 'l 1' })).toBe('?from=2026-01-02&to=2026-01-02&locationId=l+1');
    expect(queryOf({})).toBe('');
    expect(queryOf(undefined)).toBe('');
  });

  it("refuses a template whose parameters are not its params codec's", () => {
    expect(() => endpoint({ method: 'DELETE', path: '/appointment/delete/:userId', params: AppointmentDeleteParams, answer: MessageAnswer })).toThrow(
      /appointmentId/,
    );
    expect(() => endpoint({ method: 'GET', path: '/family/:id', answer: MessageAnswer })).toThrow(/\(id\)/);
  });

  it("finds a document's endpoint by its path", () => {
    const found = matchEndpoint(recordDocuments, 'GET', '/records/appointments/a1/prescription.pdf');
    expect(found?.endpoint.path).toBe('/records/appointments/:id/prescription.pdf');
    expect(found?.params).toEqual({ id: 'a1' });
    expect(matchEndpoint(recordDocuments, 'GET', '/records/export.zip')?.params).toEqual({});
    expect(matchEndpoint(recordDocuments, 'GET', '/records/../auth/getuser')).toBeNull();
  });
});
