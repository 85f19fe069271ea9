/**
 * Chat consultations, on every backend: who may read and write (404 for anybody else,
 * admins read-only), when (the window, the follow-up after completion, read-only after it, never
 * cancelled or unpaid), bad input (400 naming the field, nothing stored), photos re-encoded without
 * EXIF and served private/no-store, the per-person rate limit, unread counts, and real time over
 * Server-Sent Events: delivery, Last-Event-ID resume without loss or doubles, two instances on
 * one database (LISTEN/NOTIFY on PostgreSQL, PGlite's listen), the graceful shutdown's reconnect.
 */
import sharp from 'sharp';
import { describe, expect, it, beforeEach } from 'vitest';
import type { ChatMessage } from '../../contract/chat.js';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { chatOf, conversation, listening, markRead, openStream, said, say, sendPhoto } from './chatSupport.js';
import { booked, kavita, meera, meeraOnlineToo } from './paymentSupport.js';
import { minute } from './accountsSupport.js';
import { readConsultationConfig } from '../../server/config/consultation.js';
import { looksLikeHeic } from '../../server/services/chat.js';

/** A JPEG with EXIF (an artist and GPS position), as a phone's camera writes one. */
const photoWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08060' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Asha Deshpande' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 33/1 0/1' } })
    .toBuffer();

describe.each(backends)('chat on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { CHAT_MESSAGES_PER_MINUTE: '5' } });
  // Chat and Video are online only: Dr. Meera consults online this Tuesday too.
  beforeEach(() => meeraOnlineToo(t.db()));

  /** The clock: 10:00 in the clinic; a paid Chat with Dr. Meera Kulkarni at 11:00 (opens 10:50). */
  async function chatAppointment(startTime = '11:00') {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { startTime, consultationType: 'Chat' });
    return { patient, appointment };
  }

  /** As chatAppointment, with the clock moved to 10:50: the chat is open. */
  async function openChat() {
    const chat = await chatAppointment('11:00');
    t.clock.advance(50 * minute);
    return chat;
  }

  const messageRows = async () => (await t.db().query<{ n: number }>('select count(*)::int as n from chat_messages')).rows[0]!.n;
  const photoRows = async () => (await t.db().query<{ n: number }>('select count(*)::int as n from chat_photos')).rows[0]!.n;

  it('opens 10 minutes before the start for the patient and the doctor; admins read only; 404 for anybody else', async () => {
    const { patient, appointment } = await chatAppointment();
    const doctor = await t.staff('doctor', meera.email);
    const otherDoctor = await t.staff('doctor', kavita.email);
    const other = await t.patient();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const id = appointment._id;

    const before = await conversation(t.app(), patient, id);
    expect(before).toMatchObject({ as: 'patient', state: 'upcoming', canWrite: false, opensAt: '2025-03-11T05:20:00.000Z', messages: [], unread: 0 });
    const early = await say(t.app(), patient, id, { text: 'Hello doctor' });
    expect(early.statusCode).toBe(409);
    expect(await messageRows()).toBe(0);

    t.clock.advance(50 * minute); // 10:50
    expect((await conversation(t.app(), patient, id)).state).toBe('open');
    const hello = await said(t.app(), patient, id, 'Hello doctor,\nthe rash is back.');
    expect(hello).toMatchObject({ from: 'patient', text: 'Hello doctor,\nthe rash is back.', photo: null });
    expect(hello.id).toMatch(/^\d+$/);
    await said(t.app(), doctor, id, 'Please send a photo.');

    const asDoctor = await conversation(t.app(), doctor, id);
    expect(asDoctor.as).toBe('doctor');
    expect(asDoctor.messages.map((m) => [m.from, m.text])).toEqual([
      ['patient', 'Hello doctor,\nthe rash is back.'],
      ['doctor', 'Please send a photo.'],
    ]);
    const asAdmin = await conversation(t.app(), admin, id);
    expect(asAdmin).toMatchObject({ as: 'admin', canWrite: false, unread: 0 });
    expect(asAdmin.messages).toHaveLength(2);
    expect((await say(t.app(), admin, id, { text: 'audit' })).statusCode).toBe(403);
    expect((await markRead(t.app(), admin, id, '1')).statusCode).toBe(403);

    for (const stranger of [other, otherDoctor]) {
      const read = await chatOf(t.app(), stranger, id);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'appointment.notFound', message: 'Appointment not found.' });
      expect((await say(t.app(), stranger, id, { text: 'hi' })).statusCode).toBe(404);
      expect((await sendPhoto(t.app(), stranger, id, await photoWithExif())).statusCode).toBe(404);
      expect((await markRead(t.app(), stranger, id, '1')).statusCode).toBe(404);
      const stream = await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/chat/stream`, headers: stranger.headers });
      expect(stream.statusCode).toBe(404);
    }
    expect((await chatOf(t.app(), null, id)).statusCode).toBe(401);
    expect((await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/chat/stream` })).statusCode).toBe(401);
    expect((await chatOf(t.app(), patient, 'not-an-id')).statusCode).toBe(400);
    expect(await messageRows()).toBe(2);

    // A Video appointment has no chat.
    const video = await bookedAndPaid(t.app(), patient, { startTime: '12:00', consultationType: 'Video' });
    expect((await chatOf(t.app(), patient, video._id)).statusCode).toBe(404);
  });

  it('stays open after completion for CHAT_FOLLOWUP_HOURS (72), then read-only; never cancelled or unpaid', async () => {
    const patient0 = await t.patient();
    const unpaid = await booked(t.app(), patient0, { startTime: '11:15', consultationType: 'Chat' });
    const cancelled = await bookedAndPaid(t.app(), patient0, { startTime: '11:30', consultationType: 'Chat' });
    expect((await cancel(t.app(), patient0, patient0.id, cancelled._id)).statusCode).toBe(200);
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const id = appointment._id;
    await said(t.app(), patient, id, 'Before');
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${id}/complete`, prescription)).statusCode).toBe(200);
    const followup = await conversation(t.app(), patient, id);
    expect(followup).toMatchObject({ state: 'followup', canWrite: true, followUpUntil: '2025-03-14T05:20:00.000Z' });
    await said(t.app(), patient, id, 'A follow-up question');
    t.clock.advance(72 * 60 * minute - 1000);
    await said(t.app(), doctor, id, 'An answer in time');
    t.clock.advance(1000);
    const closed = await conversation(t.app(), patient, id);
    expect(closed).toMatchObject({ state: 'readonly', canWrite: false });
    expect(closed.messages).toHaveLength(3);
    const late = await say(t.app(), patient, id, { text: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This chat is closed: it can still be read.');
    expect(await messageRows()).toBe(3);

    expect((await conversation(t.app(), patient0, unpaid._id)).state).toBe('unavailable');
    expect((await say(t.app(), patient0, unpaid._id, { text: 'hi' })).statusCode).toBe(409);
    expect((await conversation(t.app(), patient0, cancelled._id)).state).toBe('unavailable');
    expect(await messageRows()).toBe(3);
  });

  it('refuses an empty message, one over 2000 characters and control characters with 400 naming the field; nothing stored', async () => {
    const { patient, appointment } = await openChat();
    for (const payload of [{ text: '' }, { text: '   \n ' }, { text: 'x'.repeat(2001) }, { text: 'a\u0000b' }, {}, { text: 7 }]) {
      const res = await say(t.app(), patient, appointment._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].field).toBe('text');
    }
    expect((await say(t.app(), patient, appointment._id, { text: 'x'.repeat(2000) })).statusCode).toBe(200);
    const badRead = await markRead(t.app(), patient, appointment._id, '-1');
    expect(badRead.statusCode).toBe(400);
    expect(badRead.json().errors[0].field).toBe('upTo');
    expect(await messageRows()).toBe(1);
  });

  it('keeps a message sent again with the same client id once and answers the first one; the id is per sender; a bad id is a 400', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const clientId = '5f0c7d3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
    const first = await say(t.app(), patient, appointment._id, { text: 'Written offline', clientId });
    const again = await say(t.app(), patient, appointment._id, { text: 'Written offline', clientId });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await messageRows()).toBe(1);
    // The doctor's message with the same id is another message.
    const theirs = await say(t.app(), doctor, appointment._id, { text: 'Noted', clientId });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().id).not.toBe(first.json().id);
    // Without a client id, the same text twice is two messages.
    await said(t.app(), patient, appointment._id, 'twice');
    await said(t.app(), patient, appointment._id, 'twice');
    expect(await messageRows()).toBe(4);
    const bad = await say(t.app(), patient, appointment._id, { text: 'x', clientId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('clientId');
  });

  it('a send repeated at once on two instances with the same client id makes one message; both answers name it', async () => {
    const { patient, appointment } = await openChat();
    const second = await t.anotherInstance();
    const clientId = '0b7a4c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d';
    const [one, other] = await Promise.all([
      say(t.app(), patient, appointment._id, { text: 'Sent twice at once', clientId }),
      say(second, patient, appointment._id, { text: 'Sent twice at once', clientId }),
    ]);
    expect([one.statusCode, other.statusCode], `${one.body} ${other.body}`).toEqual([200, 200]);
    expect(other.json().id).toBe(one.json().id);
    expect(await messageRows()).toBe(1);
  });

  it('re-encodes a photo without EXIF or location, serves it private/no-store to the two parties only; refuses what is not a photo', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const other = await t.patient();
    const id = appointment._id;
    const original = await photoWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await sendPhoto(t.app(), patient, id, original);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json() as ChatMessage;
    expect(message.photo).toMatchObject({ width: 64, height: 48, url: `/api/appointment/${id}/chat/photos/${message.photo!.id}` });

    const got = await t.app().inject({ method: 'GET', url: message.photo!.url, headers: doctor.headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-type']).toBe('image/jpeg');
    const served = await sharp(got.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(served.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Asha Deshpande'))).toBe(false);
    expect((await t.app().inject({ method: 'GET', url: message.photo!.url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app().inject({ method: 'GET', url: message.photo!.url })).statusCode).toBe(401);

    // PNG and WebP are taken too (re-encoded to JPEG), whatever content type the browser says.
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00ff0080' } }).png().toBuffer();
    expect((await sendPhoto(t.app(), patient, id, png, 'application/octet-stream')).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0000ff' } }).webp().toBuffer();
    expect((await sendPhoto(t.app(), doctor, id, webp, 'image/webp')).statusCode).toBe(200);
    expect(await photoRows()).toBe(3);

    const refusals: Array<[Buffer, string, string]> = [
      [Buffer.from('%PDF-1.4 not a photo at all'), 'image/jpeg', 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png', 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.'],
      [await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer(), 'image/jpeg', 'This file is not a photo. Send a JPEG, PNG, WebP or HEIC picture.'],
      [Buffer.alloc(0), 'image/jpeg', 'Choose a photo to send.'],
      [Buffer.concat([original, Buffer.alloc(10 * 1024 * 1024)]), 'image/jpeg', 'A photo can be at most 10 MB.'],
    ];
    for (const [bytes, type, why] of refusals) {
      t.clock.advance(minute); // out of the rate limit's way (5 a minute here)
      const refused = await sendPhoto(t.app(), patient, id, bytes, type);
      expect(refused.statusCode, why).toBe(400);
      expect(refused.json()).toEqual({ code: expect.stringMatching(/^chat\./), message: why, errors: [{ field: 'photo', message: why }] });
    }
    expect(await photoRows()).toBe(3);
    expect(await messageRows()).toBe(3);
  });

  it('refuses HEIC with a clear message when the server cannot decode it (sharp\'s prebuilt libvips has no HEVC)', async () => {
    const { patient, appointment } = await openChat();
    // The start of an iPhone's HEIC file: a ftyp box with the heic brand (the rest is not decodable here).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(looksLikeHeic(heic)).toBe(true);
    const res = await sendPhoto(t.app(), patient, appointment._id, heic, 'image/heic');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'photo', message: expect.stringContaining('HEIC photos cannot be read') });
    expect(await photoRows()).toBe(0);
  });

  it('limits messages per person (CHAT_MESSAGES_PER_MINUTE) with 429 and Retry-After; the other party is not limited', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    for (let i = 1; i <= 5; i++) await said(t.app(), patient, appointment._id, `message ${i}`);
    const sixth = await say(t.app(), patient, appointment._id, { text: 'one too many' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many messages in a minute. Wait a moment and send it again.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    await said(t.app(), doctor, appointment._id, 'The doctor still can');
    t.clock.advance(minute);
    await said(t.app(), patient, appointment._id, 'and again after a minute');
    expect(await messageRows()).toBe(7);
  });

  it('counts unread messages of the other party, marked read up to an id; on the patient\'s appointments and the doctor\'s list', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const id = appointment._id;
    const first = await said(t.app(), doctor, id, 'How are you today?');
    const second = await said(t.app(), doctor, id, 'Any fever?');
    expect((await conversation(t.app(), patient, id)).unread).toBe(2);
    expect((await conversation(t.app(), doctor, id)).unread).toBe(0);
    const afterFirst = await markRead(t.app(), patient, id, first.id);
    expect(afterFirst.json()).toEqual({ unread: 1 });
    // Never backwards, never past the last message.
    expect((await markRead(t.app(), patient, id, '0')).json()).toEqual({ unread: 1 });
    expect((await markRead(t.app(), patient, id, second.id)).json()).toEqual({ unread: 0 });
    await said(t.app(), patient, id, 'No fever.');
    expect((await conversation(t.app(), doctor, id)).unread).toBe(1);
    // The patient's appointments: the Chat has its unread count (the doctor's answer is read), a Video none.
    await bookedAndPaid(t.app(), patient, { startTime: '12:00', consultationType: 'Video' });
    // Answering moves the doctor's own read mark to their answer: 'No fever.' is read now.
    await said(t.app(), doctor, id, 'Take the remedy twice a day.');
    expect((await conversation(t.app(), doctor, id)).unread).toBe(0);
    const mine = await t.app().inject({ method: 'GET', url: `/api/auth/getUser/${encodeURIComponent(patient.email)}`, headers: patient.headers });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as Array<{ _id: string; consultationType: string; unreadMessages?: number }>;
    expect(list.find((a) => a._id === id)?.unreadMessages).toBe(1);
    expect(list.find((a) => a.consultationType === 'Video')).not.toHaveProperty('unreadMessages');
    // The doctor's list: the patient's one unread message (writing marks the patient's own read
    // up to it); an admin's list has no counts.
    await said(t.app(), patient, id, 'Thank you');
    const doctorsList = await staffCall(t.app(), doctor, 'GET', '/appointments?date=2025-03-11');
    expect(doctorsList.statusCode).toBe(200);
    expect((doctorsList.json() as Array<{ _id: string; unreadMessages?: number }>).find((a) => a._id === id)?.unreadMessages).toBe(1);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const adminsList = await staffCall(t.app(), admin, 'GET', '/appointments?date=2025-03-11');
    expect((adminsList.json() as Array<{ _id: string; unreadMessages?: number }>).find((a) => a._id === id)).not.toHaveProperty('unreadMessages');
  });

  it('delivers over Server-Sent Events by the push, resumes after Last-Event-ID without loss or doubles', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const id = appointment._id;
    const base = await listening(t.app());
    const earlier = await said(t.app(), patient, id, 'Sent before the doctor connected');

    const stream = await openStream(base, doctor, id);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('private, no-store');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.waitFor(() => stream.messages().length === 1);
    expect(stream.events[0]!.id).toBe(earlier.id);

    const live = await said(t.app(), patient, id, 'Live');
    await stream.waitFor(() => stream.messages().length === 2);
    expect(stream.messages()[1]).toEqual(live);
    await stream.close();

    // Two messages while the doctor's network is down, then a reconnect with the last id seen.
    const missed1 = await said(t.app(), patient, id, 'While you were away 1');
    const missed2 = await said(t.app(), patient, id, 'While you were away 2');
    const again = await openStream(base, doctor, id, live.id);
    await again.waitFor(() => again.messages().length === 2);
    const more = await said(t.app(), patient, id, 'After the reconnect');
    await again.waitFor(() => again.messages().length === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.messages().map((m) => m.id)).toEqual([missed1.id, missed2.id, more.id]);
    await again.close();

    const bad = await fetch(`${base}/api/appointment/${id}/chat/stream`, { headers: { ...doctor.headers, 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'Last-Event-ID', message: 'must be a message id' }]);
  });

  it('two instances on one database: a message posted on one arrives on the other\'s stream by the push, not the minute\'s recheck', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const id = appointment._id;
    const second = await t.anotherInstance();
    const stream = await openStream(await listening(second), doctor, id);
    await stream.waitFor(() => stream.events.length === 0 && stream.res.ok);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) {
      await said(t.app(), patient, id, `over the database ${i}`);
      await stream.waitFor(() => stream.messages().length === i + 1);
    }
    expect(stream.messages().map((m) => m.text)).toEqual([0, 1, 2, 3, 4].map((i) => `over the database ${i}`));
    await stream.close();
  });

  it('tells open streams, on every instance, when the appointment changes (completed, cancelled), so the browser loads its new state; a message does not', async () => {
    const { patient, appointment } = await openChat();
    const doctor = await t.staff('doctor', meera.email);
    const id = appointment._id;
    const second = await t.anotherInstance();
    const patientStream = await openStream(await listening(second), patient, id);
    const doctorStream = await openStream(await listening(t.app()), doctor, id);
    await patientStream.waitFor(() => patientStream.res.ok);
    await doctorStream.waitFor(() => doctorStream.res.ok);
    await new Promise((r) => setTimeout(r, 50));
    await said(t.app(), patient, id, 'Still here');
    await doctorStream.waitFor(() => doctorStream.messages().length === 1);
    expect(doctorStream.ended).toBe(false);

    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${id}/complete`, prescription)).statusCode).toBe(200);
    await patientStream.waitFor(() => patientStream.ended);
    await doctorStream.waitFor(() => doctorStream.ended);
    expect(patientStream.events.map((e) => e.event)).toEqual(['message', 'changed']);
    expect(doctorStream.events.at(-1)?.event).toBe('changed');
    expect((await conversation(t.app(), patient, id)).state).toBe('followup');

    // Another Chat appointment, cancelled by its patient while the stream is open.
    const other = await bookedAndPaid(t.app(), patient, { startTime: '11:30', consultationType: 'Chat' });
    t.clock.advance(30 * minute);
    const otherStream = await openStream(await listening(second), patient, other._id);
    await otherStream.waitFor(() => otherStream.res.ok);
    await new Promise((r) => setTimeout(r, 50));
    expect((await cancel(t.app(), patient, patient.id, other._id)).statusCode).toBe(200);
    await otherStream.waitFor(() => otherStream.ended);
    expect(otherStream.events.map((e) => e.event)).toEqual(['changed']);
  });

  it('ends open streams with a reconnect event when the app closes (the graceful shutdown)', async () => {
    const { patient, appointment } = await openChat();
    const second = await t.anotherInstance();
    const stream = await openStream(await listening(second), patient, appointment._id);
    await second.close();
    await stream.waitFor(() => stream.ended);
    expect(stream.events.at(-1)?.event).toBe('reconnect');
  });
});

describe('chat settings', () => {
  it('reads CHAT_FOLLOWUP_HOURS and CHAT_MESSAGES_PER_MINUTE, refusing bad values by name', () => {
    expect(readConsultationConfig({}).value).toMatchObject({ chatFollowUpHours: 72, chatMessagesPerMinute: 30 });
    expect(readConsultationConfig({ CHAT_FOLLOWUP_HOURS: '24', CHAT_MESSAGES_PER_MINUTE: '10' }).value).toMatchObject({
      chatFollowUpHours: 24,
      chatMessagesPerMinute: 10,
    });
    const bad = readConsultationConfig({ CHAT_FOLLOWUP_HOURS: 'soon', CHAT_MESSAGES_PER_MINUTE: '0' });
    expect(bad.problems).toEqual([
      'CHAT_FOLLOWUP_HOURS must be a whole number of hours from 0 to 720 (got "soon")',
      'CHAT_MESSAGES_PER_MINUTE must be a whole number of messages from 1 to 600 (got "0")',
    ]);
  });
});
