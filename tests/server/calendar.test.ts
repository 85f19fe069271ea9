/**
 * Add to calendar: GET /api/appointment/{id}/calendar.ics for the owner's booked and
 * paid appointment, and the booking confirmation mail that carries the same .ics, sent once when
 * the appointment's payment settles; the iCalendar writer's folding and escaping.
 */
import { describe, expect, it } from 'vitest';
import { foldLine, icsCalendar, icsText } from '../../server/calendar/ics.js';
import { backends } from './helpers.js';
import { bookedAndPaid, calendarOf, cancel, pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { booked, checkout, messageOf, minute, post, publicUrl, meeraOnlineToo } from './paymentSupport.js';

/** The content lines of an .ics, unfolded. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe.each(backends)('calendar on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it("GET /api/appointment/{id}/calendar.ics: the owner's booked and paid appointment, in UTC, with the doctor, type and place", async () => {
    const owner = await t.patient('asha');
    const appointment = await bookedAndPaid(t.app(), owner, { startTime: '11:00', consultationType: 'Clinic Visit' });
    const res = await calendarOf(t.app(), owner, appointment._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="appointment-${appointment.appointmentId}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = unfold(res.body);
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:PUBLISH',
        `UID:${appointment._id}@localhost`,
        'DTSTAMP:20250311T043000Z',
        'DTSTART:20250311T053000Z', // 11:00 in the clinic (IST, UTC+05:30)
        'DTEND:20250311T054500Z', // the doctor's 15-minute slot
        'SUMMARY:Clinic visit with Dr. Meera Kulkarni',
        'LOCATION:Sahaj Homeopathy Clinic\\, Aundh',
        `URL:${publicUrl}/#/myappointment`,
        'STATUS:CONFIRMED',
        'TRIGGER:-PT60M',
        'END:VCALENDAR',
      ]),
    );
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'))!;
    expect(description).toContain(`Appointment ${appointment.appointmentId}\\n`);
    expect(description).toContain('When: Tuesday\\, 11 March 2025 at 11:00 (India Standard Time)');
  });

  it("only the owner's (404 for anyone else's), and only once booked and paid (409)", async () => {
    const owner = await t.patient();
    const unpaid = await booked(t.app(), owner, { startTime: '11:00' });
    const paid = await bookedAndPaid(t.app(), owner, { startTime: '11:15' });
    expect((await calendarOf(t.app(), null, paid._id)).statusCode).toBe(401);
    const stranger = await calendarOf(t.app(), await t.patient(), paid._id);
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe('Appointment not found.');
    const notPaid = await calendarOf(t.app(), owner, unpaid._id);
    expect(notPaid.statusCode).toBe(409);
    expect(messageOf(notPaid)).toBe('Only a booked appointment whose fee is paid can be added to a calendar.');
    t.clock.advance(90 * minute); // 11:30: the 11:15 slot is over, Expired
    expect((await calendarOf(t.app(), owner, paid._id)).statusCode).toBe(409);
    expect((await calendarOf(t.app(), owner, 'nope')).statusCode).toBe(400);
  });

  it('the confirmation mail with the same .ics goes out once, when the payment settles', async () => {
    const patient = await t.patient('asha');
    // Video is online, with no clinic.
    await meeraOnlineToo(t.db());
    const appointment = await booked(t.app(), patient, { startTime: '11:00', location: '', consultationType: 'Video' });
    const { checkoutPageUrl, merchantOrderId } = await checkout(t.app(), patient, appointment);
    await t.idle();
    expect(t.mailer().sent).toEqual([]);
    await pressPay(t.app(), checkoutPageUrl);
    // The browser's return (and a second instance asking again) settles nothing twice and mails nothing twice.
    await t.app().inject(`/api/payment/return/${merchantOrderId}`);
    await post(await t.anotherInstance(), `${new URL(checkoutPageUrl).pathname}/pay`);
    await t.idle();
    expect(t.mailer().sent).toHaveLength(1);
    const mail = t.mailer().sent[0]!;
    expect(mail.to).toBe('asha@example.com');
    expect(mail.subject).toBe(`Appointment confirmed: Tuesday, 11 March 2025 at 11:00 (${appointment.appointmentId})`);
    expect(mail.text).toContain('Hello Asha,'); // the appointment's own details
    expect(mail.text).toContain('its fee of ₹500.00 is paid');
    expect(mail.text).toContain('Video consultation with Dr. Meera Kulkarni');
    expect(mail.text).toContain(`${publicUrl}/#/myappointment`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments!;
    expect(attachment!.filename).toBe(`appointment-${appointment.appointmentId}.ics`);
    expect(attachment!.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const download = await calendarOf(t.app(), patient, appointment._id);
    expect(attachment!.content).toBe(download.body);

    // Moving or cancelling sends nothing; neither does a failed payment.
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    const other = await booked(t.app(), patient, { startTime: '11:30' });
    const failed = await checkout(t.app(), patient, other);
    await t.app().inject({ method: 'POST', url: `${new URL(failed.checkoutPageUrl).pathname}/fail` });
    await t.idle();
    expect(t.mailer().sent).toHaveLength(1);
  });

  it('a mail server that fails does not undo the payment: the failure is reported, the appointment stays paid', async () => {
    const patient = await t.patient();
    const appointment = await booked(t.app(), patient);
    const { checkoutPageUrl } = await checkout(t.app(), patient, appointment);
    t.mailer().failing = true;
    expect(await pressPay(t.app(), checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess`);
    await expect(t.idle()).rejects.toThrow('ECONNREFUSED');
    const { rows } = await t.db().query<{ payment_status: string }>('select payment_status from appointments where id = $1', [appointment._id]);
    expect(rows[0]!.payment_status).toBe('paid');
  });
});

describe('the iCalendar writer', () => {
  it('escapes text values (RFC 5545 3.3.11)', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character; unfolding gives the line back', () => {
    const line = `DESCRIPTION:${'डॉ. मीरा कुलकर्णी ₹500 '.repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(4);
    expect(parts.every((p) => Buffer.byteLength(p) <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes one VEVENT in a VCALENDAR, every line ended by CRLF', () => {
    const ics = icsCalendar({
      uid: 'x@example.com',
      start: new Date('2025-03-11T05:30:00Z'),
      end: new Date('2025-03-11T05:45:00Z'),
      stamp: new Date('2025-03-10T00:00:00.123Z'),
      summary: 'Chat consultation with Dr. A, B',
      location: 'Online',
      description: 'line one\nline two',
    });
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(unfold(ics)).toEqual(
      expect.arrayContaining(['DTSTAMP:20250310T000000Z', 'SUMMARY:Chat consultation with Dr. A\\, B', 'DESCRIPTION:line one\\nline two']),
    );
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).not.toContain('VALARM');
  });
});
