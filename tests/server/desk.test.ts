/**
 * The front desk on every backend: patients without accounts (register, search, one patient),
 * desk bookings under the online booking's rules with the fee now or later, counter payments with
 * receipts, and the mails a desk booking owes (none without an email).
 */
import { describe, expect, it } from 'vitest';
import { jobMailRow, confirmationKey } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { messageOf, slotMap, meera } from './paymentSupport.js';
import { asha, bookingOf, desk, deskOk, deskStaff, deskTableCounts, registered, seedIds } from './deskSupport.js';
import { auditRows } from './staffAdminSupport.js';

const q = (text: string) => `/patients?q=${encodeURIComponent(text)}`;

describe.each(backends)('the desk on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('registers a patient without an account, books them by phone, checks them in and takes the fee at the counter', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception);
    expect(patient).toMatchObject({ kind: 'desk', email: '', phoneNumber: '9822012345', noShows: 0, age: 67, gender: 'female' });
    const stored = await t.db().query<{ sign_in_method: string; password_hash: string | null; registered_by: string }>(
      'select sign_in_method, password_hash, registered_by from users where id = $1',
      [patient._id],
    );
    expect(stored.rows).toEqual([{ sign_in_method: 'desk', password_hash: null, registered_by: reception.id }]);

    const booked = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { startTime: '10:15' }));
    expect(booked).toMatchObject({ appointmentStatus: 'Booked', appointmentPaymentStatus: 'due', holdExpiresAt: null, firstName: 'Asha', email: '' });
    // A due booking holds its slot for good: the public slot list shows it booked, long after any hold would lapse.
    t.clock.advance(10 * 60_000);
    expect((await slotMap(t.app(), meera.email, 'Aundh', '2025-03-11'))['10:15']).toBe('booked');

    const checkedIn = await deskOk(t.app(), reception, 'POST', `/appointments/${booked._id}/check-in`);
    expect(checkedIn.entry).toMatchObject({ token: 'T1', status: 'waiting', kind: 'booked', dueTime: '10:15', place: 1 });

    const paid = await deskOk(t.app(), reception, 'POST', `/appointments/${booked._id}/payment`, { method: 'upi', reference: ' UPI-4471 ' });
    expect(paid).toMatchObject({ appointmentPaymentStatus: 'paid', appointmentPaymentId: expect.stringMatching(/^CTR-/) });
    const { rows } = await t.db().query<{ provider: string; counter_method: string; counter_reference: string; taken_by: string; status: string; receipt_number: string }>(
      `select p.provider, p.counter_method, p.counter_reference, p.taken_by, p.status, r.receipt_number
         from payments p join receipts r on r.payment_id = p.id where p.appointment_id = $1`,
      [booked._id],
    );
    expect(rows).toEqual([
      { provider: 'counter', counter_method: 'upi', counter_reference: 'UPI-4471', taken_by: reception.id, status: 'paid', receipt_number: expect.stringMatching(/^RCT-\d{6}$/) },
    ]);
    const again = await desk(t.app(), reception, 'POST', `/appointments/${booked._id}/payment`, { method: 'cash', reference: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('counterPaid');

    const actions = (await auditRows(t.db())).map((r) => [r.actor, r.actor_role, r.action, r.appointment_id]);
    expect(actions).toEqual([
      ['desk@sahaj-clinic.example', 'reception', 'patient.registered', null],
      ['desk@sahaj-clinic.example', 'reception', 'appointment.booked', booked._id],
      ['desk@sahaj-clinic.example', 'reception', 'queue.checkin', booked._id],
      ['desk@sahaj-clinic.example', 'reception', 'payment.counter', booked._id],
    ]);
    // No mail for a patient without an email.
    await t.idle();
    expect(t.mailer().sent).toEqual([]);
  });

  it('refuses a registration of bad input naming the field, and an email an account or a desk patient has (nothing written)', async () => {
    const { reception } = await deskStaff(t);
    const patient = await t.patient('ravi');
    const before = await deskTableCounts(t.db());
    const bad = await desk(t.app(), reception, 'POST', '/patients', { ...asha, phoneNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'phoneNumber', message: expect.any(String) }]);
    const noAge = await desk(t.app(), reception, 'POST', '/patients', { ...asha, age: 0 });
    expect(noAge.json().errors.map((e: { field: string }) => e.field)).toEqual(['age']);
    const taken = await desk(t.app(), reception, 'POST', '/patients', { ...asha, email: patient.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('deskPatientHasAccount');
    expect(await deskTableCounts(t.db())).toEqual(before);

    const withEmail = await registered(t.app(), reception, { ...asha, email: 'Asha.Kale@example.com' });
    expect(withEmail.email).toBe('asha.kale@example.com');
    const twice = await desk(t.app(), reception, 'POST', '/patients', { ...asha, email: 'asha.kale@example.com' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('desk.patientExists');
  });

  it("corrects a desk patient's details (audited); refuses bad input, another's email and an account's holder, writing nothing", async () => {
    const { reception, doctor } = await deskStaff(t);
    const patient = await registered(t.app(), reception);
    const changed = { ...asha, lastName: ' Kale-Patil ', phoneNumber: '+91 98230 44455', email: 'Asha.K@example.com' };
    const saved = await deskOk(t.app(), reception, 'PUT', `/patients/${patient._id}`, changed);
    expect(saved.patient).toMatchObject({ _id: patient._id, kind: 'desk', lastName: 'Kale-Patil', phoneNumber: '+919823044455', email: 'asha.k@example.com' });
    const audit = (await auditRows(t.db())).filter((r) => r.action === 'patient.updated');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { lastName: asha.lastName, phoneNumber: '9822012345', email: null }, after: { lastName: 'Kale-Patil', email: 'asha.k@example.com' } });
    // Found by the new number's last digits, no longer by the old one's.
    expect((await deskOk(t.app(), reception, 'GET', q('44455'))).hits.map((h: { patient: { _id: string } }) => h.patient._id)).toEqual([patient._id]);
    expect((await deskOk(t.app(), reception, 'GET', q('9822012345'))).hits).toEqual([]);
    // As the console searches again after a save: by the number as stored.
    expect((await deskOk(t.app(), reception, 'GET', q('+919823044455'))).hits.map((h: { patient: { _id: string } }) => h.patient._id)).toEqual([patient._id]);

    const account = await t.patient('ravi');
    const other = await registered(t.app(), reception, { ...asha, firstName: 'Sunil', email: 'sunil@example.com' });
    const before = await deskTableCounts(t.db());
    const refusals: [string, string, object, number, string | undefined][] = [
      ['a bad phone', patient._id, { ...changed, phoneNumber: '12345' }, 400, undefined],
      ["an account's email", patient._id, { ...changed, email: account.email }, 409, 'deskPatientHasAccount'],
      ["another desk patient's email", patient._id, { ...changed, email: 'SUNIL@example.com' }, 409, 'desk.patientExists'],
      ["an account's holder", account.id, changed, 409, 'deskPatientIsAccount'],
      ['nobody', '00000000-0000-4000-8000-000000000000', changed, 404, 'desk.patientNotFound'],
    ];
    for (const [what, id, body, status, code] of refusals) {
      const res = await desk(t.app(), reception, 'PUT', `/patients/${id}`, body);
      expect(res.statusCode, what).toBe(status);
      if (code) expect(res.json().code, what).toBe(code);
      else expect(res.json().errors, what).toEqual([{ field: 'phoneNumber', message: expect.any(String) }]);
    }
    // A doctor does not work the counter.
    expect((await desk(t.app(), doctor, 'PUT', `/patients/${other._id}`, changed)).statusCode).toBe(404);
    expect(await deskTableCounts(t.db())).toEqual(before);
    expect((await deskOk(t.app(), reception, 'GET', `/patients/${patient._id}`)).patient).toEqual(saved.patient);
  });

  it('finds patients by a name, a phone, an appointment number and a token, at most 20 with `more`', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const account = await t.patient('meena');
    await t.db().query(`update users set first_name = 'Meena', last_name = 'Kale', phone_number = '+919822199999' where id = $1`, [account.id]);
    const patient = await registered(t.app(), reception);
    const booked = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id));
    await deskOk(t.app(), reception, 'POST', `/appointments/${booked._id}/check-in`).catch(() => undefined);

    const kales = await deskOk(t.app(), reception, 'GET', q('kale'));
    expect(kales.hits.map((h: any) => [h.patient.firstName, h.patient.kind])).toEqual([
      ['Asha', 'desk'],
      ['Meena', 'account'],
    ]);
    expect(kales.hits[0].upcoming.map((a: any) => a._id)).toEqual([booked._id]);
    expect(kales.more).toBe(false);
    for (const text of ['Asha', 'asha ka', '  ASHA   KALE ', '98220', '982201', '12345', '2345', '+91 98220 12345', '098220-12345', booked.appointmentId.toLowerCase()]) {
      const found = await deskOk(t.app(), reception, 'GET', q(text));
      expect(found.hits.map((h: any) => h.patient._id), text).toEqual([patient._id]);
    }
    expect((await deskOk(t.app(), reception, 'GET', q('9822'))).hits).toHaveLength(2);
    for (const text of ['zzz', 'sha', '45', 'SHC-25-999999', 'T9', '%', 'a_a']) {
      expect((await deskOk(t.app(), reception, 'GET', q(text))).hits, text).toEqual([]);
    }
    const empty = await desk(t.app(), reception, 'GET', q(' '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('q');

    for (let i = 0; i < 21; i++) await registered(t.app(), reception, { ...asha, firstName: `Kiran${String(i).padStart(2, '0')}` });
    const many = await deskOk(t.app(), reception, 'GET', q('kiran'));
    expect(many.hits).toHaveLength(20);
    expect(many.more).toBe(true);
  });

  it('finds today\'s token at any doctor, and shows one patient with their visits to come and past, and the no-shows', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception);
    const later = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { date: '2025-03-18' }));
    const today = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { startTime: '10:15' }));
    await deskOk(t.app(), reception, 'POST', `/appointments/${today._id}/check-in`);
    expect((await deskOk(t.app(), reception, 'GET', q('t1'))).hits.map((h: any) => h.patient._id)).toEqual([patient._id]);

    const detail = await deskOk(t.app(), reception, 'GET', `/patients/${patient._id.toUpperCase()}`);
    expect(detail.patient).toMatchObject({ _id: patient._id, noShows: 0 });
    expect(detail.upcoming.map((a: any) => a._id)).toEqual([today._id, later._id]);
    expect(detail.past).toEqual([]);

    await t.db().query(`update appointments set status = 'Missed' where id = $1`, [today._id]);
    const after = await deskOk(t.app(), reception, 'GET', `/patients/${patient._id}`);
    expect(after.patient.noShows).toBe(1);
    expect(after.past.map((a: any) => a._id)).toEqual([today._id]);
    const unknown = await desk(t.app(), reception, 'GET', '/patients/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('books at the desk under the online booking\'s rules: slot taken 409, past, horizon, leave, place and type 400, nothing written', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception);
    const online = await t.patient('online');
    await bookedAndPaid(t.app(), online, { startTime: '11:00' });
    await t.db().query(`insert into doctor_leave (doctor_id, from_date, to_date, reason, created_at) values ($1, '2025-03-18', '2025-03-18', 'conference', now())`, [ids.meera]);
    const before = await deskTableCounts(t.db());

    const refusals: [Record<string, unknown>, number, string][] = [
      [{}, 409, ''],
      [{ startTime: '09:30' }, 400, 'startTime'],
      [{ startTime: '10:07' }, 400, 'startTime'],
      [{ date: '2025-03-10' }, 400, 'date'],
      [{ date: '2026-03-11' }, 400, 'date'],
      [{ date: '2025-03-18' }, 400, 'date'],
      [{ locationId: ids.kothrud }, 400, 'startTime'],
      [{ locationId: '00000000-0000-4000-8000-000000000000' }, 400, 'locationId'],
      [{ doctorId: '00000000-0000-4000-8000-000000000000' }, 400, 'doctorId'],
      [{ consultationType: 'Video' }, 400, 'consultationType'],
      [{ consultationType: 'Chat', locationId: '' }, 400, 'consultationType'],
      [{ consultationType: 'Call' }, 400, 'locationId'],
      [{ fee: { pay: 'now', method: 'cheque', reference: '' } }, 400, 'fee'],
    ];
    for (const [change, status, field] of refusals) {
      const res = await desk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      if (status === 409) expect(messageOf(res)).toBe('This slot is already booked');
      if (field) expect(res.json().errors.map((e: { field: string }) => e.field.split('.')[0]), JSON.stringify(change)).toContain(field);
    }
    const unknown = await desk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(await deskTableCounts(t.db())).toEqual(before);
  });

  it('takes the fee now with a receipt, books a Call for a patient without an account, and mails the confirmation to one with an email', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const patient = await registered(t.app(), reception, { ...asha, email: 'asha@example.com' });
    const now = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, patient._id, { fee: { pay: 'now', method: 'cash', reference: '' } }));
    expect(now).toMatchObject({ appointmentPaymentStatus: 'paid', email: 'asha@example.com' });
    const { rows } = await t.db().query<{ n: number }>(`select count(*)::int as n from receipts r join payments p on p.id = r.payment_id where p.appointment_id = $1`, [now._id]);
    expect(rows[0]!.n).toBe(1);
    expect(await jobMailRow(t.db(), confirmationKey(now._id))).toMatchObject({ kind: 'confirmation' });
    await t.idle();
    expect(t.mailer().sent.map((m) => m.to)).toEqual(['asha@example.com']);

    const noEmail = await registered(t.app(), reception, { ...asha, firstName: 'Bharat' });
    const call = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, noEmail._id, { doctorId: ids.kavita, locationId: '', consultationType: 'Call', startTime: '11:20' }));
    expect(call).toMatchObject({ consultationType: 'Call', location: '', appointmentPaymentStatus: 'due' });
    expect(await jobMailRow(t.db(), confirmationKey(call._id))).toBeNull();
    const actions = (await auditRows(t.db())).map((r) => r.action);
    expect(actions).toEqual(['patient.registered', 'payment.counter', 'appointment.booked', 'patient.registered', 'appointment.booked']);
  });

  it('takes an online patient\'s unpaid fee at the counter; refuses a cancelled one', async () => {
    const { reception, admin } = await deskStaff(t);
    const online = await t.patient('online');
    const made = await t.app().inject({ method: 'POST', url: '/api/appointment/add', headers: online.headers, payload: (await import('./paymentSupport.js')).bookingBody({ startTime: '11:30' }) });
    const appointment = made.json();
    const paid = await deskOk(t.app(), reception, 'POST', `/appointments/${appointment._id}/payment`, { method: 'card', reference: 'TID 88812' });
    expect(paid).toMatchObject({ appointmentPaymentStatus: 'paid', holdExpiresAt: null });
    const other = await t.app().inject({ method: 'POST', url: '/api/appointment/add', headers: online.headers, payload: (await import('./paymentSupport.js')).bookingBody({ startTime: '11:45' }) });
    await t.app().inject({ method: 'POST', url: `/api/staff/appointments/${other.json()._id}/cancel`, headers: admin.headers, payload: { reason: 'test' } });
    const cancelled = await desk(t.app(), reception, 'POST', `/appointments/${other.json()._id}/payment`, { method: 'cash', reference: '' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('desk.counterClosed');
    expect((await desk(t.app(), reception, 'POST', '/appointments/00000000-0000-4000-8000-000000000000/payment', { method: 'cash', reference: '' })).statusCode).toBe(404);
    const bad = await desk(t.app(), reception, 'POST', `/appointments/${appointment._id}/payment`, { method: 'cash', reference: 'x'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('reference');
  });

  it('books and queues an account\'s family member, by their own name, age and gender; another account\'s member is 404, nothing written', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const holder = await t.patient('online');
    const member = async (who: typeof holder, body: object) =>
      (await t.app().inject({ method: 'POST', url: '/api/family', headers: who.headers, payload: body })).json() as { _id: string };
    const son = await member(holder, { firstName: 'Rohan', lastName: 'Joshi', age: 9, gender: 'male', relation: 'Son' });
    const stranger = await member(await t.patient('stranger'), { firstName: 'Vivek', lastName: 'Rao', age: 40, gender: 'male', relation: 'Brother' });

    const detail = await deskOk(t.app(), reception, 'GET', `/patients/${holder.id}`);
    expect(detail.family).toEqual([expect.objectContaining({ _id: son._id, firstName: 'Rohan', age: 9, relation: 'Son' })]);
    const deskOnly = await registered(t.app(), reception);
    expect((await deskOk(t.app(), reception, 'GET', `/patients/${deskOnly._id}`)).family).toEqual([]);

    const booked = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, holder.id, { startTime: '10:15', familyMemberId: son._id }));
    expect(booked).toMatchObject({ firstName: 'Rohan', lastName: 'Joshi', age: 9, gender: 'male' });
    const row = await t.db().query<{ family_member_id: string; user_id: string }>('select family_member_id, user_id from appointments where id = $1', [booked._id]);
    expect(row.rows).toEqual([{ family_member_id: son._id, user_id: holder.id }]);

    const walkIn = await deskOk(t.app(), reception, 'POST', '/walkins', { patientId: holder.id, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' }, familyMemberId: son._id });
    expect(walkIn.entry).toMatchObject({ kind: 'walkin' });
    const walkInRow = await t.db().query<{ first_name: string; family_member_id: string }>(
      'select a.first_name, a.family_member_id from queue_entries q join appointments a on a.id = q.appointment_id where q.id = $1',
      [walkIn.entry._id],
    );
    expect(walkInRow.rows).toEqual([{ first_name: 'Rohan', family_member_id: son._id }]);

    const counts = await deskTableCounts(t.db());
    for (const [url, body] of [
      ['/bookings', bookingOf(ids, holder.id, { startTime: '10:30', familyMemberId: stranger._id })],
      ['/walkins', { patientId: holder.id, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' }, familyMemberId: stranger._id }],
      ['/bookings', bookingOf(ids, deskOnly._id, { startTime: '10:30', familyMemberId: son._id })],
    ] as const) {
      const refused = await desk(t.app(), reception, 'POST', url, body);
      expect(refused.statusCode, url).toBe(404);
      expect(messageOf(refused)).toBe("This family member is not on this patient's account.");
    }
    const bad = await desk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, holder.id, { startTime: '10:30', familyMemberId: 'rohan' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['familyMemberId']);
    expect(await deskTableCounts(t.db())).toEqual(counts);
  });
});

