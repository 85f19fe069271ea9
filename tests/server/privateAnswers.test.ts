/**
 * Personal answers are never stored by a browser or a proxy: every answer to a request that
 * carries a bearer token, and every answer of an endpoint that needs a login (its 401 too), has
 * `cache-control: private, no-store` (server/http/auth.ts `registerPrivateAnswers`, one hook for
 * the whole app). Walks every API route the app registers (server/http/route.ts registeredRoutes,
 * the fuzz suite's list), so a new route is checked without editing this file.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../server/http/route.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { meera, type Patient, type Response } from './paymentSupport.js';
import { officeEmail } from './staffAdminSupport.js';

const privateNoStore = 'private, no-store';

describe('cache-control of authenticated answers', () => {
  // One backend: the header is the HTTP layer's, the same whichever database answers.
  const t = useAppointmentsApp('pglite');

  /** Every API route once (GET's automatic HEAD twin aside), its path parameters filled with `id`. */
  function apiRoutes(app: FastifyInstance, id: string) {
    const routes = registeredRoutes(app);
    return routes
      .filter((r) => r.url.startsWith('/api/'))
      .filter((r) => r.method !== 'HEAD' || !routes.some((g) => g.method === 'GET' && g.url === r.url))
      .map((r) => ({ method: r.method as 'GET', url: r.url.replace(/:\w+/g, id).replace(/\*$/, 'nothing-here') }));
  }

  it('every API answer to a request with a token, and every answer of a login-only endpoint, is private, no-store', { timeout: 120_000 }, async () => {
    const app = t.app();
    const patient = await t.patient('asha');
    const who: Record<string, Patient | null> = {
      anonymous: null,
      patient,
      doctor: await t.staff('doctor', meera.email),
      admin: await t.staff('admin', officeEmail),
    };
    // A real appointment of the patient's, so the routes that read one answer 200, not only 404.
    const appointment = await bookedAndPaid(app, patient);
    const routes = apiRoutes(app, appointment._id);
    expect(routes.length).toBeGreaterThan(50);

    const missing: string[] = [];
    let loginOnly = 0;
    for (const route of routes) {
      // Logout ends the session the other requests use: sent last.
      if (/\/logout$/.test(route.url)) continue;
      // The walk's own check-in puts the appointment in today's queue, so its owner's place stream
      // would stay open and an injected request waits for its end; so would the waitlist's stream
      // (it has no id to miss): queue.streams.test.ts and waitlist.live.test.ts check those
      // streams' headers over a real connection.
      if (/\/queue\/stream$|^\/api\/waitlist\/stream$/.test(route.url)) continue;
      for (const [role, account] of Object.entries(who)) {
        const res = (await app.inject({
          method: route.method,
          url: route.url,
          headers: account ? account.headers : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        })) as Response;
        const needsLogin = account === null && res.statusCode === 401;
        if (needsLogin) loginOnly++;
        if ((account !== null || needsLogin) && res.headers['cache-control'] !== privateNoStore) {
          missing.push(`${role} ${route.method} ${route.url} -> ${res.statusCode}, cache-control ${String(res.headers['cache-control'])}`);
        }
      }
    }
    const logout = (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: patient.headers })) as Response;
    if (logout.headers['cache-control'] !== privateNoStore) missing.push(`patient POST /api/auth/logout -> ${logout.statusCode}`);
    expect(missing).toEqual([]);
    // The walk reached the login-only endpoints (profile, family, appointments, remedies, staff lists...).
    expect(loginOnly).toBeGreaterThan(40);

    // The answers the issue named, with a token: the profile, the appointment list with its
    // prescriptions, remedies, family, the staff lists; a token that is not live is still private.
    const relogged = await t.patient('ravi');
    for (const url of ['/api/auth/getuser', `/api/auth/getUser/${encodeURIComponent(relogged.email)}`, '/api/records/remedies', '/api/family']) {
      const res = await app.inject({ method: 'GET', url, headers: relogged.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(privateNoStore);
    }
    for (const url of ['/api/staff/appointments', '/api/staff/accounts', '/api/staff/audit', '/api/staff/doctors', '/api/staff/refunds']) {
      const res = await app.inject({ method: 'GET', url, headers: who.admin!.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(privateNoStore);
    }
    const stale = await app.inject({ method: 'GET', url: '/api/doctor/getall', headers: { authorization: 'Bearer not-a-live-token' } });
    expect(stale.headers['cache-control']).toBe(privateNoStore);
    // Anonymous answers of public endpoints keep their own caching: the same for everybody.
    const site = await app.inject({ method: 'GET', url: '/api/site/contacts' });
    expect(site.headers['cache-control']).toBe('public, max-age=300');
  });
});
