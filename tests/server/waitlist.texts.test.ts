/**
 * An offer's texts (server/waitlist/notify.ts): besides its mail, an SMS and a WhatsApp message
 * on the offer templates (MSG91_WAITLIST_TEMPLATE_ID, WHATSAPP_WAITLIST_TEMPLATE) when this server
 * has them and the patient's reminder channels ask for them, each sent once; without those
 * templates, the mail only; a patient the desk registered without an email, the texts only. Against the local stand-ins of both providers
 * (tests/server/textProvidersFake.ts); the clock starts on Tuesday 11 March 2025, 10:00.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readTextsConfig } from '../../server/config/texts.js';
import { offerMessageRows } from '../../server/waitlist/notify.js';
import { bookedAndPaid, cancel, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';
import { publicUrl } from './paymentSupport.js';
import { deskOk, deskStaff, registered, seedIds } from './deskSupport.js';
import { useFakeTextProviders } from './textProvidersFake.js';
import { joined, offerRows } from './waitlistSupport.js';

const offerTemplates = { MSG91_WAITLIST_TEMPLATE_ID: '65f0aa11d6fc0512a3b4c5ff', WHATSAPP_WAITLIST_TEMPLATE: 'waitlist_offer' };

describe('offer text settings', () => {
  it('the offer templates are optional, checked like the reminder ones', () => {
    const base = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_REMINDER_TEMPLATE_ID: 'abc123', WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_REMINDER_TEMPLATE: 'r' };
    const without = readTextsConfig(base).value;
    expect(without.sms).not.toHaveProperty('offerTemplateIds');
    expect(without.whatsapp).not.toHaveProperty('offerTemplate');
    const withThem = readTextsConfig({ ...base, MSG91_WAITLIST_TEMPLATE_ID: 'w1', MSG91_WAITLIST_TEMPLATE_ID_MR: 'w2', WHATSAPP_WAITLIST_TEMPLATE: 'offer_1' }).value;
    expect(withThem.sms?.offerTemplateIds).toEqual({ en: 'w1', mr: 'w2' });
    expect(withThem.whatsapp?.offerTemplate).toBe('offer_1');
    expect(readTextsConfig({ ...base, WHATSAPP_WAITLIST_TEMPLATE: 'Bad Name' }).problems).toEqual([
      'WHATSAPP_WAITLIST_TEMPLATE must be a template name (lower-case letters, digits and _) (got "Bad Name")',
    ]);
  });
});

describe.each(backends)("an offer's texts on %s", (backend) => {
  const t = useAppointmentsApp(backend);
  const fake = useFakeTextProviders();
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  const jobs = (env: Record<string, string>) => {
    const j = jobsOver(t.db(), t.clock.now, { config: { texts: readTextsConfig(env).value } });
    started.push(j);
    return j;
  };

  /** Asha waits for Meera; Wednesday 17:00 at Aundh is booked, paid and cancelled: queued for her. */
  async function freedForAsha() {
    const asha = await t.patient('asha');
    await t.db().query('update users set remind_whatsapp = true where id = $1', [asha.id]);
    await joined(t.app(), asha);
    const holder = await t.patient('holder');
    const appointment = await bookedAndPaid(t.app(), holder, { date: '2025-03-12', startTime: '17:00' });
    expect((await cancel(t.app(), holder, holder.id, appointment._id)).statusCode).toBe(200);
    return asha;
  }

  it('with the offer templates: the mail, an SMS and a WhatsApp message, once each', async () => {
    const asha = await freedForAsha();
    const j = jobs({ ...fake().env(), ...offerTemplates });
    expect(await j.waitlist.sweep()).toMatchObject({ passed: { offered: 1 }, messages: 3 });
    await j.waitlist.sweep();
    expect(j.mailer.sent.map((m) => m.to)).toEqual([asha.email]);
    expect(fake().sms.map((s) => s.body.template_id)).toEqual(['65f0aa11d6fc0512a3b4c5ff']);
    expect(fake().sms[0]!.body.recipients[0]).toMatchObject({
      mobiles: '919876543210',
      name: 'asha',
      doctor: 'Dr. Meera Kulkarni',
      when: 'Wednesday, 12 March 2025 at 17:00 (India Standard Time)',
      link: `${publicUrl}/#/myappointment`,
    });
    expect(fake().whatsapp.map((w) => w.body.template.name)).toEqual(['waitlist_offer']);
    const [offer] = await offerRows(t.db());
    expect((await offerMessageRows(t.db(), offer!.id)).map((r) => [r.channel, r.state, r.attempts])).toEqual([
      ['email', 'sent', 1],
      ['sms', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
  });

  it('without them: the mail only, never a reminder template for an offer', async () => {
    await freedForAsha();
    const j = jobs(fake().env());
    expect(await j.waitlist.sweep()).toMatchObject({ passed: { offered: 1 }, messages: 1 });
    expect(j.mailer.sent).toHaveLength(1);
    expect(fake().sms).toEqual([]);
    expect(fake().whatsapp).toEqual([]);
  });

  it('a patient the desk registered without an email: the SMS only, and the desk sees the offer', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const walkIn = await registered(t.app(), reception);
    await deskOk(t.app(), reception, 'POST', '/waitlist', {
      patientId: walkIn._id, doctorId: ids.meera, locationId: '', consultationType: 'Clinic Visit', fromDate: '2025-03-12', toDate: '2025-03-14',
    });
    const holder = await t.patient('holder');
    const appointment = await bookedAndPaid(t.app(), holder, { date: '2025-03-12', startTime: '17:00' });
    expect((await cancel(t.app(), holder, holder.id, appointment._id)).statusCode).toBe(200);
    const j = jobs({ ...fake().env(), ...offerTemplates });
    expect(await j.waitlist.sweep()).toMatchObject({ passed: { offered: 1 }, messages: 1 });
    expect(j.mailer.sent).toEqual([]);
    expect(fake().sms[0]!.body.recipients[0]).toMatchObject({ mobiles: '919822012345', name: 'Asha', doctor: 'Dr. Meera Kulkarni' });
    const [offer] = await offerRows(t.db());
    expect((await offerMessageRows(t.db(), offer!.id)).map((r) => [r.channel, r.state])).toEqual([['sms', 'sent']]);
    const [entry] = (await deskOk(t.app(), reception, 'GET', '/waitlist')).entries;
    expect(entry).toMatchObject({ patientKind: 'desk', offer: { date: '2025-03-12', startTime: '17:00' } });
  });

  it('a text cut off mid-send is not sent again; a message of an offer gone by then is dropped, saying why', async () => {
    await freedForAsha();
    const j = jobs({ ...fake().env(), ...offerTemplates });
    const { rows } = await t.db().query<{ doctor_id: string }>('select doctor_id from waitlist_slots');
    expect(await j.waitlist.passOn({ doctorId: rows[0]!.doctor_id, date: '2025-03-12', startTime: '17:00' })).toBe('offered');
    const [offer] = await offerRows(t.db());
    await t.db().query(`update waitlist_messages set state = 'sending' where channel = 'sms'`);
    expect(await j.waitlist.send(`waitlist-offer:${offer!.id}:sms`)).toBe('unknown');
    // The patient declined before the WhatsApp message went out.
    await t.db().query(`update waitlist_offers set status = 'declined', closed_at = now()`);
    expect(await j.waitlist.send(`waitlist-offer:${offer!.id}:whatsapp`)).toBe('dropped');
    expect(fake().sms).toEqual([]);
    expect(fake().whatsapp).toEqual([]);
    expect((await offerMessageRows(t.db(), offer!.id)).map((r) => [r.channel, r.state, r.note])).toEqual([
      ['email', 'queued', ''],
      ['sms', 'unknown', 'interrupted mid-send: it may have gone out, so it is not sent again'],
      ['whatsapp', 'dropped', 'the offer was declined before its message went out'],
    ]);
  });
});
