/**
 * The front desk's pure rules and its API module: what a choice clears (a walk-in is a Clinic
 * Visit today, a Call has no clinic, another doctor keeps only their own clinic, a doctor's one
 * clinic is chosen for them), the types a patient without an account may have, the fee a request
 * carries, the CSV's address, and the desk calls on the wire (paths, queries, bodies, the file).
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { deskFeeOf, feeOutstanding, typesFor, checkInOffered } from '../../machines/desk/desk.js';
import { choicesComplete, deskSlotList, firstChoices, nextChoices, type DeskChoices } from '../../machines/desk/deskBooking/choices.js';
import { patientErrors } from '../../machines/desk/deskBooking/patientForm.js';
import { createApiClient } from '../../src/api/client.js';
import { createDeskApi } from '../../src/api/desk.js';
import { dayCsvPath, dayQueryOfPath } from '../../src/staff/desk/services.js';
import { andheri, bandra, deskAnita, deskAppointment, deskDoctors, deskPatient, deskVikram, queueEntry, queueOf, today } from '../machines/deskFakes.js';
import { asked, server } from './fakeServer.js';

const desk = deskPatient();
const online = { ...deskVikram, _id: '00000000-0000-4000-c000-000000000009', type: 'online' as const, locations: [] };

describe('the desk booking choices', () => {
  const start = firstChoices(deskDoctors, today, desk);
  const change = (c: DeskChoices, to: Parameters<typeof nextChoices>[1]) => nextChoices(c, to, deskDoctors, today, desk);

  it('starts as a slot booking today, the one doctor chosen when there is one', () => {
    expect(start).toEqual({ kind: 'book', doctorId: null, consultationType: null, locationId: null, date: today, time: null });
    expect(firstChoices([deskVikram], today, desk)).toMatchObject({ doctorId: deskVikram._id });
  });

  it("a Clinic Visit with a doctor of one clinic takes it; a Call takes none (the doctor's online hours)", () => {
    const vikram = change(change(start, { doctorId: deskVikram._id }), { consultationType: 'Clinic Visit' });
    expect(vikram.locationId).toBe(bandra._id);
    expect(change(vikram, { consultationType: 'Call' }).locationId).toBe('');
    // Back to a Clinic Visit: the one clinic again.
    expect(change(change(vikram, { consultationType: 'Call' }), { consultationType: 'Clinic Visit' }).locationId).toBe(bandra._id);
  });

  it("another doctor keeps the clinic only if they work there; a type they do not offer goes", () => {
    const anita = change(change(change(start, { doctorId: deskAnita._id }), { consultationType: 'Clinic Visit' }), { locationId: andheri._id });
    expect(change(anita, { doctorId: deskVikram._id }).locationId).toBe(bandra._id);
    const withOnline = nextChoices(anita, { doctorId: online._id }, [...deskDoctors, online], today, desk);
    expect(withOnline.consultationType).toBeNull();
  });

  it("a walk-in is a Clinic Visit today, whatever was chosen; it needs only the doctor and the clinic", () => {
    const tomorrow = change(change(start, { doctorId: deskAnita._id }), { date: '2025-03-12', consultationType: 'Call' });
    const walkIn = change(tomorrow, { kind: 'walkin' });
    expect(walkIn).toMatchObject({ consultationType: 'Clinic Visit', date: today, locationId: null });
    expect(choicesComplete(walkIn)).toBe(false);
    expect(choicesComplete(change(walkIn, { locationId: andheri._id }))).toBe(true);
    expect(deskSlotList(walkIn, deskDoctors)).toBeNull();
  });

  it('the slot list is the doctor at the clinic (by name) or online, on the date', () => {
    const anita = change(change(change(start, { doctorId: deskAnita._id }), { consultationType: 'Clinic Visit' }), { locationId: bandra._id });
    expect(deskSlotList(anita, deskDoctors)).toEqual({ doctorEmail: deskAnita.email, location: 'Bandra', date: today });
    expect(deskSlotList(change(anita, { consultationType: 'Call' }), deskDoctors)).toEqual({ doctorEmail: deskAnita.email, location: '', date: today });
    expect(choicesComplete(anita)).toBe(false);
    expect(choicesComplete({ ...anita, time: '10:30' })).toBe(true);
  });

  it('a patient without an account: a Clinic Visit or a Call; an account: every type; an online doctor: no Clinic Visit', () => {
    expect(typesFor(deskAnita, desk)).toEqual(['Clinic Visit', 'Call']);
    expect(typesFor(deskAnita, { kind: 'account' })).toEqual(['Clinic Visit', 'Chat', 'Video', 'Call']);
    expect(typesFor(online, { kind: 'account' })).toEqual(['Chat', 'Video', 'Call']);
  });
});

describe('the fee and the counter', () => {
  it('cash keeps no reference; UPI and card keep it trimmed; later carries nothing', () => {
    expect(deskFeeOf({ pay: 'now', method: 'cash', reference: 'x' })).toEqual({ pay: 'now', method: 'cash', reference: '' });
    expect(deskFeeOf({ pay: 'now', method: 'upi', reference: ' 5123 ' })).toEqual({ pay: 'now', method: 'upi', reference: '5123' });
    expect(deskFeeOf({ pay: 'later', method: 'card', reference: '77' })).toEqual({ pay: 'later' });
  });

  it('a fee is taken at the counter while due or unpaid; check-in is for a Booked Clinic Visit of today', () => {
    expect(['due', 'pending', 'failed', 'paid', 'refund'].map((s) => feeOutstanding({ appointmentPaymentStatus: s as 'due' }))).toEqual([true, true, true, false, false]);
    expect(checkInOffered(deskAppointment(), today)).toBe(true);
    expect(checkInOffered(deskAppointment({ date: '2025-03-11' }), today)).toBe(false);
    expect(checkInOffered(deskAppointment({ consultationType: 'Call' }), today)).toBe(false);
    expect(checkInOffered(deskAppointment({ appointmentStatus: 'Cancelled' }), today)).toBe(false);
  });

  it("the register form's problems by field, in its order", () => {
    expect(Object.keys(patientErrors({ firstName: '', lastName: 'Patil', phoneNumber: '12', age: '200', gender: '', email: 'nope' }))).toEqual([
      'firstName',
      'phoneNumber',
      'age',
      'gender',
      'email',
    ]);
    expect(patientErrors({ firstName: 'Ramesh', lastName: 'Patil', phoneNumber: '98220 12345', age: '67', gender: 'male', email: '' })).toEqual({});
  });

  it("the CSV's address carries the day's query, and back", () => {
    const query = { date: today, doctorId: deskAnita._id, locationId: '' };
    expect(dayCsvPath(query)).toBe(`/desk/day.csv?date=${today}&doctorId=${deskAnita._id}`);
    expect(dayQueryOfPath(dayCsvPath(query))).toEqual(query);
    expect(dayQueryOfPath(dayCsvPath({ ...query, locationId: andheri._id }))).toEqual({ ...query, locationId: andheri._id });
  });
});

describe('the desk api', () => {
  const api = (fetch: typeof globalThis.fetch) => createDeskApi(createApiClient({ fetch, base: '/api' }));

  it('searches with the query, registers, books and walks in with bodies', async () => {
    const search = server(200, { hits: [], more: false });
    expect(isRight(await api(search).searchPatients('T12', 'tok'))).toBe(true);
    expect(asked(search)).toMatchObject({ method: 'GET', url: '/api/desk/patients?q=T12', authorization: 'Bearer tok' });
    const entry = queueEntry();
    const walk = server(200, { entry });
    const request = { patientId: desk._id, doctorId: deskAnita._id, locationId: andheri._id, fee: { pay: 'later' } } as const;
    expect(await api(walk).walkIn(request as never, 'tok')).toEqual({ _tag: 'Right', right: { entry } });
    expect(asked(walk)).toMatchObject({ method: 'POST', url: '/api/desk/walkins', body: request });
  });

  it('the queue today or of a date, its moves and call, check-in and the counter payment by their paths', async () => {
    const queue = server(200, queueOf([]));
    await api(queue).queue(deskAnita._id, null, 'tok');
    expect(asked(queue).url).toBe(`/api/desk/queue?doctorId=${deskAnita._id}`);
    const dated = server(200, queueOf([]));
    await api(dated).queue(deskAnita._id, today, 'tok');
    expect(asked(dated).url).toBe(`/api/desk/queue?doctorId=${deskAnita._id}&date=${today}`);
    const entry = queueEntry();
    for (const [call, url, body] of [
      [(f: typeof fetch) => api(f).move(entry._id, 'noshow', 'tok'), `/api/desk/queue/${entry._id}/noshow`, undefined],
      [(f: typeof fetch) => api(f).callNext(deskAnita._id, '3', 'tok'), '/api/desk/queue/call-next', { doctorId: deskAnita._id, room: '3' }],
      [(f: typeof fetch) => api(f).checkIn(entry.appointment._id, 'tok'), `/api/desk/appointments/${entry.appointment._id}/check-in`, undefined],
    ] as const) {
      const fetch = server(200, { entry });
      expect(isRight(await call(fetch))).toBe(true);
      expect(asked(fetch)).toMatchObject({ method: 'POST', url, body });
    }
    const paid = server(200, deskAppointment({ appointmentPaymentStatus: 'paid' }));
    await api(paid).takePayment(entry.appointment._id, { method: 'card', reference: 'R-1' } as never, 'tok');
    expect(asked(paid)).toMatchObject({ url: `/api/desk/appointments/${entry.appointment._id}/payment`, body: { method: 'card', reference: 'R-1' } });
  });

  it("the queue's stream: each `queue` event decoded and handed on, its end said (changed, a refusal, a bad event)", async () => {
    const events = (text: string, status = 200) =>
      vi.fn<typeof fetch>(async () => new Response(text, { status, headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' } }));
    const answer = queueOf([queueEntry()]);
    const seen: unknown[] = [];
    const live = events(`retry: 2000\n: open\n\nevent: queue\ndata: ${JSON.stringify(answer)}\n\nevent: changed\ndata: {}\n\n`);
    const end = await api(live).readQueueStream(deskAnita._id, 'tok', (a) => seen.push(a), new AbortController().signal);
    expect(asked(live)).toMatchObject({ url: `/api/desk/queue/stream?doctorId=${deskAnita._id}`, authorization: 'Bearer tok' });
    expect(seen).toEqual([answer]);
    expect(end).toEqual({ kind: 'changed' });
    const refused = await api(events(JSON.stringify({ code: 'queue.streamsPerAccount', message: 'Too many' }), 429)).readQueueStream(deskAnita._id, 'tok', () => undefined, new AbortController().signal);
    expect(refused.kind).toBe('failed');
    const bad = await api(events('event: queue\ndata: {"doctorId": 1}\n\n')).readQueueStream(deskAnita._id, 'tok', (a) => seen.push(a), new AbortController().signal);
    expect(bad).toMatchObject({ kind: 'failed', failure: { _tag: 'DecodeFailure' } });
    expect(seen).toHaveLength(1);
  });

  it('the day list leaves out an empty doctor or location; its CSV comes as a file with its name', async () => {
    const list = server(200, []);
    await api(list).dayList({ date: today, doctorId: null, locationId: '' }, 'tok');
    expect(asked(list).url).toBe(`/api/desk/day?date=${today}`);
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response('time,token\n09:00,T1\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="day-2025-03-10.csv"' } }),
    );
    const file = await api(fetch).dayCsv({ date: today, doctorId: deskAnita._id }, 'tok');
    expect(isRight(file) && file.right.fileName).toBe('day-2025-03-10.csv');
    expect(isRight(file) && (await file.right.content.text())).toContain('T1');
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/desk/day.csv?date=${today}&doctorId=${deskAnita._id}`);
    expect((fetch.mock.calls[0]?.[1]?.headers as Record<string, string>).Accept).toBe('text/csv, application/json');
  });
});
