/**
 * The waitlist as the desk reads it (GET /desk/waitlist, server/desk/waitlist.ts), on every
 * backend: reception and admins see every live entry (who, phone, doctor, type, clinic, days) by
 * doctor in the order slots are offered, and the slot out to one with the time its hold lapses; an
 * entry that is over (left, or its offer paid) is not listed; a doctor and a patient get 404.
 */
import { describe, expect, it } from 'vitest';
import { cancel, pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { desk, deskOk, deskStaff } from './deskSupport.js';
import { booked, checkout, meera, minute } from './paymentSupport.js';
import { joined, leaveWaitlist } from './waitlistSupport.js';

describe.each(backends)('the desk\'s waitlist on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('lists who waits and the slot out to them, for reception and admins only', async () => {
    const { reception, admin, doctor } = await deskStaff(t);
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const gone = await t.patient('gita');
    await t.db().query("update users set first_name = initcap(first_name) where id = any($1::uuid[])", [[asha.id, ravi.id]]);
    const first = await joined(t.app(), asha);
    const second = await joined(t.app(), ravi, { location: 'Aundh', fromDate: '2025-03-12', toDate: '2025-03-12' });
    const left = await joined(t.app(), gone, { fromDate: '2025-03-13', toDate: '2025-03-13' });
    expect((await leaveWaitlist(t.app(), gone, left._id)).statusCode).toBe(200);
    expect(await deskOk(t.app(), reception, 'GET', '/waitlist')).toEqual({
      more: false,
      entries: [
        {
          _id: first._id,
          patientName: 'Asha Patil',
          phoneNumber: '9876543210',
          patientKind: 'account',
          doctorId: expect.any(String),
          doctorName: meera.name,
          consultationType: 'Clinic Visit',
          location: '',
          fromDate: '2025-03-12',
          toDate: '2025-03-14',
          joinedAt: expect.any(String),
          offer: null,
        },
        expect.objectContaining({ _id: second._id, patientName: 'Ravi Patil', location: 'Aundh', fromDate: '2025-03-12', toDate: '2025-03-12', offer: null }),
      ],
    });

    // A slot freed on the 12th goes to Asha (she joined first): the desk sees it out, and until when.
    const holder = await t.patient();
    const appointment = await booked(t.app(), holder, { date: '2025-03-12', startTime: '17:00' });
    await pressPay(t.app(), (await checkout(t.app(), holder, appointment)).checkoutPageUrl);
    expect((await cancel(t.app(), holder, holder.id, appointment._id)).statusCode).toBe(200);
    t.clock.advance(minute);
    await t.app().jobs.waitlist.sweep();
    const out = (await deskOk(t.app(), admin, 'GET', '/waitlist')).entries;
    expect(out[0]).toMatchObject({ _id: first._id, offer: { date: '2025-03-12', startTime: '17:00', appointmentNumber: expect.stringMatching(/^SHC-/) } });
    // Held for WAITLIST_OFFER_MINUTES (30) from the pass.
    expect(new Date(out[0].offer.expiresAt).getTime()).toBe(t.clock.now().getTime() + 30 * minute);
    expect(out[1].offer).toBeNull();

    // Paid: the slot is Asha's, her entry done, no longer listed.
    const offered = (await t.db().query<{ id: string }>("select appointment_id as id from waitlist_offers where status = 'open'")).rows[0]!.id;
    const hold = (await t.db().query<{ appointment_number: string }>('select appointment_number from appointments where id = $1', [offered])).rows[0]!;
    expect(out[0].offer.appointmentNumber).toBe(hold.appointment_number);
    await pressPay(t.app(), (await checkout(t.app(), asha, { _id: offered, consultationFee: appointment.consultationFee })).checkoutPageUrl);
    expect((await deskOk(t.app(), reception, 'GET', '/waitlist')).entries.map((e: { _id: string }) => e._id)).toEqual([second._id]);

    // Not a doctor's, not a patient's: 404 as every desk part.
    for (const who of [doctor, asha]) {
      const res = await desk(t.app(), who, 'GET', '/waitlist');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('desk.notFound');
    }
    expect((await desk(t.app(), null, 'GET', '/waitlist')).statusCode).toBe(401);
  });
});
