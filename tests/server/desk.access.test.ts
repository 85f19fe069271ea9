/**
 * Who may call the desk, on every backend: a patient's token gets 404 on every desk endpoint
 * before its body is read, no token 401, nothing written. Reception works the console's lists and
 * one appointment, never a prescription's clinical content, the audit log, an admin screen, a
 * completion or a consultation's files; an admin makes an account reception (audited).
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { emptyMedicines } from '../../contract/appointments.js';
import { backends } from './helpers.js';
import { bookedAndPaid, prescription, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { asha, bookingOf, desk, deskOk, deskStaff, deskTableCounts, receptionEmail, registered, seedIds } from './deskSupport.js';
import { auditRows } from './staffAdminSupport.js';
import { handOrder } from './orderSupport.js';

const someId = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('desk access on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it("answers a patient's token 404 and no token 401 on every desk endpoint, before the body is read; nothing written", async () => {
    const patient = await t.patient();
    const deskCalls = allEndpoints.filter((e) => e.path.startsWith('/desk/'));
    expect(deskCalls).toHaveLength(20);
    const before = await deskTableCounts(t.db());
    for (const e of deskCalls) {
      const url = e.path.replace(':move', 'done').replace(/:\w+/g, someId).replace('/desk', '');
      for (const payload of [undefined, { nonsense: true }]) {
        const method = e.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const refused = await desk(t.app(), patient, method, url, payload);
        expect(refused.statusCode, `${e.method} ${e.path}`).toBe(404);
        expect(refused.json().code).toBe('desk.notFound');
        expect((await desk(t.app(), null, method, url, payload)).statusCode, `${e.method} ${e.path}`).toBe(401);
      }
    }
    expect(await deskTableCounts(t.db())).toEqual(before);
  });

  it("lets reception read the console's appointments without the prescription, and refuses it completions, the audit log and admin screens", async () => {
    const { reception, doctor } = await deskStaff(t);
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
    toCompletable(t.clock, '11:00');
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription)).statusCode).toBe(200);

    const me = await staffCall(t.app(), reception, 'GET', '/me');
    expect(me.json()).toMatchObject({ role: 'reception', doctorName: null });
    const day = await staffCall(t.app(), reception, 'GET', '/appointments?date=2025-03-11');
    expect(day.statusCode).toBe(200);
    expect(day.json()).toEqual([expect.objectContaining({ _id: appointment._id, appointmentStatus: 'Completed', medicines: emptyMedicines })]);
    const one = await staffCall(t.app(), reception, 'GET', `/appointments/${appointment._id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().appointment.medicines).toEqual(emptyMedicines);
    // The doctor still reads what they wrote.
    expect((await staffCall(t.app(), doctor, 'GET', `/appointments/${appointment._id}`)).json().appointment.medicines).toEqual(prescription);
    // And so does the desk's own answer, empty for reception.
    const ids = await seedIds(t.db());
    const queue = await deskOk(t.app(), reception, 'GET', `/day?date=2025-03-11&doctorId=${ids.meera}`);
    expect(queue[0].medicines).toEqual(emptyMedicines);

    // The desk books for every doctor: reception reads the doctors' list (and no more of the schedule screens).
    const doctors = await staffCall(t.app(), reception, 'GET', '/doctors');
    expect(doctors.statusCode).toBe(200);
    expect(doctors.json()).toEqual(expect.arrayContaining([expect.objectContaining({ _id: ids.meera })]));

    const before = await auditRows(t.db());
    const refusals: [string, 'GET' | 'POST', string, object?][] = [
      ['complete', 'POST', `/appointments/${appointment._id}/complete`, prescription],
      ['did not attend', 'POST', `/appointments/${appointment._id}/did-not-attend`, { note: '' }],
      ['order', 'POST', `/appointments/${appointment._id}/order`, await handOrder(t.db(), 100, 'Cash')],
      ['audit', 'GET', '/audit'],
      ['accounts', 'GET', '/accounts'],
      ['refunds', 'GET', '/refunds'],
      ["a doctor's schedule", 'GET', `/doctors/${(await seedIds(t.db())).meera}`],
    ];
    for (const [what, method, url, payload] of refusals) {
      const res = await staffCall(t.app(), reception, method, url, payload);
      expect(res.statusCode, what).toBe(403);
    }
    expect((await staffCall(t.app(), reception, 'POST', `/appointments/${appointment._id}/complete`, prescription)).json().code).toBe('staff.notReception');
    // A consultation's files and views are its parties' and the clinic's: reception has none.
    for (const url of [`/api/records/appointments/${appointment._id}/prescription.pdf`, `/api/records/appointments/${appointment._id}/receipt.pdf`, `/api/appointment/${appointment._id}/consultation`]) {
      const res = await t.app().inject({ method: 'GET', url, headers: reception.headers });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await auditRows(t.db())).toEqual(before);
  });

  it('lets an admin make an account reception, audited; the new role works the desk at once', async () => {
    const { admin } = await deskStaff(t);
    const clerk = await t.patient('clerk');
    expect((await desk(t.app(), clerk, 'GET', '/patients?q=asha')).statusCode).toBe(404);
    const res = await t.app().inject({ method: 'PUT', url: '/api/staff/accounts/role', headers: admin.headers, payload: { email: clerk.email, role: 'reception' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ email: clerk.email, role: 'reception' });
    expect((await auditRows(t.db())).map((r) => [r.action, r.details.before, r.details.after])).toEqual([['user.role', { role: 'patient' }, { role: 'reception' }]]);
    expect((await desk(t.app(), clerk, 'GET', '/patients?q=asha')).statusCode).toBe(200);
    const listed = await t.app().inject({ method: 'GET', url: '/api/staff/accounts', headers: admin.headers });
    expect(listed.json().map((a: { email: string; role: string }) => [a.email, a.role])).toContainEqual([clerk.email, 'reception']);
  });

  it('answers bad input 400 naming the field on every desk call that takes some, writing nothing', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception);
    await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { startTime: '11:00' }));
    const before = await deskTableCounts(t.db());
    const cases: [string, 'GET' | 'POST', string, object | undefined, string][] = [
      ['register', 'POST', '/patients', { ...asha, firstName: '' }, 'firstName'],
      ['register', 'POST', '/patients', { ...asha, email: 'not-an-email' }, 'email'],
      ['search', 'GET', `/patients?q=${'x'.repeat(101)}`, undefined, 'q'],
      ['patient', 'GET', '/patients/42', undefined, 'id'],
      ['book', 'POST', '/bookings', { ...bookingOf(ids, patient._id), startTime: '25:00' }, 'startTime'],
      ['book', 'POST', '/bookings', { ...bookingOf(ids, patient._id), patientId: 'x' }, 'patientId'],
      ['walk-in', 'POST', '/walkins', { patientId: patient._id, doctorId: ids.meera, locationId: '', fee: { pay: 'later' } }, 'locationId'],
      ['payment', 'POST', `/appointments/${someId}/payment`, { method: 'bitcoin', reference: '' }, 'method'],
      ['queue', 'GET', '/queue?doctorId=x', undefined, 'doctorId'],
      ['queue', 'GET', `/queue?doctorId=${ids.meera}&date=2025-13-01`, undefined, 'date'],
      ['call-next', 'POST', '/queue/call-next', { doctorId: ids.meera, room: 'r'.repeat(41) }, 'room'],
      ['move', 'POST', `/queue/${someId}/later`, undefined, 'move'],
      ['day', 'GET', '/day', undefined, 'date'],
      ['day.csv', 'GET', `/day.csv?date=2025-03-11&locationId=x`, undefined, 'locationId'],
    ];
    for (const [what, method, url, payload, field] of cases) {
      const res = await desk(t.app(), reception, method, url, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field.split('.')[0]), what).toContain(field);
    }
    expect(await deskTableCounts(t.db())).toEqual(before);
    expect((await desk(t.app(), reception, 'POST', `/queue/${someId}/done`)).statusCode).toBe(404);
    void receptionEmail;
  });
});
