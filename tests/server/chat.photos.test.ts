/**
 * What chat photos may cost the clinic's disk, on every backend: a photo is stored re-encoded
 * at most 2048 pixels a side and at most 1 MB (a detailed 4.3 MB phone photo included); one
 * person sends at most CHAT_PHOTOS_PER_CONVERSATION photos in one conversation and one account at
 * most CHAT_PHOTOS_PER_DAY in 24 hours, all conversations together, also when the photos are
 * sent at once; past a quota a 400 on the `photo` field says which, and nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, beforeEach } from 'vitest';
import type { ChatMessage } from '../../contract/chat.js';
import { backends } from './helpers.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { sendPhoto } from './chatSupport.js';
import { meera, meeraOnlineToo, type Patient } from './paymentSupport.js';
import { minute } from './accountsSupport.js';

const perConversation = 3;
const perDay = 5;
/** The most a stored photo may be. */
const storedMax = 1024 * 1024;

const smallPhoto = (shade: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();

describe.each(backends)('chat photos on %s', (backend) => {
  const t = useAppointmentsApp(backend, {
    env: { CHAT_MESSAGES_PER_MINUTE: '600', CHAT_PHOTOS_PER_CONVERSATION: String(perConversation), CHAT_PHOTOS_PER_DAY: String(perDay) },
  });
  beforeEach(() => meeraOnlineToo(t.db()));

  const photoBytes = async () =>
    (await t.db().query<{ id: string; bytes: number }>('select id, octet_length(data)::int as bytes from chat_photos order by created_at')).rows;

  async function chat(patient: Patient, startTime: string) {
    return (await bookedAndPaid(t.app(), patient, { startTime, consultationType: 'Chat' }))._id;
  }

  it('stores a detailed 4.3 MB phone photo at most 2048 pixels a side and under 1 MB', async () => {
    const patient = await t.patient();
    const id = await chat(patient, '11:00');
    t.clock.advance(50 * minute);
    // Noise is the worst case for JPEG: every pixel is detail.
    const [width, height] = [3000, 2250];
    const upload = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
    expect(upload.length).toBeGreaterThan(4 * 1024 * 1024);

    const res = await sendPhoto(t.app(), patient, id, upload);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json() as ChatMessage;
    expect(Math.max(message.photo!.width, message.photo!.height)).toBeLessThanOrEqual(2048);
    expect(message.photo!.width / message.photo!.height).toBeCloseTo(width / height, 1);
    const [stored] = await photoBytes();
    expect(stored!.bytes).toBeLessThanOrEqual(storedMax);
    const served = await t.app().inject({ method: 'GET', url: message.photo!.url, headers: patient.headers });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: message.photo!.width, height: message.photo!.height });
  });

  it('refuses photos past the per-conversation and per-day quotas on the photo field, even sent at once; nothing stored', async () => {
    const patient = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const first = await chat(patient, '11:00');
    const second = await chat(patient, '11:15');
    const third = await chat(patient, '11:30');
    t.clock.advance(50 * minute); // 10:50: the first is open
    t.clock.advance(40 * minute); // 11:30: all three are

    // Six at once where three fit: exactly three are stored.
    const atOnce = await Promise.all(Array.from({ length: 6 }, (_, i) => smallPhoto(i * 10).then((p) => sendPhoto(t.app(), patient, first, p))));
    expect(atOnce.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400]);
    const conversationFull = 'You have sent as many photos in this consultation as it can keep. Please describe the rest in words.';
    for (const refused of atOnce.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ code: 'chat.photosPerConversation', message: conversationFull, errors: [{ field: 'photo', message: conversationFull }] });
    }
    expect(await photoBytes()).toHaveLength(3);

    // The doctor's photos are theirs to count.
    expect((await sendPhoto(t.app(), doctor, first, await smallPhoto(200))).statusCode).toBe(200);

    // Two more in another conversation make five today; the sixth, anywhere, is refused.
    expect((await sendPhoto(t.app(), patient, second, await smallPhoto(1))).statusCode).toBe(200);
    expect((await sendPhoto(t.app(), patient, second, await smallPhoto(2))).statusCode).toBe(200);
    const dayFull = 'You have sent as many photos today as the clinic can take. Please send more tomorrow, or describe them in words.';
    for (const id of [second, third]) {
      const refused = await sendPhoto(t.app(), patient, id, await smallPhoto(3));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'chat.photosPerDay', message: dayFull, errors: [{ field: 'photo', message: dayFull }] });
    }
    expect(await photoBytes()).toHaveLength(6);
    const messages = (await t.db().query<{ n: number }>('select count(*)::int as n from chat_messages')).rows[0]!.n;
    expect(messages).toBe(6);

    // A day later the account may send again; the first conversation stays full.
    t.clock.advance(24 * 60 * minute);
    expect((await sendPhoto(t.app(), patient, third, await smallPhoto(4))).statusCode).toBe(200);
    expect((await sendPhoto(t.app(), patient, first, await smallPhoto(5))).json()).toMatchObject({ message: conversationFull });
    expect(await photoBytes()).toHaveLength(7);
  });
});

describe('chat photo settings', () => {
  it('reads CHAT_PHOTOS_PER_CONVERSATION and CHAT_PHOTOS_PER_DAY with their defaults, refusing bad values by name', async () => {
    const { readConsultationConfig } = await import('../../server/config/consultation.js');
    expect(readConsultationConfig({}).value).toMatchObject({ chatPhotosPerConversation: 20, chatPhotosPerDay: 40 });
    expect(readConsultationConfig({ CHAT_PHOTOS_PER_CONVERSATION: '5', CHAT_PHOTOS_PER_DAY: '8' }).value).toMatchObject({
      chatPhotosPerConversation: 5,
      chatPhotosPerDay: 8,
    });
    expect(readConsultationConfig({ CHAT_PHOTOS_PER_CONVERSATION: 'many', CHAT_PHOTOS_PER_DAY: '-1' }).problems).toEqual([
      'CHAT_PHOTOS_PER_CONVERSATION must be a whole number of photos from 0 to 1000 (got "many")',
      'CHAT_PHOTOS_PER_DAY must be a whole number of photos from 0 to 10000 (got "-1")',
    ]);
  });
});
