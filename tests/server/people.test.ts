/**
 * Who the appointment is for, on every backend: family members (only the account's
 * own: 404 for another's), booking for one (the record names the person consulted and the
 * account holder; a minor only by an adult), the teleconsultation consent (the words and
 * when), a Google account's phone, age and gender kept at its first booking, and the profile edit
 * of /account (audited).
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic; Dr. Meera Kulkarni sees patients
 * at Aundh on Tuesdays 09:00-13:00.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, beforeEach } from 'vitest';
import { AppointmentList, AppointmentRecord } from '../../contract/appointments.js';
import { User } from '../../contract/auth.js';
import { FamilyMember, FamilyMemberList } from '../../contract/people.js';
import { backends } from './helpers.js';
import { listOf, pressPay, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { appointmentRow, book, checkout, messageOf, type Patient, type Response, teleconsultationConsent, today, meeraOnlineToo } from './paymentSupport.js';

const as = (who: Patient | null): Partial<InjectOptions> => ({ headers: who ? who.headers : {} });
const call = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), ...as(who) }) as Promise<Response>;

const riya = { firstName: 'Riya', lastName: 'Patil', age: 9, gender: 'female', relation: 'Daughter' };
const ajoba = { firstName: 'Vasant', lastName: 'Patil', age: 72, gender: 'male', relation: 'Father' };
const fieldsOf = (res: Response) => (res.json() as { errors?: { field: string }[] }).errors?.map((e) => e.field) ?? [];

describe.each(backends)('family members and profile on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  // Chat, Video and Call are online only: Dr. Meera consults online this Tuesday too.
  beforeEach(() => meeraOnlineToo(t.db()));

  const added = async (who: Patient, member: object = riya) => {
    const res = await call(t.app(), who, 'POST', '/family', member);
    expect(res.statusCode, res.body).toBe(200);
    expect(isRight(FamilyMember.decode(res.json()))).toBe(true);
    return res.json() as FamilyMember;
  };
  const familyOf = async (who: Patient) => {
    const res = await call(t.app(), who, 'GET', '/family');
    expect(res.statusCode).toBe(200);
    expect(isRight(FamilyMemberList.decode(res.json()))).toBe(true);
    return res.json() as FamilyMember[];
  };
  const count = async (table: string) => (await t.db().query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

  describe('/api/family', () => {
    it('needs a live token before anything is read: 401', async () => {
      expect((await call(t.app(), null, 'GET', '/family')).statusCode).toBe(401);
      expect((await call(t.app(), null, 'POST', '/family', riya)).statusCode).toBe(401);
      expect((await call(t.app(), null, 'POST', '/family', { firstName: '' })).statusCode).toBe(401);
      expect(await count('family_members')).toBe(0);
    });

    it('adds, lists, edits and archives the account’s own members', async () => {
      const asha = await t.patient('asha');
      const daughter = await added(asha);
      expect(daughter).toEqual({ _id: expect.any(String), ...riya });
      const father = await added(asha, { ...ajoba, lastName: '  Patil ' });
      expect(father.lastName).toBe('Patil');
      expect((await familyOf(asha)).map((m) => m.firstName)).toEqual(['Riya', 'Vasant']);

      const edited = await call(t.app(), asha, 'PUT', `/family/${daughter._id}`, { ...riya, age: 10 });
      expect(edited.statusCode).toBe(200);
      expect((edited.json() as FamilyMember).age).toBe(10);

      const archived = await call(t.app(), asha, 'DELETE', `/family/${daughter._id}`);
      expect(archived.statusCode).toBe(200);
      expect(messageOf(archived)).toBe('Family member removed.');
      expect((await familyOf(asha)).map((m) => m.firstName)).toEqual(['Vasant']);
      // Archived, not deleted: the row stays for the records; it cannot be edited or archived again.
      expect(await count('family_members')).toBe(2);
      expect((await call(t.app(), asha, 'PUT', `/family/${daughter._id}`, riya)).statusCode).toBe(404);
      expect((await call(t.app(), asha, 'DELETE', `/family/${daughter._id}`)).statusCode).toBe(404);
    });

    it("another account's member is 404, as one that does not exist, and is left as it was", async () => {
      const asha = await t.patient('asha');
      const ravi = await t.patient('ravi');
      const daughter = await added(asha);
      expect(await familyOf(ravi)).toEqual([]);
      const edit = await call(t.app(), ravi, 'PUT', `/family/${daughter._id}`, { ...riya, firstName: 'Mallory' });
      expect(edit.statusCode).toBe(404);
      expect(messageOf(edit)).toBe('Family member not found.');
      expect((await call(t.app(), ravi, 'DELETE', `/family/${daughter._id}`)).statusCode).toBe(404);
      expect((await call(t.app(), ravi, 'PUT', '/family/00000000-0000-4000-8000-000000000000', riya)).statusCode).toBe(404);
      expect(await familyOf(asha)).toEqual([daughter]);
    });

    it('bad input is 400 naming each field, and writes nothing', async () => {
      const asha = await t.patient('asha');
      const res = await call(t.app(), asha, 'POST', '/family', { firstName: '  ', lastName: 'x'.repeat(201), age: 0, gender: 'other', relation: '' });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).sort()).toEqual(['age', 'firstName', 'gender', 'lastName', 'relation']);
      expect(await count('family_members')).toBe(0);
      expect((await call(t.app(), asha, 'PUT', '/family/not-an-id', riya)).statusCode).toBe(400);
    });

    it('keeps at most 20 members an account', async () => {
      const asha = await t.patient('asha');
      for (let i = 0; i < 20; i++) await added(asha, { ...ajoba, firstName: `Member ${i}` });
      const more = await call(t.app(), asha, 'POST', '/family', riya);
      expect(more.statusCode).toBe(400);
      expect(await count('family_members')).toBe(20);
    });
  });

  describe('booking for somebody else', () => {
    it('the appointment is for the family member (name, age, gender from their record) and names the account holder', async () => {
      const asha = await t.patient('asha');
      const father = await added(asha, ajoba);
      const res = await book(t.app(), asha, {}, { familyMemberId: father._id, firstName: 'typed', age: 40 });
      expect(res.statusCode, res.body).toBe(200);
      expect(isRight(AppointmentRecord.decode(res.json()))).toBe(true);
      const record = res.json() as AppointmentRecord;
      expect(record).toMatchObject({
        firstName: 'Vasant',
        lastName: 'Patil',
        age: 72,
        gender: 'male',
        email: asha.email,
        phoneNumber: '+919876543210',
        familyMemberId: father._id,
        accountHolder: { firstName: 'asha', lastName: 'Patil' },
      });
      const listed = await listOf(t.app(), asha, asha.email);
      expect(isRight(AppointmentList.decode(listed.json()))).toBe(true);
      expect((listed.json() as AppointmentRecord[])[0]).toMatchObject({ familyMemberId: father._id, accountHolder: { firstName: 'asha' } });
      // The staff console's day list shows both.
      const admin = await t.staff('admin', 'admin@sahaj-clinic.example');
      const day = await staffCall(t.app(), admin, 'GET', `/appointments?date=${today}`);
      expect(day.statusCode, day.body).toBe(200);
      expect(JSON.stringify(day.json())).toContain('"accountHolder":{"firstName":"asha","lastName":"Patil"}');
    });

    it('the account holder’s own booking names them both ways, with no family member', async () => {
      const asha = await t.patient('asha');
      const record = (await book(t.app(), asha)).json() as AppointmentRecord;
      expect(record).toMatchObject({ firstName: 'Asha', familyMemberId: null, accountHolder: { firstName: 'asha', lastName: 'Patil' } });
    });

    it("another account's or an archived member: 404, nothing booked", async () => {
      const asha = await t.patient('asha');
      const ravi = await t.patient('ravi');
      const daughter = await added(asha, { ...riya, age: 30 });
      const theirs = await book(t.app(), ravi, {}, { familyMemberId: daughter._id });
      expect(theirs.statusCode).toBe(404);
      expect(messageOf(theirs)).toBe('Family member not found.');
      expect((await call(t.app(), asha, 'DELETE', `/family/${daughter._id}`)).statusCode).toBe(200);
      expect((await book(t.app(), asha, {}, { familyMemberId: daughter._id })).statusCode).toBe(404);
      expect(await count('appointments')).toBe(0);
    });

    it('a minor only by an adult account holder (400 naming familyMemberId otherwise)', async () => {
      const adult = await t.patient('asha'); // 30
      const child = await added(adult, riya);
      expect((await book(t.app(), adult, {}, { familyMemberId: child._id })).statusCode).toBe(200);

      const teen = await t.patient('teen');
      await t.db().query('update users set age = 16 where id = $1', [teen.id]);
      const sibling = await added(teen, { ...riya, relation: 'Sister' });
      const refused = await book(t.app(), teen, { startTime: '11:15' }, { familyMemberId: sibling._id });
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe('A minor can be booked only by an adult account holder.');
      expect(fieldsOf(refused)).toEqual(['familyMemberId']);

      const unknownAge = await t.patient('gita');
      await t.db().query('update users set age = null where id = $1', [unknownAge.id]);
      const son = await added(unknownAge, { ...riya, firstName: 'Arjun', gender: 'male', relation: 'Son' });
      const asked = await book(t.app(), unknownAge, { startTime: '11:30' }, { familyMemberId: son._id });
      expect(asked.statusCode).toBe(400);
      expect(fieldsOf(asked)).toEqual(['familyMemberId']);
      expect(await count('appointments')).toBe(1);
    });

    it('the confirmation mail goes to the account holder and says who is consulted', async () => {
      const asha = await t.patient('asha');
      const father = await added(asha, ajoba);
      const res = await book(t.app(), asha, {}, { familyMemberId: father._id });
      expect(res.statusCode).toBe(200);
      const { checkoutPageUrl } = await checkout(t.app(), asha, res.json() as AppointmentRecord);
      await pressPay(t.app(), checkoutPageUrl);
      await t.idle();
      const mail = t.mailer().sent.at(-1)!;
      expect(mail.to).toBe(asha.email);
      expect(mail.text).toContain('Hello asha,');
      expect(mail.text).toContain('For: Vasant Patil');
      expect(mail.html).toContain('Vasant Patil');
    });
  });

  describe('teleconsultation consent', () => {
    it('Chat, Video and Call need it (400 naming consentText, nothing written); the words and the time are kept', async () => {
      const asha = await t.patient('asha');
      for (const consultationType of ['Chat', 'Video', 'Call']) {
        const refused = await book(t.app(), asha, { consultationType }, { consentText: undefined });
        expect(refused.statusCode).toBe(400);
        expect(fieldsOf(refused)).toEqual(['consentText']);
        const blank = await book(t.app(), asha, { consultationType }, { consentText: '   ' });
        expect(blank.statusCode).toBe(400);
        expect(fieldsOf(blank)).toEqual(['consentText']);
      }
      expect(await count('appointments')).toBe(0);
      const res = await book(t.app(), asha, { consultationType: 'Call' });
      expect(res.statusCode).toBe(200);
      const record = res.json() as AppointmentRecord;
      expect(record.consentAt).toBe(t.clock.now().toISOString());
      const row = await t.db().query<{ consent_text: string; consent_at: Date }>('select consent_text, consent_at from appointments where id = $1', [record._id]);
      expect(row.rows[0]!.consent_text).toBe(teleconsultationConsent);
      expect(row.rows[0]!.consent_at.toISOString()).toBe(t.clock.now().toISOString());
    });

    it('a Clinic Visit records none', async () => {
      const asha = await t.patient('asha');
      const res = await book(t.app(), asha, { consultationType: 'Clinic Visit' }, { consentText: undefined });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as AppointmentRecord).consentAt).toBeNull();
      const row = await appointmentRow(t.db(), (res.json() as AppointmentRecord)._id);
      expect(row).toBeTruthy();
      const consent = await t.db().query('select consent_text from appointments where consent_text is not null');
      expect(consent.rowCount).toBe(0);
    });
  });

  describe('profile', () => {
    it("a Google account's first booking keeps its phone, age and gender; the next one changes nothing", async () => {
      const gita = await t.patient('gita');
      await t.db().query('update users set phone_number = null, age = null, gender = null where id = $1', [gita.id]);
      const before = (await call(t.app(), gita, 'GET', '/auth/getuser')).json() as User;
      expect(before).toMatchObject({ phoneNumber: null, age: null, gender: null, hasPassword: false, signInMethod: 'google' });
      expect((await book(t.app(), gita)).statusCode).toBe(200);
      const after = (await call(t.app(), gita, 'GET', '/auth/getuser')).json() as User;
      expect(after).toMatchObject({ phoneNumber: '+919876543210', age: 34, gender: 'female' });
      expect((await book(t.app(), gita, { startTime: '11:15' }, { phoneNumber: '9123456789', age: 35 })).statusCode).toBe(200);
      expect((await call(t.app(), gita, 'GET', '/auth/getuser')).json()).toMatchObject({ phoneNumber: '+919876543210', age: 34 });
    });

    it('PUT /auth/profile changes name, phone, age and gender, audited; bad input 400 naming each field, nothing changed', async () => {
      const asha = await t.patient('asha');
      expect((await call(t.app(), null, 'PUT', '/auth/profile', {})).statusCode).toBe(401);
      const bad = await call(t.app(), asha, 'PUT', '/auth/profile', { firstName: '', lastName: 'P', phoneNumber: '12', age: 30, gender: 'female' });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad).sort()).toEqual(['firstName', 'phoneNumber']);
      const res = await call(t.app(), asha, 'PUT', '/auth/profile', {
        firstName: 'Asha',
        lastName: 'Deshpande',
        phoneNumber: '98765 11111',
        age: 31,
        gender: 'female',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(isRight(User.decode(res.json()))).toBe(true);
      expect(res.json()).toMatchObject({ firstName: 'Asha', lastName: 'Deshpande', phoneNumber: '9876511111', age: 31, email: asha.email });
      const audit = await t.db().query<{ action: string; actor: string; subject_user_id: string; details: Record<string, unknown> }>(
        "select action, actor, subject_user_id, details from audit_log where action = 'user.profile'",
      );
      expect(audit.rows).toEqual([
        {
          action: 'user.profile',
          actor: asha.email,
          subject_user_id: asha.id,
          details: {
            before: { firstName: 'asha', lastName: 'Patil', phoneNumber: '9876543210', age: 30 },
            after: { firstName: 'Asha', lastName: 'Deshpande', phoneNumber: '9876511111', age: 31 },
          },
        },
      ]);
      // The same values again change nothing and write no audit row.
      await call(t.app(), asha, 'PUT', '/auth/profile', { firstName: 'Asha', lastName: 'Deshpande', phoneNumber: '9876511111', age: 31, gender: 'female' });
      expect(await count('audit_log')).toBe(1);
    });
  });
});
