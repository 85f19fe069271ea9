/**
 * The patient's waitlist (server/waitlist): joining, listing and leaving one's entries, the join's
 * refusals (400 naming the field, 409 for an overlap, 404 for somebody else's entry), and a freed
 * slot offered to the first entry that fits as a hold in that patient's name: on a cancel and a
 * move, passed on when the offer lapses (the injectable clock) or is declined, taken when paid,
 * its message sent once.
 */
import { describe, expect, it } from 'vitest';
import { cancel, moveTo, pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { appointmentRow, booked, checkout, meera, minute, type Patient } from './paymentSupport.js';
import {
  declineOffer,
  entriesOf,
  entryStatus,
  joinBody,
  joined,
  joinWaitlist,
  leaveWaitlist,
  offerRows,
  teleconsultationConsent,
  waitlistCounts,
  waitlistOf,
} from './waitlistSupport.js';
import { offerMessageKey, offerMessageRows } from '../../server/waitlist/notify.js';
import { waitlistMessageQueue } from '../../server/waitlist/notify.js';
import { waitlistSlotQueue } from '../../server/waitlist/slots.js';

describe.each(backends)('the waitlist on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const sweep = () => t.app().jobs.waitlist.sweep();
  /** Wednesday 12 March at Aundh (17:00-20:00), booked and paid by a patient of its own (the slot a test frees). */
  const paidSlot = async (startTime = '17:00') => {
    const holder = await t.patient();
    const appointment = await booked(t.app(), holder, { date: '2025-03-12', startTime });
    await pressPay(t.app(), (await checkout(t.app(), holder, appointment)).checkoutPageUrl);
    return { holder, appointment };
  };
  const freeByCancel = async (slot: { holder: Patient; appointment: { _id: string } }) => {
    expect((await cancel(t.app(), slot.holder, slot.holder.id, slot.appointment._id)).statusCode).toBe(200);
  };
  const offerMails = () => t.mailer().sent.filter((m) => m.idempotencyKey?.startsWith('waitlist-offer:'));

  it('a patient joins, sees and leaves their entries; nobody else sees or leaves them', async () => {
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const entry = await joined(t.app(), asha);
    expect(entry).toMatchObject({
      doctorEmail: meera.email,
      doctorName: meera.name,
      location: '',
      consultationType: 'Clinic Visit',
      fromDate: '2025-03-12',
      toDate: '2025-03-14',
      status: 'waiting',
      offer: null,
    });
    const second = await joined(t.app(), asha, { location: 'Aundh', fromDate: '2025-03-20', toDate: '2025-04-19' });
    expect((await entriesOf(t.app(), asha)).map((e) => e._id)).toEqual([entry._id, second._id]);
    const list = (await waitlistOf(t.app(), asha)).json();
    expect(list).toMatchObject({ maxDays: 31, lastDate: '2025-06-09' });
    expect(await entriesOf(t.app(), ravi)).toEqual([]);

    // Somebody else's entry is as none: 404, nothing changed.
    for (const res of [await leaveWaitlist(t.app(), ravi, entry._id), await declineOffer(t.app(), ravi, entry._id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'waitlist.notFound', message: 'Waitlist entry not found.' });
    }
    expect((await leaveWaitlist(t.app(), asha, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await entryStatus(t.db(), entry._id)).toBe('waiting');

    const left = await leaveWaitlist(t.app(), asha, entry._id);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: 'You have left the waitlist.' });
    expect((await entriesOf(t.app(), asha)).map((e) => e._id)).toEqual([second._id]);
    expect((await leaveWaitlist(t.app(), asha, entry._id)).statusCode).toBe(404);
    expect((await waitlistOf(t.app(), null)).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field, an overlap with 409, and writes nothing', async () => {
    const asha = await t.patient('asha');
    await joined(t.app(), asha);
    const before = await waitlistCounts(t.db());
    const refusals: [object, number, string, string][] = [
      [joinBody({ fromDate: '2025-03-10' }), 400, 'fromDate', 'booking.pastDate'],
      [joinBody({ fromDate: '2025-03-15', toDate: '2025-03-14' }), 400, 'toDate', 'waitlist.rangeBackwards'],
      [joinBody({ fromDate: '2025-03-15', toDate: '2025-04-15' }), 400, 'toDate', 'waitlist.rangeTooLong'],
      [joinBody({ fromDate: '2025-06-01', toDate: '2025-06-10' }), 400, 'toDate', 'booking.beyondHorizon'],
      [joinBody({ doctorEmail: 'nobody@example.com' }), 400, 'doctorEmail', 'doctor.notFound'],
      [joinBody({ location: 'Hadapsar', fromDate: '2025-03-20', toDate: '2025-03-21' }), 400, 'location', 'booking.notHere'],
      [joinBody({ consultationType: 'Video', fromDate: '2025-03-20', toDate: '2025-03-21', consentText: teleconsultationConsent }), 400, 'consultationType', 'waitlist.noOnlineHours'],
      [joinBody({ consultationType: 'Video', location: 'Aundh', fromDate: '2025-03-20', toDate: '2025-03-21' }), 400, 'location', 'booking.onlineNoClinic'],
      [{ ...joinBody(), fromDate: '12-03-2025' }, 400, 'fromDate', 'request.invalid'],
      [{ ...joinBody(), consultationType: 'Massage' }, 400, 'consultationType', 'request.invalid'],
      [{ doctorEmail: meera.email }, 400, 'location', 'request.invalid'],
      // Another entry for Meera covers the 14th.
      [joinBody({ fromDate: '2025-03-14', toDate: '2025-03-20' }), 409, '', 'waitlist.overlap'],
    ];
    for (const [body, status, field, code] of refusals) {
      const res = await joinWaitlist(t.app(), asha, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      if (status === 400) expect(res.json().errors.map((e: { field: string }) => e.field), JSON.stringify(body)).toContain(field);
    }
    expect(await waitlistCounts(t.db())).toEqual(before);
    // Right after the other entry's last day, or for another doctor, is no overlap.
    await joined(t.app(), asha, { fromDate: '2025-03-15', toDate: '2025-03-20' });
    await joined(t.app(), asha, { doctorEmail: 'sneha.joshi@sahaj-clinic.example', fromDate: '2025-03-13' });
  });

  it('a cancelled slot is offered to the first entry that fits, as a hold in that patient\'s name, and mailed once', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    // Kothrud only: Meera is at Aundh on Wednesdays, so Ravi's entry does not fit; Asha's (any clinic) does.
    await joined(t.app(), ravi, { location: 'Kothrud' });
    const entry = await joined(t.app(), asha);
    await freeByCancel(slot);
    t.clock.advance(minute);
    expect(await sweep()).toMatchObject({ passed: { offered: 1 }, messages: 1 });

    const [offered] = await entriesOf(t.app(), asha);
    expect(offered).toMatchObject({ _id: entry._id, status: 'offered', offer: { date: '2025-03-12', startTime: '17:00', location: 'Aundh' } });
    const hold = await appointmentRow(t.db(), offered!.offer!.appointmentId);
    expect(hold).toMatchObject({ status: 'Booked', payment_status: 'failed', holds_slot: true });
    expect(hold.hold_expires_at).toEqual(new Date(t.clock.now().getTime() + 30 * minute));
    const { rows } = await t.db().query<{ user_id: string; first_name: string; email: string }>(
      'select user_id, first_name, email from appointments where id = $1',
      [offered!.offer!.appointmentId],
    );
    expect(rows[0]).toEqual({ user_id: asha.id, first_name: 'asha', email: 'asha@example.com' });
    expect((await entriesOf(t.app(), ravi))[0]).toMatchObject({ status: 'waiting', offer: null });

    const [offer] = await offerRows(t.db());
    expect(offerMails().map((m) => [m.to, m.subject, m.idempotencyKey])).toEqual([
      ['asha@example.com', 'A slot is free for you: Wednesday, 12 March 2025 at 17:00 with Dr. Meera Kulkarni', offerMessageKey(offer!.id)],
    ]);
    expect(offerMails()[0]!.text).toContain('we are holding it for you until 10:31 (India Standard Time)');
    // Swept again, and the message asked for again: still one mail.
    await sweep();
    expect(await t.app().jobs.waitlist.send(offerMessageKey(offer!.id))).toBe('sent');
    expect(offerMails()).toHaveLength(1);
    expect(await offerMessageRows(t.db(), offer!.id)).toEqual([
      { key: offerMessageKey(offer!.id), channel: 'email', state: 'sent', attempts: 1, note: '' },
    ]);
  });

  it('a lapsed offer is passed on to the next entry; the first is not offered that slot again', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const first = await joined(t.app(), asha);
    const second = await joined(t.app(), ravi);
    await freeByCancel(slot);
    await sweep();
    const ashaHold = (await entriesOf(t.app(), asha))[0]!.offer!.appointmentId;

    t.clock.advance(29 * minute);
    expect(await sweep()).toMatchObject({ queued: 0, passed: {} });
    t.clock.advance(minute);
    expect(await sweep()).toMatchObject({ queued: 1, passed: { offered: 1 } });
    expect((await entriesOf(t.app(), asha))[0]).toMatchObject({ _id: first._id, status: 'waiting', offer: null });
    expect((await entriesOf(t.app(), ravi))[0]).toMatchObject({ _id: second._id, status: 'offered', offer: { startTime: '17:00' } });
    expect(await appointmentRow(t.db(), ashaHold)).toMatchObject({ status: 'Booked', holds_slot: false });
    expect((await offerRows(t.db())).map((o) => [o.user_id, o.status])).toEqual([
      [asha.id, 'lapsed'],
      [ravi.id, 'open'],
    ]);

    // Ravi's lapses too: nobody left who was not offered it.
    t.clock.advance(30 * minute);
    expect(await sweep()).toMatchObject({ passed: { nobody: 1 } });
    expect((await offerRows(t.db())).map((o) => o.status)).toEqual(['lapsed', 'lapsed']);
    expect(offerMails().map((m) => m.to)).toEqual(['asha@example.com', 'ravi@example.com']);
  });

  it('a declined offer is released and passed on; the entry keeps waiting', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const first = await joined(t.app(), asha);
    await joined(t.app(), ravi);
    await freeByCancel(slot);
    await sweep();
    const hold = (await entriesOf(t.app(), asha))[0]!.offer!.appointmentId;
    expect((await declineOffer(t.app(), ravi, first._id)).statusCode).toBe(404);

    const declined = await declineOffer(t.app(), asha, first._id);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ _id: first._id, status: 'waiting', offer: null });
    expect(await appointmentRow(t.db(), hold)).toMatchObject({ status: 'Cancelled', holds_slot: false });
    expect((await declineOffer(t.app(), asha, first._id)).json()).toMatchObject({ code: 'waitlist.noOffer' });
    t.clock.advance(minute);
    expect(await sweep()).toMatchObject({ passed: { offered: 1 } });
    expect((await entriesOf(t.app(), ravi))[0]).toMatchObject({ status: 'offered' });
    expect((await offerRows(t.db())).map((o) => [o.user_id, o.status])).toEqual([
      [asha.id, 'declined'],
      [ravi.id, 'open'],
    ]);
  });

  it('an offer paid for is taken: the entry is done, and a second freed slot goes to the next', async () => {
    const slot = await paidSlot('17:00');
    const other = await paidSlot('17:15');
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    await joined(t.app(), asha);
    await joined(t.app(), ravi);
    await freeByCancel(slot);
    await sweep();
    const offer = (await entriesOf(t.app(), asha))[0]!.offer!;
    const { checkoutPageUrl } = await checkout(t.app(), asha, { _id: offer.appointmentId, consultationFee: 600 });
    await pressPay(t.app(), checkoutPageUrl);
    // Paid: the entry leaves the list at once.
    expect(await entriesOf(t.app(), asha)).toEqual([]);
    await freeByCancel(other);
    t.clock.advance(minute);
    expect(await sweep()).toMatchObject({ passed: { offered: 1 } });
    expect((await offerRows(t.db())).map((o) => [o.user_id, o.slot, o.status])).toEqual([
      [asha.id, '2025-03-12 17:00', 'taken'],
      [ravi.id, '2025-03-12 17:15', 'open'],
    ]);
    expect(await entryStatus(t.db(), (await offerRows(t.db()))[0]!.entry_id)).toBe('done');
  });

  it('an offer paid for after its hold ended, while the slot was still free, stays the patient\'s', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    await joined(t.app(), asha);
    await joined(t.app(), ravi);
    await freeByCancel(slot);
    await sweep();
    const offer = (await entriesOf(t.app(), asha))[0]!.offer!;
    // Past the hold, before any sweep passed it on: the checkout claims the free slot again.
    t.clock.advance(31 * minute);
    const { checkoutPageUrl } = await checkout(t.app(), asha, { _id: offer.appointmentId, consultationFee: 600 });
    expect(await sweep()).toMatchObject({ passed: { held: 1 } });
    expect((await entriesOf(t.app(), asha))[0]).toMatchObject({ status: 'offered', offer: { appointmentId: offer.appointmentId } });
    expect((await entriesOf(t.app(), ravi))[0]).toMatchObject({ status: 'waiting', offer: null });
    // The next sweep finds nothing to do: the offer follows the hold.
    expect(await sweep()).toMatchObject({ queued: 0, passed: {} });
    await pressPay(t.app(), checkoutPageUrl);
    await sweep();
    expect((await offerRows(t.db())).map((o) => [o.user_id, o.status])).toEqual([[asha.id, 'taken']]);
  });

  it('a move away frees the old slot for the waitlist; a slot nobody waits for writes nothing', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    await joined(t.app(), asha, { fromDate: '2025-03-12', toDate: '2025-03-12' });
    expect((await moveTo(t.app(), slot.holder, slot.appointment._id, { newDate: '2025-03-12', selectedTime: '18:00' })).statusCode).toBe(200);
    expect(await sweep()).toMatchObject({ passed: { offered: 1 } });
    expect((await entriesOf(t.app(), asha))[0]!.offer).toMatchObject({ startTime: '17:00' });

    // The 19th: nobody waits for it, so its cancel records nothing.
    const lone = await booked(t.app(), slot.holder, { date: '2025-03-19', startTime: '17:00' });
    const before = await waitlistCounts(t.db());
    expect((await cancel(t.app(), slot.holder, slot.holder.id, lone._id)).statusCode).toBe(200);
    expect(await waitlistCounts(t.db())).toEqual(before);
  });

  it('on an instance whose engine runs, the freeing transaction queues the pass-on job, and the offer its message job', async () => {
    const slot = await paidSlot('17:00');
    const asha = await t.patient('asha');
    await joined(t.app(), asha);
    const { engine } = t.app().jobs;
    await engine.start({ workers: false });
    await freeByCancel(slot);
    const waiting = async (queue: string) => (await engine.list({ states: ['created'] })).filter((j) => j.queue === queue).length;
    expect(await waiting(waitlistSlotQueue)).toBe(1);
    expect(await engine.drain([waitlistSlotQueue])).toBe(1);
    expect(await waiting(waitlistMessageQueue)).toBe(1);
    expect(await engine.drain([waitlistMessageQueue])).toBe(1);
    expect(offerMails().map((m) => m.to)).toEqual(['asha@example.com']);
    // The sweep after it finds nothing left to do.
    expect(await sweep()).toMatchObject({ queued: 0, passed: {}, messages: 0 });
  });
});
