/**
 * What the patient's record keeps private, on every backend (docs/records.md):
 * - the data export shows the patient what the app shows them and nothing of the clinic's own
 *   working: no staff member's address, no staff note (a call's "no answer", a refund's note, a
 *   cancellation's reason), no prescription the clinic had not released (server/records/patientView.ts);
 * - closing an account leaves none of its personal values anywhere in the database: every column
 *   of every table of every schema is searched (text, json and the rest cast to text, bytea as
 *   bytes), the pseudonymised rows kept for retention and the audit log included.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Database } from '../../server/db/database.js';
import { insertMessage, insertPhoto } from '../../server/repositories/chat.js';
import { backends } from './helpers.js';
import { minute } from './accountsSupport.js';
import { moveTo, cancel, pressPay, prescription, staffCall, useAppointmentsApp, type AppointmentsApp } from './appointmentsSupport.js';
import { book, checkout, meera, meeraOnlineToo, type Patient, post, type Response } from './paymentSupport.js';
import { officeEmail } from './staffAdminSupport.js';
import { handOrder, pharmacyName } from './orderSupport.js';

/** The account that uses every feature and is then closed: every value here is its own and nobody else's. */
const kalindi = {
  email: 'kalindi.vanjarkhede@example.net',
  firstName: 'Kalindi',
  lastName: 'Vanjarkhede',
  phoneNumber: '+91 99701-23456',
  password: 'monsoon garden lantern',
};
/** The profile as she corrects it later (the audit keeps that it changed). */
const corrected = { firstName: 'Kalindee', lastName: 'Dhumalwadikar', phoneNumber: '98220 77881', age: 37, gender: 'female' };
const daughter = { firstName: 'Ojasvi', lastName: 'Vanjarkhede', age: 9, gender: 'female', relation: 'Daughter' };
const daughterRenamed = { ...daughter, firstName: 'ओजस्विनी' };
const father = { firstName: 'Vasantrao', lastName: 'Vanjarkhede', age: 71, gender: 'male', relation: 'Father' };

/** Everything that would name her, in the forms people type them (searched case-insensitively). */
const personalValues = [
  kalindi.email,
  'kalindi.vanjarkhede',
  'Kalindi',
  'Kalindee',
  'Vanjarkhede',
  'Dhumalwadikar',
  'Ojasvi',
  'ओजस्विनी',
  'Vasantrao',
  '9970123456',
  '99701-23456',
  '9822077881',
  '98220 77881',
];

/** The clinic's own working, which the patient's views and export never show (naming her, as staff notes do). */
const staffNotes = {
  noAnswer: 'Rang Kalindi twice from the desk line',
  refund: 'Paid back to kalindee by UPI ref 4471',
  cancelReason: 'Doctor called away; told Mrs Dhumalwadikar on 98220 77881',
};
const unreleasedRemedy = 'Lycopodium clavatum';

const as = (who: Patient | null): Partial<InjectOptions> => ({ headers: who ? who.headers : {} });
const call = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), ...as(who) }) as Promise<Response>;

function ok(res: Response, what: string): Response {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** Every JSON file of a zip, by name. */
function zipJson(body: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'records-privacy-zip-'));
  try {
    const file = path.join(dir, 'data.zip');
    writeFileSync(file, body);
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
    return Object.fromEntries(names.filter((n) => n.endsWith('.json')).map((n) => [n, execFileSync('unzip', ['-p', file, n], { encoding: 'utf8' })]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where any of `values` is stored: "schema.table.column: value" for every column of every base
 * table outside PostgreSQL's own schemas. Every type is read as its text (json, arrays, numbers
 * and dates included), bytea as its bytes.
 */
async function findEverywhere(db: Database, values: readonly string[]): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
    `select c.table_schema, c.table_name, c.column_name, c.data_type
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
      order by 1, 2, 3`,
  );
  const tables = new Set(columns.map((c) => `${c.table_schema}.${c.table_name}`));
  if (tables.size < 20) throw new Error(`only ${tables.size} tables found: the search would prove nothing`);
  const found: string[] = [];
  for (const c of columns) {
    const column = `x."${c.column_name}"`;
    const match = c.data_type === 'bytea' ? `position(convert_to(v, 'UTF8') in ${column}) > 0` : `strpos(lower(${column}::text), lower(v)) > 0`;
    const { rows } = await db.query<{ v: string }>(
      `select v from unnest($1::text[]) v where exists (select 1 from "${c.table_schema}"."${c.table_name}" x where ${match})`,
      [values],
    );
    for (const r of rows) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}: ${r.v}`);
  }
  return found;
}

/** Books (with the booking popup's fields as she fills them) and pays; answers the appointment. */
async function bookAndPay(t: AppointmentsApp, who: Patient, choice: { startTime: string; consultationType?: string; location?: string }, extra: object = {}) {
  const res = ok(
    await book(t.app(), who, choice, { firstName: corrected.firstName, lastName: corrected.lastName, email: kalindi.email, phoneNumber: corrected.phoneNumber, age: 37, ...extra }),
    'appointment/add',
  );
  const appointment = res.json() as { _id: string; appointmentId: string; consultationFee: number };
  const { checkoutPageUrl } = await checkout(t.app(), who, appointment);
  await pressPay(t.app(), checkoutPageUrl);
  return appointment;
}

/**
 * Kalindi signs up, corrects her profile, sets her language and reminders, adds family members
 * (renames one, removes another), books for herself and her daughter (Clinic Visit, Call, Video,
 * Chat), pays, moves and cancels a booking, chats with a photo; the clinic makes her an admin for
 * a while and back, notes an unanswered call, completes a consultation (first with a prescription
 * it has not released), places and she pays the pharmacy order, cancels a paid one and records its
 * refund. The clock starts at 10:00 on Tuesday 11 March 2025, clinic time, and ends at 14:00.
 */
async function everyFeature(t: AppointmentsApp) {
  const app = t.app();
  await meeraOnlineToo(t.db());
  const doctor = await t.staff('doctor', meera.email);
  const admin = await t.staff('admin', officeEmail);

  // Sign-up with an emailed code, a failed login, then a login.
  ok(await post(app, '/api/otp/send-otp', { payload: { email: kalindi.email } }), 'send-otp');
  ok(await post(app, '/api/otp/validate-otp', { payload: { email: kalindi.email, otp: t.mailer().lastCode(kalindi.email) } }), 'validate-otp');
  ok(await post(app, '/api/auth/register', { payload: { ...kalindi, age: 36, gender: 'female' } }), 'register');
  expect((await post(app, '/api/auth/login', { payload: { email: kalindi.email, password: 'not her password' } })).statusCode).toBe(401);
  const login = ok(await post(app, '/api/auth/login', { payload: { email: kalindi.email, password: kalindi.password } }), 'login').json() as {
    token: string;
    user: { _id: string };
  };
  const her: Patient = { id: login.user._id, email: kalindi.email, token: login.token, headers: { authorization: `Bearer ${login.token}` } };

  ok(await call(app, her, 'PUT', '/auth/profile', corrected), 'profile');
  ok(await call(app, her, 'PUT', '/auth/language', { language: 'mr' }), 'language');
  ok(await call(app, her, 'PUT', '/auth/reminders', { email: true, sms: true, whatsapp: true }), 'reminders');
  const child = ok(await call(app, her, 'POST', '/family', daughter), 'family add').json() as { _id: string };
  ok(await call(app, her, 'PUT', `/family/${child._id}`, daughterRenamed), 'family edit');
  const dad = ok(await call(app, her, 'POST', '/family', father), 'family add').json() as { _id: string };
  ok(await call(app, her, 'DELETE', `/family/${dad._id}`), 'family archive');

  // The clinic makes her an admin for a while, then a patient again (user.role names her address).
  ok(await call(app, admin, 'PUT', '/staff/accounts/role', { email: kalindi.email, role: 'admin' }), 'role admin');
  ok(await call(app, admin, 'PUT', '/staff/accounts/role', { email: kalindi.email, role: 'patient' }), 'role patient');

  const visit = await bookAndPay(t, her, { startTime: '10:30', location: 'Aundh', consultationType: 'Clinic Visit' });
  const phoneCall = await bookAndPay(t, her, { startTime: '10:15', location: '', consultationType: 'Call' });
  const forChild = await bookAndPay(t, her, { startTime: '11:30', location: '', consultationType: 'Video' }, { familyMemberId: child._id });
  const chat = await bookAndPay(t, her, { startTime: '11:00', location: '', consultationType: 'Chat' });
  const unpaid = ok(await book(app, her, { startTime: '12:30', location: 'Aundh' }, { firstName: kalindi.firstName, lastName: kalindi.lastName, email: kalindi.email, phoneNumber: kalindi.phoneNumber }), 'book').json() as { _id: string };
  ok(await moveTo(app, her, unpaid._id, { selectedLocation: 'Aundh', selectedTime: '12:45' }), 'move');
  ok(await cancel(app, her, her.id, unpaid._id), 'cancel');

  // The clinic cancels the daughter's paid Video (a reason), and records the refund (a note).
  ok(await staffCall(app, admin, 'POST', `/appointments/${forChild._id}/cancel`, { reason: staffNotes.cancelReason }), 'clinic cancel');
  const refunds = ok(await call(app, admin, 'GET', '/staff/refunds?state=open'), 'refunds').json() as { _id: string; appointmentId: string | null }[];
  const refund = refunds.find((r) => r.appointmentId === forChild._id)!;
  // Its refund through the payment provider failed (docs/refunds.md): the clinic paid it back by hand.
  await t.db().query("update provider_refunds set state = 'failed', next_check_at = null where appointment_id = $1", [forChild._id]);
  ok(await call(app, admin, 'POST', `/staff/refunds/${refund._id}/resolve`, { note: staffNotes.refund }), 'refund resolve');

  // 10:20: the call is open; nobody answers.
  t.clock.advance(20 * minute);
  ok(await staffCall(app, doctor, 'POST', `/appointments/${phoneCall._id}/call/noanswer`, { note: staffNotes.noAnswer }), 'no answer');

  // 10:35: the visit is done. The doctor's first prescription is not released to her; the second is.
  t.clock.advance(15 * minute);
  ok(
    await staffCall(app, admin, 'POST', `/appointments/${visit._id}/complete`, {
      ...prescription,
      remedies: [{ medicineName: unreleasedRemedy, dosage: '4 pills', frequency: 'twice a day' }],
      showMedicine: false,
    }),
    'complete',
  );
  ok(await staffCall(app, admin, 'POST', `/appointments/${visit._id}/complete`, prescription), 'complete again');
  const ordered = ok(await staffCall(app, admin, 'POST', `/appointments/${visit._id}/order`, await handOrder(t.db(), 215)), 'order');
  const orderId = (ordered.json() as { appointment: { order: { _id: string } } }).appointment.order._id;
  const orderPay = ok(await post(app, '/api/payment/create-order', { payload: { pharmacyId: pharmacyName, orderId, amount: 21500 }, headers: her.headers }), 'order pay');
  await pressPay(app, (orderPay.json() as { checkoutPageUrl: string }).checkoutPageUrl);

  // The chat: a message each way and a photo, as the chat service stores them.
  const at = t.clock.now();
  const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
  await insertMessage(t.db(), { appointmentId: chat._id, senderUserId: her.id, senderRole: 'patient', text: 'The itching is worse at night', photoId: null }, at);
  const photoId = await insertPhoto(t.db(), { appointmentId: chat._id, contentType: 'image/jpeg', width: 8, height: 6, data: jpeg }, at);
  await insertMessage(t.db(), { appointmentId: chat._id, senderUserId: her.id, senderRole: 'patient', text: 'the rash today', photoId }, at);
  await insertMessage(t.db(), { appointmentId: chat._id, senderUserId: doctor.id, senderRole: 'doctor', text: 'Thank you, noted.', photoId: null }, at);

  // 14:00: every slot of the day is over.
  t.clock.advance(205 * minute);
  await t.idle();
  return { her, doctor, admin, visit, phoneCall, forChild, chat };
}

describe.each(backends)('the patient record in private on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  beforeEach(() => t.clock.reset());

  it('the data export holds no staff address, no staff note and no prescription the clinic did not release; the app shows neither', async () => {
    const { her, phoneCall } = await everyFeature(t);
    const exported = ok(await call(t.app(), her, 'GET', '/records/export.zip'), 'export');
    const files = zipJson(exported.rawPayload);
    const audit = JSON.parse(files['audit.json']!) as { action: string; actorRole: string; details: Record<string, unknown> }[];
    // What happened is all there, and by which kind of staff member.
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.profile', 'user.role', 'appointment.moved', 'appointment.cancelled', 'refund.resolved', 'call.noanswer', 'appointment.completed', 'prescription.amended', 'order.created']),
    );
    expect(audit.find((a) => a.action === 'call.noanswer')).toMatchObject({ actorRole: 'doctor' });
    expect(audit.find((a) => a.action === 'prescription.amended')!.details).toMatchObject({ after: { medicines: { remedies: prescription.remedies } } });
    // Nothing of the clinic's working, in any file of the export.
    for (const [name, text] of Object.entries(files)) {
      for (const hidden of [meera.email, officeEmail, staffNotes.noAnswer, staffNotes.refund, staffNotes.cancelReason, unreleasedRemedy]) {
        expect(text.includes(hidden), `${name} holds "${hidden}"`).toBe(false);
      }
    }
    // The app: the patient's consultation view has no staff notes either.
    const consultation = ok(await call(t.app(), her, 'GET', `/appointment/${phoneCall._id}/consultation`), 'consultation');
    expect(consultation.body).not.toContain(staffNotes.noAnswer);
  });

  it('closing the account leaves none of its personal values in any table or column; the audit keeps what changed, not the values', async () => {
    const { her } = await everyFeature(t);
    // Before: she is everywhere the search looks (it would find her).
    const before = await findEverywhere(t.db(), personalValues);
    expect(before.some((f) => f.startsWith(`${before[0]!.split('.')[0]}.audit_log.details`))).toBe(true);
    expect(before.some((f) => /\.users\.email: /.test(f))).toBe(true);

    ok(await post(t.app(), '/api/otp/send-otp', { payload: { email: kalindi.email } }), 'send-otp');
    ok(await post(t.app(), '/api/records/account/delete', { payload: { otp: t.mailer().lastCode(kalindi.email) }, headers: her.headers }), 'delete');
    await t.idle();

    expect(await findEverywhere(t.db(), personalValues)).toEqual([]);
    // The audit still says that her profile changed, which fields, and who changed her role.
    const { rows } = await t.db().query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from audit_log where subject_user_id = $1 and action in ('user.profile', 'user.role') order by id`,
      [her.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['user.profile', 'user.role', 'user.role']);
    expect(rows[0]!.details).toEqual({ changed: ['firstName', 'lastName', 'phoneNumber', 'age'] });
    expect(rows[1]!.details).toEqual({ email: expect.stringMatching(/^deleted-[0-9a-f]{12}@deleted\.invalid$/), before: { role: 'patient' }, after: { role: 'admin' } });
  });
});
