/**
 * "You are next but one" (server/queue/nextInLine.ts), on every backend, against the local
 * stand-ins of the SMS and WhatsApp providers (tests/server/textProvidersFake.ts): when a waiting
 * patient has at most one patient before them, their entry is marked (notified_at) and one keyed
 * job queued, whichever instance sees the change (two marking at once mark once); the job sends
 * on the patient's reminder channels with the queue's own templates, once; a patient called
 * before it ran gets nothing; a provider's error is retried and sends once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQueue, queueTextRows } from '../../server/queue/nextInLine.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { meera, publicUrl } from './paymentSupport.js';
import { PUSHED_MS } from './chatSupport.js';
import { enqueue, moveEntry, visit } from './queueSupport.js';
import { type FakeTextProviders, startFakeTextProviders } from './textProvidersFake.js';

const bookedNumber = '919876543210';

describe.each(backends)('next but one on %s', (backend) => {
  // Filled in once the fake providers listen (the app reads it when each test builds it).
  const env: Record<string, string> = {};
  const t = useAppointmentsApp(backend, { env });
  let fake: FakeTextProviders;
  beforeAll(async () => {
    fake = await startFakeTextProviders();
    Object.assign(env, fake.env(), { MSG91_QUEUE_TEMPLATE_ID: 'queue-en-01', MSG91_QUEUE_TEMPLATE_ID_HI: 'queue-hi-01', WHATSAPP_QUEUE_TEMPLATE: 'queue_next' });
  });
  afterAll(() => fake.close());

  const reset = () => {
    fake.sms.length = 0;
    fake.whatsapp.length = 0;
    fake.requests.length = 0;
  };
  const notified = async (entryId: string) =>
    (await t.db().query<{ notified_at: Date | null }>('select notified_at from queue_entries where id = $1', [entryId])).rows[0]!.notified_at !== null;
  /** Until the instance that heard the change marked the entry (it does so right after the notice). */
  const markedSoon = async (entryId: string) => {
    const start = performance.now();
    while (!(await notified(entryId))) {
      if (performance.now() - start > PUSHED_MS) throw new Error(`not marked within ${PUSHED_MS} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  /** Three patients in Dr. Meera's line at 11:00, 11:15 and 11:30, with their reminder channels. */
  async function line() {
    reset();
    const db = t.db();
    const people = [await t.patient(), await t.patient(), await t.patient()];
    await db.query('update users set remind_sms = true, remind_whatsapp = $2 where id = $1', [people[0]!.id, true]);
    await db.query('update users set remind_sms = true, language = $2 where id = $1', [people[1]!.id, 'hi']);
    await db.query('update users set remind_sms = false, remind_whatsapp = true where id = $1', [people[2]!.id]);
    const visits = [
      await visit(t.app(), db, people[0]!, '11:00', 'Ravi'),
      await visit(t.app(), db, people[1]!, '11:15', 'Bela'),
      await visit(t.app(), db, people[2]!, '11:30', 'Chitra'),
    ];
    const entries: string[] = [];
    for (const [i, v] of visits.entries()) entries.push(await enqueue(db, v._id, { token: i + 1 }));
    return { people, visits, entries };
  }

  it('marks the first two of the line, sends each once on their channels with the queue template, then the next when one is called', async () => {
    const { entries } = await line();
    await markedSoon(entries[1]!);
    expect(await notified(entries[0]!)).toBe(true);
    expect(await notified(entries[2]!)).toBe(false);
    await t.app().jobs.engine.drain([nextQueue]);

    // The Hindi speaker's in Hindi; the jobs run in any order.
    expect(fake.sms.map((m) => [m.body.recipients[0].token, m.body.template_id]).sort()).toEqual([
      ['T1', 'queue-en-01'],
      ['T2', 'queue-hi-01'],
    ]);
    expect(fake.sms.find((m) => m.body.recipients[0].token === 'T1')!.body.recipients).toEqual([{ mobiles: bookedNumber, name: 'Ravi', token: 'T1', doctor: meera.name, link: `${publicUrl}/#/myappointment` }]);
    expect(fake.whatsapp).toHaveLength(1);
    expect(fake.whatsapp[0]!.body.template).toEqual({
      name: 'queue_next',
      language: { code: 'en' },
      components: [{ type: 'body', parameters: ['Ravi', 'T1', meera.name, `${publicUrl}/#/myappointment`].map((text) => ({ type: 'text', text })) }],
    });
    expect((await queueTextRows(t.db(), entries[0]!)).map((r) => [r.key, r.channel, r.state, r.attempts])).toEqual([
      [`queue-next:${entries[0]}:sms`, 'sms', 'sent', 1],
      [`queue-next:${entries[0]}:whatsapp`, 'whatsapp', 'sent', 1],
    ]);

    // The first is called: the third is next but one now, by WhatsApp only (their choice).
    await moveEntry(t.db(), entries[0]!, 'called', 'Room 1');
    await markedSoon(entries[2]!);
    await t.app().jobs.engine.drain([nextQueue]);
    expect(fake.whatsapp.map((m) => m.body.template.components[0].parameters[1].text)).toEqual(['T1', 'T3']);
    // Marking again (the minute's sweep, another change) sends nothing more.
    await t.app().queue.nextInLine.mark(null);
    await moveEntry(t.db(), entries[0]!, 'done');
    await moveEntry(t.db(), entries[1]!, 'called', 'Room 1');
    await t.app().jobs.engine.drain([nextQueue]);
    expect(fake.requests).toHaveLength(4);
  });

  it('marks once when two instances look at once; a patient called before the job ran gets nothing', async () => {
    const db = t.db();
    const other = await t.anotherInstance();
    const { entries } = await line();
    await markedSoon(entries[1]!);
    // Both instances heard the change and marked; and they sweep again together: one job per entry.
    await Promise.all([t.app().queue.nextInLine.mark(null), other.queue.nextInLine.mark(null)]);
    const jobs = (await t.app().jobs.engine.list({ states: ['created', 'retry'] })).filter((j) => j.queue === nextQueue);
    expect(jobs.map((j) => (j.data as { entryId: string }).entryId).sort()).toEqual([entries[0], entries[1]].sort());
    // The second is called to the room before their job runs (two rooms).
    await moveEntry(db, entries[1]!, 'called', 'Room 2');
    await t.app().jobs.engine.drain([nextQueue]);
    expect(fake.sms.map((m) => m.body.recipients[0].token)).toEqual(['T1']);
    expect(await queueTextRows(db, entries[1]!)).toEqual([
      expect.objectContaining({ channel: 'sms', state: 'dropped', note: 'the patient was called (or left the line) before it went out' }),
    ]);
  });

  it("a provider's error answer is retried and sends once, without the number in the note", async () => {
    fake.failNext('sms', 1, 503);
    const { entries } = await line();
    await markedSoon(entries[1]!);
    await t.app().jobs.engine.drain([nextQueue]);
    const rows = [...(await queueTextRows(t.db(), entries[0]!)), ...(await queueTextRows(t.db(), entries[1]!))];
    const failed = rows.filter((r) => r.state === 'queued');
    expect(failed).toEqual([expect.objectContaining({ channel: 'sms', attempts: 1, note: expect.stringMatching(/^send failed: MSG91 answered 503/) })]);
    for (const row of rows) expect(row.note).not.toMatch(/9876543210/);
    const failedJobs = (await t.app().jobs.engine.list({ states: ['retry'] })).filter((j) => j.queue === nextQueue);
    expect(failedJobs).toHaveLength(1);
    // The engine's retry runs the job again: the failed text goes, the sent ones are not sent again.
    await t.app().queue.nextInLine.send((failedJobs[0]!.data as { entryId: string }).entryId);
    for (const entry of entries.slice(0, 2)) expect((await queueTextRows(t.db(), entry)).every((r) => r.state === 'sent')).toBe(true);
    expect(fake.sms.map((m) => m.body.recipients[0].token).sort()).toEqual(['T1', 'T2']);
    expect(fake.whatsapp.map((m) => m.body.template.components[0].parameters[1].text)).toEqual(['T1']);
  });
});
