/**
 * The staff console's server, on every backend: every staff endpoint checks the role on
 * the server (no token 401, a patient 403, a doctor 403 on admin endpoints and limited to their own
 * appointments), every admin change writes its audit row, and bad input is refused with the field
 * named and nothing written. The orphan rule, moves, cancellations and refunds:
 * staffAdmin.schedule.test.ts.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { AppointmentList } from '../../contract/appointments.js';
import { StaffAppointmentDetail } from '../../contract/staff.js';
import {
  AdminDoctorList,
  AdminEventList,
  AdminFeeList,
  AdminLocationList,
  DoctorSchedule,
  RefundList,
  StaffAccountList,
} from '../../contract/staffAdmin.js';
import { backends } from './helpers.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { booked, kavita, meera, messageOf, slotMap, today } from './paymentSupport.js';
import { adminTableCounts, api, auditRows, idOf, officeEmail, type Method, ok, week } from './staffAdminSupport.js';

const unknownId = '00000000-0000-4000-8000-000000000000';
const driveShare = 'https://drive.google.com/file/d/1AbC_d-Ef/view?usp=sharing';

describe.each(backends)('staff console on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('checks the role on every staff endpoint: 401 without a token, 403 for a patient, 403 for a doctor on admin ones', async () => {
    const patient = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const kavitas = await booked(t.app(), patient, { doctorEmail: kavita.email, location: '', startTime: '11:20' });
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const doctorInput = { name: 'Dr. New', email: 'new@sahaj-clinic.example', type: 'clinic', qualification: '', slotMinutes: 15, locationIds: [aundh] };
    const event = { caption: 'Camp', image: '', video: '' };
    const person = { name: 'Anita', role: 'Nurse', subject: 'Thanks', description: 'Kind', image: '' };

    // Doctors may call these (their own appointments only); patients and strangers may not.
    const staffCalls: [Method, string, object?][] = [
      ['GET', '/me'],
      ['GET', `/appointments?date=${today}`],
      ['GET', `/appointments?from=${today}&to=2025-03-20`],
      ['GET', `/appointments/${kavitas._id}`],
    ];
    // Admins only; doctors get 403 before the body is read (the bodies here are fine or nonsense alike).
    const adminCalls: [Method, string, object?][] = [
      ['GET', '/audit'],
      ['GET', '/locations'],
      ['POST', '/locations', { name: 'Baner' }],
      ['PUT', '/locations/order', { ids: [aundh] }],
      ['PUT', `/locations/${aundh}`, { name: 'Aundh Gaon' }],
      ['DELETE', `/locations/${aundh}`],
      ['GET', '/doctors'],
      ['POST', '/doctors', doctorInput],
      ['PUT', '/doctors/order', { ids: [meeraId] }],
      ['GET', `/doctors/${meeraId}`],
      ['PUT', `/doctors/${meeraId}`, doctorInput],
      ['PUT', `/doctors/${meeraId}/active`, { active: false }],
      ['DELETE', `/doctors/${meeraId}`],
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week()],
      ['POST', `/doctors/${meeraId}/leave`, { from: today, to: today, reason: '' }],
      ['DELETE', `/doctors/${meeraId}/leave/${unknownId}`],
      ['GET', '/fees'],
      ['PUT', '/fees', { consultationType: 'Video', consultationFee: 1 }],
      ...(['events', 'team', 'testimonials'] as const).flatMap((kind): [Method, string, object?][] => [
        ['GET', `/site/${kind}`],
        ['POST', `/site/${kind}`, kind === 'events' ? event : person],
        ['PUT', `/site/${kind}/order`, { ids: [] }],
        ['PUT', `/site/${kind}/${unknownId}`, kind === 'events' ? event : person],
        ['DELETE', `/site/${kind}/${unknownId}`],
      ]),
      ['GET', '/accounts'],
      ['PUT', '/accounts/role', { email: patient.email, role: 'admin' }],
      ['POST', `/appointments/${kavitas._id}/move`, { date: today, startTime: '12:00', locationId: aundh }],
      ['POST', `/appointments/${kavitas._id}/cancel`, { reason: 'x' }],
      ['PUT', `/orders/${unknownId}/status`, { orderStatus: 'Ready' }],
      ['GET', '/refunds'],
      ['POST', `/refunds/${unknownId}/resolve`, { note: 'paid back' }],
    ];
    const before = await adminTableCounts(t.db());

    for (const [method, url, body] of [...staffCalls, ...adminCalls]) {
      expect((await api(t.app(), null, method, url, body)).statusCode, `${method} ${url} without a token`).toBe(401);
      const asPatient = await api(t.app(), patient, method, url, body);
      expect(asPatient.statusCode, `${method} ${url} as a patient`).toBe(403);
      expect(messageOf(asPatient)).toBe('This is for clinic staff only.');
    }
    for (const [method, url, body] of adminCalls) {
      const asDoctor = await api(t.app(), doctor, method, url, body);
      expect(asDoctor.statusCode, `${method} ${url} as a doctor`).toBe(403);
      expect(messageOf(asDoctor)).toBe('This is for clinic admins only.');
    }
    expect(await adminTableCounts(t.db())).toEqual(before);
    expect((await t.db().query(`select 1 from appointments where status <> 'Booked'`)).rowCount).toBe(0);
  });

  it("a doctor sees only their own appointments, by day, by range and one by one; an admin sees everybody's", async () => {
    const patient = await t.patient('asha');
    const mine = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
    const later = await booked(t.app(), patient, { date: '2025-03-16', startTime: '17:30' }); // Sunday, Aundh
    const kavitas = await booked(t.app(), patient, { doctorEmail: kavita.email, location: '', startTime: '11:20' });
    const doctor = await t.staff('doctor', meera.email);
    const admin = await t.staff('admin', officeEmail);
    const kavitaId = await idOf(t.db(), 'doctors', 'email', kavita.email);
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const kothrud = await idOf(t.db(), 'locations', 'name', 'Kothrud');
    const ids = (list: { _id: string }[]) => list.map((a) => a._id);

    const range = await ok(t.app(), doctor, 'GET', `/appointments?from=${today}&to=2025-03-31`);
    expect(isRight(AppointmentList.decode(range))).toBe(true);
    expect(ids(range)).toEqual([mine._id, later._id]);
    expect(ids(await ok(t.app(), doctor, 'GET', `/appointments?from=${today}&to=2025-03-31&doctorId=${meeraId}`))).toEqual([mine._id, later._id]);
    const other = await api(t.app(), doctor, 'GET', `/appointments?from=${today}&doctorId=${kavitaId}`);
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe('You can see only your own appointments.');
    expect((await api(t.app(), doctor, 'GET', `/appointments/${kavitas._id}`)).statusCode).toBe(403);
    expect((await api(t.app(), doctor, 'GET', `/appointments/${unknownId}`)).statusCode).toBe(404);

    const detail = await ok(t.app(), doctor, 'GET', `/appointments/${mine._id}`);
    expect(isRight(StaffAppointmentDetail.decode(detail))).toBe(true);
    expect(detail).toMatchObject({
      appointment: { _id: mine._id, firstName: 'Asha', phoneNumber: '+919876543210', appointmentPaymentStatus: 'paid', order: null },
      slotMinutes: 15,
      payments: [{ purpose: 'appointment', amount: 600, status: 'paid' }],
    });

    // An admin: every doctor, narrowed by doctor and location on request.
    expect(ids(await ok(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-03-16`))).toEqual([mine._id, kavitas._id, later._id]);
    expect(ids(await ok(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-03-16&doctorId=${kavitaId}`))).toEqual([kavitas._id]);
    expect(await ok(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-03-16&locationId=${kothrud}`)).toEqual([]);
    expect((await ok(t.app(), admin, 'GET', `/appointments/${kavitas._id}`)).appointment._id).toBe(kavitas._id);

    // Ranges: both ends included, at most 62 days, not with `date`.
    expect((await api(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-05-11`)).statusCode).toBe(200);
    const long = await api(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-05-12`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'to', message: expect.stringContaining('61 days later') }]);
    expect((await api(t.app(), admin, 'GET', `/appointments?from=${today}&to=2025-03-10`)).statusCode).toBe(400);
    expect((await api(t.app(), admin, 'GET', `/appointments?date=${today}&from=${today}`)).json().errors[0].field).toBe('date');
    expect((await api(t.app(), admin, 'GET', '/appointments?doctorId=nope')).json().errors[0].field).toBe('doctorId');
  });

  it('an admin runs the clinic from the browser: a new location, doctor and hours are bookable at once; every change is audited', async () => {
    const admin = await t.staff('admin', officeEmail);
    const newcomer = await t.patient('nisha');
    const app = t.app();

    const baner = (await ok(app, admin, 'POST', '/locations', { name: '  Baner ' })).location;
    expect(baner).toMatchObject({ name: 'Baner', displayOrder: 4, doctorCount: 0, appointmentCount: 0 });
    const renamed = await ok(app, admin, 'PUT', `/locations/${baner._id}`, { name: 'Baner Road' });
    expect(renamed).toEqual({ message: 'Location renamed.', location: { ...baner, name: 'Baner Road' } });
    const locations = await ok(app, admin, 'GET', '/locations');
    expect(isRight(AdminLocationList.decode(locations))).toBe(true);
    const reordered = await ok(app, admin, 'PUT', '/locations/order', { ids: [baner._id, ...locations.slice(0, 4).map((l: { _id: string }) => l._id)] });
    expect(reordered.map((l: { name: string }) => l.name)).toEqual(['Baner Road', 'Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar']);
    expect((await app.inject('/api/super/locations')).json()).toEqual(['Baner Road', 'Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar']);

    // A new doctor at the new location, with hours: listed and bookable straight away.
    const created = await ok(app, admin, 'POST', '/doctors', {
      name: 'Dr. Priya Nair',
      email: 'Priya.Nair@Sahaj-Clinic.example',
      type: 'clinic',
      qualification: 'BHMS',
      slotMinutes: 20,
      locationIds: [baner._id],
    });
    const priya = created.doctor;
    expect(priya).toMatchObject({ email: 'priya.nair@sahaj-clinic.example', active: true, locations: [{ _id: baner._id, name: 'Baner Road' }], accountRole: null });
    const saved = await ok(app, admin, 'PUT', `/doctors/${priya._id}/hours/${baner._id}`, week([2, '14:00', '16:00'], [4, '09:00', '10:00']));
    expect(isRight(DoctorSchedule.decode(saved.schedule))).toBe(true);
    expect(saved.schedule.hours).toEqual([
      { locationId: baner._id, location: 'Baner Road', weekday: 2, start: '14:00', end: '16:00' },
      { locationId: baner._id, location: 'Baner Road', weekday: 4, start: '09:00', end: '10:00' },
    ]);
    const publicList = (await app.inject('/api/doctor/getall')).json() as { email: string; locations: string[] }[];
    expect(publicList.find((d) => d.email === priya.email)?.locations).toEqual(['Baner Road']);
    const slots = await slotMap(app, priya.email, 'Baner Road', today);
    expect(Object.keys(slots)).toEqual(['14:00', '14:20', '14:40', '15:00', '15:20', '15:40']);
    const booking = await booked(app, newcomer, { doctorEmail: priya.email, location: 'Baner Road', startTime: '14:20', consultationType: 'Clinic Visit' });
    expect(booking).toMatchObject({ doctorName: 'Dr. Priya Nair', location: 'Baner Road', consultationFee: 600 });
    const leave = await ok(app, admin, 'POST', `/doctors/${priya._id}/leave`, { from: '2025-03-20', to: '2025-03-21', reason: 'Conference' });
    const leaveId = leave.schedule.leave[0]._id;
    expect(leave.schedule.leave).toEqual([{ _id: leaveId, from: '2025-03-20', to: '2025-03-21', reason: 'Conference' }]);
    expect((await ok(app, admin, 'DELETE', `/doctors/${priya._id}/leave/${leaveId}`)).schedule.leave).toEqual([]);

    // Fees, site content (with the Drive link's display form for the preview), roles.
    const fees = await ok(app, admin, 'PUT', '/fees', { consultationType: 'Video', consultationFee: 550.5 });
    expect(isRight(AdminFeeList.decode(fees.fees))).toBe(true);
    expect(fees.fees.find((f: { consultationType: string }) => f.consultationType === 'Video').consultationFee).toBe(550.5);
    const event = (await ok(app, admin, 'POST', '/site/events', { caption: 'Health camp', image: ` ${driveShare} `, video: '' })).event;
    expect(event).toMatchObject({ image: driveShare, displayImage: 'https://drive.google.com/thumbnail?id=1AbC_d-Ef&sz=w2000', displayVideo: '' });
    const updated = await ok(app, admin, 'PUT', `/site/events/${event._id}`, { caption: 'Camp', image: '/media/camp.webp', video: 'https://drive.google.com/file/d/1AbC_d-Ef/view' });
    expect(updated.event).toMatchObject({ caption: 'Camp', displayImage: '/media/camp.webp', displayVideo: 'https://drive.google.com/file/d/1AbC_d-Ef/preview' });
    const events = await ok(app, admin, 'GET', '/site/events');
    expect(isRight(AdminEventList.decode(events))).toBe(true);
    const eventIds = events.map((e: { _id: string }) => e._id);
    expect((await ok(app, admin, 'PUT', '/site/events/order', { ids: [...eventIds].reverse() }))[0]._id).toBe(eventIds.at(-1));
    expect(((await app.inject('/api/super/events')).json() as { _id: string }[])[0]!._id).toBe(eventIds.at(-1));
    await ok(app, admin, 'DELETE', `/site/events/${event._id}`);
    expect(((await app.inject('/api/super/events')).json() as { _id: string }[]).map((e) => e._id)).not.toContain(event._id);
    const member = (await ok(app, admin, 'POST', '/site/team', { name: 'Anita', role: 'Nurse', description: '', image: '' })).member;
    const story = (await ok(app, admin, 'POST', '/site/testimonials', { name: 'Ravi', subject: 'Eczema', description: 'Better now.', image: '' })).testimonial;
    expect(((await app.inject('/api/super/teams')).json() as { name: string }[]).at(-1)!.name).toBe('Anita');

    const account = await t.staff('admin', 'second@sahaj-clinic.example');
    await t.db().query(`update users set role = 'patient', email = 'priya.nair@sahaj-clinic.example' where id = $1`, [account.id]);
    const role = await ok(app, admin, 'PUT', '/accounts/role', { email: 'PRIYA.NAIR@sahaj-clinic.example', role: 'doctor' });
    expect(role).toMatchObject({ message: 'Role changed.', account: { email: priya.email, role: 'doctor', doctorName: 'Dr. Priya Nair' } });
    expect(await ok(app, account, 'GET', '/me')).toMatchObject({ role: 'doctor', doctorName: 'Dr. Priya Nair' });
    expect((await ok(app, account, 'GET', `/appointments?date=${today}`)).map((a: { _id: string }) => a._id)).toEqual([booking._id]);
    const accounts = await ok(app, admin, 'GET', '/accounts');
    expect(isRight(StaffAccountList.decode(accounts))).toBe(true);
    expect(accounts.map((a: { email: string; role: string }) => [a.role, a.email])).toEqual([
      ['admin', officeEmail],
      ['doctor', priya.email],
    ]);
    expect(isRight(AdminDoctorList.decode(await ok(app, admin, 'GET', '/doctors')))).toBe(true);
    expect(isRight(RefundList.decode(await ok(app, admin, 'GET', '/refunds')))).toBe(true);

    const audit = await auditRows(t.db());
    expect(audit.every((r) => r.actor === officeEmail && r.actor_role === 'admin')).toBe(true);
    expect(audit.map((r) => r.action)).toEqual([
      'location.created',
      'location.renamed',
      'location.reordered',
      'doctor.created',
      'hours.replaced',
      'leave.added',
      'leave.removed',
      'fee.updated',
      'site.event.created',
      'site.event.updated',
      'site.event.reordered',
      'site.event.deleted',
      'site.team.created',
      'site.testimonial.created',
      'user.role',
    ]);
    const details = (action: string) => audit.find((r) => r.action === action)!.details;
    expect(details('location.renamed')).toEqual({ locationId: baner._id, before: { name: 'Baner' }, after: { name: 'Baner Road' } });
    expect(details('hours.replaced')).toMatchObject({
      location: 'Baner Road',
      before: [],
      after: [{ weekday: 2, start: '14:00', end: '16:00' }, { weekday: 4, start: '09:00', end: '10:00' }],
    });
    expect(details('fee.updated')).toEqual({ consultationType: 'Video', before: { fee: 500 }, after: { fee: 550.5 } });
    expect(details('site.event.updated')).toMatchObject({ before: { caption: 'Health camp', image: driveShare }, after: { caption: 'Camp' } });
    expect(details('user.role')).toEqual({ email: priya.email, before: { role: 'patient' }, after: { role: 'doctor' } });
    expect(audit.find((r) => r.action === 'user.role')!.subject_user_id).toBe(account.id);
    expect([member._id, story._id].every((id) => typeof id === 'string')).toBe(true);

    // The audit log as admins read it: latest first, by number (15 after 9), paged with `before`.
    const log = await ok(app, admin, 'GET', '/audit?limit=7');
    expect(log.map((e: { action: string }) => e.action)).toEqual(audit.slice(-7).reverse().map((r) => r.action));
    const older = await ok(app, admin, 'GET', `/audit?limit=100&before=${log.at(-1).id}`);
    expect(older.map((e: { action: string }) => e.action)).toEqual(audit.slice(0, -7).reverse().map((r) => r.action));

    // Doctors in a new order: the public list follows it.
    const doctorIds = (await ok(app, admin, 'GET', '/doctors')).map((d: { _id: string }) => d._id);
    const reversed = await ok(app, admin, 'PUT', '/doctors/order', { ids: [...doctorIds].reverse() });
    expect(reversed.map((d: { _id: string }) => d._id)).toEqual([...doctorIds].reverse());
    expect(((await app.inject('/api/doctor/getall')).json() as { _id: string }[])[0]!._id).toBe(doctorIds.at(-1));
    expect((await auditRows(t.db())).at(-1)).toMatchObject({ action: 'doctor.reordered', details: { before: doctorIds, after: [...doctorIds].reverse() } });
  });

  it('refuses bad input naming the field, unknown ids with 404, and conflicts with 409, writing nothing', async () => {
    const admin = await t.staff('admin', officeEmail);
    const patient = await t.patient();
    const app = t.app();
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const kothrud = await idOf(t.db(), 'locations', 'name', 'Kothrud');
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const doctorInput = { name: 'Dr. X', email: 'x@sahaj-clinic.example', type: 'clinic', qualification: '', slotMinutes: 15, locationIds: [aundh] };
    await t.staff('doctor', meera.email); // her account would lose its doctor
    const before = await adminTableCounts(t.db());

    const refusals: [Method, string, object | undefined, number, string | null][] = [
      ['POST', '/locations', { name: '   ' }, 400, 'name'],
      ['POST', '/locations', { name: 'Aundh' }, 409, null],
      ['PUT', `/locations/${aundh}`, { name: 'Kothrud' }, 409, null],
      ['PUT', `/locations/${unknownId}`, { name: 'Elsewhere' }, 404, null],
      ['DELETE', `/locations/${aundh}`, undefined, 409, null],
      ['PUT', '/locations/order', { ids: [aundh, aundh] }, 400, 'ids'],
      ['POST', '/doctors', { ...doctorInput, slotMinutes: 3 }, 400, 'slotMinutes'],
      ['POST', '/doctors', { ...doctorInput, email: 'not an email' }, 400, 'email'],
      ['POST', '/doctors', { ...doctorInput, locationIds: [unknownId] }, 400, 'locationIds'],
      ['POST', '/doctors', { ...doctorInput, email: meera.email.toUpperCase() }, 409, null],
      ['PUT', `/doctors/${unknownId}`, doctorInput, 404, null],
      ['GET', `/doctors/${unknownId}`, undefined, 404, null],
      ['DELETE', `/doctors/${meeraId}`, undefined, 409, null],
      ['PUT', `/doctors/${meeraId}`, { ...doctorInput, email: 'meera@elsewhere.example' }, 409, null],
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week([2, '13:00', '12:00']), 400, 'hours.0.end'],
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week([2, '09:00', '12:00'], [2, '11:00', '13:00']), 400, 'hours.0.start'],
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week([1, '12:00', '14:00']), 400, 'hours.0.start'], // Kothrud's Monday
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week([7, '09:00', '10:00']), 400, 'hours.0.weekday'],
      ['PUT', `/doctors/${meeraId}/hours/${aundh}`, week([2, '9:00', '10:00']), 400, 'hours.0.start'],
      ['PUT', `/doctors/${meeraId}/hours/${await idOf(t.db(), 'locations', 'name', 'Hadapsar')}`, week(), 400, 'locationId'],
      ['POST', `/doctors/${meeraId}/leave`, { from: '2025-03-20', to: '2025-03-19', reason: '' }, 400, 'to'],
      ['POST', `/doctors/${meeraId}/leave`, { from: '2025-02-30', to: '2025-03-19', reason: '' }, 400, 'from'],
      ['DELETE', `/doctors/${meeraId}/leave/${unknownId}`, undefined, 404, null],
      ['PUT', '/fees', { consultationType: 'Video', consultationFee: -1 }, 400, 'consultationFee'],
      ['PUT', '/fees', { consultationType: 'Massage', consultationFee: 1 }, 400, 'consultationType'],
      ['POST', '/site/events', { caption: '', image: 'javascript:alert(1)', video: '' }, 400, 'image'],
      ['POST', '/site/events', { caption: '', image: '', video: 'http://drive.google.com/file/d/x/view' }, 400, 'video'],
      ['POST', '/site/team', { name: 'Z', role: '', description: '', image: 'https://evil.example/x.png' }, 400, 'image'],
      ['POST', '/site/testimonials', { name: 'Z', subject: '', description: ' ', image: '' }, 400, 'description'],
      ['PUT', `/site/team/${unknownId}`, { name: 'Z', role: '', description: '', image: '' }, 404, null],
      ['PUT', '/accounts/role', { email: patient.email, role: 'doctor' }, 400, 'role'],
      ['PUT', '/accounts/role', { email: 'nobody@example.com', role: 'admin' }, 404, null],
      ['PUT', '/accounts/role', { email: officeEmail, role: 'patient' }, 409, null],
      ['PUT', '/accounts/role', { email: patient.email, role: 'owner' }, 400, 'role'],
      ['POST', `/appointments/${unknownId}/cancel`, { reason: '' }, 404, null],
      ['POST', `/appointments/${unknownId}/move`, { date: today, startTime: '12:00', locationId: kothrud }, 404, null],
      ['PUT', `/orders/${unknownId}/status`, { orderStatus: 'Ready' }, 404, null],
      ['PUT', `/orders/${unknownId}/status`, { orderStatus: 'Pending' }, 400, 'orderStatus'],
      ['POST', `/refunds/${unknownId}/resolve`, { note: 'paid' }, 404, null],
      ['POST', `/refunds/${unknownId}/resolve`, { note: '' }, 400, 'note'],
      ['GET', '/refunds?state=closed', undefined, 400, 'state'],
    ];
    for (const [method, url, body, status, field] of refusals) {
      const res = await api(app, admin, method, url, body);
      const what = `${method} ${url} ${JSON.stringify(body)}`;
      expect(res.statusCode, what).toBe(status);
      expect(typeof messageOf(res), what).toBe('string');
      if (field !== null) expect(res.json().errors.map((e: { field: string }) => e.field), what).toContain(field);
    }
    expect(messageOf(await api(app, admin, 'PUT', '/accounts/role', { email: officeEmail, role: 'patient' }))).toBe(
      "This is the clinic's last admin account. Make another account an admin first.",
    );
    expect(messageOf(await api(app, admin, 'DELETE', `/locations/${aundh}`))).toMatch(/^This location is in use \(\d doctors, 0 appointments\)/);
    expect(await adminTableCounts(t.db())).toEqual(before);

    // With a second admin, the first may step down; the last one left may not.
    const second = await t.staff('admin', 'second@sahaj-clinic.example');
    expect((await api(app, second, 'PUT', '/accounts/role', { email: officeEmail, role: 'patient' })).statusCode).toBe(200);
    expect((await api(app, admin, 'GET', '/me')).statusCode).toBe(403);
    expect((await api(app, second, 'PUT', '/accounts/role', { email: second.email, role: 'patient' })).statusCode).toBe(409);
  });
});
