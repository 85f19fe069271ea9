/**
 * Languages on the server: the account keeps its language (015, GET/PUT /api/auth/language, the
 * caller's own only), the booking confirmation of a Marathi-speaking patient is in Marathi, and
 * the email code follows the language the page asked in (Accept-Language).
 */
import { describe, expect, it } from 'vitest';
import { requestLanguage } from '../../server/http/language.js';
import { oneTimeCodeMail } from '../../server/mail/templates.js';
import { backends } from './helpers.js';
import { pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { booked, checkout, publicUrl, type Patient, meeraOnlineToo } from './paymentSupport.js';

const devanagari = /[\u0900-\u097F]/;

describe.each(backends)('the account language on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const getLanguage = (patient: Patient | null) =>
    t.app().inject({ method: 'GET', url: '/api/auth/language', headers: patient ? patient.headers : {} });
  const putLanguage = (patient: Patient | null, payload: unknown) =>
    t.app().inject({ method: 'PUT', url: '/api/auth/language', payload: payload as object, headers: patient ? patient.headers : {} });

  it('is English until the patient sets another; each patient sets only their own', async () => {
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    expect((await getLanguage(asha)).json()).toEqual({ language: 'en' });
    const set = await putLanguage(asha, { language: 'mr' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ language: 'mr' });
    expect((await getLanguage(asha)).json()).toEqual({ language: 'mr' });
    expect((await getLanguage(ravi)).json()).toEqual({ language: 'en' });
    const { rows } = await t.db().query<{ email: string; language: string }>('select email, language from users where id in ($1, $2) order by email', [asha.id, ravi.id]);
    expect(rows).toEqual([
      { email: 'asha@example.com', language: 'mr' },
      { email: 'ravi@example.com', language: 'en' },
    ]);
  });

  it('needs a login (401) and refuses another language or a bad body with 400 naming the field, writing nothing', async () => {
    expect((await getLanguage(null)).statusCode).toBe(401);
    expect((await putLanguage(null, { language: 'hi' })).statusCode).toBe(401);
    const asha = await t.patient('asha');
    for (const payload of [{ language: 'fr' }, { language: '' }, { language: null }, {}, { language: ['mr'] }]) {
      const res = await putLanguage(asha, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['language']);
    }
    expect((await getLanguage(asha)).json()).toEqual({ language: 'en' });
  });

  it("the booking confirmation is in the account's language: Marathi, with Intl's Marathi date and rupees", async () => {
    const patient = await t.patient('asha');
    await putLanguage(patient, { language: 'mr' });
    await meeraOnlineToo(t.db());
    const appointment = await booked(t.app(), patient, { startTime: '11:00', location: '', consultationType: 'Video' });
    const { checkoutPageUrl } = await checkout(t.app(), patient, appointment);
    await pressPay(t.app(), checkoutPageUrl);
    await t.idle();
    expect(t.mailer().sent).toHaveLength(1);
    const mail = t.mailer().sent[0]!;
    // Intl's Marathi words with Latin digits (one numeral style, docs/i18n.md), the clinic's wall clock.
    expect(mail.subject).toBe(`अपॉइंटमेंट पक्की झाली: मंगळवार, 11 मार्च, 2025, सकाळ 11:00 (${appointment.appointmentId})`);
    expect(mail.text).toContain('कधी: मंगळवार, 11 मार्च, 2025, सकाळ 11:00 (भारतीय वेळ)');
    expect(mail.text).toContain('नमस्कार Asha,'); // the booking's first name, as written
    expect(mail.text).toContain('तुमची अपॉइंटमेंट बुक झाली आहे आणि तिची ₹500.00 फी भरली आहे.');
    expect(mail.text).toContain('Dr. Meera Kulkarni यांच्याशी व्हिडिओ कॉलवर कन्सल्टेशन');
    // Online, with no clinic: no clinic named.
    expect(mail.text).toContain('कुठे: ऑनलाइन (व्हिडिओ कॉल)');
    expect(mail.text).toContain(`अपॉइंटमेंट क्रमांक: ${appointment.appointmentId}`);
    expect(mail.text).toContain('अपॉइंटमेंट रद्द केल्यास फी परत मिळत नाही.');
    expect(mail.text).toContain(`${publicUrl}/#/myappointment`);
    expect(mail.html).toContain('<html lang="mr">');
    // Nothing of the English mail is left but names, the place and the appointment's number.
    expect(mail.text).not.toMatch(/Hello|appointment is booked|When:|Where:|cancelled/);
    expect(mail.attachments).toHaveLength(1);
    // The calendar event too, attached and downloaded: its title and description in Marathi.
    const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
    const attached = unfold(String(mail.attachments![0]!.content));
    expect(attached).toContain('SUMMARY:Dr. Meera Kulkarni यांच्याशी व्हिडिओ कॉलवर कन्सल्टेशन');
    const description = attached.find((line) => line.startsWith('DESCRIPTION:'))!;
    expect(description).toContain(`अपॉइंटमेंट क्रमांक: ${appointment.appointmentId}`);
    expect(description).toContain('कधी: मंगळवार\\, 11 मार्च\\, 2025\\, सकाळ 11:00 (भारतीय वेळ)');
    expect(description).not.toMatch(/When:|Where:|Your appointments/);
    const downloaded = await t.app().inject({ method: 'GET', url: `/api/appointment/${appointment._id}/calendar.ics`, headers: patient.headers });
    expect(downloaded.statusCode).toBe(200);
    expect(unfold(downloaded.body)).toContain('SUMMARY:Dr. Meera Kulkarni यांच्याशी व्हिडिओ कॉलवर कन्सल्टेशन');
  });

  it('a Hindi account gets the confirmation in Hindi; an English one as before', async () => {
    const hindi = await t.patient('meena');
    await putLanguage(hindi, { language: 'hi' });
    const english = await t.patient('john');
    for (const [patient, time] of [
      [hindi, '11:00'],
      [english, '11:15'],
    ] as const) {
      const appointment = await booked(t.app(), patient, { startTime: time, consultationType: 'Clinic Visit' });
      await pressPay(t.app(), (await checkout(t.app(), patient, appointment)).checkoutPageUrl);
    }
    await t.idle();
    const byTo = Object.fromEntries(t.mailer().sent.map((m) => [m.to, m]));
    expect(byTo['meena@example.com']!.text).toContain('नमस्ते Asha,');
    expect(byTo['meena@example.com']!.text).toContain('कब: मंगलवार, 11 मार्च 2025, सुबह 11:00 (भारतीय समय)');
    expect(byTo['meena@example.com']!.text).toContain('Dr. Meera Kulkarni के साथ क्लिनिक में कंसल्टेशन');
    expect(byTo['meena@example.com']!.text).toContain('कहाँ: सहज होम्योपैथी क्लिनिक, Aundh');
    expect(byTo['john@example.com']!.text).toContain('Hello Asha,');
    expect(byTo['john@example.com']!.text).not.toMatch(devanagari);
  });

  it('the email code follows the language the page asks in', async () => {
    for (const [header, hello] of [
      ['mr-IN', 'नमस्कार,'],
      ['hi-IN,en;q=0.8', 'नमस्ते,'],
      ['en-IN', 'Hello,'],
      ['fr-FR', 'Hello,'],
    ] as const) {
      const email = `code-${header.slice(0, 2)}-${hello.length}@example.com`;
      const res = await t.app().inject({ method: 'POST', url: '/api/otp/send-otp', payload: { email }, headers: { 'accept-language': header } });
      expect(res.statusCode).toBe(200);
      const mail = t.mailer().sent.filter((m) => m.to === email).at(-1)!;
      expect(mail.text.split('\n')[0]).toBe(hello);
      expect(mail.text).toMatch(/\d{6}/);
    }
  });
});

describe('the language of a request and of a code mail', () => {
  it("reads Accept-Language's tags by weight, primary subtag only", () => {
    const of = (header?: string) => requestLanguage({ headers: header === undefined ? {} : { 'accept-language': header } });
    expect(of()).toBe('en');
    expect(of('mr')).toBe('mr');
    expect(of('fr;q=0.9, hi-IN;q=0.8')).toBe('hi');
    expect(of('en;q=0.5, mr;q=0.9')).toBe('mr');
    expect(of('mr;q=0, de')).toBe('en');
    expect(of('garbage;;;,,')).toBe('en');
  });

  it('the code mail in Marathi names the minutes and keeps the code', () => {
    const mail = oneTimeCodeMail('a@example.com', '123456', 10, 'mr');
    expect(mail.subject).toBe('सहज होमिओपॅथी क्लिनिक: तुमचा व्हेरिफिकेशन कोड');
    expect(mail.text).toContain('तुमचा व्हेरिफिकेशन कोड आहे: 123456');
    expect(mail.text).toContain('तो 10 मिनिटे चालेल');
    expect(mail.html).toContain('<html lang="mr">');
  });
});
