/**
 * The doctors' queues on every backend: walk-ins and check-ins with tokens, THE QUEUE RULE (booked
 * patients keep their time, walk-ins fill the gaps in arrival order, a patient more than 15
 * minutes late is due at arrival), call next / done / no-show / back, the no-show policy, the
 * NOTIFY every change sends, who may work which queue, and the day list with its CSV.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { bookedAndPaid, prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { bookingBody, minute } from './paymentSupport.js';
import { asha, bookingOf, desk, deskOk, deskStaff, deskTableCounts, registered, seedIds } from './deskSupport.js';
import { auditRows } from './staffAdminSupport.js';
import { joinBody, joinWaitlist } from './waitlistSupport.js';

describe.each(backends)('the queue on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  /** Patients registered at the desk, one per name. */
  const patients = async (reception: Parameters<typeof registered>[1], ...names: string[]) => {
    const made: Record<string, string> = {};
    for (const name of names) made[name] = (await registered(t.app(), reception, { ...asha, firstName: name }))._id;
    return made;
  };

  it('orders the line by the queue rule: booked patients keep their time, walk-ins fill the gaps, the late are due at arrival', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Anil', 'Bina', 'Chitra', 'Dev', 'Walk1', 'Walk2', 'Walk3');
    const book = async (name: string, startTime: string) => (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p[name]!, { startTime })))._id as string;
    const a = await book('Anil', '10:15');
    const b = await book('Bina', '10:30');
    const c = await book('Chitra', '10:45');
    const d = await book('Dev', '11:00');
    const walkIn = (name: string) => deskOk(t.app(), reception, 'POST', '/walkins', { patientId: p[name], doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } });
    const checkIn = (id: string) => deskOk(t.app(), reception, 'POST', `/appointments/${id}/check-in`);

    expect((await walkIn('Walk1')).entry).toMatchObject({ token: 'T1', kind: 'walkin', dueTime: '10:00', status: 'waiting', place: 1 });
    t.clock.advance(5 * minute);
    expect((await checkIn(a)).entry).toMatchObject({ token: 'T2', kind: 'booked', dueTime: '10:15', place: 2 });
    t.clock.advance(5 * minute);
    expect((await walkIn('Walk2')).entry).toMatchObject({ token: 'T3', dueTime: '10:10', place: 2 });
    t.clock.advance(10 * minute);
    expect((await checkIn(c)).entry).toMatchObject({ token: 'T4', dueTime: '10:45' });
    t.clock.advance(30 * minute); // 10:50: Bina is 20 minutes late, Dev early
    expect((await checkIn(b)).entry).toMatchObject({ token: 'T5', dueTime: '10:50' });
    expect((await walkIn('Walk3')).entry).toMatchObject({ token: 'T6', dueTime: '10:50' });
    t.clock.advance(25 * minute); // 11:15: Dev exactly 15 minutes late keeps his time
    expect((await checkIn(d)).entry).toMatchObject({ token: 'T7', dueTime: '11:00' });

    const queue = await deskOk(t.app(), reception, 'GET', `/queue?doctorId=${ids.meera}`);
    expect(queue).toMatchObject({ doctorId: ids.meera, date: '2025-03-11', minutesPerPatient: 15 });
    expect(queue.entries.map((e: any) => [e.token, e.appointment.firstName, e.place])).toEqual([
      ['T1', 'Walk1', 1],
      ['T3', 'Walk2', 2],
      ['T2', 'Anil', 3],
      ['T4', 'Chitra', 4],
      ['T5', 'Bina', 5],
      ['T6', 'Walk3', 6],
      ['T7', 'Dev', 7],
    ]);
    const walkInRow = await t.db().query<{ booked_via: string; holds_slot: boolean; start_time: string; consultation_type: string }>(
      `select booked_via, holds_slot, to_char(start_time, 'HH24:MI') as start_time, consultation_type from appointments where id = $1`,
      [queue.entries[0].appointment._id],
    );
    expect(walkInRow.rows).toEqual([{ booked_via: 'walkin', holds_slot: false, start_time: '10:00', consultation_type: 'Clinic Visit' }]);
    expect((await deskOk(t.app(), reception, 'GET', `/queue?doctorId=${ids.meera}&date=2025-03-12`)).entries).toEqual([]);
  });

  it('calls next, sends back to its place, finishes, records a no-show as Missed keeping the fee; 409 when busy or empty', async () => {
    const { reception, doctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Anil', 'Walk1');
    const a = (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p.Anil!, { startTime: '10:15', fee: { pay: 'now', method: 'cash', reference: '' } })))._id;
    const w = (await deskOk(t.app(), reception, 'POST', '/walkins', { patientId: p.Walk1, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'now', method: 'card', reference: 'T-1' } })).entry;
    await deskOk(t.app(), reception, 'POST', `/appointments/${a}/check-in`);

    const called = await deskOk(t.app(), doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: 'Room 2' });
    expect(called.entry).toMatchObject({ _id: w._id, status: 'called', room: 'Room 2', place: null, calledAt: t.clock.now().toISOString() });
    const busy = await desk(t.app(), reception, 'POST', '/queue/call-next', { doctorId: ids.meera, room: 'Room 2' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('queueBusy');
    expect((await deskOk(t.app(), doctor, 'POST', `/queue/${w._id}/back`)).entry).toMatchObject({ status: 'waiting', place: 1, dueTime: '10:00', room: '' });
    const refused = await desk(t.app(), doctor, 'POST', `/queue/${w._id}/done`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('queueMoveRefused');

    await deskOk(t.app(), doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: 'Room 2' });
    expect((await deskOk(t.app(), doctor, 'POST', `/queue/${w._id}/done`)).entry).toMatchObject({ status: 'done', place: null });
    // The walk-in began when they arrived: the doctor may complete it now.
    const completed = await staffCall(t.app(), doctor, 'POST', `/appointments/${w.appointment._id}/complete`, prescription);
    expect(completed.statusCode).toBe(200);

    const next = await deskOk(t.app(), doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '' });
    expect(next.entry.appointment._id).toBe(a);
    // A booked patient seen early: the consultation still cannot be completed before its start (the join window).
    const early = await staffCall(t.app(), doctor, 'POST', `/appointments/${a}/complete`, prescription);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('completionNotOpen');
    const noShow = await deskOk(t.app(), doctor, 'POST', `/queue/${next.entry._id}/noshow`);
    expect(noShow.entry).toMatchObject({ status: 'noshow', appointment: { appointmentStatus: 'Missed', appointmentPaymentStatus: 'paid' } });
    const empty = await desk(t.app(), doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('queueEmpty');

    const queue = await deskOk(t.app(), reception, 'GET', `/queue?doctorId=${ids.meera}&locationId=${ids.aundh}`);
    expect(queue.entries.map((e: any) => [e.token, e.status])).toEqual([
      ['T1', 'done'],
      ['T2', 'noshow'],
    ]);
    expect((await deskOk(t.app(), reception, 'GET', `/patients/${p.Anil}`)).patient.noShows).toBe(1);
    const actions = (await auditRows(t.db())).filter((r) => r.action.startsWith('queue.')).map((r) => [r.actor_role, r.action]);
    expect(actions).toEqual([
      ['reception', 'queue.walkin'],
      ['reception', 'queue.checkin'],
      ['doctor', 'queue.called'],
      ['doctor', 'queue.back'],
      ['doctor', 'queue.called'],
      ['doctor', 'queue.done'],
      ['doctor', 'queue.called'],
      ['doctor', 'queue.noshow'],
    ]);
  });

  it('flags a no-show\'s paid fee for refund when the clinic does not keep it, and a waiting patient can be a no-show before the slot ends', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    await t.db().query('update clinic_policy set keep_no_show_fee = false');
    const online = await t.patient('online');
    const appointment = await bookedAndPaid(t.app(), online, { startTime: '10:30' });
    // Somebody waits for Dr. Meera today: the slot a refunded no-show frees before it begins is theirs to be offered.
    expect((await joinWaitlist(t.app(), await t.patient('waiting'), joinBody({ fromDate: '2025-03-11', toDate: '2025-03-11' }))).statusCode).toBe(200);
    const entry = (await deskOk(t.app(), reception, 'POST', `/appointments/${appointment._id}/check-in`)).entry;
    const noShow = await deskOk(t.app(), reception, 'POST', `/queue/${entry._id}/noshow`);
    expect(noShow.entry.appointment).toMatchObject({ appointmentStatus: 'Missed', appointmentPaymentStatus: 'refund', refundState: 'pending' });
    const freed = await t.db().query<{ start_time: string }>(`select start_time::text from waitlist_slots where date = '2025-03-11'`);
    expect(freed.rows).toEqual([{ start_time: '10:30:00' }]);
    const refunds = await staffCall(t.app(), admin, 'GET', '/refunds');
    expect(refunds.statusCode).toBe(200);
    expect(JSON.stringify(refunds.json())).toContain(appointment._id);
    const row = (await auditRows(t.db())).find((r) => r.action === 'queue.noshow')!;
    expect(row.details).toMatchObject({ token: 'T1', fee: 'refund', appointment: { before: 'Booked', after: 'Missed' } });
    void ids;
  });

  it('checks in only a Clinic Visit of today that is expected, once', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Anil');
    const tomorrow = (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p.Anil!, { date: '2025-03-18' })))._id;
    const call = (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p.Anil!, { doctorId: ids.kavita, locationId: '', consultationType: 'Call', startTime: '11:20' })))._id;
    const today = (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p.Anil!, { startTime: '12:00' })))._id;
    const cancelled = (await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, p.Anil!, { startTime: '12:15' })))._id;
    await staffCall(t.app(), admin, 'POST', `/appointments/${cancelled}/cancel`, { reason: 'asked to' });
    const online = await t.patient('online');
    const hold = (await t.app().inject({ method: 'POST', url: '/api/appointment/add', headers: online.headers, payload: bookingBody({ startTime: '12:30' }) })).json()._id;

    const before = await deskTableCounts(t.db());
    for (const [id, code] of [[tomorrow, 'checkInNotToday'], [call, 'checkInNotToday'], [cancelled, 'checkInClosed'], [hold, 'checkInClosed']] as const) {
      const res = await desk(t.app(), reception, 'POST', `/appointments/${id}/check-in`);
      expect(res.statusCode, code).toBe(409);
      expect(res.json().code).toBe(code);
    }
    expect((await desk(t.app(), reception, 'POST', '/appointments/00000000-0000-4000-8000-000000000000/check-in')).statusCode).toBe(404);
    expect((await desk(t.app(), reception, 'POST', '/appointments/not-an-id/check-in')).json().errors[0].field).toBe('id');
    expect(await deskTableCounts(t.db())).toEqual(before);

    await deskOk(t.app(), reception, 'POST', `/appointments/${today}/check-in`);
    const twice = await desk(t.app(), reception, 'POST', `/appointments/${today}/check-in`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('checkInTaken');
  });

  it('refuses a walk-in where the doctor does not see patients today (409), an unknown doctor or location (400), nothing written', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Walk1');
    const before = await deskTableCounts(t.db());
    const walkIn = (change: Record<string, unknown>) =>
      desk(t.app(), reception, 'POST', '/walkins', { patientId: p.Walk1, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' }, ...change });
    const elsewhere = await walkIn({ locationId: ids.kothrud });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('desk.notWorkingToday');
    expect((await walkIn({ doctorId: '00000000-0000-4000-8000-000000000000' })).json().errors[0].field).toBe('doctorId');
    expect((await walkIn({ locationId: '00000000-0000-4000-8000-000000000000' })).json().errors[0].field).toBe('locationId');
    expect((await walkIn({ fee: { pay: 'soon' } })).statusCode).toBe(400);
    expect((await walkIn({ patientId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    await t.db().query(`insert into doctor_leave (doctor_id, from_date, to_date, reason, created_at) values ($1, '2025-03-11', '2025-03-11', 'ill', now())`, [ids.meera]);
    const before2 = await deskTableCounts(t.db());
    expect((await walkIn({})).json().code).toBe('desk.notWorkingToday');
    expect(await deskTableCounts(t.db())).toEqual(before2);
    expect(before2.appointments).toBe(before.appointments);
  });

  it('announces every change of a queue on queue_changed with the location and doctor ids only', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Walk1');
    const heard: string[] = [];
    const unlisten = await t.db().listen!('queue_changed', (payload) => heard.push(payload));
    try {
      const entry = (await deskOk(t.app(), reception, 'POST', '/walkins', { patientId: p.Walk1, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } })).entry;
      await deskOk(t.app(), reception, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '1' });
      await deskOk(t.app(), reception, 'POST', `/queue/${entry._id}/back`);
      await deskOk(t.app(), reception, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '1' });
      await deskOk(t.app(), reception, 'POST', `/queue/${entry._id}/noshow`);
      // A refused change announces nothing.
      await desk(t.app(), reception, 'POST', '/queue/call-next', { doctorId: ids.meera, room: '1' });
      await expect.poll(() => heard.length).toBe(5);
      expect(heard.map((h) => JSON.parse(h))).toEqual(Array(5).fill({ l: ids.aundh, d: ids.meera }));
    } finally {
      await unlisten();
    }
  });

  it('lets a doctor work only their own queue and day (404 for another\'s and for the counter), reception every one', async () => {
    const { reception, doctor, otherDoctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const p = await patients(reception, 'Walk1');
    const entry = (await deskOk(t.app(), reception, 'POST', '/walkins', { patientId: p.Walk1, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } })).entry;
    expect((await deskOk(t.app(), doctor, 'GET', `/queue?doctorId=${ids.meera.toUpperCase()}`)).entries).toHaveLength(1);
    const before = await deskTableCounts(t.db());
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['other queue', 'GET', `/queue?doctorId=${ids.meera}`],
      ['other call-next', 'POST', '/queue/call-next', { doctorId: ids.meera, room: '' }],
      ['other move', 'POST', `/queue/${entry._id}/noshow`],
      ['other day', 'GET', `/day?date=2025-03-11&doctorId=${ids.meera}`],
      ['other csv', 'GET', `/day.csv?date=2025-03-11&doctorId=${ids.meera}`],
      ['patients', 'GET', '/patients?q=asha'],
      ['register', 'POST', '/patients', asha],
      ['walk-in', 'POST', '/walkins', { patientId: p.Walk1, doctorId: ids.kavita, locationId: ids.aundh, fee: { pay: 'later' } }],
      ['check-in', 'POST', `/appointments/${entry.appointment._id}/check-in`],
      ['payment', 'POST', `/appointments/${entry.appointment._id}/payment`, { method: 'cash', reference: '' }],
    ];
    for (const [what, method, url, payload] of calls) {
      const res = await desk(t.app(), otherDoctor, method, url, payload);
      expect(res.statusCode, what).toBe(404);
    }
    expect((await desk(t.app(), doctor, 'GET', `/queue?doctorId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect(await deskTableCounts(t.db())).toEqual(before);
    // Dr. Kavita's day list without a doctor named is her own (empty); Dr. Meera's has the walk-in.
    expect(await deskOk(t.app(), otherDoctor, 'GET', '/day?date=2025-03-11')).toEqual([]);
    expect((await deskOk(t.app(), doctor, 'GET', '/day?date=2025-03-11')).map((a: any) => a._id)).toEqual([entry.appointment._id]);
  });

  it('gives the day list as JSON and as a CSV with a header, the phone, RFC 4180 quoting and no formulas', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const odd = await registered(t.app(), reception, { ...asha, firstName: '=HYPERLINK("x")', lastName: 'Kale, "Sr"' });
    const booked = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, odd._id, { startTime: '11:00' }));
    await deskOk(t.app(), reception, 'POST', '/walkins', { patientId: odd._id, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } });
    const online = await t.patient('online');
    await t.app().inject({ method: 'POST', url: '/api/appointment/add', headers: online.headers, payload: bookingBody({ startTime: '12:30' }) });
    t.clock.advance(20 * minute); // the online hold lapsed unpaid: it never happened, it is not listed

    const list = await deskOk(t.app(), reception, 'GET', '/day?date=2025-03-11');
    expect(list.map((a: any) => [a.startTime, a.appointmentPaymentStatus])).toEqual([
      ['10:00', 'due'],
      ['11:00', 'due'],
    ]);
    expect((await deskOk(t.app(), reception, 'GET', `/day?date=2025-03-11&doctorId=${ids.kavita}`))).toEqual([]);

    const csv = await desk(t.app(), reception, 'GET', '/day.csv?date=2025-03-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="day-2025-03-11.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Time,Token,Appointment,Patient,Phone,Age,Gender,Doctor,Location,Type,Status,Payment,Fee,Booked via');
    expect(lines[1]).toBe(`10:00,T1,${list[0].appointmentId},"'=HYPERLINK(""x"") Kale, ""Sr""",9822012345,67,female,Dr. Meera Kulkarni,Aundh,Clinic Visit,Booked,due,500.00,walkin`.replace('500.00', list[0].consultationFee.toFixed(2)));
    expect(lines[2]).toContain(`11:00,,${booked.appointmentId},`);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const bad = await desk(t.app(), reception, 'GET', '/day.csv?date=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('date');
  });
});
