/**
 * The completion mail's follow-up (server/services/records/documents.ts mailedFollowUp): the
 * doctor's follow-up in followUpWords' words, a dated one's due date, its soonest free slots (the
 * ones GET /followup/{id} lists first) and the link to book it; "as needed" the words alone; none,
 * no line. The clock: Tuesday 11 March 2025 in the clinic (tests/server/followUp.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { clinicWhen } from '../../server/calendar/appointment.js';
import { clinicDayLong } from '../../server/formats.js';
import { clinicWhenIn } from '../../server/mail/words.js';
import { backends } from './helpers.js';
import { prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { completedWith, type OfferJson, offerOf } from './followUpSupport.js';
import type { Patient } from './paymentSupport.js';

describe.each(backends)('the completion mail\'s follow-up on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const mailOf = async (patient: Patient) => {
    await t.idle();
    const mails = t.mailer().sent.filter((m) => m.to === patient.email && m.attachments?.[0]?.contentType === 'application/pdf');
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };

  it('a dated follow-up: its words, the due date, the first free slot the offer lists, and the link to book it', async () => {
    const { patient, id } = await completedWith(t, { kind: 'after', every: 2, unit: 'weeks', times: 1 });
    const mail = await mailOf(patient);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(offer.dueDate).toBe('2025-03-25');
    const first = offer.slots[0]!;
    expect(mail.text).toContain(`Follow-up: After 2 weeks, from ${clinicDayLong(offer.dueDate)}`);
    expect(mail.text).toContain(`  ${clinicWhen(first.date, first.startTime)}`);
    // Three slots, the offer's first three, in order.
    const listed = mail.text.split('\n').filter((l) => l.startsWith('  ') && l.includes('India Standard Time'));
    expect(listed).toEqual(offer.slots.slice(0, 3).map((s) => `  ${clinicWhen(s.date, s.startTime)}`));
    expect(mail.text).toMatch(/Book your follow-up: http\S+\/#\/myappointment$/m);
    expect(mail.html).toContain('>Book your follow-up</a>');
    expect(mail.html).toContain('/#/myappointment"');
    expect(mail.html).toContain(`<li>${clinicWhen(first.date, first.startTime)}</li>`);
  });

  it("an amendment's mail has the follow-up too", async () => {
    const followUp = { kind: 'after', every: 10, unit: 'days', times: 1 } as const;
    const { patient, id } = await completedWith(t, followUp);
    await mailOf(patient);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const amended = { ...prescription, diagnosis: 'Atopic eczema, both hands', followUp, instructions: 'Plenty of water.' };
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${id}/complete`, amended)).statusCode).toBe(200);
    await t.idle();
    const mails = t.mailer().sent.filter((m) => m.to === patient.email && m.attachments?.[0]?.contentType === 'application/pdf');
    expect(mails).toHaveLength(2);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(mails[1]!.text).toContain(`Follow-up: After 10 days, from ${clinicDayLong(offer.dueDate)}`);
    expect(mails[1]!.text).toContain(`  ${clinicWhen(offer.slots[0]!.date, offer.slots[0]!.startTime)}`);
  });

  it("'as needed': the words only, no date, slots or link", async () => {
    const { patient } = await completedWith(t, { kind: 'asNeeded' });
    const mail = await mailOf(patient);
    expect(mail.text).toContain('Follow-up: As needed\n');
    expect(mail.text).not.toContain('soonest free');
    expect(mail.text).not.toContain('Book your follow-up');
    expect(mail.html).toContain('<p>Follow-up: As needed</p>');
  });

  it('no follow-up: no follow-up line', async () => {
    const { patient } = await completedWith(t, null);
    const mail = await mailOf(patient);
    expect(mail.text).not.toContain('Follow-up');
    expect(mail.html).not.toContain('Follow-up');
    expect(mail.text).not.toContain('myappointment');
  });

  it('a Hindi account: the follow-up in Hindi, its date and slots in Hindi', async () => {
    const patient = await t.patient('sunita');
    await t.db().query(`update users set language = 'hi' where id = $1`, [patient.id]);
    const { id } = await completedWith(t, { kind: 'after', every: 2, unit: 'weeks', times: 1 }, '11:00', patient);
    const mail = await mailOf(patient);
    const offer = (await offerOf(t.app(), patient, id)).json() as OfferJson;
    expect(mail.text).toContain(`फ़ॉलो-अप: 2 हफ़्ते बाद, ${clinicDayLong(offer.dueDate, 'hi')} से`);
    expect(mail.text).toContain(`  ${clinicWhenIn('hi', offer.slots[0]!.date, offer.slots[0]!.startTime)}`);
    expect(mail.text).toContain('सबसे पहले खाली समय:');
    expect(mail.text).toContain('फ़ॉलो-अप बुक करें: ');
    expect(mail.text).not.toContain('After 2 weeks');
    expect(mail.html).toContain('<html lang="hi">');
  });
});
