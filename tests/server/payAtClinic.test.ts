/**
 * "Pay at the clinic" for online patients, on every backend: an admin switches it per location
 * (audited), the doctors' list says where it is on, and there a Clinic Visit may be booked with its
 * fee due at the clinic: the slot held for good with no checkout, the confirmation mailed at once.
 * Anywhere else, or for another type, the request is refused naming payAtClinic, and nothing is
 * written.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { AdminLocationList } from '../../contract/staffAdmin.js';
import { backends } from './helpers.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { appointmentRow, book, booked, meera, meeraOnlineToo, messageOf, minute, slotMap, today } from './paymentSupport.js';
import { adminTableCounts, api, auditRows, idOf, officeEmail, ok } from './staffAdminSupport.js';

const aundhDoctors = async (app: Parameters<typeof ok>[0]) =>
  ((await app.inject('/api/doctor/getall')).json() as { email: string; payAtClinic?: string[] }[]).find((d) => d.email === meera.email)!;

describe.each(backends)('paying at the clinic on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  async function aundhPaysAtClinic(who?: Awaited<ReturnType<typeof t.staff>>) {
    const admin = who ?? (await t.staff('admin', officeEmail));
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    return { admin, aundh, answer: await ok(t.app(), admin, 'PUT', `/locations/${aundh}`, { name: 'Aundh', payAtClinic: true }) };
  }

  it('is an admin setting per location, off by default, audited, and shown on the doctors who work there', async () => {
    const admin = await t.staff('admin', officeEmail);
    const before = await ok(t.app(), admin, 'GET', '/locations');
    expect(isRight(AdminLocationList.decode(before))).toBe(true);
    expect(before.every((l: { payAtClinic: boolean }) => l.payAtClinic === false)).toBe(true);
    expect(await aundhDoctors(t.app())).not.toHaveProperty('payAtClinic');

    const { aundh, answer } = await aundhPaysAtClinic(admin);
    expect(answer).toMatchObject({ message: 'Location saved.', location: { _id: aundh, name: 'Aundh', payAtClinic: true } });
    expect((await aundhDoctors(t.app())).payAtClinic).toEqual(['Aundh']);
    // A rename without the setting keeps it; a rename with it changes both.
    expect((await ok(t.app(), admin, 'PUT', `/locations/${aundh}`, { name: 'Aundh Road' })).location).toMatchObject({ name: 'Aundh Road', payAtClinic: true });
    const off = await ok(t.app(), admin, 'PUT', `/locations/${aundh}`, { name: 'Aundh', payAtClinic: false });
    expect(off.location).toMatchObject({ name: 'Aundh', payAtClinic: false });
    const added = await ok(t.app(), admin, 'POST', '/locations', { name: 'Baner', payAtClinic: true });
    expect(added.location).toMatchObject({ name: 'Baner', payAtClinic: true });

    const audit = (await auditRows(t.db())).map((r) => [r.action, r.details]);
    expect(audit).toEqual([
      ['location.payatclinic', { locationId: aundh, before: { payAtClinic: false }, after: { payAtClinic: true } }],
      ['location.renamed', { locationId: aundh, before: { name: 'Aundh' }, after: { name: 'Aundh Road' } }],
      ['location.renamed', { locationId: aundh, before: { name: 'Aundh Road' }, after: { name: 'Aundh' } }],
      ['location.payatclinic', { locationId: aundh, before: { payAtClinic: true }, after: { payAtClinic: false } }],
      ['location.created', { locationId: added.location._id, after: { name: 'Baner', payAtClinic: true } }],
    ]);
    const bad = await api(t.app(), admin, 'PUT', `/locations/${aundh}`, { name: 'Aundh', payAtClinic: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['payAtClinic']);
  });

  it('books a Clinic Visit there with its fee due: the slot held for good, no checkout, the confirmation mailed at once', async () => {
    await aundhPaysAtClinic();
    const patient = await t.patient('asha');
    const res = await book(t.app(), patient, { startTime: '12:00' }, { payAtClinic: true });
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made).toMatchObject({ appointmentStatus: 'Booked', appointmentPaymentStatus: 'due', holdExpiresAt: null, location: 'Aundh' });
    expect(await appointmentRow(t.db(), made._id)).toMatchObject({ payment_status: 'due', holds_slot: true, hold_expires_at: null });
    const { rows } = await t.db().query<{ booked_via: string; payments: number }>(
      'select booked_via, (select count(*)::int from payments p where p.appointment_id = a.id) as payments from appointments a where id = $1',
      [made._id],
    );
    expect(rows).toEqual([{ booked_via: 'online', payments: 0 }]);
    // Long after any hold would lapse, the slot is still booked.
    t.clock.advance(90 * minute);
    expect((await slotMap(t.app(), meera.email, 'Aundh', today))['12:00']).toBe('booked');
    await t.idle();
    const mails = t.mailer().sent.filter((m) => m.to === patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('is to be paid at the clinic');
    expect(mails[0]!.text).not.toContain('is paid.');
  });

  it('turns the patient\'s own unpaid hold of that slot into a booking due at the clinic', async () => {
    await aundhPaysAtClinic();
    const patient = await t.patient('asha');
    const hold = await booked(t.app(), patient, { startTime: '11:00' });
    expect(hold).toMatchObject({ appointmentPaymentStatus: 'failed', holdExpiresAt: expect.any(String) });
    const again = await book(t.app(), patient, { startTime: '11:00' }, { payAtClinic: true });
    expect(again.json()).toMatchObject({ _id: hold._id, appointmentPaymentStatus: 'due', holdExpiresAt: null });
  });

  it('refuses it where the location does not offer it and for a teleconsultation (400 on payAtClinic), writing nothing', async () => {
    await meeraOnlineToo(t.db());
    const patient = await t.patient('asha');
    const counts = await adminTableCounts(t.db());
    const notHere = await book(t.app(), patient, { startTime: '11:00' }, { payAtClinic: true });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().errors.map((e: { field: string }) => e.field)).toEqual(['payAtClinic']);
    expect(messageOf(notHere)).toBe('This clinic does not take the fee at the visit. Please pay online.');

    await aundhPaysAtClinic();
    const video = await book(t.app(), patient, { location: '', consultationType: 'Video', startTime: '11:00' }, { payAtClinic: true });
    expect(video.statusCode).toBe(400);
    expect(video.json().errors.map((e: { field: string }) => e.field)).toEqual(['payAtClinic']);
    expect(messageOf(video)).toBe('Paying at the clinic is only for a Clinic Visit. Please pay online.');
    const { rows } = await t.db().query<{ n: number }>('select count(*)::int as n from appointments');
    expect(rows[0]!.n).toBe(0);
    expect((await adminTableCounts(t.db())).locations).toBe(counts.locations);

    // false is the spec's pay-online hold.
    expect((await book(t.app(), patient, { startTime: '11:15' }, { payAtClinic: false })).json()).toMatchObject({ appointmentPaymentStatus: 'failed' });
  });

  it('lets one patient hold at most two upcoming visits to pay at the clinic, also when two bookings race; then online only', async () => {
    await aundhPaysAtClinic();
    const patient = await t.patient('asha');
    expect((await book(t.app(), patient, { startTime: '11:00' }, { payAtClinic: true })).statusCode).toBe(200);
    // The second and third at once: the account's row lock counts each against the other.
    const [a, b] = await Promise.all([
      book(t.app(), patient, { startTime: '11:15' }, { payAtClinic: true }),
      book(t.app(), patient, { startTime: '11:30' }, { payAtClinic: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['payAtClinic']);
    expect(messageOf(refused)).toBe('You already have visits to pay for at the clinic. Please pay online for this one.');
    const due = await t.db().query<{ n: number }>("select count(*)::int as n from appointments where payment_status = 'due'");
    expect(due.rows[0]!.n).toBe(2);
    // Paying online is still open, and a cancelled due visit frees its place in the count.
    expect((await book(t.app(), patient, { startTime: '11:45' })).json()).toMatchObject({ appointmentPaymentStatus: 'failed' });
    await t.db().query("update appointments set status = 'Cancelled', holds_slot = false where payment_status = 'due' and start_time = '11:00'");
    expect((await book(t.app(), patient, { startTime: '12:00' }, { payAtClinic: true })).json()).toMatchObject({ appointmentPaymentStatus: 'due' });
  });
});
