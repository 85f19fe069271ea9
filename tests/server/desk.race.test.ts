/**
 * The desk under real concurrency: two app instances, each with its own connection pool, on one
 * PostgreSQL database, as two servers behind a load balancer. PostgreSQL only (TEST_DATABASE_URL):
 * PGlite runs one query at a time and would hide the races.
 *
 * - Check-ins of many patients at once, half through each instance: tokens 1..N, none repeated,
 *   none skipped.
 * - Two desks booking one slot: one booking, the other a clear 409 'This slot is already booked'.
 * - Two desks checking in the same patient: one entry, the other 409 'checkInTaken'.
 * - Two doctors' clicks on Call next at once: one called, the other 409 'queueBusy'.
 * - Two desks adding one patient to a doctor's waitlist at once: one entry, the other 409
 *   'deskWaitlistOverlap'; two desks taking it off at once: one 200, the other 404.
 */
import { describe, expect, it } from 'vitest';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { testDatabaseUrl } from './helpers.js';
import { useSecondInstances } from './secondInstance.js';
import { asha, bookingOf, desk, deskOk, deskStaff, registered, seedIds } from './deskSupport.js';

const patients = 24;

describe.runIf(testDatabaseUrl)('the desk on two instances over one PostgreSQL', () => {
  // Collected (not run) without TEST_DATABASE_URL too.
  const t = testDatabaseUrl ? useAppointmentsApp('postgres') : null;
  const secondInstance = useSecondInstances(t);
  it(`${patients} check-ins at once on two instances get tokens 1..${patients}, no repeat, no gap`, async () => {
    const { reception } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const other = await secondInstance();
    const booked: string[] = [];
    // Every slot of Dr. Meera's day at Aundh from 10:15 (15-minute slots to 13:00), then walk-ins.
    for (let i = 0; i < 11; i++) {
      const minutes = 10 * 60 + 15 + i * 15;
      const startTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const p = await registered(t!.app(), reception, { ...asha, firstName: `Booked${i}` });
      booked.push((await deskOk(t!.app(), reception, 'POST', '/bookings', bookingOf(ids, p._id, { startTime })))._id);
    }
    const walkers: string[] = [];
    for (let i = booked.length; i < patients; i++) walkers.push((await registered(t!.app(), reception, { ...asha, firstName: `Walker${i}` }))._id);

    const apps = [t!.app(), other];
    const results = await Promise.all([
      ...booked.map((id, i) => desk(apps[i % 2]!, reception, 'POST', `/appointments/${id}/check-in`)),
      ...walkers.map((id, i) => desk(apps[i % 2]!, reception, 'POST', '/walkins', { patientId: id, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(patients).fill(200));
    const tokens = results.map((r) => Number(r.json().entry.token.slice(1))).sort((a, b) => a - b);
    expect(tokens).toEqual(Array.from({ length: patients }, (_, i) => i + 1));
    const { rows } = await t!.db().query<{ last_token: number }>('select last_token from queue_counters where doctor_id = $1', [ids.meera]);
    expect(rows).toEqual([{ last_token: patients }]);
  });

  it('two desks booking one slot at once: one wins, the other gets 409 "This slot is already booked"', async () => {
    const { reception, admin } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const other = await secondInstance();
    for (const [round, startTime] of ['09:00', '10:30', '11:30', '12:30', '15:00'].entries()) {
      const [a, b] = [await registered(t!.app(), reception, { ...asha, firstName: `A${round}` }), await registered(t!.app(), reception, { ...asha, firstName: `B${round}` })];
      const [first, second] = await Promise.all([
        desk(t!.app(), reception, 'POST', '/bookings', bookingOf(ids, a._id, { startTime, date: '2025-03-18' })),
        desk(other, admin, 'POST', '/bookings', bookingOf(ids, b._id, { startTime, date: '2025-03-18', fee: { pay: 'now', method: 'cash', reference: '' } })),
      ]);
      expect([first.statusCode, second.statusCode].sort(), startTime).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json()).toMatchObject({ message: 'This slot is already booked', code: 'booking.slotTaken' });
      const { rows } = await t!.db().query<{ n: number }>(
        `select count(*)::int as n from appointments where doctor_id = $1 and date = '2025-03-18' and start_time = $2::time and holds_slot`,
        [ids.meera, startTime],
      );
      expect(rows[0]!.n).toBe(1);
    }
    // The loser's fee was never taken: one counter payment at most, for the winner.
    const { rows } = await t!.db().query<{ n: number }>(`select count(*)::int as n from payments p join appointments a on a.id = p.appointment_id where not a.holds_slot`);
    expect(rows[0]!.n).toBe(0);
  });

  it('two desks checking in the same patient at once: one entry, the other 409 checkInTaken; two Call next clicks: one called', async () => {
    const { reception, admin, doctor } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const other = await secondInstance();
    for (let round = 0; round < 5; round++) {
      const p = await registered(t!.app(), reception, { ...asha, firstName: `Twice${round}` });
      const minutes = 10 * 60 + 15 + round * 15;
      const startTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const id = (await deskOk(t!.app(), reception, 'POST', '/bookings', bookingOf(ids, p._id, { startTime })))._id;
      const both = await Promise.all([
        desk(t!.app(), reception, 'POST', `/appointments/${id}/check-in`),
        desk(other, admin, 'POST', `/appointments/${id}/check-in`),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('checkInTaken');
    }
    const { rows } = await t!.db().query<{ n: number; top: number }>('select count(*)::int as n, max(token) as top from queue_entries');
    expect(rows[0]).toEqual({ n: 5, top: 5 });

    const calls = await Promise.all([
      desk(t!.app(), doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '1' }),
      desk(other, reception, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '1' }),
    ]);
    expect(calls.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(calls.find((r) => r.statusCode === 409)!.json().code).toBe('queueBusy');
    const called = await t!.db().query<{ n: number }>(`select count(*)::int as n from queue_entries where status = 'called'`);
    expect(called.rows[0]!.n).toBe(1);
  });

  it('two desks adding the same patient to a waitlist at once: one entry, the other 409 deskWaitlistOverlap; two removes: one 404', async () => {
    const { reception, admin } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const other = await secondInstance();
    for (let round = 0; round < 5; round++) {
      const p = await registered(t!.app(), reception, { ...asha, firstName: `Waits${round}` });
      const body = { patientId: p._id, doctorId: ids.meera, locationId: '', consultationType: 'Clinic Visit', fromDate: '2025-03-12', toDate: '2025-03-14' };
      // Overlapping, not equal, ranges: the rule is per day, not per request.
      const both = await Promise.all([
        desk(t!.app(), reception, 'POST', '/waitlist', body),
        desk(other, admin, 'POST', '/waitlist', { ...body, fromDate: '2025-03-14', toDate: '2025-03-18' }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({
        code: 'deskWaitlistOverlap',
        message: 'This patient is already on the waitlist for this doctor on some of these days.',
      });
      const live = await t!.db().query<{ id: string }>(`select id from waitlist_entries where user_id = $1 and status = 'waiting'`, [p._id]);
      expect(live.rows).toHaveLength(1);
      const removes = await Promise.all([
        desk(t!.app(), reception, 'DELETE', `/waitlist/${live.rows[0]!.id}`),
        desk(other, admin, 'DELETE', `/waitlist/${live.rows[0]!.id}`),
      ]);
      expect(removes.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    }
    const audited = await t!.db().query<{ action: string; n: number }>(
      `select action, count(*)::int as n from audit_log where action like 'waitlist.%' group by action order by action`,
    );
    expect(audited.rows).toEqual([
      { action: 'waitlist.added', n: 5 },
      { action: 'waitlist.removed', n: 5 },
    ]);
  });
});
