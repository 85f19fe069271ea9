/**
 * The front desk on every backend: patients without accounts (register, search, one patient),
 * desk bookings under the online booking's rules, walk-ins, check-in and tokens, counter payments
 * with receipts, the queue's moves, the day list and its CSV, and who may call what.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { messageOf } from './paymentSupport.js';
import { asha, bookingOf, desk, deskOk, deskStaff, deskTableCounts, registered, seedIds } from './deskSupport.js';
import { auditRows } from './staffAdminSupport.js';

describe.each(backends)('the desk on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('registers a patient without an account, books them by phone, checks them in and takes cash', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception);
    expect(patient).toMatchObject({ kind: 'desk', email: '', phoneNumber: '9822012345', noShows: 0 });

    const booked = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { startTime: '10:15' }));
    expect(booked).toMatchObject({ appointmentStatus: 'Booked', appointmentPaymentStatus: 'due', holdExpiresAt: null, firstName: 'Asha', email: '' });

    const checkedIn = await deskOk(t.app(), reception, 'POST', `/appointments/${booked._id}/check-in`);
    expect(checkedIn.entry).toMatchObject({ token: 'T1', status: 'waiting', kind: 'booked', dueTime: '10:15', place: 1 });

    const paid = await deskOk(t.app(), reception, 'POST', `/appointments/${booked._id}/payment`, { method: 'upi', reference: 'UPI-4471' });
    expect(paid).toMatchObject({ appointmentPaymentStatus: 'paid' });
    const { rows } = await t.db().query<{ provider: string; counter_method: string; counter_reference: string; receipt_number: string }>(
      `select p.provider, p.counter_method, p.counter_reference, r.receipt_number from payments p join receipts r on r.payment_id = p.id where p.appointment_id = $1`,
      [booked._id],
    );
    expect(rows).toEqual([{ provider: 'counter', counter_method: 'upi', counter_reference: 'UPI-4471', receipt_number: expect.stringMatching(/^RCT-\d{6}$/) }]);
    const again = await desk(t.app(), reception, 'POST', `/appointments/${booked._id}/payment`, { method: 'cash', reference: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('counterPaid');

    const found = await deskOk(t.app(), reception, 'GET', `/patients?q=${encodeURIComponent('asha')}`);
    expect(found.hits.map((h: any) => h.patient._id)).toEqual([patient._id]);
    expect(found.hits[0].upcoming.map((a: any) => a._id)).toEqual([booked._id]);
    for (const q of ['Kale', 'asha ka', '98220', '12345', '+91 98220 12345', booked.appointmentId, 'T1']) {
      const res = await deskOk(t.app(), reception, 'GET', `/patients?q=${encodeURIComponent(q)}`);
      expect(res.hits.map((h: any) => h.patient._id), q).toEqual([patient._id]);
    }
    expect((await deskOk(t.app(), reception, 'GET', '/patients?q=zzz')).hits).toEqual([]);

    const actions = (await auditRows(t.db())).map((r) => [r.actor_role, r.action]);
    expect(actions).toEqual([
      ['reception', 'patient.registered'],
      ['reception', 'appointment.booked'],
      ['reception', 'queue.checkin'],
      ['reception', 'payment.counter'],
    ]);
    void asha;
    void deskTableCounts;
    void messageOf;
  });
});
