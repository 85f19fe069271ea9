/**
 * The single follow-up (times 1) booked through the ordinary booking (POST /appointment/add, then
 * the payment), as the follow-up card's popup books it: nothing links the appointment, yet the
 * patient's next visit with the same doctor counts (server/followUp/repository.ts nextVisitOf).
 * The offer shows it booked, Book all is refused, cancel all leaves it, the .ics holds it and the
 * reminder is not sent. An unpaid hold that lapsed, a visit with another doctor and another
 * family member's visit do not count.
 *
 * The clock: Tuesday 11 March 2025 in the clinic; the follow-up falls due on Tuesday 25 March.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { jobMailRow, mailSendQueue } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { book, type BookingChoice, checkout, kavita, type Patient, publicUrl } from './paymentSupport.js';
import { bookAll, cancelAll, completedWith, type OfferJson, offerOf, seriesIcs } from './followUpSupport.js';

const single = { kind: 'after', every: 2, unit: 'weeks', times: 1 } as const;
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

/** Booked and paid the ordinary way; `extra`: more of the popup's fields (familyMemberId). */
async function paidBooking(app: FastifyInstance, who: Patient, choice: BookingChoice, extra: Record<string, unknown> = {}) {
  const res = await book(app, who, choice, extra);
  if (res.statusCode !== 200) throw new Error(`appointment/add answered ${res.statusCode}: ${res.body}`);
  const appointment = res.json() as { _id: string; consultationFee: number };
  const location = await pressPay(app, (await checkout(app, who, appointment)).checkoutPageUrl);
  if (location !== `${publicUrl}/#/paymentsuccess`) throw new Error(`payment did not succeed: ${location}`);
  await app.jobs.engine.drain([mailSendQueue]);
  return appointment;
}

describe.each(backends)('the single follow-up booked the ordinary way on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const sweep = () => t.app().jobs.mails.sweep();
  const toDueDay = () => t.clock.advance(new Date('2025-03-25T08:00:00+05:30').getTime() - t.clock.now().getTime());
  const reminders = () => t.mailer().sent.filter((m) => m.idempotencyKey?.startsWith('follow-up:'));
  /** Completed with the single follow-up; a minute passes, so whatever the patient books next is made after the completion. */
  const completed = async () => {
    const done = await completedWith(t, single);
    t.clock.advance(60_000);
    return done;
  };

  it("the offered slot booked and paid: the offer is booked with that visit, Book all 409, cancel all leaves it, the .ics holds it, no reminder", async () => {
    const { patient, id } = await completed();
    const open = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(open.state).toBe('open');
    const slot = open.slots[0]!;
    const visit = await paidBooking(t.app(), patient, { date: slot.date, startTime: slot.startTime });

    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(offer).toMatchObject({ state: 'booked', slots: [] });
    expect(offer.occurrences).toEqual([
      {
        index: 1,
        wanted: { date: '2025-03-25', startTime: '11:00' },
        clash: null,
        proposed: null,
        booked: { appointmentId: visit._id, appointmentNumber: expect.any(String), date: slot.date, startTime: slot.startTime, status: 'Booked', paymentStatus: 'paid' },
      },
    ]);
    const again = await bookAll(t.app(), patient, id, { occurrences: [open.occurrences[0]!.proposed] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('followUp.alreadyBooked');

    // Cancel all cancels only a series: this visit is the patient's to cancel alone.
    const all = await cancelAll(t.app(), patient, id);
    expect(all.statusCode).toBe(200);
    expect((all.json() as OfferJson).occurrences.map((o) => o.booked?.appointmentId)).toEqual([visit._id]);
    const { rows } = await t.db().query<{ status: string }>('select status from appointments where id = $1', [visit._id]);
    expect(rows[0]!.status).toBe('Booked');

    const ics = await seriesIcs(t.app(), patient, id);
    expect(ics.statusCode).toBe(200);
    expect(unfold(ics.body).filter((l) => l.startsWith('UID:'))).toEqual([`UID:${visit._id}@localhost`]);

    toDueDay();
    expect(await sweep()).toBe(0);
    await t.idle();
    expect(reminders()).toEqual([]);
  });

  it('a reminder queued when due is dropped at send time once the patient booked meanwhile', async () => {
    const { patient, id } = await completed();
    toDueDay();
    expect(await sweep()).toBe(1);
    const slot = ((await offerOf(t.app(), patient, id)).json() as OfferJson).slots[0]!;
    await paidBooking(t.app(), patient, { date: slot.date, startTime: slot.startTime });
    await t.idle();
    expect(reminders()).toEqual([]);
    expect(await jobMailRow(t.db(), `follow-up:${id}`)).toMatchObject({ kind: 'follow-up', state: 'dropped' });
  });

  it('an unpaid hold counts while it holds the slot; once it lapsed the follow-up is open again and reminded', async () => {
    const { patient, id } = await completed();
    const slot = ((await offerOf(t.app(), patient, id)).json() as OfferJson).slots[0]!;
    const res = await book(t.app(), patient, { date: slot.date, startTime: slot.startTime });
    expect(res.statusCode).toBe(200);
    const held = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(held.state).toBe('booked');
    expect(held.occurrences[0]!.booked).toMatchObject({ appointmentId: res.json()._id, paymentStatus: 'failed' });
    // HOLD_MINUTES (15) later the unpaid hold has lapsed.
    t.clock.advance(16 * 60_000);
    const lapsed = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(lapsed.state).toBe('open');
    expect(lapsed.slots.length).toBeGreaterThan(0);
    expect(lapsed.occurrences[0]!.booked).toBeNull();
    toDueDay();
    expect(await sweep()).toBe(1);
    await t.idle();
    expect(reminders().map((m) => m.idempotencyKey)).toEqual([`follow-up:${id}`]);
  });

  it("a paid visit with another doctor, or another family member's with the same doctor, does not count", async () => {
    const { patient, id } = await completed();
    const slots = ((await offerOf(t.app(), patient, id)).json() as OfferJson).slots;
    await paidBooking(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Video', date: '2025-03-25', startTime: '10:20' });
    const member = await t.app().inject({
      method: 'POST',
      url: '/api/family',
      payload: { firstName: 'Riya', lastName: 'Patil', age: 9, gender: 'female', relation: 'Daughter' },
      headers: patient.headers,
    });
    expect(member.statusCode, member.body).toBe(200);
    await paidBooking(t.app(), patient, { date: slots[0]!.date, startTime: slots[0]!.startTime }, { familyMemberId: member.json()._id });
    const { rows } = await t.db().query<{ n: number }>(`select count(*)::int as n from appointments where user_id = $1 and payment_status = 'paid' and status = 'Booked'`, [patient.id]);
    expect(rows[0]!.n).toBe(2);

    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(offer.state).toBe('open');
    expect(offer.occurrences[0]!.booked).toBeNull();
    expect((await seriesIcs(t.app(), patient, id)).statusCode).toBe(409);
    toDueDay();
    expect(await sweep()).toBe(1);
    await t.idle();
    expect(reminders().map((m) => m.idempotencyKey)).toEqual([`follow-up:${id}`]);
  });
});
