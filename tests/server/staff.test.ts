/**
 * Staff endpoints, on every backend: the role is checked on the server (a patient's
 * token gets 403 on each, before any body is read), a doctor acts only on their own appointments
 * and an admin on all, every change is written to the audit log; the order a doctor creates is
 * what the patient sees and pays through the sandbox, only the patient, for the stored amount.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppointmentList, emptyMedicines } from '../../contract/appointments.js';
import { backends } from './helpers.js';
import { handOrder, pharmacyName } from './orderSupport.js';
import { bookedAndPaid, listOf, prescription, pressPay, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { kavita, meera, messageOf, post, publicUrl, today } from './paymentSupport.js';


describe.each(backends)('staff on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  let order: Awaited<ReturnType<typeof handOrder>>;
  beforeEach(async () => {
    order = await handOrder(t.db(), 349.5);
  });

  const auditRows = async () =>
    (
      await t.db().query<{ actor: string; actor_role: string; action: string; appointment_id: string; details: Record<string, any>; at: Date }>(
        'select actor, actor_role, action, appointment_id, details, at from audit_log order by id',
      )
    ).rows;

  it("a patient's token gets 403 on every staff endpoint, before the body is read; none gets 401", async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/me'],
      ['GET', '/appointments'],
      ['GET', `/appointments?date=${today}`],
      ['POST', `/appointments/${appointment._id}/complete`, prescription],
      ['POST', `/appointments/${appointment._id}/complete`, { nonsense: true }],
      ['POST', `/appointments/${appointment._id}/order`, order],
      ['GET', '/audit'],
    ];
    for (const [method, url, body] of calls) {
      const refused = await staffCall(t.app(), patient, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(messageOf(refused)).toBe('This is for clinic staff only.');
      expect((await staffCall(t.app(), null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.db().query(`select 1 from appointments where status = 'Completed'`)).rowCount).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  it("a doctor completes their own appointment with the prescription, and only their own; the patient sees it", async () => {
    const patient = await t.patient('asha');
    const mine = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
    const kavitas = await bookedAndPaid(t.app(), patient, { doctorEmail: kavita.email, location: '', startTime: '11:20' });
    const doctor = await t.staff('doctor', meera.email);

    const me = await staffCall(t.app(), doctor, 'GET', '/me');
    expect(me.json()).toEqual({ _id: doctor.id, email: meera.email, firstName: 'doctor', lastName: 'Patil', role: 'doctor', doctorName: meera.name, doctorId: expect.any(String) });
    const day = await staffCall(t.app(), doctor, 'GET', `/appointments?date=${today}`);
    expect(isRight(AppointmentList.decode(day.json()))).toBe(true);
    expect(day.json().map((a: { _id: string }) => a._id)).toEqual([mine._id]);

    const other = await staffCall(t.app(), doctor, 'POST', `/appointments/${kavitas._id}/complete`, prescription);
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe("This appointment is another doctor's.");
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${kavitas._id}/order`, order)).statusCode).toBe(403);
    const unknown = await staffCall(t.app(), doctor, 'POST', '/appointments/00000000-0000-4000-8000-000000000000/complete', prescription);
    expect(unknown.statusCode).toBe(404);
    const bad = await staffCall(t.app(), doctor, 'POST', `/appointments/${mine._id}/complete`, { ...prescription, showMedicine: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'showMedicine', message: expect.any(String) }]);

    toCompletable(t.clock, '11:00');
    // No provisional diagnosis: refused on the field, on completing and on writing it again.
    for (const diagnosis of [undefined, '', '   ']) {
      const none = await staffCall(t.app(), doctor, 'POST', `/appointments/${mine._id}/complete`, { ...prescription, diagnosis });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ code: 'staff.diagnosisRequired', errors: [{ field: 'diagnosis', message: 'is required' }] });
    }
    const res = await staffCall(t.app(), doctor, 'POST', `/appointments/${mine._id}/complete`, prescription);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Consultation completed.',
      appointment: { _id: mine._id, appointmentStatus: 'Completed', medicines: prescription, order: null },
    });
    const listed = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; appointmentStatus: string; medicines: unknown }[];
    expect(listed.find((a) => a._id === mine._id)).toMatchObject({ appointmentStatus: 'Completed', medicines: prescription });
    expect(listed.find((a) => a._id === kavitas._id)).toMatchObject({ appointmentStatus: 'Booked' });

    // Written again with other words: an amendment (a new version; docs/records.md), and the audit log says who changed what.
    t.clock.advance(60_000);
    const undiagnosed = await staffCall(t.app(), doctor, 'POST', `/appointments/${mine._id}/complete`, { ...prescription, diagnosis: '' });
    expect(undiagnosed.json()).toMatchObject({ code: 'staff.diagnosisRequired', errors: [{ field: 'diagnosis' }] });
    const fixed = { ...prescription, potency: '200C' };
    const again = await staffCall(t.app(), doctor, 'POST', `/appointments/${mine._id}/complete`, fixed);
    expect(messageOf(again)).toBe('Prescription updated.');
    const audit = await auditRows();
    expect(audit.map((r) => [r.actor, r.actor_role, r.action, r.appointment_id])).toEqual([
      [meera.email, 'doctor', 'appointment.completed', mine._id],
      [meera.email, 'doctor', 'prescription.amended', mine._id],
    ]);
    expect(audit[0]!.details).toEqual({
      before: { status: 'Booked', medicines: emptyMedicines },
      after: { status: 'Completed', medicines: prescription, prescription: { version: 1, code: expect.stringMatching(/^[A-Z2-7]{26}$/), writtenAt: expect.any(String) } },
    });
    expect(audit[1]!.details.before.prescription).toEqual(audit[0]!.details.after.prescription);
    expect(audit[1]!.details.after.prescription).toMatchObject({ version: 2 });
    expect(audit[1]!.details.before.medicines.potency).toBe('30C');
    expect(audit[1]!.details.after.medicines.potency).toBe('200C');
    expect(audit[1]!.at.toISOString()).toBe(t.clock.now().toISOString());

    // The audit log is for admins.
    expect((await staffCall(t.app(), doctor, 'GET', '/audit')).statusCode).toBe(403);
  });

  it('an admin acts on every appointment; a cancelled one cannot be completed; the audit log lists it all', async () => {
    const patient = await t.patient();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const kavitas = await bookedAndPaid(t.app(), patient, { doctorEmail: kavita.email, location: '', startTime: '11:20' });
    const cancelled = await bookedAndPaid(t.app(), patient, { startTime: '12:00' });
    await t.app().inject({ method: 'DELETE', url: `/api/appointment/delete/${patient.id}/${cancelled._id}`, headers: patient.headers });

    expect((await staffCall(t.app(), admin, 'GET', '/appointments')).json()).toHaveLength(2);
    expect((await staffCall(t.app(), admin, 'GET', '/me')).json()).toMatchObject({ role: 'admin', doctorName: null });
    toCompletable(t.clock, '11:20');
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${kavitas._id}/complete`, prescription)).statusCode).toBe(200);
    const refused = await staffCall(t.app(), admin, 'POST', `/appointments/${cancelled._id}/complete`, prescription);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('This appointment was cancelled: it cannot be completed.');
    const created = await staffCall(t.app(), admin, 'POST', `/appointments/${kavitas._id}/order`, { ...order, paymentMode: 'Cash' });
    expect(created.json().appointment.order).toMatchObject({ paymentMode: 'Cash', paymentStatus: 'Pending', orderStatus: 'Placed' });

    const audit = await staffCall(t.app(), admin, 'GET', '/audit?limit=2');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().map((e: { action: string; actor: string; actorRole: string }) => [e.action, e.actor, e.actorRole])).toEqual([
      ['order.created', 'office@sahaj-clinic.example', 'admin'],
      ['appointment.completed', 'office@sahaj-clinic.example', 'admin'],
    ]);
    // Each entry names its appointment by the number staff read, beside the id.
    expect(audit.json().map((e: { appointmentId: string; appointmentNumber: string }) => [e.appointmentId, e.appointmentNumber])).toEqual([
      [kavitas._id, kavitas.appointmentId],
      [kavitas._id, kavitas.appointmentId],
    ]);
    const older = await staffCall(t.app(), admin, 'GET', `/audit?before=${audit.json()[1].id}`);
    expect(older.json().map((e: { action: string; actorRole: string }) => [e.action, e.actorRole])).toEqual([['appointment.cancelled', 'patient']]);
    expect((await staffCall(t.app(), admin, 'GET', '/audit?limit=0')).statusCode).toBe(400);
    expect((await staffCall(t.app(), admin, 'GET', '/audit?before=x')).json().errors).toEqual([
      { field: 'before', message: 'must be the id of an audit entry' },
    ]);
  });

  it('creates the order of a completed consultation, once; the patient alone pays it by card, for the stored total', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    const doctor = await t.staff('doctor', meera.email);
    const orderUrl = `/appointments/${appointment._id}/order`;

    const early = await staffCall(t.app(), doctor, 'POST', orderUrl, order);
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Complete the consultation before creating its order.');
    toCompletable(t.clock, '11:00');
    await staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    const free = await staffCall(t.app(), doctor, 'POST', orderUrl, { ...order, lines: [{ name: 'Arnica', quantity: 1, unitPrice: 0 }] });
    expect(free.statusCode).toBe(400);
    expect(free.json().errors).toEqual([{ field: 'lines.0.unitPrice', message: 'must be more than 0' }]);
    const badMode = await staffCall(t.app(), doctor, 'POST', orderUrl, { ...order, paymentMode: 'Bitcoin' });
    expect(badMode.statusCode).toBe(400);

    const res = await staffCall(t.app(), doctor, 'POST', orderUrl, order);
    expect(res.statusCode).toBe(200);
    const created = res.json().appointment.order;
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      appointmentId: appointment._id,
      totalPrice: 349.5,
      paymentMode: 'Card',
      paymentStatus: 'Pending',
      orderStatus: 'Placed',
      pharmacyId: pharmacyName,
      items: [{ itemId: null, name: 'Remedies as prescribed', form: '', potency: '', pack: '', quantity: 1, unitPrice: 349.5, amount: 349.5 }],
      locationId: order.locationId,
      locationName: pharmacyName,
      fulfilment: 'pickup',
      deliveryAddress: '',
      subtotal: 349.5,
      taxRatePercent: 0,
      tax: 0,
      deliveryFee: 0,
      dispensedAt: null,
    });
    const twice = await staffCall(t.app(), doctor, 'POST', orderUrl, order);
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe('This appointment already has an order.');
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'order.created',
      details: { after: { orderId: created._id, totalPrice: 349.5, paymentMode: 'Card', pharmacyId: pharmacyName, fulfilment: 'pickup', paymentStatus: 'Pending', orderStatus: 'Placed' } },
    });

    // Order payment: the patient's only (404 for anyone else), the amount in paise from the stored order.
    const pay = (who: { headers: { authorization: string } }, amount: number) =>
      post(t.app(), '/api/payment/create-order', { payload: { pharmacyId: pharmacyName, orderId: created._id, amount }, headers: who.headers });
    const stranger = await pay(await t.patient(), 34950);
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe('Order not found.');
    expect((await pay(doctor, 34950)).statusCode).toBe(404);
    expect((await pay(patient, 100)).statusCode).toBe(400);
    const started = await pay(patient, 34950);
    expect(started.statusCode).toBe(200);
    expect(await pressPay(t.app(), started.json().checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess?for=order`);
    const listed = (await listOf(t.app(), patient, patient.email)).json() as { order: { paymentStatus: string } | null }[];
    expect(listed[0]!.order).toMatchObject({ paymentStatus: 'Completed', orderStatus: 'Placed', totalPrice: 349.5 });
    expect((await pay(patient, 34950)).statusCode).toBe(409);
    // Paying an order sends no booking confirmation (the appointment's own payment sent one); the
    // completion sent the prescription.
    await t.idle();
    expect(t.mailer().sent.map((m) => m.subject.split(':')[0]!.split(' (')[0])).toEqual(['Appointment confirmed', `Your prescription from ${meera.name}`]);
  });

  it('a doctor account with no doctor of its email is refused (403), as is a role taken away', async () => {
    const stray = await t.staff('doctor', 'not.a.doctor@example.com');
    const res = await staffCall(t.app(), stray, 'GET', '/me');
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe("Your account is a doctor's, but no doctor has its email. Ask an admin to check the doctor list.");
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    expect((await staffCall(t.app(), admin, 'GET', '/me')).statusCode).toBe(200);
    await t.db().query(`update users set role = 'patient' where id = $1`, [admin.id]);
    expect((await staffCall(t.app(), admin, 'GET', '/me')).statusCode).toBe(403);
    // The schema knows the roles.
    const refused = async (sql: string) => t.db().query(sql).then(() => null, (e: { constraint?: string }) => e.constraint);
    expect(await refused(`update users set role = 'superuser' where id = '${admin.id}'`)).toBe('users_role_check');
  });
});
