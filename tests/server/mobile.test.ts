/**
 * Mobile sign-in (server/mobile, docs/mobile-sign-in.md) against the local stand-ins of MSG91 and
 * the WhatsApp Cloud API (textProvidersFake.ts): which account a proven number signs in to
 * (verified phone, a desk record, never an unverified match), the codes' limits, the pumping
 * guard, the proofs a change of phone and of email need, and that no log line holds a number
 * or a code. One app per test over a copy of the seeded database (accountsSupport.ts).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { accountForPhone } from '../../server/mobile/service.js';
import { codeCapKind } from '../../server/mobile/mails.js';
import { from, getUser, login, minute, patient, post, prove, registered, sendCode, useAccountsApp } from './accountsSupport.js';
import { backends } from './helpers.js';
import { sendQueuedMails } from './jobsSupport.js';
import { useFakeTextProviders } from './textProvidersFake.js';

const otpTemplateId = '66aa11d6fc0512a3b4c5d6e7';
/** A new patient's number as typed, and as the providers and the account hold it. */
const asha = { typed: '98220 12345', provider: '919822012345', stored: '+919822012345' };

const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) } as unknown as NodeJS.WritableStream;

describe.each(backends)('mobile sign-in on %s', (backend) => {
  const providers = useFakeTextProviders();
  const t = useAccountsApp(backend, {
    logger: { level: 'debug', stream },
    config: (dataDir) =>
      loadConfig({
        DATA_DIR: dataDir,
        ...providers().env(),
        MSG91_OTP_TEMPLATE_ID: otpTemplateId,
        WHATSAPP_OTP_TEMPLATE: 'sign_in_code',
        MOBILE_CODES_PER_DAY: '8',
        RATE_LIMIT_PHONE_CODES_PER_CLIENT: '7/1h',
      }),
  });

  const send = (phoneNumber: string, ip = '203.0.113.7', channel?: string, app: FastifyInstance = t.app()) =>
    post(app, '/api/auth/mobile/send-code', { phoneNumber, ...(channel ? { channel } : {}) }, from(ip));
  const lastSmsCode = (): string => providers().sms.at(-1)!.body.recipients[0].otp;
  const signIn = (phoneNumber: string, code: string) => post(t.app(), '/api/auth/mobile/sign-in', { phoneNumber, code }, from('203.0.113.7'));
  /** A code to the number and the sign-in with it: the answer. */
  async function signedIn(phoneNumber: string) {
    const sent = await send(phoneNumber);
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await signIn(phoneNumber, lastSmsCode());
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; user: { _id: string; email: string | null }; created: boolean; profileComplete: boolean };
  }
  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const put = (url: string, token: string, payload: object) => t.app().inject({ method: 'PUT', url, payload, ...auth(token) });
  const deskPatient = async (first: string, phone: string, email: string | null = null) =>
    (
      await t.db().query<{ id: string }>(
        `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
         values ($1, $2, 'Joshi', 67, 'female', $3, 'desk', 'patient') returning id`,
        [email, first, phone],
      )
    ).rows[0]!.id;

  it('offers the channels that deliver, texts a new number a code, and signs it in to a new account with only the number', async () => {
    expect((await t.app().inject('/api/auth/sign-in-options')).json()).toEqual({ mobile: { channels: ['sms', 'whatsapp'] } });
    const first = await signedIn(asha.typed);
    // MSG91's Flow API with the clinic's DLT template and our own code as ##otp##.
    expect(providers().sms.at(-1)!.body).toMatchObject({ template_id: otpTemplateId, recipients: [{ mobiles: asha.provider, otp: expect.stringMatching(/^\d{6}$/), minutes: '10' }] });
    expect(first).toMatchObject({ created: true, profileComplete: false, user: { email: null, firstName: '' } });
    const me = (await getUser(t.app(), first.token)).json();
    expect(me).toMatchObject({ _id: first.user._id, email: null, phoneNumber: asha.stored, phoneVerified: true, signInMethod: 'phone', hasPassword: false });
    // The same number again, in another form: the same account.
    const again = await signedIn('+91-98220-12345');
    expect(again).toMatchObject({ created: false, user: { _id: first.user._id } });
    // The profile fills the name, age and gender (the first booking asks for them once).
    const profile = await put('/api/auth/profile', first.token, { firstName: 'Asha', lastName: 'Pawar', phoneNumber: '9822012345', age: 31, gender: 'female' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ firstName: 'Asha', phoneNumber: asha.stored, phoneVerified: true });
    expect((await signedIn(asha.typed)).profileComplete).toBe(true);
  });

  it('lists an account without an email by its id on the spec\'s path; anybody else\'s id or email stays 403', async () => {
    const phoneOnly = await signedIn(asha.typed);
    const list = (who: string, token: string) => t.app().inject({ url: `/api/auth/getUser/${encodeURIComponent(who)}`, ...auth(token) });
    const own = await list(phoneOnly.user._id, phoneOnly.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual([]);
    const other = await signedIn('98220 54321');
    expect((await list(other.user._id, phoneOnly.token)).statusCode).toBe(403);
    expect((await list('somebody@example.com', phoneOnly.token)).statusCode).toBe(403);
    // Neither an email nor an id: a field problem, no list.
    const bad = await list('not-an-id', phoneOnly.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['email']);
  });

  it('sends a WhatsApp authentication template with the code in the body and its copy-code button', async () => {
    expect((await send(asha.typed, undefined, 'whatsapp')).statusCode).toBe(200);
    const body = providers().whatsapp.at(-1)!.body;
    const code = body.template.components[0].parameters[0].text;
    expect(code).toMatch(/^\d{6}$/);
    expect(body).toMatchObject({
      to: asha.provider,
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'en' },
        components: [{ type: 'body' }, { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] }],
      },
    });
    expect((await signIn(asha.typed, code)).statusCode).toBe(200);
  });

  it('answers the same for a number with an account and one without, and deletes a code the provider surely did not take', async () => {
    await signedIn('9876501234');
    const known = await send('9876501234', '198.51.100.1');
    const unknown = await send('9876505678', '198.51.100.2');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ message: 'We sent a 6-digit code to your phone.' });
    providers().failNext('sms', 1);
    const failed = await send('9876509999');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('mobile.sendFailed');
    expect((await t.db().query(`select 1 from phone_codes where phone = '9876509999'`)).rowCount).toBe(0);
  });

  it('joins the one desk record with the number; several with one number join nothing; an unverified match never joins', async () => {
    const kamala = await deskPatient('Kamala', '98220 77881');
    const joined = await signedIn('9822077881');
    expect(joined).toMatchObject({ created: false, profileComplete: true, user: { _id: kamala, firstName: 'Kamala' } });
    const row = (await t.db().query(`select sign_in_method, phone_number from users where id = $1`, [kamala])).rows[0];
    expect(row).toEqual({ sign_in_method: 'phone', phone_number: '+919822077881' });
    expect((await t.db().query(`select 1 from audit_log where action = 'patient.joined' and subject_user_id = $1 and actor = $2`, [kamala, `account ${kamala}`])).rowCount).toBe(1);

    // A family sharing a phone: the server cannot tell who holds it, so neither record becomes the account.
    const [mother, son] = [await deskPatient('Sunita', '9822066554'), await deskPatient('Rohan', '+91 98220 66554')];
    const family = await signedIn('9822066554');
    expect(family.created).toBe(true);
    expect([mother, son]).not.toContain(family.user._id);
    expect((await t.db().query(`select 1 from users where id = any($1) and sign_in_method = 'desk'`, [[mother, son]])).rowCount).toBe(2);

    // An account that typed the number (never proven) is not joined: a new account is made.
    const typedBy = await registered(t); // phone +91 98765-43210
    const fresh = await signedIn('9876543210');
    expect(fresh.created).toBe(true);
    expect(fresh.user._id).not.toBe(typedBy);
  });

  it('a code works 10 minutes, once, and not after 5 wrong tries', async () => {
    await send(asha.typed);
    t.clock.advance(10 * minute);
    let res = await signIn(asha.typed, lastSmsCode());
    expect([res.statusCode, res.json().code, res.json().errors]).toEqual([400, 'mobile.expired', [{ field: 'code', message: 'This code has expired. Please request a new one.' }]]);

    await send(asha.typed);
    const code = lastSmsCode();
    expect((await signIn(asha.typed, code)).statusCode).toBe(200);
    expect((await signIn(asha.typed, code)).json().code).toBe('mobile.noCode');

    await send(asha.typed);
    const right = lastSmsCode();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) expect((await signIn(asha.typed, wrong)).json().code).toBe(i < 5 ? 'mobile.invalid' : 'mobile.tooManyTries');
    expect((await signIn(asha.typed, right)).json().code).toBe('mobile.tooManyTries');
  });

  it('limits sends per number and per client address', async () => {
    for (let i = 0; i < 5; i++) expect((await send(asha.typed, `198.51.100.${i}`)).statusCode).toBe(200);
    const perNumber = await send(asha.typed, '198.51.100.99');
    expect([perNumber.statusCode, perNumber.json().code, perNumber.headers['retry-after']]).toEqual([429, 'mobile.tooManySendsForPhone', expect.any(String)]);
    // From one address, whatever the numbers (RATE_LIMIT_PHONE_CODES_PER_CLIENT=7/1h here).
    for (let i = 0; i < 2; i++) expect((await send(`98230000${10 + i}`, '192.0.2.50')).statusCode).toBe(200);
    const tests = await t.db().query<{ n: number }>(`select count(*)::int as n from rate_limits where bucket like 'phone-send:phone:%'`);
    expect(tests.rows[0]!.n).toBe(3);
    // No bucket names a number: they are keyed hashes.
    expect((await t.db().query(`select 1 from rate_limits where bucket like '%9822012345%' or bucket like '%9823000010%'`)).rowCount).toBe(0);
    for (let i = 2; i < 7; i++) await send(`98230000${10 + i}`, '192.0.2.50');
    const perClient = await send('9823000099', '192.0.2.50');
    expect([perClient.statusCode, perClient.json().code]).toEqual([429, 'mobile.tooManySendsForClient']);
  });

  it('refuses non-Indian and landline numbers with a field message, and stops at the day\'s cap, alerting the admins once', async () => {
    for (const phoneNumber of ['+1 415 555 0100', '020 2553 1234', '+44 7700 900123', '12345']) {
      const res = await send(phoneNumber);
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().errors, phoneNumber).toEqual([{ field: 'phoneNumber', message: 'must be a 10-digit Indian mobile number' }]);
    }
    expect(providers().sms).toHaveLength(0);
    // MOBILE_CODES_PER_DAY=8 here, every number and address together.
    for (let i = 0; i < 8; i++) expect((await send(`97000000${10 + i}`, `192.0.2.${i}`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const capped = await send(`97000001${10 + i}`, `192.0.2.${100 + i}`);
      expect([capped.statusCode, capped.json().code]).toEqual([429, 'mobile.dailyCap']);
    }
    expect(providers().sms).toHaveLength(8);
    const alerts = await t.db().query<{ key: string }>(`select key from job_mails where kind = 'code-cap'`);
    expect(alerts.rows).toEqual([{ key: 'code-cap:2025-03-11' }]);
    // The alert goes to the admins (ADMIN_EMAIL and every admin account), naming the cap.
    await t.db().query(`update users set role = 'admin' where id = $1`, [await registered(t)]);
    expect(await sendQueuedMails(t.app().jobs)).toBe(1);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: patient.email, subject: "Mobile sign-in codes: today's limit of 8 was reached (2025-03-11)" });
    const mail = await codeCapKind(t.db(), { adminEmail: 'owner@clinic.example', codesPerDay: 8, publicUrl: 'http://localhost:3000' }).build(alerts.rows[0]!.key, t.clock.now());
    expect(mail).toMatchObject({ to: `owner@clinic.example, ${patient.email}`, subject: expect.stringContaining('limit of 8') });
    // The next clinic day counts afresh.
    t.clock.advance(24 * 60 * minute);
    expect((await send('9700000200', '192.0.2.200')).statusCode).toBe(200);
  });

  it('a change of phone needs the new number\'s code, and the password or an email code of an account that has one', async () => {
    await registered(t);
    const { token } = (await login(t.app(), patient.email, patient.password)).json();
    const sendChange = (phoneNumber: string) => post(t.app(), '/api/auth/phone/send-code', { phoneNumber }, { ...from('203.0.113.9'), ...auth(token) });
    expect((await sendChange(asha.typed)).statusCode).toBe(200);
    const code = lastSmsCode();
    const none = await put('/api/auth/phone', token, { phoneNumber: asha.typed, code });
    expect([none.statusCode, none.json().code, none.json().errors[0].field]).toEqual([400, 'mobile.proofNeeded', 'password']);
    const wrong = await put('/api/auth/phone', token, { phoneNumber: asha.typed, code, password: 'not my password at all' });
    expect([wrong.statusCode, wrong.json().errors[0].field]).toEqual([400, 'password']);
    const done = await put('/api/auth/phone', token, { phoneNumber: asha.typed, code, password: patient.password });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ phoneNumber: asha.stored, phoneVerified: true });
    // The proven number now signs in to this account.
    expect((await signedIn(asha.typed)).created).toBe(false);

    // A sign-in code proves no change.
    await send('9822099887');
    const signInCode = lastSmsCode();
    expect((await put('/api/auth/phone', token, { phoneNumber: '9822099887', code: signInCode, password: patient.password })).json().code).toBe('mobile.noCode');

    // With a code to the account's own email instead; the old verified number's owner is told by email.
    expect((await sendChange('9822099887')).statusCode).toBe(200);
    const phoneCode = lastSmsCode();
    await sendCode(t.app(), patient.email);
    const byEmail = await put('/api/auth/phone', token, { phoneNumber: '9822099887', code: phoneCode, emailCode: t.mailer.lastCode(patient.email) });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect((await t.db().query(`select 1 from job_mails where kind = 'phone-changed'`)).rowCount).toBe(1);
    expect(await sendQueuedMails(t.app().jobs)).toBe(1);
    const notice = t.mailer.sent.at(-1)!;
    expect(notice).toMatchObject({ to: patient.email, subject: 'The mobile number on your account was changed' });
    expect(notice.text).not.toMatch(/98220|99887|12345/);

    // The profile keeps a verified number (in any form) and refuses another without a code.
    const profile = { firstName: 'Asha', lastName: 'Deshpande', age: 34, gender: 'female' };
    expect((await put('/api/auth/profile', token, { ...profile, phoneNumber: '+91 98220 99887' })).json()).toMatchObject({ phoneNumber: '+919822099887', phoneVerified: true });
    const changed = await put('/api/auth/profile', token, { ...profile, phoneNumber: '9822011111' });
    expect([changed.statusCode, changed.json().code, changed.json().errors[0].field]).toEqual([400, 'people.verifiedPhone', 'phoneNumber']);

    // Another account's verified number: 409 on the field, before any text.
    const other = await signedIn('9811122233');
    const taken = await post(t.app(), '/api/auth/phone/send-code', { phoneNumber: '9822099887' }, { ...from('203.0.113.10'), ...auth(other.token) });
    expect([taken.statusCode, taken.json().code, taken.json().errors]).toEqual([
      409,
      'mobile.phoneTaken',
      [{ field: 'phoneNumber', message: 'This number is already verified on another account. Please sign in with it instead.' }],
    ]);
  });

  it('an account without a password proves a change with a code to its current number (or its email), never with the session alone', async () => {
    const phoneOnly = await signedIn(asha.typed);
    const sendChange = (token: string, phoneNumber: string) => post(t.app(), '/api/auth/phone/send-code', { phoneNumber }, { ...from('203.0.113.11'), ...auth(token) });
    const sendCurrent = (token: string) => post(t.app(), '/api/auth/phone/send-current-code', {}, { ...from('203.0.113.11'), ...auth(token) });
    const numberOf = async (id: string) => (await t.db().query<{ phone_number: string }>('select phone_number from users where id = $1', [id])).rows[0]!.phone_number;

    expect((await sendChange(phoneOnly.token, '9822077665')).statusCode).toBe(200);
    const code = lastSmsCode();
    // The new number's code alone: refused on the proof's field, the number unchanged.
    const alone = await put('/api/auth/phone', phoneOnly.token, { phoneNumber: '9822077665', code });
    expect([alone.statusCode, alone.json().code, alone.json().errors[0].field]).toEqual([400, 'mobile.currentCodeNeeded', 'currentCode']);
    // A password it does not have proves nothing either.
    const password = await put('/api/auth/phone', phoneOnly.token, { phoneNumber: '9822077665', code, password: 'whatever it may be' });
    expect(password.json().code).toBe('mobile.currentCodeNeeded');
    expect(await numberOf(phoneOnly.user._id)).toBe(asha.stored);

    // The code to the current number goes to that number, and is bound to it and to this purpose.
    expect((await sendCurrent(phoneOnly.token)).statusCode).toBe(200);
    expect(providers().sms.at(-1)!.body.recipients[0].mobiles).toBe(asha.provider);
    const current = lastSmsCode();
    const crossed = await put('/api/auth/phone', phoneOnly.token, { phoneNumber: '9822077665', code: current, currentCode: code });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors[0].field).toBe('currentCode');
    expect(await numberOf(phoneOnly.user._id)).toBe(asha.stored);

    // Refused before the new number's code was tried: that one still works, with the current number's own.
    const moved = await put('/api/auth/phone', phoneOnly.token, { phoneNumber: '9822077665', code, currentCode: current });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ phoneNumber: '+919822077665', phoneVerified: true });
    const audit = await t.db().query<{ details: { proof: string } }>(`select details from audit_log where action = 'user.profile' and subject_user_id = $1 order by id desc limit 1`, [phoneOnly.user._id]);
    expect(audit.rows[0]!.details.proof).toBe('code+currentCode');
    // The old number signs in to nothing of this account now; the new one does.
    expect((await signedIn('9822077665')).user._id).toBe(phoneOnly.user._id);

    // An account with neither a password nor a verified number, but an email: the email's code.
    const google = await signedIn('9811100022');
    await t.db().query(`update users set phone_verified_at = null, email = 'meera.g@example.com' where id = $1`, [google.user._id]);
    const refusedCurrent = await sendCurrent(google.token);
    expect([refusedCurrent.statusCode, refusedCurrent.json().code, refusedCurrent.json().errors[0].field]).toEqual([400, 'mobile.noCurrentPhone', 'currentCode']);
    expect((await sendChange(google.token, '9811100033')).statusCode).toBe(200);
    const googleCode = lastSmsCode();
    const noProof = await put('/api/auth/phone', google.token, { phoneNumber: '9811100033', code: googleCode });
    expect([noProof.statusCode, noProof.json().code, noProof.json().errors[0].field]).toEqual([400, 'mobile.emailCodeNeeded', 'emailCode']);
    await sendCode(t.app(), 'meera.g@example.com');
    const byEmail = await put('/api/auth/phone', google.token, { phoneNumber: '9811100033', code: googleCode, emailCode: t.mailer.lastCode('meera.g@example.com') });
    expect(byEmail.statusCode, byEmail.body).toBe(200);

    // Signed out: 401, and nothing sent.
    const sent = providers().sms.length;
    expect((await post(t.app(), '/api/auth/phone/send-current-code', {}, from('203.0.113.11'))).statusCode).toBe(401);
    expect(providers().sms.length).toBe(sent);
  });

  it('an account without an email closes itself with a code texted to its verified number, bound to closing', async () => {
    const phoneOnly = await signedIn('9822066554');
    const del = (token: string, otp: string) => post(t.app(), '/api/records/account/delete', { otp }, auth(token));
    const sendClose = (token: string) => post(t.app(), '/api/auth/phone/send-current-code', { for: 'accountClose' }, { ...from('203.0.113.12'), ...auth(token) });

    // A phone-change proof code does not close the account.
    expect((await post(t.app(), '/api/auth/phone/send-current-code', {}, { ...from('203.0.113.12'), ...auth(phoneOnly.token) })).statusCode).toBe(200);
    const changeCode = lastSmsCode();
    const crossed = await del(phoneOnly.token, changeCode);
    expect([crossed.statusCode, crossed.json().code, crossed.json().errors[0].field]).toEqual([400, 'mobile.noCode', 'otp']);

    expect((await sendClose(phoneOnly.token)).statusCode).toBe(200);
    expect(providers().sms.at(-1)!.body.recipients[0].mobiles).toBe('919822066554');
    const code = lastSmsCode();
    const wrong = await del(phoneOnly.token, code === '000000' ? '111111' : '000000');
    expect([wrong.statusCode, wrong.json().code, wrong.json().errors[0].field]).toEqual([400, 'mobile.invalid', 'otp']);
    const closed = await del(phoneOnly.token, code);
    expect(closed.statusCode, closed.body).toBe(200);
    const row = await t.db().query<{ deleted: boolean; phone_number: string | null }>('select deleted_at is not null as deleted, phone_number from users where id = $1', [phoneOnly.user._id]);
    expect(row.rows[0]).toEqual({ deleted: true, phone_number: null });
    expect((await getUser(t.app(), phoneOnly.token)).statusCode).toBe(401);
    // The number is free again: it signs up anew.
    expect((await signedIn('9822066554')).created).toBe(true);

  });

  it('adds an email with its proof; another account\'s is refused on the field; a desk record with it joins the account', async () => {
    const phoneAccount = await signedIn(asha.typed);
    const unproven = await put('/api/auth/email', phoneAccount.token, { email: 'asha.pawar@example.com' });
    expect([unproven.statusCode, unproven.json().code, unproven.json().errors[0].field]).toEqual([400, 'mobile.emailUnproven', 'otp']);
    await prove(t, 'asha.pawar@example.com');
    const added = await put('/api/auth/email', phoneAccount.token, { email: 'Asha.Pawar@example.com' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ email: 'asha.pawar@example.com', phoneVerified: true });
    // The proof is used up.
    expect((await t.db().query('select 1 from email_proofs')).rowCount).toBe(0);

    await registered(t);
    await prove(t, patient.email);
    const taken = await put('/api/auth/email', phoneAccount.token, { email: patient.email });
    expect([taken.statusCode, taken.json().code, taken.json().errors[0].field]).toEqual([409, 'mobile.emailTaken', 'email']);

    const other = await signedIn('9811122233');
    const desk = await deskPatient('Kamala', '020 2553 1234', 'kamala@example.com');
    await prove(t, 'kamala@example.com');
    const merged = await put('/api/auth/email', other.token, { email: 'kamala@example.com' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ _id: other.user._id, email: 'kamala@example.com', firstName: 'Kamala', age: 67, phoneNumber: '+919811122233' });
    expect((await t.db().query('select 1 from users where id = $1', [desk])).rowCount).toBe(0);
  });

  it('makes one account when sign-ins of one new number race', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => accountForPhone(t.db(), '9822055544', t.clock.now)));
    expect(new Set(made.map((m) => m.user._id)).size).toBe(1);
    expect(made.filter((m) => m.created)).toHaveLength(1);
    expect((await t.db().query(`select 1 from users where phone_number = '+919822055544'`)).rowCount).toBe(1);
  });

  it('refuses staff by phone, and writes no number or code in any log line', async () => {
    lines.length = 0;
    const staff = await signedIn('9822044433');
    await t.db().query(`update users set role = 'admin', email = 'staff@clinic.example' where id = $1`, [staff.user._id]);
    await send('9822044433');
    const code = lastSmsCode();
    const refused = await signIn('9822044433', code);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'mobile.staffByPhone']);
    providers().failNext('whatsapp', 1);
    await send('9822044433', '203.0.113.99', 'whatsapp');
    const logged = lines.join('');
    expect(logged).toContain('/api/auth/mobile/send-code');
    expect(logged).toContain('text could not be sent');
    for (const secret of ['9822044433', '+919822044433', '919822044433', '98220 12345', code]) expect(logged).not.toContain(secret);
  });
});

describe('mobile sign-in settings', () => {
  const publicSite = { PUBLIC_URL: 'https://clinic.example', PAYMENT_PROVIDER: 'sandbox', OIDC_DEV_PROVIDER: 'on', SMTP_URL: 'outbox', PRESCRIPTION_SIGNING_P12: 'self-signed', TURN_URLS: 'none' };
  it('offers the outbox on this machine only, never a channel a public site cannot deliver', () => {
    expect(loadConfig({}).mobile).toMatchObject({ sms: null, whatsapp: null, outbox: true, codesPerDay: 1000 });
    expect(loadConfig(publicSite).mobile).toMatchObject({ sms: null, whatsapp: null, outbox: false });
    expect(loadConfig({ MOBILE_SIGN_IN: 'off' }).mobile.outbox).toBe(false);
    expect(() => loadConfig({ ...publicSite, MOBILE_SIGN_IN: 'on' })).toThrow(/MOBILE_SIGN_IN=on needs a channel that delivers codes/);
    expect(() => loadConfig({ MSG91_OTP_TEMPLATE_ID: 'abc' })).toThrow(/MSG91_OTP_TEMPLATE_ID needs SMS_PROVIDER=msg91 and MSG91_AUTH_KEY/);
    expect(() => loadConfig({ WHATSAPP_OTP_TEMPLATE: 'code' })).toThrow(/WHATSAPP_OTP_TEMPLATE needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => loadConfig({ MOBILE_CODES_PER_DAY: '0' })).toThrow(/MOBILE_CODES_PER_DAY/);
  });

  it('takes an account for codes only: no reminder template needed, no reminders by that channel', () => {
    const config = loadConfig({
      ...publicSite,
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_OTP_TEMPLATE_ID: 'otp1',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '12',
      WHATSAPP_OTP_TEMPLATE: 'sign_in_code',
      WHATSAPP_OTP_LANGUAGE: 'en_US',
    });
    expect(config.jobs.texts).toEqual({ sms: null, whatsapp: null });
    expect(config.mobile).toMatchObject({
      sms: { authKey: 'k', templateId: 'otp1', baseUrl: 'https://control.msg91.com' },
      whatsapp: { token: 't', phoneNumberId: '12', template: 'sign_in_code', language: 'en_US', apiVersion: 'v21.0', baseUrl: 'https://graph.facebook.com' },
      outbox: false,
    });
  });
});
