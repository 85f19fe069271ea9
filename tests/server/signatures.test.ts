/**
 * A doctor's signature image (contract/signatures.ts, server/signatures): a doctor their own, an
 * admin any doctor's (none on file: 204 No Content), anybody else 404; the upload re-encoded to a PNG within 600 x 200 with an
 * alpha channel; not an image: 400 on `signature`; every change audited as `doctor.signature`.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff } from './deskSupport.js';
import { kavita, meera, type Patient, type Response } from './paymentSupport.js';

const call = (app: FastifyInstance, who: Patient, method: 'GET' | 'PUT' | 'DELETE', doctorId: string, body?: Buffer, type = 'image/png') =>
  app.inject({
    method,
    url: `/api/staff/doctors/${doctorId}/signature`,
    headers: { ...who.headers, ...(body ? { 'content-type': type } : {}) },
    ...(body ? { payload: body } : {}),
  }) as Promise<Response>;

describe.each(backends)('doctors\' signatures on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const idOf = async (email: string) => (await t.db().query<{ id: string }>('select id::text from doctors where email = $1', [email])).rows[0]!.id;

  it('lets a doctor set, read and remove their own, an admin any doctor\'s; 404 for everybody else; audited', async () => {
    const { reception, admin, doctor, otherDoctor } = await deskStaff(t);
    const patient = await t.patient('sig');
    const [meeraId, kavitaId] = [await idOf(meera.email), await idOf(kavita.email)];
    // Wide, with a transparent background: fitted within 600 x 200, the transparency kept.
    const wide = await sharp({ create: { width: 1800, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="1800" height="300"><path d="M10 250 L1790 20" stroke="#001f7a" stroke-width="12"/></svg>') }])
      .png()
      .toBuffer();

    // None on file: 204 No Content to those who may read it; the others are refused as ever.
    const none = await call(t.app(), doctor, 'GET', meeraId);
    expect([none.statusCode, none.body, none.headers['content-type']]).toEqual([204, '', undefined]);
    expect((await call(t.app(), admin, 'GET', meeraId)).statusCode).toBe(204);
    expect((await call(t.app(), otherDoctor, 'GET', meeraId)).statusCode).toBe(404);
    expect((await call(t.app(), reception, 'GET', meeraId)).statusCode).toBe(404);
    expect((await call(t.app(), patient, 'GET', meeraId)).statusCode).toBe(403);
    const set = await call(t.app(), doctor, 'PUT', meeraId, wide);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ message: 'Signature saved.', signature: { updatedBy: meera.email, width: 600, height: 100 } });
    const got = await call(t.app(), doctor, 'GET', meeraId);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 600, 100, true]);
    const corner = await sharp(got.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);

    // Another doctor, reception and a patient: as if there were none (a patient's token is not staff: 403).
    for (const [who, method] of [
      [otherDoctor, 'GET'],
      [otherDoctor, 'PUT'],
      [otherDoctor, 'DELETE'],
      [reception, 'GET'],
      [reception, 'PUT'],
      [reception, 'DELETE'],
    ] as const) {
      const res = await call(t.app(), who, method, meeraId, method === 'PUT' ? wide : undefined);
      expect(res.statusCode, `${method} by another`).toBe(404);
    }
    expect((await call(t.app(), patient, 'GET', meeraId)).statusCode).toBe(403);
    expect((await call(t.app(), doctor, 'PUT', kavitaId, wide)).statusCode).toBe(404);
    expect((await call(t.app(), admin, 'GET', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(t.app(), admin, 'GET', 'not-an-id')).statusCode).toBe(400);

    // An admin: any doctor's. A JPEG comes back a PNG too.
    const jpeg = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const byAdmin = await call(t.app(), admin, 'PUT', kavitaId, jpeg, 'image/jpeg');
    expect(byAdmin.json()).toMatchObject({ signature: { updatedBy: 'office@sahaj-clinic.example', width: 400, height: 120 } });
    expect((await sharp((await call(t.app(), admin, 'GET', kavitaId)).rawPayload).metadata()).format).toBe('png');
    expect((await call(t.app(), admin, 'DELETE', kavitaId)).json()).toEqual({ message: 'Signature removed.', signature: null });
    expect((await call(t.app(), admin, 'DELETE', kavitaId)).statusCode).toBe(404);
    expect((await call(t.app(), doctor, 'DELETE', meeraId)).statusCode).toBe(200);
    expect((await call(t.app(), doctor, 'GET', meeraId)).statusCode).toBe(204);

    const audit = (
      await t.db().query<{ actor: string; action: string; details: { doctorId: string; after: string } }>(
        "select actor, action, details from audit_log where action = 'doctor.signature' order by at, id",
      )
    ).rows.map((r) => [r.actor, r.details.doctorId, r.details.after]);
    expect(audit).toEqual([
      [meera.email, meeraId, 'set'],
      ['office@sahaj-clinic.example', kavitaId, 'set'],
      ['office@sahaj-clinic.example', kavitaId, 'removed'],
      [meera.email, meeraId, 'removed'],
    ]);
    // The image is never in the audit.
    const details = (await t.db().query<{ details: unknown }>("select details from audit_log where action = 'doctor.signature'")).rows;
    expect(JSON.stringify(details).length).toBeLessThan(600);
  });

  it('refuses what is not an image, an empty body and one over the limit, on the field; nothing stored', async () => {
    const { doctor } = await deskStaff(t);
    const meeraId = await idOf(meera.email);
    for (const [body, type] of [
      [Buffer.from('GIF89a not really'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'application/octet-stream'],
      [Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'image/png'],
    ] as const) {
      const res = await call(t.app(), doctor, 'PUT', meeraId, body, type);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'signature', message: expect.any(String) }]);
    }
    const empty = await t.app().inject({ method: 'PUT', url: `/api/staff/doctors/${meeraId}/signature`, headers: doctor.headers });
    expect(empty.statusCode).toBe(400);
    expect((await t.db().query('select 1 from doctor_signatures')).rows).toEqual([]);
  });
});
