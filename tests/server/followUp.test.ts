/**
 * The follow-up of a completed consultation (server/followUp, docs/follow-ups.md): the offer
 * around the due date with the same doctor, a course proposed with its clashes (another booking,
 * leave) and the nearest free time instead, Book all in one transaction, cancel one or all, the
 * series in one .ics, the reminder sent once, and refusals (others 404, bad input 400).
 *
 * The clock: Tuesday 11 March 2025 in the clinic. Dr. Meera sees patients at Aundh on Tuesdays,
 * Wednesdays and Sundays (15-minute slots).
 */
import { describe, expect, it } from 'vitest';
import { jobMailRow } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, listOf, useAppointmentsApp } from './appointmentsSupport.js';
import { bookAll, cancelAll, completedWith, meeraEmail, type OfferJson, offerOf, proposedOf, seriesIcs } from './followUpSupport.js';

const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const course = { kind: 'after', every: 2, unit: 'weeks', times: 4 } as const;

describe.each(backends)('follow-ups on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('offers the soonest free slots with the same doctor around the due date (completion + every x unit), the first visit\'s type', async () => {
    const { patient, id } = await completedWith(t, { kind: 'after', every: 2, unit: 'weeks', times: 1 });
    const res = await offerOf(t.app(), patient, id);
    expect(res.statusCode).toBe(200);
    const offer = res.json() as OfferJson;
    expect(offer).toMatchObject({ dueDate: '2025-03-25', state: 'open', doctorEmail: meeraEmail, consultationType: 'Clinic Visit', location: 'Aundh' });
    // From two days before (Sunday 23 March, one of Meera's Aundh days) to seven after, in order.
    expect(offer.slots.length).toBe(8);
    expect(offer.slots[0]).toEqual({ date: '2025-03-23', startTime: expect.any(String) });
    expect(offer.slots.every((s) => s.date >= '2025-03-23' && s.date <= '2025-04-01')).toBe(true);
    const keys = offer.slots.map((s) => `${s.date} ${s.startTime}`);
    expect([...keys].sort()).toEqual(keys);
    expect(offer.occurrences).toEqual([
      { index: 1, wanted: { date: '2025-03-25', startTime: '11:00' }, clash: null, proposed: { date: '2025-03-25', startTime: '11:00' }, booked: null },
    ]);
  });

  it('a course: every occurrence at its time, a clash with another booking or leave shown with the nearest free slot; Book all books them all, unpaid, each its own appointment', async () => {
    const { patient, id } = await completedWith(t, course);
    // Another patient holds 8 April 11:00; Meera is on leave on 22 April.
    await bookedAndPaid(t.app(), await t.patient('other'), { date: '2025-04-08', startTime: '11:00' });
    await t.db().query(`insert into doctor_leave (doctor_id, from_date, to_date) select id, '2025-04-22', '2025-04-22' from doctors where email = $1`, [meeraEmail]);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(offer.occurrences.map((o) => [o.wanted.date, o.clash])).toEqual([
      ['2025-03-25', null],
      ['2025-04-08', 'booked'],
      ['2025-04-22', 'leave'],
      ['2025-05-06', null],
    ]);
    expect(offer.occurrences[1]!.proposed!.date).toBe('2025-04-08');
    expect(['10:45', '11:15']).toContain(offer.occurrences[1]!.proposed!.startTime);
    // Leave all day: the nearest free slot is on the next day (Wednesday, Meera's afternoon there), nearer than Sunday.
    expect(offer.occurrences[2]!.proposed!.date).toBe('2025-04-23');

    const booked = await bookAll(t.app(), patient, id, proposedOf(offer));
    expect(booked.statusCode).toBe(200);
    const series = booked.json() as OfferJson;
    expect(series.state).toBe('booked');
    expect(series.occurrences.map((o) => [o.booked?.date, o.booked?.startTime, o.booked?.status, o.booked?.paymentStatus])).toEqual(
      offer.occurrences.map((o) => [o.proposed!.date, o.proposed!.startTime, 'Booked', 'failed']),
    );
    const ids = series.occurrences.map((o) => o.booked!.appointmentId);
    expect(new Set(ids).size).toBe(4);
    const list = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; doctorEmail: string; consultationType: string }[];
    expect(list.filter((a) => ids.includes(a._id)).map((a) => [a.doctorEmail, a.consultationType])).toEqual(Array(4).fill([meeraEmail, 'Clinic Visit']));
    // The booked series stays shown, and a second Book all is refused.
    expect(((await offerOf(t.app(), patient, id)).json() as OfferJson).state).toBe('booked');
    const again = await bookAll(t.app(), patient, id, proposedOf(offer));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('followUp.alreadyBooked');
  });

  it('one .ics holds every booked occurrence; one cancelled alone (the existing cancel), then all remaining at once', async () => {
    const { patient, id } = await completedWith(t, { kind: 'after', every: 1, unit: 'weeks', times: 3 });
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    const series = (await bookAll(t.app(), patient, id, proposedOf(offer))).json() as OfferJson;
    const ics = await seriesIcs(t.app(), patient, id);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const lines = unfold(ics.body);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT').length).toBe(3);
    // 18, 25 March and 1 April, 11:00 in the clinic (05:30 UTC).
    expect(lines.filter((l) => l.startsWith('DTSTART:'))).toEqual(['DTSTART:20250318T053000Z', 'DTSTART:20250325T053000Z', 'DTSTART:20250401T053000Z']);
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(series.occurrences.map((o) => `UID:${o.booked!.appointmentId}@localhost`));

    const first = series.occurrences[0]!.booked!.appointmentId;
    expect((await cancel(t.app(), patient, patient.id, first)).statusCode).toBe(200);
    const after = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(after.occurrences.map((o) => o.booked?.status)).toEqual(['Cancelled', 'Booked', 'Booked']);
    expect(unfold((await seriesIcs(t.app(), patient, id)).body).filter((l) => l === 'BEGIN:VEVENT').length).toBe(2);

    const all = await cancelAll(t.app(), patient, id);
    expect(all.statusCode).toBe(200);
    const none = all.json() as OfferJson;
    // Nothing live is left: the follow-up is open again, proposed afresh.
    expect(none.state).toBe('open');
    expect(none.occurrences.every((o) => o.booked === null && o.proposed !== null)).toBe(true);
    const { rows } = await t.db().query<{ status: string }>('select status from appointments where id = any($1::uuid[]) order by date', [
      series.occurrences.map((o) => o.booked!.appointmentId),
    ]);
    expect(rows.map((r) => r.status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    const nothing = await seriesIcs(t.app(), patient, id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('followUp.nothingBooked');
  });

  it('a slot taken meanwhile by somebody else books nothing (409 followUp.slotTaken) and the offer proposes another', async () => {
    const { patient, id } = await completedWith(t, course);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    await bookedAndPaid(t.app(), await t.patient('quick'), { date: '2025-04-22', startTime: '11:00' });
    const res = await bookAll(t.app(), patient, id, proposedOf(offer));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('followUp.slotTaken');
    const { rows } = await t.db().query<{ n: number }>(`select count(*)::int as n from appointments where user_id = $1 and status = 'Booked'`, [patient.id]);
    expect(rows[0]!.n).toBe(0);
    const fresh = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(fresh.occurrences[2]).toMatchObject({ clash: 'booked', proposed: { date: '2025-04-22' } });
    expect((await bookAll(t.app(), patient, id, proposedOf(fresh))).statusCode).toBe(200);
  });

  it("somebody else's appointment, one not completed, or one with no dated follow-up is 404; no token 401", async () => {
    const { patient, id } = await completedWith(t, course);
    const stranger = await t.patient('stranger');
    for (const res of [await offerOf(t.app(), stranger, id), await bookAll(t.app(), stranger, id, { occurrences: [] }), await cancelAll(t.app(), stranger, id), await seriesIcs(t.app(), stranger, id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('followUp.notFound');
    }
    expect((await offerOf(t.app(), null, id)).statusCode).toBe(401);
    const asNeeded = await completedWith(t, { kind: 'asNeeded' }, '11:15', patient);
    expect((await offerOf(t.app(), patient, asNeeded.id)).statusCode).toBe(404);
    const upcoming = await bookedAndPaid(t.app(), patient, { date: '2025-03-18', startTime: '11:00' });
    expect((await offerOf(t.app(), patient, upcoming._id)).statusCode).toBe(404);
    expect((await offerOf(t.app(), patient, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('bad input is 400 naming occurrences, and books nothing', async () => {
    const { patient, id } = await completedWith(t, course);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    const good = proposedOf(offer).occurrences;
    const cases: unknown[] = [
      { occurrences: good.slice(0, 3) },
      { occurrences: [...good.slice(0, 3), { date: '2025-13-40', startTime: '11:00' }] },
      { occurrences: [{ date: '2025-03-10', startTime: '11:00' }, ...good.slice(1)] },
      { occurrences: [{ ...good[0]!, startTime: '11:07' }, ...good.slice(1)] },
      { occurrences: [good[1], good[0], ...good.slice(2)] },
      { occurrences: [...good.slice(0, 3), { date: '2025-12-30', startTime: '11:00' }] },
      { occurrences: 'all' },
    ];
    for (const body of cases) {
      const res = await bookAll(t.app(), patient, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain('occurrences');
    }
    expect((await bookAll(t.app(), patient, 'not-an-id', { occurrences: good })).statusCode).toBe(400);
    const { rows } = await t.db().query<{ n: number }>(`select count(*)::int as n from appointments where user_id = $1 and status = 'Booked'`, [patient.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it('the reminder goes once, when the follow-up falls due unbooked, in the patient\'s language; a booked one is not reminded', async () => {
    const { patient, id } = await completedWith(t, { kind: 'after', every: 2, unit: 'weeks', times: 1 });
    const booked = await completedWith(t, { kind: 'after', every: 2, unit: 'weeks', times: 1 }, '11:30');
    await t.db().query(`update users set language = 'mr' where id = $1`, [patient.id]);
    const offer = (await offerOf(t.app(), booked.patient, booked.id)).json() as OfferJson;
    expect((await bookAll(t.app(), booked.patient, booked.id, proposedOf(offer))).statusCode).toBe(200);
    const sweep = () => t.app().jobs.mails.sweep();
    // Not yet due: nothing.
    expect(await sweep()).toBe(0);
    t.clock.advance(new Date('2025-03-25T08:00:00+05:30').getTime() - t.clock.now().getTime());
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    await t.idle();
    const mails = t.mailer().sent.filter((m) => m.idempotencyKey?.startsWith('follow-up:'));
    expect(mails.map((m) => [m.to, m.idempotencyKey])).toEqual([[patient.email, `follow-up:${id}`]]);
    expect(mails[0]!.subject).toBe('तुमच्या फॉलो-अप भेटीची वेळ झाली आहे');
    expect(mails[0]!.text).toContain('http://localhost:3000/#/myappointment');
    expect(await jobMailRow(t.db(), `follow-up:${id}`)).toMatchObject({ kind: 'follow-up', state: 'sent', attempts: 1 });
    t.clock.advance(24 * 60 * 60_000);
    expect(await sweep()).toBe(0);
  });
});
