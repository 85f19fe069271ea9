/**
 * The patient's ABHA, on every backend (server/abdm): the patient's own on /account (put, read,
 * replace, remove), the desk's for any patient at the counter, who may call what (404 for others),
 * each field's 400, one ABHA on one patient's file only (409 on the field), the audit without the
 * values, the data export's abha.json, and erasure with the account.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, registered } from './deskSupport.js';
import type { Patient, Response } from './paymentSupport.js';
import { closeAccountOf } from './recordsSupport.js';

const call = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: who ? who.headers : {} }) as Promise<Response>;

const typed = { abhaNumber: '91-5020-3070-4012', abhaAddress: '', source: 'typed' };

function zipRead(body: Buffer, name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'abha-zip-')), 'data.zip');
  writeFileSync(file, body);
  return execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
}

describe.each(backends)('ABHA on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('a patient puts their ABHA on file, reads it, replaces it and removes it; each change audited without the values', async () => {
    const patient = await t.patient();
    expect((await call(t.app(), patient, 'GET', '/account/abha')).json()).toEqual({ abha: null });

    const put = await call(t.app(), patient, 'PUT', '/account/abha', typed);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().abha).toMatchObject({ abhaNumber: '91502030704012', abhaAddress: null, source: 'typed' });
    expect(put.headers['cache-control']).toBe('private, no-store');
    expect((await call(t.app(), patient, 'GET', '/account/abha')).json().abha.abhaNumber).toBe('91502030704012');

    const qr = await call(t.app(), patient, 'PUT', '/account/abha', { abhaNumber: '91502030704012', abhaAddress: ' Asha.Kale@SBX ', source: 'qr' });
    expect(qr.json().abha).toMatchObject({ abhaNumber: '91502030704012', abhaAddress: 'asha.kale@sbx', source: 'qr' });

    const removed = await call(t.app(), patient, 'DELETE', '/account/abha');
    expect(removed.json()).toEqual({ abha: null });
    expect((await call(t.app(), patient, 'GET', '/account/abha')).json()).toEqual({ abha: null });

    const audit = await t.db().query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from audit_log where subject_user_id = $1 and action like 'abha.%' order by id`,
      [patient.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['abha.set', 'abha.set', 'abha.removed']);
    expect(audit.rows[1]!.details).toEqual({ number: true, address: true, source: 'qr' });
    expect(JSON.stringify(audit.rows)).not.toMatch(/9150|asha\.kale/);
  });

  it('answers a bad number or address 400 on its field, and neither 400 on abhaNumber; nothing written', async () => {
    const patient = await t.patient();
    const cases: [object, string, RegExp][] = [
      [{ ...typed, abhaNumber: '12-3456-7890-123' }, 'abhaNumber', /14-digit ABHA number/],
      [{ ...typed, abhaNumber: '12-3456-7890-12345' }, 'abhaNumber', /14-digit ABHA number/],
      [{ ...typed, abhaNumber: 'ab-3456-7890-1234' }, 'abhaNumber', /14-digit ABHA number/],
      [{ abhaNumber: '', abhaAddress: 'asha@gmail.com', source: 'typed' }, 'abhaAddress', /ABHA address, like name@abdm/],
      [{ abhaNumber: '', abhaAddress: 'a@abdm', source: 'typed' }, 'abhaAddress', /ABHA address/],
      [{ abhaNumber: ' ', abhaAddress: '', source: 'typed' }, 'abhaNumber', /Give an ABHA number or an ABHA address/],
    ];
    for (const [body, field, words] of cases) {
      const res = await call(t.app(), patient, 'PUT', '/account/abha', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: expect.stringContaining(field), message: expect.stringMatching(words) });
    }
    expect((await t.db().query('select 1 from abha_profiles')).rows).toHaveLength(0);
  });

  it('keeps an ABHA on one patient\'s file only: 409 on the field for another', async () => {
    const asha = await t.patient();
    const other = await t.patient();
    expect((await call(t.app(), asha, 'PUT', '/account/abha', { ...typed, abhaAddress: 'asha@abdm' })).statusCode).toBe(200);
    const number = await call(t.app(), other, 'PUT', '/account/abha', typed);
    expect(number.statusCode).toBe(409);
    expect(number.json()).toMatchObject({ code: 'abha.numberTaken', errors: [{ field: 'abhaNumber' }] });
    const address = await call(t.app(), other, 'PUT', '/account/abha', { abhaNumber: '', abhaAddress: 'asha@abdm', source: 'typed' });
    expect(address.json()).toMatchObject({ code: 'abha.addressTaken', errors: [{ field: 'abhaAddress' }] });
    expect((await call(t.app(), other, 'GET', '/account/abha')).json()).toEqual({ abha: null });
  });

  it('two patients claiming one ABHA number at once on two instances: one has it, the other a 409 on the field, no 500', async () => {
    const [first, second] = [await t.patient(), await t.patient()];
    const other = await t.anotherInstance();
    const answers = await Promise.all([call(t.app(), first, 'PUT', '/account/abha', typed), call(other, second, 'PUT', '/account/abha', typed)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().errors).toEqual([{ field: 'abhaNumber', message: "This ABHA number is on another patient's file." }]);
    const { rows } = await t.db().query<{ n: number }>(`select count(*)::int as n from abha_profiles where abha_number = '91502030704012'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('the desk puts an ABHA on a patient\'s file and removes it; a doctor, a patient and no token are refused', async () => {
    const { reception, admin, doctor } = await deskStaff(t);
    const walkIn = await registered(t.app(), reception);
    const account = await t.patient();

    const put = await call(t.app(), reception, 'PUT', `/desk/patients/${walkIn._id}/abha`, { abhaNumber: '', abhaAddress: 'asha.kale@abdm', source: 'qr' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(t.app(), admin, 'GET', `/desk/patients/${walkIn._id}/abha`)).json().abha).toMatchObject({ abhaAddress: 'asha.kale@abdm', source: 'qr' });
    // An account's holder: the desk's change is the one the patient sees on /account.
    expect((await call(t.app(), admin, 'PUT', `/desk/patients/${account.id}/abha`, typed)).statusCode).toBe(200);
    expect((await call(t.app(), account, 'GET', '/account/abha')).json().abha.abhaNumber).toBe('91502030704012');

    for (const who of [doctor, account]) {
      for (const [method, payload] of [['GET'], ['PUT', typed], ['DELETE']] as const) {
        const res = await call(t.app(), who, method, `/desk/patients/${walkIn._id}/abha`, payload);
        expect(res.statusCode, `${method} as ${who.email}`).toBe(404);
      }
    }
    expect((await call(t.app(), null, 'GET', `/desk/patients/${walkIn._id}/abha`)).statusCode).toBe(401);
    // Staff have no ABHA of their own, and an unknown patient is as none.
    expect((await call(t.app(), reception, 'GET', '/account/abha')).statusCode).toBe(404);
    expect((await call(t.app(), reception, 'GET', '/desk/patients/00000000-0000-4000-8000-000000000000/abha')).statusCode).toBe(404);
    expect((await call(t.app(), reception, 'GET', `/desk/patients/${reception.id}/abha`)).statusCode).toBe(404);

    expect((await call(t.app(), reception, 'DELETE', `/desk/patients/${walkIn._id}/abha`)).json()).toEqual({ abha: null });
    expect((await call(t.app(), reception, 'GET', `/desk/patients/${walkIn._id}/abha`)).json()).toEqual({ abha: null });
    expect((await call(t.app(), account, 'GET', '/account/abha')).json().abha).not.toBeNull();
  });

  it('is in the data export as abha.json, and erased with the account', async () => {
    const patient = await t.patient();
    await call(t.app(), patient, 'PUT', '/account/abha', { ...typed, abhaAddress: 'asha@abdm' });
    const zip = await call(t.app(), patient, 'GET', '/records/export.zip');
    expect(zip.statusCode).toBe(200);
    expect(JSON.parse(zipRead(zip.rawPayload, 'abha.json'))).toMatchObject({ abhaNumber: '91502030704012', abhaAddress: 'asha@abdm' });

    await closeAccountOf(t, patient);
    expect((await t.db().query('select 1 from abha_profiles where user_id = $1', [patient.id])).rows).toHaveLength(0);
    // The number is free for the patient's next account.
    const again = await t.patient();
    expect((await call(t.app(), again, 'PUT', '/account/abha', typed)).statusCode).toBe(200);
  });
});
