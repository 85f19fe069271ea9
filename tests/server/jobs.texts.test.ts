/**
 * Reminders by SMS (MSG91 Flow) and WhatsApp (Cloud API templates), on every backend,
 * against local stand-ins of both providers' HTTP APIs (tests/server/textProvidersFake.ts): sent
 * once when configured and chosen, in the patient's language where a template exists; a
 * provider's error answer retried by the job engine; a send interrupted mid-way never sent twice;
 * the patient's channel choice and the no-login opt-out link (a forged or altered token changes
 * nothing). Phone numbers stay out of notes and errors.
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic; nothing sleeps.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { readTextsConfig } from '../../server/config/texts.js';
import { optOutToken, optOutUrl } from '../../server/messaging/optOut.js';
import { indianNumber } from '../../server/messaging/senders.js';
import { reminderRows } from '../../server/jobs/reminders.js';
import { reminderTextRows } from '../../server/jobs/reminderTexts.js';
import { createSecrets } from '../../server/security/secrets.js';
import { bookedAndPaid, cancel, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { jobsOver, sweepAndSend, type TestJobs } from './jobsSupport.js';
import { publicUrl } from './paymentSupport.js';
import { type FakeTextProviders, useFakeTextProviders } from './textProvidersFake.js';

/** Wednesday 12 March 2025, 17:00: Dr. Meera Kulkarni at Aundh (Wednesdays 17:00-20:00). */
const wednesday = { date: '2025-03-12', startTime: '17:00' };
/** The booking's phone number (tests/server/paymentSupport.ts) as the providers get it. */
const bookedNumber = '919876543210';

describe('reminder text settings', () => {
  it('unset: email only; a channel needs all its keys, named in a clear problem', () => {
    expect(readTextsConfig({})).toEqual({ value: { sms: null, whatsapp: null }, problems: [] });
    // A public site does not need them.
    expect(loadConfig({ PUBLIC_URL: 'https://clinic.example', PAYMENT_PROVIDER: 'sandbox', OIDC_DEV_PROVIDER: 'on', SMTP_URL: 'outbox', PRESCRIPTION_SIGNING_P12: 'self-signed', TURN_URLS: 'none' }).jobs.texts).toEqual({ sms: null, whatsapp: null });
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91[\s\S]*MSG91_REMINDER_TEMPLATE_ID is required/);
    expect(() => loadConfig({ SMS_PROVIDER: 'gupshup' })).toThrow(/SMS_PROVIDER must be one of msg91, off \(got "gupshup"\)/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_REMINDER_TEMPLATE are missing/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: '12ab', WHATSAPP_REMINDER_TEMPLATE: 'r' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID must be the number's id/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: '12', WHATSAPP_REMINDER_TEMPLATE: 'r', WHATSAPP_REMINDER_LANGUAGES: 'hi' })).toThrow(
      /WHATSAPP_REMINDER_LANGUAGES must list/,
    );
    // A secret is never repeated in a problem.
    try {
      loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'secret-key-value' });
    } catch (error) {
      expect(String(error)).not.toContain('secret-key-value');
    }
    const read = readTextsConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_REMINDER_TEMPLATE_ID: 'abc123' });
    expect(read.value.sms).toEqual({ authKey: 'k', templateIds: { en: 'abc123' }, baseUrl: 'https://control.msg91.com' });
    expect(readTextsConfig({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_REMINDER_TEMPLATE: 'r' }).value.whatsapp).toMatchObject({
      baseUrl: 'https://graph.facebook.com',
      apiVersion: 'v21.0',
      languages: ['en'],
    });
  });

  it('phone numbers as given at booking become the providers\' 91XXXXXXXXXX', () => {
    expect(indianNumber('+91 98765-43210')).toBe(bookedNumber);
    expect(indianNumber('09876543210')).toBe(bookedNumber);
    expect(indianNumber('9876543210')).toBe(bookedNumber);
    expect(indianNumber('12345')).toBeNull();
  });
});

describe.each(backends)('reminders by SMS and WhatsApp on %s', (backend) => {
  // The app itself has MSG91 set up (never called here: its jobs send to nowhere in these tests).
  const t = useAppointmentsApp(backend, {
    env: { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'app-key', MSG91_REMINDER_TEMPLATE_ID: 'abc123', MSG91_BASE_URL: 'http://127.0.0.1:9' },
  });
  const providers = useFakeTextProviders();
  let fake: FakeTextProviders;
  beforeEach(() => {
    fake = providers();
  });
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  const clinicTime = (at: string) => {
    const target = new Date(`${at.replace(' ', 'T')}:00+05:30`).getTime();
    t.clock.advance(target - t.clock.now().getTime());
  };
  const secrets = () => createSecrets(t.db(), null);
  const jobs = (env: Record<string, string> = fake.env()) => {
    const j = jobsOver(t.db(), t.clock.now, {
      leads: '24h,2h',
      config: { texts: readTextsConfig(env).value },
      optOutLink: async (userId, channel) => optOutUrl(publicUrl, await optOutToken(secrets(), userId, channel)),
    });
    started.push(j);
    return j;
  };
  const choose = (userId: string, choices: { email?: boolean; sms?: boolean; whatsapp?: boolean }) =>
    t.db().query('update users set remind_email = coalesce($2, remind_email), remind_sms = coalesce($3, remind_sms), remind_whatsapp = coalesce($4, remind_whatsapp) where id = $1', [
      userId,
      choices.email ?? null,
      choices.sms ?? null,
      choices.whatsapp ?? null,
    ]);

  it('goes by email, SMS and WhatsApp when configured and chosen, once each, with the opt-out links', async () => {
    const patient = await t.patient();
    await choose(patient.id, { whatsapp: true });
    const a = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs();
    clinicTime('2025-03-11 17:05');
    await sweepAndSend(j);
    await j.engine.drain();
    expect(j.mailer.sent.filter((m) => m.to === patient.email)).toHaveLength(1);
    expect(fake.sms).toHaveLength(1);
    expect(fake.whatsapp).toHaveLength(1);
    const sms = fake.sms[0]!;
    expect(sms.headers.authkey).toBe('test-msg91-authkey-0123456789');
    expect(sms.body).toMatchObject({ template_id: '65f0aa11d6fc0512a3b4c5d6', short_url: '0' });
    expect(sms.body.recipients).toEqual([
      {
        mobiles: bookedNumber,
        name: 'Asha',
        doctor: 'Dr. Meera Kulkarni',
        when: 'Wednesday, 12 March 2025 at 17:00 (India Standard Time)',
        link: `${publicUrl}/#/myappointment`,
        optout: expect.stringMatching(new RegExp(`^${publicUrl}/optout/${patient.id}\\.sms\\.[A-Za-z0-9_-]+$`)),
      },
    ]);
    const wa = fake.whatsapp[0]!;
    expect(wa.path).toBe('/v21.0/106540352242922/messages');
    expect(wa.headers.authorization).toBe('Bearer EAAtest-whatsapp-token');
    expect(wa.body).toMatchObject({ messaging_product: 'whatsapp', to: bookedNumber, type: 'template', template: { name: 'appointment_reminder', language: { code: 'en' } } });
    const parameters = wa.body.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(parameters.slice(0, 4)).toEqual(['Asha', 'Dr. Meera Kulkarni', 'Wednesday, 12 March 2025 at 17:00 (India Standard Time)', `${publicUrl}/#/myappointment`]);
    expect(parameters[4]).toMatch(new RegExp(`/optout/${patient.id}\\.whatsapp\\.`));
    // The mail carries its own opt-out link.
    expect(j.mailer.sent.at(-1)!.text).toMatch(new RegExp(`No more reminders by email\\? Turn them off here \\(no login needed\\): ${publicUrl}/optout/${patient.id}\\.email\\.`));
    const rows = await reminderTextRows(t.db(), a._id);
    expect(rows.map((r) => [r.channel, r.state, r.attempts])).toEqual([
      ['sms', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
    expect(rows.every((r) => r.provider_id && r.provider_id.length > 0)).toBe(true);
    // Later sweeps before the 2-hour lead send nothing more; a second instance neither.
    const other = jobs();
    clinicTime('2025-03-11 18:00');
    await sweepAndSend(j);
    await sweepAndSend(other);
    expect(fake.requests).toHaveLength(2);
  });

  it("in the patient's language where a template exists (Hindi SMS template; WhatsApp approved in en and mr only)", async () => {
    const hindi = await t.patient();
    await t.db().query(`update users set language = 'hi', remind_whatsapp = true where id = $1`, [hindi.id]);
    await bookedAndPaid(t.app(), hindi, wednesday);
    const j = jobs();
    clinicTime('2025-03-11 17:05');
    await sweepAndSend(j);
    await j.engine.drain();
    expect(fake.sms[0]!.body.template_id).toBe('65f0aa11d6fc0512a3b4c5d7');
    expect(fake.sms[0]!.body.recipients[0].when).toBe('बुधवार, 12 मार्च 2025, शाम 5:00 (भारतीय समय)');
    // No Hindi WhatsApp template: the English one, and its date in English too (never Hindi words in an English text).
    expect(fake.whatsapp[0]!.body.template.language).toEqual({ code: 'en' });
    expect(fake.whatsapp[0]!.body.template.components[0].parameters[2].text).toBe('Wednesday, 12 March 2025 at 17:00 (India Standard Time)');
  });

  it('a provider that answers with an error is retried by the job engine and sends once; a send cut off mid-way is never sent again', async () => {
    const patient = await t.patient();
    await choose(patient.id, { whatsapp: true });
    const a = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs();
    fake.failNext('sms', 1, 503);
    fake.failNext('whatsapp', 2, 500);
    clinicTime('2025-03-11 17:05');
    await sweepAndSend(j);
    let rows = await reminderTextRows(t.db(), a._id);
    // Each failure is noted without the phone number (the fake echoes it in WhatsApp's message).
    for (const row of rows) expect(row.note).not.toMatch(/9876543210/);
    expect(j.errors.map(String).join('\n')).not.toMatch(/9876543210/);
    for (let i = 0; i < 5; i += 1) await j.engine.drain();
    rows = await reminderTextRows(t.db(), a._id);
    expect(rows.map((r) => [r.channel, r.state, r.attempts])).toEqual([
      ['sms', 'sent', 2],
      ['whatsapp', 'sent', 3],
    ]);
    expect(fake.sms).toHaveLength(1);
    expect(fake.whatsapp).toHaveLength(1);
    expect(fake.requests.filter((r) => r.status !== 200)).toHaveLength(3);

    // A worker that died after claiming the 2-hour text (state `sending`) and before recording
    // it: the job's retry does not send it again (the provider may have it), it says `unknown`.
    clinicTime('2025-03-12 15:00');
    await j.reminders.sweep();
    // The mail's job (run here by hand) queues the texts; their jobs have not run yet.
    const mailKey = (await reminderRows(t.db(), a._id)).find((r) => r.lead_minutes === 120)!.key;
    expect(await j.reminders.send(mailKey)).toBe('sent');
    const twoHour = (await reminderTextRows(t.db(), a._id)).filter((r) => r.key.includes(':120:'));
    expect(twoHour).toHaveLength(2);
    await t.db().query(`update reminder_texts set state = 'sending', attempts = 1 where key = $1`, [twoHour[0]!.key]);
    const before = fake.requests.length;
    expect(await j.reminders.sendText(twoHour[0]!.key)).toBe('unknown');
    expect(await j.reminders.sendText(twoHour[0]!.key)).toBe('unknown');
    expect(fake.requests.length).toBe(before);
    expect((await reminderTextRows(t.db(), a._id)).find((r) => r.key === twoHour[0]!.key)!.note).toMatch(/not sent again/);
  });

  it("follows the patient's choice: SMS off sends none; email off still texts; a cancelled appointment's texts are dropped", async () => {
    const noSms = await t.patient();
    await choose(noSms.id, { sms: false });
    const noMail = await t.patient();
    await choose(noMail.id, { email: false });
    const a = await bookedAndPaid(t.app(), noSms, wednesday);
    const b = await bookedAndPaid(t.app(), noMail, { ...wednesday, startTime: '17:15' });
    const j = jobs();
    clinicTime('2025-03-11 17:20');
    await sweepAndSend(j);
    await j.engine.drain();
    expect(j.mailer.sent.filter((m) => m.to === noSms.email)).toHaveLength(1);
    expect(j.mailer.sent.filter((m) => m.to === noMail.email)).toHaveLength(0);
    expect(await reminderTextRows(t.db(), a._id)).toEqual([]);
    expect((await reminderTextRows(t.db(), b._id)).map((r) => [r.channel, r.state])).toEqual([['sms', 'sent']]);
    expect((await reminderRows(t.db(), b._id))[0]).toMatchObject({ state: 'dropped', note: 'the patient turned email reminders off' });
    expect(fake.sms).toHaveLength(1);

    // The 2-hour text is queued, then the appointment is cancelled before its job runs.
    clinicTime('2025-03-12 15:16');
    await j.reminders.sweep();
    // The mail's job (by hand; dropped: email off) queues the text; its job has not run yet.
    const mailKey = (await reminderRows(t.db(), b._id)).find((r) => r.lead_minutes === 120)!.key;
    expect(await j.reminders.send(mailKey)).toBe('dropped');
    expect((await reminderTextRows(t.db(), b._id)).map((r) => r.state)).toEqual(['sent', 'queued']);
    const c = await cancel(t.app(), noMail, noMail.id, b._id);
    expect(c.statusCode).toBe(200);
    await j.engine.drain();
    expect(fake.sms).toHaveLength(1);
    expect((await reminderTextRows(t.db(), b._id)).map((r) => [r.state, r.note])).toEqual([
      ['sent', ''],
      ['dropped', 'cancelled'],
    ]);
  });

  it('with no provider configured, reminders go by email only', async () => {
    const patient = await t.patient();
    await choose(patient.id, { whatsapp: true });
    const a = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs({});
    clinicTime('2025-03-11 17:05');
    await sweepAndSend(j);
    await j.engine.drain();
    expect(j.mailer.sent.filter((m) => m.to === patient.email)).toHaveLength(1);
    expect(await reminderTextRows(t.db(), a._id)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('the opt-out link works without logging in: a page that asks, a POST that turns the channel off; forged or altered tokens change nothing', async () => {
    const patient = await t.patient();
    await choose(patient.id, { whatsapp: true });
    const token = await optOutToken(secrets(), patient.id, 'sms');
    const choices = async () =>
      (await t.db().query('select remind_email, remind_sms, remind_whatsapp from users where id = $1', [patient.id])).rows[0];

    const page = await t.app().inject({ method: 'GET', url: `/optout/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop appointment reminders by SMS?');
    expect(page.body).toContain(`<form method="post" action="/optout/${token}">`);
    expect(page.body).not.toContain(patient.email);
    // Opening the link (a mail client's preview) changes nothing.
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: true });

    const altered = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      token.replace('.sms.', '.whatsapp.'),
      token.replace('.sms.', '.email.'),
      `${token}.x`,
      'not-a-token',
      `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.sms.${token.split('.')[2]}`,
    ];
    for (const bad of altered) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app().inject({ method, url: `/optout/${encodeURIComponent(bad)}` });
        expect(answer.statusCode, `${method} ${bad}`).toBe(400);
        expect(answer.body).toContain('This link is not valid. Nothing was changed.');
      }
    }
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: true });

    const done = await t.app().inject({ method: 'POST', url: `/optout/${token}` });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done: no more appointment reminders by SMS.');
    expect(await choices()).toEqual({ remind_email: true, remind_sms: false, remind_whatsapp: true });
    // Again: the same answer, nothing else changes.
    expect((await t.app().inject({ method: 'POST', url: `/optout/${token}` })).statusCode).toBe(200);
    expect(await choices()).toEqual({ remind_email: true, remind_sms: false, remind_whatsapp: true });

    // In the account's language.
    await t.db().query(`update users set language = 'mr' where id = $1`, [patient.id]);
    const mail = await t.app().inject({ method: 'GET', url: `/optout/${await optOutToken(secrets(), patient.id, 'email')}` });
    expect(mail.body).toContain('ईमेल वरून अपॉइंटमेंटची आठवण बंद करायची?');
    expect(mail.body).toContain('<html lang="mr">');

    // A genuine token of an account that is gone: 404.
    const gone = await optOutToken(secrets(), '11111111-1111-4111-8111-111111111111', 'sms');
    expect((await t.app().inject({ method: 'POST', url: `/optout/${gone}` })).statusCode).toBe(404);
  });

  it("the opt-out page's button as a browser presses it: a form post (x-www-form-urlencoded) turns the channel off and answers a page; bad tokens change nothing", async () => {
    const patient = await t.patient();
    await choose(patient.id, { whatsapp: true });
    const token = await optOutToken(secrets(), patient.id, 'whatsapp');
    const choices = async () =>
      (await t.db().query('select remind_email, remind_sms, remind_whatsapp from users where id = $1', [patient.id])).rows[0];
    const form = 'application/x-www-form-urlencoded';
    // What Chromium sends for a form with one button and no fields: the form type, an empty body.
    const press = (url: string, payload = '') => t.app().inject({ method: 'POST', url, headers: { 'content-type': form, origin: publicUrl }, payload });

    for (const bad of [`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, token.replace('.whatsapp.', '.sms.'), 'not-a-token']) {
      const refused = await press(`/optout/${encodeURIComponent(bad)}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('This link is not valid. Nothing was changed.');
    }
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: true });

    const done = await press(`/optout/${token}`);
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.body).toContain('Done: no more appointment reminders by WhatsApp.');
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: false });
    // Pressed again (a double click, the browser's Back and again), with fields a browser may add: the same page.
    const again = await press(`/optout/${token}`, 'x=1&y=%E0%A4%85');
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Done: no more appointment reminders by WhatsApp.');
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: false });

    // Only this page reads form bodies: the API still answers them 415 and changes nothing.
    const api = await t.app().inject({ method: 'PUT', url: '/api/auth/reminders', headers: { ...patient.headers, 'content-type': form }, payload: 'email=false' });
    expect(api.statusCode).toBe(415);
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: false });
    // A form body larger than a form with a button sends is refused, nothing changed.
    await choose(patient.id, { whatsapp: true });
    expect((await press(`/optout/${token}`, `x=${'a'.repeat(4096)}`)).statusCode).toBe(413);
    expect(await choices()).toEqual({ remind_email: true, remind_sms: true, remind_whatsapp: true });
  });

  it("GET/PUT /api/auth/reminders: the caller's own channels, the ones the clinic has; 401 without login; bad bodies 400 on the field, nothing written", async () => {
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const get = (who: typeof asha | null) => t.app().inject({ method: 'GET', url: '/api/auth/reminders', headers: who ? who.headers : {} });
    const put = (who: typeof asha | null, payload: unknown) =>
      t.app().inject({ method: 'PUT', url: '/api/auth/reminders', payload: payload as object, headers: who ? who.headers : {} });
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, { email: false, sms: false, whatsapp: false })).statusCode).toBe(401);
    expect((await get(asha)).json()).toEqual({ channels: { email: true, sms: true, whatsapp: false }, available: { sms: true, whatsapp: false } });
    const set = await put(asha, { email: false, sms: true, whatsapp: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ channels: { email: false, sms: true, whatsapp: true }, available: { sms: true, whatsapp: false } });
    expect((await get(asha)).json().channels).toEqual({ email: false, sms: true, whatsapp: true });
    expect((await get(ravi)).json().channels).toEqual({ email: true, sms: true, whatsapp: false });
    for (const [payload, fields] of [
      [{ email: 'no', sms: true, whatsapp: true }, ['email']],
      [{ email: true, sms: null, whatsapp: 1 }, ['sms', 'whatsapp']],
      [{ email: true, sms: true }, ['whatsapp']],
    ] as const) {
      const res = await put(ravi, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields]);
    }
    expect((await get(ravi)).json().channels).toEqual({ email: true, sms: true, whatsapp: false });
  });

  it("the app's own reminder mail links to its opt-out page, which turns email reminders off without a login", async () => {
    const patient = await t.patient();
    await bookedAndPaid(t.app(), patient, wednesday);
    clinicTime('2025-03-11 17:05');
    await t.app().jobs.reminders.sweep();
    // SMS goes to a closed port here: only the mail matters in this test.
    await t.app().jobs.engine.drain();
    const mail = t.mailer().sent.find((m) => m.to === patient.email && m.subject.startsWith('Reminder'))!;
    const link = /No more reminders by email\? Turn them off here \(no login needed\): (\S+)/.exec(mail.text)![1]!;
    expect(link.startsWith(`${publicUrl}/optout/${patient.id}.email.`)).toBe(true);
    const path = new URL(link).pathname;
    expect((await t.app().inject({ method: 'GET', url: path })).body).toContain('Stop appointment reminders by email?');
    expect((await t.app().inject({ method: 'POST', url: path })).statusCode).toBe(200);
    const { rows } = await t.db().query('select remind_email, remind_sms from users where id = $1', [patient.id]);
    expect(rows[0]).toEqual({ remind_email: false, remind_sms: true });
  });
});
