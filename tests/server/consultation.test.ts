/**
 * The consultation itself, on every backend: the Video join link only for the
 * appointment's patient and doctor, only inside the join window (by the server's clock), never for
 * a cancelled, unpaid or completed appointment, with Jitsi's JWT when the server has token
 * authentication; the Call's person and number; the doctor's "no answer" note, stored and audited;
 * 404 for anybody else, 401 without a token, 400 for bad input with nothing stored.
 */
import { jwtVerify } from 'jose';
import { describe, expect, it, beforeEach } from 'vitest';
import { isRight } from 'fp-ts/lib/Either.js';
import type { FastifyInstance } from 'fastify';
import { Consultation } from '../../contract/consultation.js';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { booked, kavita, meera, type Patient, type Response, meeraOnlineToo } from './paymentSupport.js';
import { minute } from './accountsSupport.js';
import { api, idOf, officeEmail, ok } from './staffAdminSupport.js';
import { readConsultationConfig } from '../../server/config/consultation.js';
import { defaultConsultationConfig } from '../../server/consultation/config.js';
import { loadConfig } from '../../server/config.js';

const consultationOf = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'GET', url: `/api/appointment/${id}/consultation`, headers: who ? who.headers : {} }) as Promise<Response>;

const noAnswer = (app: FastifyInstance, who: Patient | null, id: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/staff/appointments/${id}/call/noanswer`,
    headers: who ? who.headers : {},
    payload: payload as object,
  }) as Promise<Response>;

async function consultation(app: FastifyInstance, who: Patient, id: string): Promise<Consultation> {
  const res = await consultationOf(app, who, id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const decoded = Consultation.decode(res.json());
  expect(isRight(decoded)).toBe(true);
  return res.json() as Consultation;
}

const secret = 'a-jitsi-shared-secret-of-the-clinic';

describe.each(backends)('consultations on %s', (backend) => {
  // The Jitsi rooms (VIDEO_PROVIDER=jitsi); the portal's own video: video.test.ts.
  const t = useAppointmentsApp(backend, { env: { VIDEO_PROVIDER: 'jitsi' } });
  // Video, Chat and Call are online only: Dr. Meera consults online this Tuesday too.
  beforeEach(() => meeraOnlineToo(t.db()));

  it('hands the Video link to the patient and the doctor from 10 minutes before the start until 30 after the slot, one room, 404 for others', async () => {
    const patient = await t.patient();
    const other = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const otherDoctor = await t.staff('doctor', kavita.email);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    // The clock: 10:00 in the clinic; Video with Dr. Meera Kulkarni at 11:00, slots of 15 minutes.
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Video' });

    const before = await consultation(t.app(), patient, appointment._id);
    expect(before).toMatchObject({
      as: 'patient',
      state: 'upcoming',
      joinUrl: null,
      opensAt: '2025-03-11T05:20:00.000Z',
      closesAt: '2025-03-11T06:15:00.000Z',
      doctorName: meera.name,
      registration: { council: 'Maharashtra Council of Homoeopathy', number: 'MH-HOM-48213' },
      consent: null,
      events: [],
    });

    t.clock.advance(50 * minute - 1000); // 10:49:59
    expect((await consultation(t.app(), patient, appointment._id)).joinUrl).toBeNull();
    expect((await consultation(t.app(), doctor, appointment._id)).joinUrl).toBeNull();
    const rooms = async () => (await t.db().query<{ room: string }>('select room from consultation_rooms')).rows;
    expect(await rooms()).toEqual([]);

    t.clock.advance(1000); // 10:50:00
    const patientView = await consultation(t.app(), patient, appointment._id);
    expect(patientView.state).toBe('open');
    expect(patientView.joinUrl).toMatch(/^https:\/\/meet\.jit\.si\/[a-f0-9]{32}$/);
    const doctorView = await consultation(t.app(), doctor, appointment._id);
    expect(doctorView.as).toBe('doctor');
    expect(doctorView.joinUrl).toBe(patientView.joinUrl);
    expect(await rooms()).toEqual([{ room: patientView.joinUrl!.split('/').at(-1) }]);

    // Anybody else: 404 as for no appointment at all; without a token 401.
    for (const who of [other, otherDoctor]) {
      const refused = await consultationOf(t.app(), who, appointment._id);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(patientView.joinUrl!.split('/').at(-1));
    }
    expect((await consultationOf(t.app(), null, appointment._id)).statusCode).toBe(401);
    expect((await consultationOf(t.app(), patient, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await consultationOf(t.app(), patient, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');

    // An admin, for audit: the record, never a seat in the consultation.
    const audit = await consultation(t.app(), admin, appointment._id);
    expect(audit).toMatchObject({ as: 'admin', state: 'open', joinUrl: null });
    expect(audit.events.map((e) => [e.kind, e.role])).toEqual([
      ['video.link', 'patient'],
      ['video.link', 'doctor'],
    ]);
    // Asking again does not add to the record.
    await consultation(t.app(), patient, appointment._id);
    expect((await consultation(t.app(), admin, appointment._id)).events).toHaveLength(2);

    t.clock.advance(55 * minute - 1000); // 11:44:59: the slot ended at 11:15, plus 30 minutes
    expect((await consultation(t.app(), patient, appointment._id)).joinUrl).toBe(patientView.joinUrl);
    t.clock.advance(1000); // 11:45:00
    const after = await consultation(t.app(), patient, appointment._id);
    expect(after).toMatchObject({ state: 'closed', joinUrl: null });
  });

  it('never for an unpaid, cancelled or completed appointment; a Clinic Visit has no consultation here', async () => {
    const patient = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const unpaid = await booked(t.app(), patient, { startTime: '10:45', consultationType: 'Video' });
    const cancelled = await bookedAndPaid(t.app(), patient, { startTime: '10:30', consultationType: 'Video' });
    const completed = await bookedAndPaid(t.app(), patient, { startTime: '10:15', consultationType: 'Video' });
    const visit = await bookedAndPaid(t.app(), patient, { startTime: '11:30', consultationType: 'Clinic Visit' });
    expect((await cancel(t.app(), patient, patient.id, cancelled._id)).statusCode).toBe(200);
    t.clock.advance(5 * minute); // 10:05: the 10:15 consultation's window opens, and with it its completion
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${completed._id}/complete`, prescription)).statusCode).toBe(200);
    t.clock.advance(35 * minute); // 10:40: every window is open
    for (const [a, reason] of [
      [unpaid, 'unpaid'],
      [cancelled, 'cancelled'],
      [completed, 'completed'],
    ] as const) {
      for (const who of [patient, doctor]) {
        const c = await consultation(t.app(), who, a._id);
        expect(c).toMatchObject({ state: 'unavailable', reason, joinUrl: null });
      }
    }
    expect((await consultationOf(t.app(), patient, visit._id)).statusCode).toBe(404);
    expect((await t.db().query('select 1 from consultation_rooms')).rows).toEqual([]);
  });

  it('the Call: the person consulted and their number for the patient; the doctor notes no answer, stored and audited', async () => {
    const patient = await t.patient();
    const other = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const otherDoctor = await t.staff('doctor', kavita.email);
    const call = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Call' });
    const video = await bookedAndPaid(t.app(), patient, { startTime: '11:15', consultationType: 'Video' });

    const seen = await consultation(t.app(), patient, call._id);
    expect(seen).toMatchObject({
      consultationType: 'Call',
      state: 'upcoming',
      joinUrl: null,
      startTime: '11:00',
      doctorName: meera.name,
      person: { firstName: 'Asha', lastName: 'Deshpande', age: 34, gender: 'female', phoneNumber: '+919876543210', adultPresent: null },
    });

    // Before the call opens: refused, nothing stored.
    const early = await noAnswer(t.app(), doctor, call._id, { note: 'rang twice' });
    expect(early.statusCode).toBe(409);

    t.clock.advance(62 * minute); // 11:02
    for (const payload of [{}, { note: 'x'.repeat(501) }, { note: 'bad\u0000note' }, { note: 42 }]) {
      const bad = await noAnswer(t.app(), doctor, call._id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors[0].field).toBe('note');
    }
    expect((await noAnswer(t.app(), patient, call._id, { note: '' })).statusCode).toBe(403);
    expect((await noAnswer(t.app(), otherDoctor, call._id, { note: '' })).statusCode).toBe(404);
    expect((await noAnswer(t.app(), null, call._id, { note: '' })).statusCode).toBe(401);
    expect((await noAnswer(t.app(), doctor, video._id, { note: '' })).statusCode).toBe(409);
    expect((await t.db().query('select 1 from consultation_events')).rows).toEqual([]);

    const noted = await noAnswer(t.app(), doctor, call._id, { note: 'Rang twice, no answer' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((noted.json() as Consultation).events).toEqual([
      { kind: 'call.noanswer', at: '2025-03-11T05:32:00.000Z', role: 'doctor', note: 'Rang twice, no answer' },
    ]);
    const audit = await t.db().query<{ action: string; actor: string; details: unknown }>(
      "select action, actor, details from audit_log where action = 'call.noanswer'",
    );
    expect(audit.rows).toEqual([{ action: 'call.noanswer', actor: meera.email, details: { note: 'Rang twice, no answer' } }]);
    // The patient does not read the clinic's notes; another patient still gets 404.
    expect((await consultation(t.app(), patient, call._id)).events).toEqual([]);
    expect((await consultationOf(t.app(), other, call._id)).statusCode).toBe(404);
  });

  it("an admin edits a doctor's registration (both or neither, 400 naming the field, nothing written); the consultation and the confirmation mail show it", async () => {
    const admin = await t.staff('admin', officeEmail);
    const patient = await t.patient();
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const doctor = await ok<{ locations: { _id: string }[] }>(t.app(), admin, 'GET', `/doctors/${meeraId}`).then((s: any) => s.doctor);
    const base = {
      name: meera.name,
      email: meera.email,
      type: 'clinic',
      qualification: 'BHMS, MD (Homeopathy) - skin and hair',
      slotMinutes: 15,
      locationIds: doctor.locations.map((l: { _id: string }) => l._id),
    };
    const stored = async () =>
      (await t.db().query<{ c: string; n: string }>('select registration_council as c, registration_number as n from doctors where id = $1', [meeraId])).rows[0];
    const before = await stored();
    for (const [extra, field] of [
      [{ registrationCouncil: 'Maharashtra Council of Homoeopathy', registrationNumber: '' }, 'registrationNumber'],
      [{ registrationCouncil: '', registrationNumber: 'MH-1' }, 'registrationCouncil'],
      [{ registrationNumber: 'MH<script>' }, 'registrationNumber'],
      [{ registrationNumber: 'M'.repeat(51) }, 'registrationNumber'],
      [{ registrationCouncil: 'x'.repeat(201) }, 'registrationCouncil'],
      [{ registrationCouncil: 'Council\u0007' }, 'registrationCouncil'],
      [{ registrationNumber: 42 }, 'registrationNumber'],
    ] as const) {
      const refused = await api(t.app(), admin, 'PUT', `/doctors/${meeraId}`, { ...base, ...extra });
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(refused.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await stored()).toEqual(before);
    }
    // Absent: unchanged.
    expect((await ok(t.app(), admin, 'PUT', `/doctors/${meeraId}`, base)).doctor).toMatchObject({
      registrationCouncil: 'Maharashtra Council of Homoeopathy',
      registrationNumber: 'MH-HOM-48213',
    });
    const changed = await ok(t.app(), admin, 'PUT', `/doctors/${meeraId}`, {
      ...base,
      registrationCouncil: ' Central Council of Homoeopathy ',
      registrationNumber: 'CCH/2011/7781',
    });
    expect(changed.doctor).toMatchObject({ registrationCouncil: 'Central Council of Homoeopathy', registrationNumber: 'CCH/2011/7781' });
    const audit = await t.db().query<{ details: any }>("select details from audit_log where action = 'doctor.updated' order by id desc limit 1");
    expect(audit.rows[0]!.details.after.registration).toEqual({ council: 'Central Council of Homoeopathy', number: 'CCH/2011/7781' });

    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Video' });
    expect((await consultation(t.app(), patient, appointment._id)).registration).toEqual({
      council: 'Central Council of Homoeopathy',
      number: 'CCH/2011/7781',
    });
    await t.idle();
    const mail = t.mailer().sent.find((m) => m.to === patient.email || m.subject.startsWith('Appointment confirmed'));
    expect(mail?.text).toContain("Doctor's registration: Central Council of Homoeopathy, CCH/2011/7781");
    expect(mail?.html).toContain('CCH/2011/7781');
  });

  describe('on a Jitsi server with token authentication', () => {
    const j = useAppointmentsApp(backend, {
      env: { VIDEO_PROVIDER: 'jitsi', JITSI_URL: 'https://video.sahaj-clinic.example/', JITSI_APP_ID: 'sahaj', JITSI_APP_SECRET: secret },
    });
    beforeEach(() => meeraOnlineToo(j.db()));

    it('each link carries a JWT for that room and person, the doctor moderating, valid for the join window', async () => {
      const patient = await j.patient();
      const doctor = await j.staff('doctor', meera.email);
      const appointment = await bookedAndPaid(j.app(), patient, { startTime: '10:15', consultationType: 'Video' });
      j.clock.advance(5 * minute); // 10:05: open
      const patientLink = new URL((await consultation(j.app(), patient, appointment._id)).joinUrl!);
      const doctorLink = new URL((await consultation(j.app(), doctor, appointment._id)).joinUrl!);
      expect(patientLink.origin).toBe('https://video.sahaj-clinic.example');
      const room = patientLink.pathname.slice(1);
      expect(room).toMatch(/^[a-f0-9]{32}$/);
      expect(doctorLink.pathname.slice(1)).toBe(room);
      const key = new TextEncoder().encode(secret);
      const verify = (url: URL) =>
        jwtVerify(url.searchParams.get('jwt')!, key, {
          audience: 'jitsi',
          issuer: 'sahaj',
          subject: 'video.sahaj-clinic.example',
          currentDate: j.clock.now(),
        });
      const p = (await verify(patientLink)).payload as Record<string, any>;
      const d = (await verify(doctorLink)).payload as Record<string, any>;
      expect(p).toMatchObject({ room, moderator: false, context: { user: { id: patient.id, name: 'Asha Deshpande', moderator: 'false' } } });
      expect(d).toMatchObject({ room, moderator: true, context: { user: { name: meera.name, moderator: 'true' } } });
      // From 10:05 to 11:00 clinic time (slot 10:15-10:30, plus 30 minutes).
      expect(p.nbf).toBe(Date.parse('2025-03-11T04:35:00Z') / 1000);
      expect(p.exp).toBe(Date.parse('2025-03-11T05:30:00Z') / 1000);
      await expect(jwtVerify(patientLink.searchParams.get('jwt')!, new TextEncoder().encode('another-secret-entirely'))).rejects.toThrow();
    });
  });
});

describe('the consultation settings', () => {
  it('read JITSI_* and JOIN_*, refuse bad values naming the variable, and never echo the secret', () => {
    expect(readConsultationConfig({})).toEqual({ value: defaultConsultationConfig, problems: [] });
    expect(
      readConsultationConfig({
        JITSI_URL: 'https://video.clinic.example/',
        JITSI_APP_ID: 'clinic',
        JITSI_APP_SECRET: secret,
        JOIN_OPENS_MINUTES_BEFORE: '15',
        JOIN_CLOSES_MINUTES_AFTER: '0',
      }).value,
    ).toEqual({
      videoProvider: 'portal',
      turn: null,
      iceTransportPolicy: 'all',
      jitsiUrl: 'https://video.clinic.example',
      jitsiJwt: { appId: 'clinic', appSecret: secret },
      joinOpensMinutesBefore: 15,
      joinClosesMinutesAfter: 0,
      chatFollowUpHours: 72,
      chatMessagesPerMinute: 30,
      chatStreamsPerConversation: 5,
      chatStreamsPerClient: 50,
      chatStreamsTotal: 1000,
      chatPhotosPerConversation: 20,
      chatPhotosPerDay: 40,
    });
    const bad = readConsultationConfig({
      JITSI_URL: 'meet.jit.si',
      JITSI_APP_SECRET: 'short-secret-value',
      JOIN_OPENS_MINUTES_BEFORE: '121',
      JOIN_CLOSES_MINUTES_AFTER: '-1',
    });
    expect(bad.problems.map((p) => p.split(' ')[0])).toEqual(['JITSI_URL', 'JITSI_APP_ID', 'JOIN_OPENS_MINUTES_BEFORE', 'JOIN_CLOSES_MINUTES_AFTER']);
    expect(bad.problems.join('\n')).not.toContain('short-secret-value');
    expect(readConsultationConfig({ JITSI_APP_ID: 'clinic', JITSI_APP_SECRET: 'tooshort' }).problems).toEqual([
      'JITSI_APP_SECRET must be at least 16 characters long (e.g. the output of: openssl rand -base64 32)',
    ]);
    expect(() => loadConfig({ JITSI_URL: 'ftp://x' })).toThrow(/JITSI_URL/);
  });
});
