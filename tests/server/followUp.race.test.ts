/**
 * Book all under real concurrency: two app instances, each with its own connection pool, on one
 * PostgreSQL database, as two servers behind a load balancer. PostgreSQL only (TEST_DATABASE_URL):
 * PGlite runs one query at a time and would hide the races.
 *
 * - Two patients' Book all for the same slots at once: one series booked whole, the other a 409
 *   'followUp.slotTaken' with nothing booked; every slot held once.
 * - The same patient's Book all twice at once (a double tap on two instances): one series.
 * - Book all and another patient's ordinary booking of its first slot at once: whichever commits
 *   first holds the slot; the other is a 409 with nothing of it booked (never a 500, never half a
 *   series).
 */
import { describe, expect, it } from 'vitest';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { testDatabaseUrl } from './helpers.js';
import { useSecondInstances } from './secondInstance.js';
import { book } from './paymentSupport.js';
import { bookAll, completedWith, meeraEmail, type OfferJson, offerOf, proposedOf } from './followUpSupport.js';

const course = { kind: 'after', every: 2, unit: 'weeks', times: 4 } as const;

describe.runIf(testDatabaseUrl)('Book all on two instances over one PostgreSQL', () => {
  // Collected (not run) without TEST_DATABASE_URL too.
  const t = testDatabaseUrl ? useAppointmentsApp('postgres') : null;
  const secondInstance = useSecondInstances(t);
  /** How many live appointments hold each of these slots of Dr. Meera. */
  async function holders(slots: { date: string; startTime: string }[]): Promise<number[]> {
    const counts: number[] = [];
    for (const s of slots) {
      const { rows } = await t!.db().query<{ n: number }>(
        `select count(*)::int as n from appointments a join doctors d on d.id = a.doctor_id
          where d.email = 'meera.kulkarni@sahaj-clinic.example' and a.date = $1::date and a.start_time = $2::time and a.holds_slot`,
        [s.date, s.startTime],
      );
      counts.push(rows[0]!.n);
    }
    return counts;
  }

  it('two patients, the same four slots, at once: one series whole, the other 409 with nothing booked', async () => {
    const a = await completedWith(t!, course, '11:00');
    const b = await completedWith(t!, course, '11:15');
    const other = await secondInstance();
    const offerA = (await offerOf(t!.app(), a.patient, a.id)).json() as OfferJson;
    // B asks for exactly A's proposed slots (same rhythm; A's first visit time).
    const slots = proposedOf(offerA);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([bookAll(t!.app(), a.patient, a.id, slots), bookAll(other, b.patient, b.id, slots)]);
      const codes = results.map((r) => r.statusCode).sort();
      if (round === 0) {
        expect(codes).toEqual([200, 409]);
        const loser = results.find((r) => r.statusCode === 409)!;
        expect(loser.json().code).toBe('followUp.slotTaken');
      } else {
        // Both refused now: the winner's series is booked (alreadyBooked), the loser's slots are taken.
        expect(codes).toEqual([409, 409]);
      }
      expect(await holders(slots.occurrences)).toEqual([1, 1, 1, 1]);
    }
    const booked = await t!.db().query<{ user_id: string; n: number }>(
      `select a.user_id, count(*)::int as n from follow_up_visits v join appointments a on a.id = v.appointment_id group by a.user_id`,
    );
    expect(booked.rows.map((r) => r.n)).toEqual([4]);
  });

  it('the same patient twice at once on two instances: one series', async () => {
    const a = await completedWith(t!, course, '11:00');
    const other = await secondInstance();
    const slots = proposedOf((await offerOf(t!.app(), a.patient, a.id)).json() as OfferJson);
    const results = await Promise.all([bookAll(t!.app(), a.patient, a.id, slots), bookAll(other, a.patient, a.id, slots)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(['followUp.alreadyBooked', 'followUp.slotTaken']).toContain(results.find((r) => r.statusCode === 409)!.json().code);
    const { rows } = await t!.db().query<{ n: number }>(`select count(*)::int as n from appointments where user_id = $1 and status = 'Booked'`, [a.patient.id]);
    expect(rows[0]!.n).toBe(4);
    expect(await holders(slots.occurrences)).toEqual([1, 1, 1, 1]);
  });
  it('Book all and an ordinary booking of its first slot at once: one holds the slot, the other 409 with nothing booked', async () => {
    const other = await secondInstance();
    // Two rounds, the calls started in both orders: each side gets to be first at least once.
    for (const bookAllFirst of [true, false]) {
      const a = await completedWith(t!, course, bookAllFirst ? '11:00' : '11:30');
      const b = await t!.patient();
      const slots = proposedOf((await offerOf(t!.app(), a.patient, a.id)).json() as OfferJson);
      const first = slots.occurrences[0]!;
      const ordinary = () =>
        book(other, b, { doctorEmail: meeraEmail, location: 'Aundh', consultationType: 'Clinic Visit', date: first.date, startTime: first.startTime });
      const series = () => bookAll(t!.app(), a.patient, a.id, slots);
      const [all, one] = bookAllFirst ? await Promise.all([series(), ordinary()]) : (await Promise.all([ordinary(), series()])).reverse();
      expect([all!.statusCode, one!.statusCode].sort()).toEqual([200, 409]);
      const held = await holders(slots.occurrences);
      if (all!.statusCode === 200) {
        expect(one!.json().message).toBe('This slot is already booked');
        expect(held).toEqual([1, 1, 1, 1]);
      } else {
        expect(all!.json().code).toBe('followUp.slotTaken');
        // The series booked nothing: only B's visit holds the first slot.
        expect(held).toEqual([1, 0, 0, 0]);
        const { rows } = await t!.db().query<{ n: number }>(`select count(*)::int as n from follow_up_visits v join appointments a on a.id = v.appointment_id where a.user_id = $1`, [a.patient.id]);
        expect(rows[0]!.n).toBe(0);
      }
    }
  });
});
