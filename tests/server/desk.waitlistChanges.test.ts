/**
 * The desk puts a patient on the waitlist and takes an entry off (POST and DELETE /desk/waitlist,
 * server/desk/waitlist.ts), on every backend: the patient's own join's rules with the desk's field
 * names, one live entry per patient, doctor and day (409 'deskWaitlistOverlap'), audited; taking an
 * entry off gives back a slot held for it, which goes to the next in line; a doctor and a patient
 * get 404, nobody 401; bad input 400 naming the field, nothing written.
 */
import { describe, expect, it } from 'vitest';
import { cancel, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { asha, desk, deskOk, deskStaff, registered, seedIds, type SeedIds } from './deskSupport.js';
import { bookedAndPaid } from './appointmentsSupport.js';
import { minute } from './paymentSupport.js';
import { idOf } from './staffAdminSupport.js';
import { entriesOf, entryStatus, joined, offerRows } from './waitlistSupport.js';

/** Dr. Meera, a Clinic Visit at any of her clinics, Wednesday 12 to Friday 14 March, unless told. */
const addBody = (ids: SeedIds, patientId: string, change: Record<string, unknown> = {}) => ({
  patientId,
  doctorId: ids.meera,
  locationId: '',
  consultationType: 'Clinic Visit',
  fromDate: '2025-03-12',
  toDate: '2025-03-14',
  ...change,
});

const auditOf = async (t: ReturnType<typeof useAppointmentsApp>, action: string) =>
  (
    await t.db().query<{ actor_role: string; subject_user_id: string; details: Record<string, unknown> }>(
      'select actor_role, subject_user_id, details from audit_log where action = $1 order by at',
      [action],
    )
  ).rows;

/** Wednesday 12 March, 17:00 at Aundh booked, paid and cancelled, then passed on: the first offer made. */
async function freedAndOffered(t: ReturnType<typeof useAppointmentsApp>) {
  const holder = await t.patient('holder');
  const appointment = await bookedAndPaid(t.app(), holder, { date: '2025-03-12', startTime: '17:00' });
  expect((await cancel(t.app(), holder, holder.id, appointment._id)).statusCode).toBe(200);
  t.clock.advance(minute);
  await t.app().jobs.waitlist.sweep();
  return (await offerRows(t.db()))[0];
}

const countOf = async (t: ReturnType<typeof useAppointmentsApp>) =>
  (await t.db().query<{ n: number }>('select (select count(*) from waitlist_entries) + (select count(*) from audit_log) as n')).rows[0]!.n;

describe.each(backends)('the desk changing the waitlist on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('adds a patient without an account and an account holder, once per doctor and day, audited', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    const entry = await deskOk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id));
    expect(entry).toEqual({
      _id: expect.any(String),
      patientName: 'Asha Kale',
      phoneNumber: '9822012345',
      patientKind: 'desk',
      doctorId: ids.meera,
      doctorName: 'Dr. Meera Kulkarni',
      consultationType: 'Clinic Visit',
      location: '',
      fromDate: '2025-03-12',
      toDate: '2025-03-14',
      joinedAt: t.clock.now().toISOString(),
      offer: null,
    });
    expect((await deskOk(t.app(), admin, 'GET', '/waitlist')).entries.map((e: { _id: string }) => e._id)).toEqual([entry._id]);
    expect(await auditOf(t, 'waitlist.added')).toEqual([
      {
        actor_role: 'reception',
        subject_user_id: walkIn._id,
        details: { entryId: entry._id, doctor: 'Dr. Meera Kulkarni', consultationType: 'Clinic Visit', location: '', fromDate: '2025-03-12', toDate: '2025-03-14' },
      },
    ]);

    // A day of that range again: 409 in the desk's words; another doctor, or other days, are fine.
    const again = await desk(t.app(), admin, 'POST', '/waitlist', addBody(ids, walkIn._id, { fromDate: '2025-03-14', toDate: '2025-03-20' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'deskWaitlistOverlap', message: 'This patient is already on the waitlist for this doctor on some of these days.' });
    await deskOk(t.app(), admin, 'POST', '/waitlist', addBody(ids, walkIn._id, { fromDate: '2025-03-15', toDate: '2025-03-20' }));

    // An account holder, for a Call: the consent the desk heard is recorded; the patient sees the entry as theirs.
    const ravi = await t.patient('ravi');
    const call = await deskOk(t.app(), admin, 'POST', '/waitlist', addBody(ids, ravi.id, { doctorId: ids.kavita, consultationType: 'Call' }));
    expect(call).toMatchObject({ patientKind: 'account', consultationType: 'Call', location: '' });
    const { rows } = await t.db().query<{ consent_text: string }>('select consent_text from waitlist_entries where id = $1', [call._id]);
    expect(rows[0]!.consent_text).toBe("Teleconsultation agreed with the clinic's front desk (taken by office@sahaj-clinic.example).");
    expect((await entriesOf(t.app(), ravi)).map((e) => e._id)).toEqual([call._id]);
    // ...and cannot join it a second time themselves.
    expect((await desk(t.app(), reception, 'POST', '/waitlist', addBody(ids, ravi.id, { doctorId: ids.kavita, consultationType: 'Call', toDate: '2025-03-12' }))).statusCode).toBe(409);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    const before = await countOf(t);
    const refusals: [Record<string, unknown>, string, number][] = [
      [{ fromDate: '2025-03-10' }, 'fromDate', 400],
      [{ toDate: '2025-03-11' }, 'toDate', 400],
      [{ toDate: '2025-04-30' }, 'toDate', 400],
      [{ doctorId: '00000000-0000-4000-8000-000000000000' }, 'doctorId', 400],
      [{ locationId: await idOf(t.db(), 'locations', 'name', 'Viman Nagar') }, 'locationId', 400],
      [{ locationId: '00000000-0000-4000-8000-000000000000' }, 'locationId', 400],
      [{ consultationType: 'Video' }, 'consultationType', 400],
      [{ consultationType: 'Call', locationId: ids.aundh }, 'locationId', 400],
      [{ consultationType: 'Home visit' }, 'consultationType', 400],
      [{ patientId: 'not-an-id' }, 'patientId', 400],
    ];
    for (const [change, field, status] of refusals) {
      const res = await desk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().code, JSON.stringify(change)).toEqual(expect.any(String));
      expect(res.json().errors.map((e: { field: string }) => e.field), JSON.stringify(change)).toContain(field);
    }
    // Somebody nobody has: 404.
    const nobody = await desk(t.app(), reception, 'POST', '/waitlist', addBody(ids, '00000000-0000-4000-8000-000000000000'));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('desk.patientNotFound');
    // An account without phone, age and gender yet.
    const google = await t.patient('gita');
    await t.db().query('update users set age = null where id = $1', [google.id]);
    const incomplete = await desk(t.app(), reception, 'POST', '/waitlist', addBody(ids, google.id));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors[0].field).toBe('patientId');
    expect(await countOf(t)).toBe(before);
  });

  it('at most 10 live entries per patient, said to the desk', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    for (let i = 0; i < 10; i++) {
      const day = `2025-03-${String(12 + i).padStart(2, '0')}`;
      await deskOk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id, { fromDate: day, toDate: day }));
    }
    const res = await desk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id, { doctorId: ids.kavita, consultationType: 'Call' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'desk.waitlistTooMany', params: { max: 10 }, errors: [{ field: 'patientId' }] });
  });

  it('takes an entry off; a slot held for it goes to the next in line; once only', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    const first = await deskOk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id));
    const ravi = await t.patient('ravi');
    const second = await joined(t.app(), ravi);

    // Wednesday 17:00 freed: offered to the desk's patient (first in line), without a mail (no email).
    const offer = await freedAndOffered(t);
    expect(offer).toMatchObject({ entry_id: first._id, status: 'open' });
    expect((await t.db().query('select * from waitlist_messages where offer_id = $1', [offer!.id])).rows).toEqual([]);
    expect((await deskOk(t.app(), reception, 'GET', '/waitlist')).entries[0]).toMatchObject({ _id: first._id, patientKind: 'desk', offer: { startTime: '17:00' } });

    // The patient phones: not needed after all. Taken off, the hold cancelled (the desk's audit), passed on to Ravi.
    expect(await deskOk(t.app(), admin, 'DELETE', `/waitlist/${first._id}`)).toEqual({ message: 'Taken off the waitlist.' });
    expect(await entryStatus(t.db(), first._id)).toBe('left');
    const hold = await t.db().query<{ status: string }>('select status from appointments where id = $1', [offer!.appointment_id]);
    expect(hold.rows[0]!.status).toBe('Cancelled');
    expect(await auditOf(t, 'waitlist.removed')).toEqual([{ actor_role: 'admin', subject_user_id: walkIn._id, details: { entryId: first._id, offerGivenBack: true } }]);
    const cancelled = await t.db().query<{ actor_role: string }>(`select actor_role from audit_log where action = 'appointment.cancelled' and appointment_id = $1`, [offer!.appointment_id]);
    expect(cancelled.rows).toEqual([{ actor_role: 'admin' }]);
    await t.app().jobs.waitlist.sweep();
    expect((await offerRows(t.db())).map((o) => [o.entry_id, o.status]).sort((a, b) => a[1]!.localeCompare(b[1]!))).toEqual([
      [first._id, 'declined'],
      [second._id, 'open'],
    ]);

    // Again, or an id nobody has: 404; nothing changes.
    for (const id of [first._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await desk(t.app(), reception, 'DELETE', `/waitlist/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('desk.notFound');
    }
    expect((await desk(t.app(), reception, 'DELETE', '/waitlist/not-an-id')).statusCode).toBe(400);
    // The patient's own entry may be taken off by the desk too (Ravi phones).
    await deskOk(t.app(), reception, 'DELETE', `/waitlist/${second._id}`);
    expect(await entriesOf(t.app(), ravi)).toEqual([]);
  });

  it("an offer to a patient without an account is taken by the fee at the counter", async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    const entry = await deskOk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id));
    const offer = await freedAndOffered(t);
    // The desk phones them; they want it: the fee taken at the counter by the hold's id.
    const paid = await deskOk(t.app(), reception, 'POST', `/appointments/${offer!.appointment_id}/payment`, { method: 'cash', reference: '' });
    expect(paid).toMatchObject({ appointmentPaymentStatus: 'paid', date: '2025-03-12', startTime: '17:00', firstName: 'Asha' });
    expect((await deskOk(t.app(), reception, 'GET', '/waitlist')).entries).toEqual([]);
    t.clock.advance(minute);
    await t.app().jobs.waitlist.sweep();
    expect(await entryStatus(t.db(), entry._id)).toBe('done');
    expect((await offerRows(t.db())).map((o) => o.status)).toEqual(['taken']);
  });

  it('is not for doctors or patients (404), nor without a token (401)', async () => {
    const { reception, doctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception, { ...asha, firstName: 'Kamala' });
    const entry = await deskOk(t.app(), reception, 'POST', '/waitlist', addBody(ids, walkIn._id));
    const patient = await t.patient('asha');
    const before = await countOf(t);
    for (const who of [doctor, patient]) {
      for (const res of [await desk(t.app(), who, 'POST', '/waitlist', addBody(ids, walkIn._id, { fromDate: '2025-03-20', toDate: '2025-03-20' })), await desk(t.app(), who, 'DELETE', `/waitlist/${entry._id}`)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('desk.notFound');
      }
    }
    expect((await desk(t.app(), null, 'POST', '/waitlist', addBody(ids, walkIn._id))).statusCode).toBe(401);
    expect((await desk(t.app(), null, 'DELETE', `/waitlist/${entry._id}`)).statusCode).toBe(401);
    expect(await countOf(t)).toBe(before);
    expect(await entryStatus(t.db(), entry._id)).toBe('waiting');
  });
});
