/** The public API, on every backend: answers match the contract and hold the seeded clinic. */
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AppointmentFeeList,
  Doctor,
  DoctorList,
  EventList,
  LocationList,
  TeamList,
  TestimonialList,
} from '../../contract/index.js';
import type { Database } from '../../server/db/database.js';
import { buildApp } from '../../server/app.js';
import { backends, demoSeed, noClientDir, useTestApp } from './helpers.js';

/** Decodes an answer with its contract codec, failing the test with the io-ts report if it does not fit. */
function decode<A>(codec: t.Decoder<unknown, A>, body: string): A {
  const result = codec.decode(JSON.parse(body));
  if (!isRight(result)) throw new Error(`answer does not match ${codec.name}: ${JSON.stringify(result.left.slice(0, 3).map((e) => e.message ?? e.context.map((c) => c.key).join('.')))}`);
  return result.right;
}

describe.each(backends)('API on %s', (backend) => {
  const t = useTestApp(backend);

  describe('site options', () => {
    it('GET /api/super/locations lists the locations in the seed order', async () => {
      const res = await t.app().inject('/api/super/locations');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(decode(LocationList, res.body)).toEqual(demoSeed.locations);
    });

    it('GET /api/super/events lists the events with ids', async () => {
      const res = await t.app().inject('/api/super/events');
      expect(res.statusCode).toBe(200);
      const events = decode(EventList, res.body);
      expect(events.map(({ caption, image, video }) => ({ caption, image, video }))).toEqual(demoSeed.events);
      expect(new Set(events.map((e) => e._id)).size).toBe(events.length);
    });

    it('GET /api/super/teams lists the team members', async () => {
      const res = await t.app().inject('/api/super/teams');
      expect(res.statusCode).toBe(200);
      const team = decode(TeamList, res.body);
      expect(team.map(({ name, role, image, description }) => ({ name, role, image, description }))).toEqual(demoSeed.teams);
    });

    it('GET /api/super/testimonials lists the testimonials', async () => {
      const res = await t.app().inject('/api/super/testimonials');
      expect(res.statusCode).toBe(200);
      const testimonials = decode(TestimonialList, res.body);
      expect(testimonials.map(({ name, subject, image, description }) => ({ name, subject, image, description }))).toEqual(
        demoSeed.testimonials,
      );
    });

    it('follows display order, not insertion order', async () => {
      await t.db().query("update testimonials set display_order = -1 where name = 'Neha D.'");
      const res = await t.app().inject('/api/super/testimonials');
      expect(decode(TestimonialList, res.body)[0]?.name).toBe('Neha D.');
    });

    it('answers an empty list when the clinic has none', async () => {
      await t.db().query('delete from site_events');
      const res = await t.app().inject('/api/super/events');
      expect(res.statusCode).toBe(200);
      expect(decode(EventList, res.body)).toEqual([]);
    });
  });

  describe('doctors and fees', () => {
    it('GET /api/doctor/getall lists every doctor with their locations', async () => {
      const res = await t.app().inject('/api/doctor/getall');
      expect(res.statusCode).toBe(200);
      const doctors = decode(DoctorList, res.body);
      expect(doctors.map(({ name, email, type, locations, qualification }) => ({ name, email, type, locations, qualification }))).toEqual(
        demoSeed.doctors.map(({ name, email, type, locations, qualification }) => ({
          name,
          email,
          type,
          // Listed in the clinic's location order.
          locations: demoSeed.locations.filter((l) => locations.includes(l)),
          qualification,
        })),
      );
      expect(doctors.filter((d) => d.type === 'online').map((d) => d.name)).toEqual(['Dr. Kavita Iyer', 'Dr. Rohan Patil']);
    });

    it('GET /api/doctor/getdoctoremail/:email finds a doctor, whatever the case of the address', async () => {
      const res = await t.app().inject('/api/doctor/getdoctoremail/Sneha.Joshi%40Sahaj-Clinic.example');
      expect(res.statusCode).toBe(200);
      const doctor = decode(Doctor, res.body);
      expect(doctor).toMatchObject({
        name: 'Dr. Sneha Joshi',
        email: 'sneha.joshi@sahaj-clinic.example',
        type: 'clinic',
        locations: ['Aundh', 'Viman Nagar'],
      });
      const all = decode(DoctorList, (await t.app().inject('/api/doctor/getall')).body);
      expect(all.find((d) => d.email === doctor.email)?._id).toBe(doctor._id);
    });

    it('answers 404 for an unknown doctor', async () => {
      const res = await t.app().inject('/api/doctor/getdoctoremail/nobody@sahaj-clinic.example');
      expect(res.statusCode).toBe(404);
      expect(decode(ApiError, res.body)).toEqual({ code: 'doctor.notFound', message: 'Doctor not found.' });
    });

    it('answers 400 naming the field for an address that is not an email', async () => {
      const res = await t.app().inject('/api/doctor/getdoctoremail/not-an-email');
      expect(res.statusCode).toBe(400);
      expect(decode(ApiError, res.body)).toEqual({
        code: 'request.invalid',
        message: 'Invalid request',
        errors: [{ field: 'email', message: 'must be an email address like name@example.com' }],
      });
    });

    it('GET /api/appointmentfee/all answers {data} with the four consultation fees', async () => {
      const res = await t.app().inject('/api/appointmentfee/all');
      expect(res.statusCode).toBe(200);
      expect(decode(AppointmentFeeList, res.body)).toEqual({ data: demoSeed.fees });
    });

    it('sends fees with paise as numbers', async () => {
      await t.db().query("update appointment_fees set fee = 349.50 where consultation_type = 'Chat'");
      const res = await t.app().inject('/api/appointmentfee/all');
      expect(decode(AppointmentFeeList, res.body).data[0]).toEqual({ consultationType: 'Chat', consultationFee: 349.5 });
    });
  });

  describe('errors', () => {
    it('answers an unknown API route with a JSON 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing/here'],
        ['POST', '/api/super/events'],
        ['GET', '/api'],
      ] as const) {
        const res = await t.app().inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(decode(ApiError, res.body).message).toBe(`No such API endpoint: ${method} ${url}`);
        expect(decode(ApiError, res.body).code).toBe('request.notFound');
      }
    });

    it('answers a crash with a 500 that shows nothing of the server, and logs it', async () => {
      const lines: string[] = [];
      const stream = { write: (line: string) => void lines.push(line) } as unknown as NodeJS.WritableStream;
      const db = t.db();
      // The database fails the way a lost connection does, with internals in the message.
      const failing: Database = {
        ...db,
        query: () => Promise.reject(new Error('connection to 10.1.2.3:5432 lost (user clinic_admin)')),
      };
      const app = await buildApp({ db: failing, clientDir: noClientDir, logger: { level: 'info', stream } });
      try {
        const res = await app.inject({ url: '/api/doctor/getall', headers: { authorization: 'Bearer s3cret-token' } });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 'server.error', message: 'Something went wrong.' });
        expect(res.body).not.toMatch(/10\.1\.2\.3|clinic_admin|stack|Error/);

        const logged = lines.join('');
        expect(logged).toContain('connection to 10.1.2.3:5432 lost');
        expect(logged).not.toContain('s3cret-token');
      } finally {
        await app.close();
      }
    });

    it('puts security headers on API answers too', async () => {
      const res = await t.app().inject('/api/super/locations');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
