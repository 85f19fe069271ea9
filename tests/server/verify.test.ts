/**
 * GET /api/verify/{code}: a printed prescription's code, as anybody holding the paper checks it
 * (server/verify; docs/records.md, "Verification"). Genuine with the doctor, the day, the
 * patient's initials and the remedies as written; amended once a later version replaced it;
 * revoked once the patient's account is closed; unknown otherwise; nothing personal ever; a
 * limit per client address. On both backends.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newVerificationCode } from '../../server/verify/repository.js';
import { backends } from './helpers.js';
import { staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { meera, type Patient, publicUrl, type Response } from './paymentSupport.js';
import { closeAccountOf, completedConsultation, hindiPrescription } from './recordsSupport.js';
import { pdfText } from './pdfSupport.js';

/** The code printed on a prescription PDF (in groups of four) and the address beside its QR code. */
function printedCode(pdf: Buffer): { code: string; url: string } {
  const text = pdfText(pdf);
  const grouped = /Code: ([A-Z2-7]{4}(?:-[A-Z2-7]{1,4}){6})/.exec(text)?.[1];
  expect(grouped, text).toBeDefined();
  const code = grouped!.replace(/-/g, '');
  expect(text).toContain(`${publicUrl}/verify/${code}`);
  return { code, url: `${publicUrl}/verify/${code}` };
}

const pdfOf = async (app: FastifyInstance, who: Patient, appointmentId: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/records/appointments/${appointmentId}/prescription.pdf`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const verify = (app: FastifyInstance, code: string, ip = '203.0.113.7') =>
  app.inject({ method: 'GET', url: `/api/verify/${code}`, remoteAddress: ip }) as Promise<Response>;

describe.each(backends)('verifying a prescription on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('genuine: the doctor, the day, the initials and the remedies as written, and nothing personal; unknown for a code never issued', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const { code } = printedCode(await pdfOf(t.app(), patient, appointment._id));
    expect(code).toMatch(/^[A-Z2-7]{26}$/);
    const res = await verify(t.app(), code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'genuine',
      doctorName: meera.name,
      date: '2025-03-11',
      writtenAt: expect.any(String),
      version: 1,
      patientInitials: 'स. क.',
      remedies: hindiPrescription.remedies.map((r) => ({
        medicineName: r.medicineName,
        potency: hindiPrescription.potency,
        dosage: r.dosage,
        frequency: r.frequency,
        duration: hindiPrescription.duration,
      })),
    });
    // Lower case and grouped as printed: the same code.
    expect((await verify(t.app(), code.toLowerCase().replace(/(.{4})/g, '$1-').replace(/-$/, ''))).json()).toMatchObject({ status: 'genuine' });
    // Nothing that names the patient or reaches them.
    for (const personal of ['सुनीता', 'क्षत्रिय', patient.email, '9876543210', appointment.appointmentId, hindiPrescription.complain, hindiPrescription.instructions]) {
      expect(res.body).not.toContain(personal);
    }
    // The same PDF again prints the same code (one per version, not per download).
    expect(printedCode(await pdfOf(t.app(), patient, appointment._id)).code).toBe(code);

    expect((await verify(t.app(), newVerificationCode())).json()).toEqual({ status: 'unknown' });
    expect((await verify(t.app(), 'ABC')).json()).toEqual({ status: 'unknown' });
    // The QR code's short address sends the browser to the page.
    const redirect = await t.app().inject({ method: 'GET', url: `/verify/${code}` });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([302, `/#/verify/${code}`]);
    expect((await t.app().inject({ method: 'GET', url: '/verify/%3Cscript%3E' })).statusCode).toBe(404);
    const bad = await verify(t.app(), 'not%20a%20code%21');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'code' })] });
  });

  it('amended: writing the prescription again keeps the earlier version, its code says amended and when; the new one is genuine and mailed once', async () => {
    const { patient, appointment, admin } = await completedConsultation(t);
    const first = printedCode(await pdfOf(t.app(), patient, appointment._id)).code;
    const mailsBefore = t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription')).length;
    expect(mailsBefore).toBe(1);
    t.clock.advance(3_600_000);
    const amended = { ...hindiPrescription, remedies: [{ medicineName: 'Bryonia alba', dosage: '2 pills', frequency: 'twice a day' }] };
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, amended)).statusCode).toBe(200);
    await t.idle();

    const old = (await verify(t.app(), first)).json() as { status: string; supersededAt: string };
    expect(old).toEqual({ status: 'amended', supersededAt: t.clock.now().toISOString() });
    const second = printedCode(await pdfOf(t.app(), patient, appointment._id)).code;
    expect(second).not.toBe(first);
    expect((await verify(t.app(), second)).json()).toMatchObject({
      status: 'genuine',
      version: 2,
      remedies: [{ medicineName: 'Bryonia alba', potency: '30C', dosage: '2 pills', frequency: 'twice a day', duration: '10 days' }],
    });
    // The earlier version kept: its words, code, when and by whom; the amendment audited.
    const { rows } = await t.db().query<{ version: number; code: string; written_by: string | null; superseded_at: Date | null; medicines: { remedies: unknown[] } }>(
      'select version, code, written_by, superseded_at, medicines from prescription_versions where appointment_id = $1 order by version',
      [appointment._id],
    );
    expect(rows.map((r) => [r.version, r.code, r.written_by, r.superseded_at !== null, r.medicines.remedies.length])).toEqual([
      [1, first, admin.id, true, 3],
      [2, second, admin.id, false, 1],
    ]);
    const audit = await t.db().query<{ details: { before: { prescription: { version: number; code: string } }; after: { prescription: { version: number } } } }>(
      `select details from audit_log where action = 'prescription.amended' and appointment_id = $1`,
      [appointment._id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.details.before.prescription).toMatchObject({ version: 1, code: first });
    expect(audit.rows[0]!.details.after.prescription).toMatchObject({ version: 2 });
    // The patient gets the amended prescription, under its own key, once.
    const keys = await t.db().query<{ key: string }>(`select key from job_mails where key like 'prescription:%' order by key`);
    expect(keys.rows.map((r) => r.key)).toEqual([`prescription:${appointment._id}`, `prescription:${appointment._id}:v2`]);
    const mails = t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription'));
    expect(mails).toHaveLength(2);
    expect(printedCode(mails[1]!.attachments![0]!.content as Buffer).code).toBe(second);

    // Shown or hidden again without other words: no new version.
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, { ...amended, showMedicine: true })).statusCode).toBe(200);
    expect((await t.db().query('select 1 from prescription_versions where appointment_id = $1', [appointment._id])).rows).toHaveLength(2);
  });

  it('revoked once the patient closes the account', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const { code } = printedCode(await pdfOf(t.app(), patient, appointment._id));
    await closeAccountOf(t, patient);
    const res = await verify(t.app(), code);
    expect(res.json()).toEqual({ status: 'revoked' });
  });

  it('revoked once the clinical record is erased: the words are gone, the code is kept', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const { code } = printedCode(await pdfOf(t.app(), patient, appointment._id));
    const { eraseVersions } = await import('../../server/verify/repository.js');
    await t.db().transaction((tx) => eraseVersions(tx, [appointment._id], t.clock.now()));
    expect((await verify(t.app(), code)).json()).toEqual({ status: 'revoked' });
    expect((await t.db().query('select 1 from prescription_versions where appointment_id = $1', [appointment._id])).rows).toHaveLength(0);
  });
});

describe.each(backends)('the verify rate limit on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { VERIFY_RATE_LIMIT: '3/1m' } });

  it('VERIFY_RATE_LIMIT look-ups per client address, then 429 with a message; another address is not held back; a new window lets it in', async () => {
    const code = newVerificationCode();
    for (let i = 0; i < 3; i++) expect((await verify(t.app(), code)).statusCode).toBe(200);
    const refused = await verify(t.app(), code);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'verify.tooManyLookUps', message: 'Too many prescriptions checked from this address. Please try again in 1 minute.' });
    expect((await verify(t.app(), code, '198.51.100.9')).statusCode).toBe(200);
    // Counted in the database: another instance counts the same address on.
    expect((await verify(await t.anotherInstance(), code)).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await verify(t.app(), code)).statusCode).toBe(200);
  });
});
