/**
 * The portal's own video (services/video.ts), on every backend:
 * - only the appointment's patient and its doctor, only inside the join window: 404 for another
 *   patient, another doctor, an admin and an unknown id, 401 without a token, 409 before the
 *   window opens and after it closes; 404 with VIDEO_PROVIDER=jitsi;
 * - the waiting room: the patient's messages are refused until the doctor admits them; then the
 *   offer, the answer and the candidates reach the other side's stream, the two streams served by
 *   two instances (LISTEN/NOTIFY on PostgreSQL, PGlite's in-process listen);
 * - a newer tab of the same person takes the seat: the older one's stream gets `replaced` and
 *   ends, its messages get 409;
 * - TURN credentials by coturn's REST scheme, checked against the formula; the settings refuse half
 *   a TURN configuration, and a public site without one.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, beforeEach } from 'vitest';
import type { Consultation } from '../../contract/consultation.js';
import type { VideoJoin, VideoSignal } from '../../contract/video.js';
import { readConsultationConfig } from '../../server/config/consultation.js';
import { backends } from './helpers.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { listening, openEventStream } from './chatSupport.js';
import { kavita, meera, meeraOnlineToo, type Patient, type Response } from './paymentSupport.js';
import { minute } from './accountsSupport.js';

const tabA = 'tab-aaaaaaaaaaaaaaaa';
const tabB = 'tab-bbbbbbbbbbbbbbbb';
const tabD = 'tab-dddddddddddddddd';
const turnSecret = 'a-coturn-static-auth-secret';

const post = (app: FastifyInstance, who: Patient | null, id: string, what: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/appointment/${id}/video/${what}`, headers: who ? who.headers : {}, payload }) as Promise<Response>;

async function joined(app: FastifyInstance, who: Patient, id: string, tab: string): Promise<VideoJoin> {
  const res = await post(app, who, id, 'join', { tab });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VideoJoin;
}

async function videoStream(base: string, who: Patient, id: string, tab: string, after: string) {
  const s = await openEventStream(`${base}/api/appointment/${id}/video/stream?tab=${tab}`, { ...who.headers, ...(after === '0' ? {} : { 'last-event-id': after }) });
  return Object.assign(s, { signals: () => s.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as VideoSignal) });
}

describe.each(backends)('the portal video on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { TURN_URLS: 'turn:turn.sahaj-clinic.example:3478,turns:turn.sahaj-clinic.example:5349', TURN_SECRET: turnSecret, TURN_TTL: '600' } });
  beforeEach(() => meeraOnlineToo(t.db()));

  /** A paid Video with Dr. Meera at 11:00 (the clock at 10:00; the window opens at 10:50). */
  async function video() {
    const patient = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Video' });
    return { patient, doctor, id: appointment._id };
  }

  it('only its patient and doctor, only inside the join window; 404 for anybody else; no Jitsi link', async () => {
    const { patient, doctor, id } = await video();
    const other = await t.patient();
    const otherDoctor = await t.staff('doctor', kavita.email);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');

    const early = await post(t.app(), patient, id, 'join', { tab: tabA });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('video.upcoming');

    t.clock.advance(50 * minute); // 10:50: open
    for (const who of [other, otherDoctor, admin]) {
      for (const what of ['join', 'signal', 'admit', 'switch']) {
        const res = await post(t.app(), who, id, what, what === 'signal' ? { tab: tabA, kind: 'offer', body: { sdp: 'x' } } : { tab: tabA });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      }
    }
    expect((await post(t.app(), null, id, 'join', { tab: tabA })).statusCode).toBe(401);
    expect((await post(t.app(), patient, '00000000-0000-4000-8000-000000000000', 'join', { tab: tabA })).statusCode).toBe(404);
    expect((await post(t.app(), patient, id, 'join', { tab: 'short' })).statusCode).toBe(400);
    // The patient cannot admit themself nor switch the consultation.
    await joined(t.app(), patient, id, tabA);
    expect((await post(t.app(), patient, id, 'admit', { tab: tabA })).statusCode).toBe(404);
    expect((await post(t.app(), patient, id, 'switch', { tab: tabA })).statusCode).toBe(404);

    const base = await listening(t.app());
    const stranger = await videoStream(base, other, id, tabA, '0');
    expect(stranger.res.status).toBe(404);

    const view = (await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/consultation`, headers: patient.headers })).json() as Consultation;
    expect(view).toMatchObject({ state: 'open', joinUrl: null, portalVideo: true });
    const doctorView = (await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/consultation`, headers: doctor.headers })).json() as Consultation;
    expect(doctorView).toMatchObject({ joinUrl: null, portalVideo: true });

    t.clock.advance(55 * minute); // 11:45: closed
    const late = await post(t.app(), doctor, id, 'join', { tab: tabD });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('video.over');
  });

  it('the waiting room, then the offer, answer and candidates between two instances; the record says who joined and the admission', async () => {
    const { patient, doctor, id } = await video();
    t.clock.advance(50 * minute);
    const second = await t.anotherInstance();
    const patientBase = await listening(t.app());
    const doctorBase = await listening(second);

    const p = await joined(t.app(), patient, id, tabA);
    expect(p).toMatchObject({ as: 'patient', admitted: false, peerPresent: false });
    const patientStream = await videoStream(patientBase, patient, id, tabA, p.after);
    expect(patientStream.res.status).toBe(200);
    const refused = await post(t.app(), patient, id, 'signal', { tab: tabA, kind: 'offer', body: { type: 'offer', sdp: 'v=0' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('video.notAdmitted');

    const d = await joined(second, doctor, id, tabD);
    expect(d).toMatchObject({ as: 'doctor', admitted: false, peerPresent: true });
    const doctorStream = await videoStream(doctorBase, doctor, id, tabD, d.after);
    await patientStream.waitFor(() => patientStream.signals().some((s) => s.kind === 'peer'));

    expect((await post(second, doctor, id, 'admit', { tab: tabD })).statusCode).toBe(200);
    await patientStream.waitFor(() => patientStream.signals().some((s) => s.kind === 'admitted'));

    const offer = await post(t.app(), patient, id, 'signal', { tab: tabA, kind: 'offer', body: { type: 'offer', sdp: 'v=0 patient' } });
    expect(offer.statusCode, offer.body).toBe(200);
    await doctorStream.waitFor(() => doctorStream.signals().some((s) => s.kind === 'offer'));
    expect(doctorStream.signals().find((s) => s.kind === 'offer')!.body).toEqual({ type: 'offer', sdp: 'v=0 patient' });
    expect((await post(second, doctor, id, 'signal', { tab: tabD, kind: 'answer', body: { type: 'answer', sdp: 'v=0 doctor' } })).statusCode).toBe(200);
    expect((await post(second, doctor, id, 'signal', { tab: tabD, kind: 'candidate', body: { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host' } })).statusCode).toBe(200);
    await patientStream.waitFor(() => patientStream.signals().some((s) => s.kind === 'candidate'));
    expect(patientStream.signals().map((s) => s.kind)).toEqual(['peer', 'admitted', 'answer', 'candidate']);
    // Nobody gets their own messages back.
    expect(doctorStream.signals().map((s) => s.kind)).toEqual(['offer']);

    // Too large a message: 400, nothing stored.
    const big = await post(t.app(), patient, id, 'signal', { tab: tabA, kind: 'offer', body: { sdp: 'x'.repeat(13_000) } });
    expect(big.statusCode).toBe(400);

    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const record = (await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/consultation`, headers: admin.headers })).json() as Consultation;
    expect(record.events.map((e) => [e.kind, e.role])).toEqual([
      ['video.link', 'patient'],
      ['video.link', 'doctor'],
      ['video.admitted', 'doctor'],
    ]);
    await patientStream.close();
    await doctorStream.close();
  });

  it("a newer tab of the same person takes the seat: the older tab's stream is told and ends, its messages get 409", async () => {
    const { patient, doctor, id } = await video();
    t.clock.advance(50 * minute);
    const base = await listening(t.app());
    const second = await t.anotherInstance();
    const otherBase = await listening(second);
    await joined(t.app(), doctor, id, tabD);
    expect((await post(t.app(), doctor, id, 'admit', { tab: tabD })).statusCode).toBe(200);

    const first = await joined(t.app(), patient, id, tabA);
    expect(first.admitted).toBe(true);
    const older = await videoStream(base, patient, id, tabA, first.after);
    expect(older.res.status).toBe(200);

    // The second tab, served by another instance.
    const newer = await joined(second, patient, id, tabB);
    const newerStream = await videoStream(otherBase, patient, id, tabB, newer.after);
    await older.waitFor(() => older.signals().some((s) => s.kind === 'replaced'));
    await older.waitFor(() => older.ended);
    expect(older.events.at(-1)).toMatchObject({ event: 'message', data: expect.stringContaining('"replaced"') });
    expect(newerStream.signals()).toEqual([]);

    const stale = await post(t.app(), patient, id, 'signal', { tab: tabA, kind: 'offer', body: { sdp: 'old' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('video.elsewhere');
    expect((await videoStream(base, patient, id, tabA, '0')).res.status).toBe(409);
    expect((await post(second, patient, id, 'signal', { tab: tabB, kind: 'offer', body: { sdp: 'new' } })).statusCode).toBe(200);
    await newerStream.close();
  });

  it('the doctor switches the Video to a Call: the patient is told, the appointment is a Call, audited', async () => {
    const { patient, doctor, id } = await video();
    t.clock.advance(50 * minute);
    const base = await listening(t.app());
    const p = await joined(t.app(), patient, id, tabA);
    const stream = await videoStream(base, patient, id, tabA, p.after);
    await joined(t.app(), doctor, id, tabD);
    const res = await post(t.app(), doctor, id, 'switch', { tab: tabD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ consultationType: 'Call', person: { phoneNumber: expect.any(String) } });
    await stream.waitFor(() => stream.signals().some((s) => s.kind === 'switched'));
    const audit = await t.db().query<{ action: string }>("select action from audit_log where action = 'video.switched' and appointment_id = $1", [id]);
    expect(audit.rows).toHaveLength(1);
    // No video any more: the video endpoints answer as for any Call.
    expect((await post(t.app(), patient, id, 'join', { tab: tabA })).statusCode).toBe(404);
    await stream.close();
  });

  it('hands out TURN credentials of the TURN REST scheme: <expiry>:<id>, base64(HMAC-SHA1(secret, username)), TURN_TTL seconds', async () => {
    const { patient, id } = await video();
    t.clock.advance(50 * minute);
    const j = await joined(t.app(), patient, id, tabA);
    expect(j.iceServers).toHaveLength(1);
    const server = j.iceServers[0]!;
    expect(server.urls).toEqual(['turn:turn.sahaj-clinic.example:3478', 'turns:turn.sahaj-clinic.example:5349']);
    const expiry = Math.floor(t.clock.now().getTime() / 1000) + 600;
    expect(server.username).toBe(`${expiry}:${id}.patient`);
    expect(server.credential).toBe(createHmac('sha1', turnSecret).update(`${expiry}:${id}.patient`).digest('base64'));
    expect(JSON.stringify(j)).not.toContain(turnSecret);
    // VIDEO_ICE_POLICY unset: the browsers connect directly when they can.
    expect(j.iceTransportPolicy).toBe('all');
  });
});

describe.each(backends)('with VIDEO_PROVIDER=jitsi on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { VIDEO_PROVIDER: 'jitsi' } });
  beforeEach(() => meeraOnlineToo(t.db()));

  it('the video endpoints are not there (404): the Jitsi link is', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Video' });
    t.clock.advance(50 * minute);
    expect((await post(t.app(), patient, appointment._id, 'join', { tab: tabA })).statusCode).toBe(404);
    const view = (await t.app().inject({ method: 'GET', url: `/api/appointment/${appointment._id}/consultation`, headers: patient.headers })).json() as Consultation;
    expect(view.joinUrl).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(view.portalVideo).toBeUndefined();
  });
});

describe('video settings', () => {
  it('portal by default; TURN_URLS and TURN_SECRET together; a public site needs them for the portal video', () => {
    expect(readConsultationConfig({}).value).toMatchObject({ videoProvider: 'portal', turn: null });
    expect(readConsultationConfig({ TURN_URLS: 'turn:turn.example.com:3478' }).problems).toEqual([
      'TURN_URLS and TURN_SECRET go together: set both (the TURN server and its static-auth-secret) or neither',
    ]);
    expect(readConsultationConfig({ TURN_URLS: 'http://turn.example.com', TURN_SECRET: turnSecret }).problems[0]).toMatch(/^TURN_URLS must be/);
    expect(readConsultationConfig({ TURN_URLS: 'turn:t.example.com', TURN_SECRET: 'short' }).problems[0]).toMatch(/^TURN_SECRET must be at least 16/);
    expect(readConsultationConfig({ TURN_TTL: '10' }).problems[0]).toMatch(/^TURN_TTL must be/);
    expect(readConsultationConfig({}, 'https://sahaj-clinic.example').problems[0]).toMatch(/^TURN_URLS and TURN_SECRET are required when PUBLIC_URL/);
    expect(readConsultationConfig({ VIDEO_PROVIDER: 'jitsi' }, 'https://sahaj-clinic.example').problems).toEqual([]);
    expect(readConsultationConfig({ TURN_URLS: 'none' }, 'https://sahaj-clinic.example')).toMatchObject({ problems: [], value: { turn: null } });
    expect(readConsultationConfig({ TURN_URLS: 'turn:t.example.com:3478', TURN_SECRET: turnSecret }, 'https://sahaj-clinic.example').value).toMatchObject({
      turn: { urls: ['turn:t.example.com:3478'], secret: turnSecret, ttlSeconds: 3600 },
    });
    expect(readConsultationConfig({ VIDEO_PROVIDER: 'zoom' }).problems[0]).toMatch(/^VIDEO_PROVIDER must be one of portal, jitsi/);
  });

  it('VIDEO_ICE_POLICY: all by default; relay only with a TURN server', () => {
    const withTurn = { TURN_URLS: 'turn:t.example.com:3478', TURN_SECRET: turnSecret };
    expect(readConsultationConfig({}).value).toMatchObject({ iceTransportPolicy: 'all' });
    expect(readConsultationConfig({ ...withTurn, VIDEO_ICE_POLICY: 'relay' })).toMatchObject({ problems: [], value: { iceTransportPolicy: 'relay' } });
    expect(readConsultationConfig({ VIDEO_ICE_POLICY: 'relay' }).problems).toEqual([
      'VIDEO_ICE_POLICY=relay needs a TURN server: set TURN_URLS and TURN_SECRET (docs/operations.md, "Video"), or VIDEO_ICE_POLICY=all',
    ]);
    expect(readConsultationConfig({ ...withTurn, VIDEO_ICE_POLICY: 'direct' }).problems[0]).toMatch(/^VIDEO_ICE_POLICY must be one of all, relay/);
  });
});
