/**
 * The patient's record, on every backend: My Remedies, the prescription and receipt
 * PDFs (their text read back with poppler's pdftotext), who may fetch them (404 for others), the
 * completion mail's attachment, the streamed data export and closing the account.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { insertMessage, insertPhoto } from '../../server/repositories/chat.js';
import { courseUntil } from '../../server/services/records.js';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, listOf, prescription, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { book, kavita, meera, meeraOnlineToo, type Patient, post, type Response } from './paymentSupport.js';
import { closeAccountOf, completedConsultation as completedOf, hindiPrescription } from './recordsSupport.js';
import { handOrder } from './orderSupport.js';
import { pdfText } from './pdfSupport.js';

/** Where the documents are kept for a person to look at (pdftoppm -png): test-results/documents. */
const keepDir = path.join(process.cwd(), 'test-results', 'documents');
function keep(name: string, body: Buffer): void {
  mkdirSync(keepDir, { recursive: true });
  writeFileSync(path.join(keepDir, name), body);
}

function zipListing(body: Buffer): { names: string[]; read: (name: string) => string; readBytes: (name: string) => Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'records-zip-'));
  const file = path.join(dir, 'data.zip');
  writeFileSync(file, body);
  const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
  const read = (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
  const readBytes = (name: string) => execFileSync('unzip', ['-p', file, name]);
  return { names, read, readBytes };
}

const get = (app: FastifyInstance, who: Patient | null, url: string) =>
  app.inject({ method: 'GET', url: `/api/records${url}`, headers: who ? who.headers : {} }) as Promise<Response>;

/** A chat of the appointment, as the chat service stores it: a text from each side and a photo from the patient. */
async function chatAbout(db: Database, appointmentId: string, patientId: string, doctorId: string, at: Date) {
  const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
  await insertMessage(db, { appointmentId, senderUserId: patientId, senderRole: 'patient', text: 'खुजली रात में बढ़ती है', photoId: null }, at);
  const photoId = await insertPhoto(db, { appointmentId, contentType: 'image/jpeg', width: 8, height: 6, data: jpeg }, at);
  await insertMessage(db, { appointmentId, senderUserId: patientId, senderRole: 'patient', text: 'the rash today', photoId }, at);
  await insertMessage(db, { appointmentId, senderUserId: doctorId, senderRole: 'doctor', text: 'Thank you, noted.', photoId: null }, at);
  await db.query('insert into chat_reads (appointment_id, user_id, last_read_id) values ($1, $2, 3)', [appointmentId, patientId]);
  return { photoId, jpeg };
}

describe('course length', () => {
  it('reads days, weeks, months and Hindi words; nothing else', () => {
    expect(courseUntil('2025-03-11', '10 days')).toBe('2025-03-20');
    expect(courseUntil('2025-03-11', '2 weeks')).toBe('2025-03-24');
    expect(courseUntil('2025-03-11', '1 month')).toBe('2025-04-09');
    expect(courseUntil('2025-03-11', '7')).toBe('2025-03-17');
    expect(courseUntil('2025-03-11', '15 दिन')).toBe('2025-03-25');
    expect(courseUntil('2025-03-11', 'until better')).toBeNull();
    expect(courseUntil('2025-03-11', '')).toBeNull();
  });
});

describe.each(backends)('the patient record on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const completedConsultation = () => completedOf(t);

  it('My Remedies lists the prescription with its remedies, current within its course, its order and receipts; empty for another patient', async () => {
    const { patient, appointment, orderId } = await completedConsultation();
    const res = await get(t.app(), patient, '/remedies');
    expect(res.statusCode).toBe(200);
    const { prescriptions } = res.json() as { prescriptions: Record<string, unknown>[] };
    expect(prescriptions).toHaveLength(1);
    expect(prescriptions[0]).toMatchObject({
      appointmentId: appointment._id,
      appointmentNumber: appointment.appointmentId,
      date: '2025-03-11',
      doctorName: meera.name,
      consultationType: 'Video',
      patientName: 'सुनीता क्षत्रिय',
      relation: null,
      complaint: prescription.complain,
      remedies: hindiPrescription.remedies,
      potency: '30C',
      duration: '10 days',
      courseUntil: '2025-03-20',
      current: true,
      hasReceipt: true,
      order: { _id: orderId, totalPrice: 349.5, paymentStatus: 'Completed', orderStatus: 'Placed', hasReceipt: true },
    });
    // Eleven days later the course is over: still listed, no longer current.
    t.clock.advance(11 * 86_400_000);
    expect(((await get(t.app(), patient, '/remedies')).json() as { prescriptions: { current: boolean }[] }).prescriptions[0]!.current).toBe(false);

    const other = await t.patient('other');
    expect((await get(t.app(), other, '/remedies')).json()).toEqual({ prescriptions: [] });
    expect((await get(t.app(), null, '/remedies')).statusCode).toBe(401);
  });

  it('the prescription PDF has the clinic, the doctor and registration, the patient in Devanagari, the mode, the remedies; the mail carries it', async () => {
    const { patient, appointment } = await completedConsultation();
    const res = await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="prescription-${appointment.appointmentId}.pdf"`);
    keep('prescription.pdf', res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Sahaj Homeopathy Clinic',
      'Kothrud, Pune 411038',
      meera.name,
      'Maharashtra Council of Homoeopathy',
      'MCH-48213',
      'सुनीता',
      'क्षत्रिय',
      '34 years / Female',
      '11 March 2025',
      'Online (Video)',
      prescription.complain,
      // The remedies' names in capitals, as the guidelines' format prints them.
      'BRYONIA ALBA 30C',
      'DROSERA 30C',
      'आर्निका',
      'मॉन्टाना',
      'three times a day',
      prescription.instructions,
    ]) {
      expect(text, expected).toContain(expected);
    }

    const mail = t.mailer().sent.find((m) => m.subject.startsWith('Your prescription'));
    expect(mail?.to).toBe(patient.email);
    expect(mail?.attachments?.[0]).toMatchObject({ filename: `prescription-${appointment.appointmentId}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(mail!.attachments![0]!.content as Buffer)).toContain('MCH-48213');
  });

  it("a Marathi-speaking patient's prescription, receipt and completion mail are in Marathi; the doctor's words stay as written", async () => {
    const patient = await t.patient('meena');
    await t.db().query(`update users set language = 'mr' where id = $1`, [patient.id]);
    await t.db().query(`update doctors set registration_council = 'Maharashtra Council of Homoeopathy', registration_number = 'MCH-48213' where email = $1`, [meera.email]);
    // A Video consultation: online, with no clinic.
    await meeraOnlineToo(t.db());
    const appointment = (await bookedAndPaid(t.app(), patient, { startTime: '11:00', location: '', consultationType: 'Video' })) as {
      _id: string;
      appointmentId: string;
      consultationFee: number;
    };
    const admin = await t.staff('admin', 'office-meena@sahaj-clinic.example');
    toCompletable(t.clock, '11:00');
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, hindiPrescription)).statusCode).toBe(200);
    await t.idle();

    const rx = await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`);
    keep('prescription-mr.pdf', rx.rawPayload);
    const text = pdfText(rx.rawPayload);
    // Word by word: pdftotext places each Devanagari run (drawn with its ActualText) on its own,
    // so a label of two words does not come out as one string (the page itself reads right:
    // test-results/documents/prescription-mr.pdf, looked at).
    const words = (phrase: string) => phrase.split(/[\s/(),.:]+/).filter(Boolean);
    for (const expected of ['रुग्ण', 'वय / लिंग', 'वर्षे स्त्री', 'तारीख', '11 मार्च 2025', 'ऑनलाइन (व्हिडिओ कॉल)', 'तक्रार', 'डोस', 'किती वेळा', 'सूचना', 'नोंदणी क्र', 'MCH-48213', 'स्वाक्षरी']) {
      for (const word of words(expected)) expect(text, `${expected}: ${word}`).toContain(word);
    }
    // What the doctor wrote, as written.
    for (const expected of [prescription.complain, 'BRYONIA ALBA 30C', 'आर्निका', 'three times a day', prescription.instructions]) expect(text, expected).toContain(expected);
    expect(text).not.toContain('Complaint');
    expect(text).not.toContain('Patient');

    const receiptPdf = (await get(t.app(), patient, `/appointments/${appointment._id}/receipt.pdf`)).rawPayload;
    keep('receipt-mr.pdf', receiptPdf);
    const receipt = pdfText(receiptPdf);
    for (const expected of ['पावती', 'कोणाकडून मिळाले', 'कशासाठी', 'कन्सल्टेशनची फी', 'पावती क्रमांक', 'निव्वळ रक्कम']) {
      for (const word of words(expected)) expect(receipt, `${expected}: ${word}`).toContain(word);
    }
    // The amount and dates in Latin digits, as every number in Marathi (docs/i18n.md): "₹500.00 मिळाले".
    const fee = new Intl.NumberFormat('mr-IN', { style: 'currency', currency: 'INR', numberingSystem: 'latn' }).format(appointment.consultationFee);
    for (const part of fee.split(/[₹.,]/).filter(Boolean)) expect(receipt, fee).toContain(part);
    expect(fee).toMatch(/^₹[0-9]/);
    expect(receipt).not.toMatch(/[०-९]/);
    expect(receipt).toContain('मिळाले');
    expect(receipt).not.toContain('Receipt number');

    const mail = t.mailer().sent.find((m) => m.to === patient.email && m.attachments?.[0]?.contentType === 'application/pdf');
    expect(mail?.subject).toBe(`Dr. Meera Kulkarni यांचे प्रिस्क्रिप्शन (${appointment.appointmentId})`);
    expect(mail?.text).toContain(`कन्सल्टेशन ${appointment.appointmentId} पूर्ण झाले`);
    expect(mail?.html).toContain('<html lang="mr">');
    expect(pdfText(mail!.attachments![0]!.content as Buffer)).toContain('रुग्ण');
    // An English account's documents stay English (the test above reads them whole).
  });

  it('the prescription PDF says only what the doctor wrote, in English, Hindi and Marathi: no follow-up or course end the doctor never gave', async () => {
    const { patient, appointment } = await completedConsultation();
    // The clinic's own words for a review after the course ("10 days" from 11 March: 20 March), per language.
    const invented = {
      en: ['Review when the course ends', 'symptoms worsen', '20 March 2025'],
      hi: ['दोबारा', 'कोर्स', 'पहले ही'],
      mr: ['पुन्हा', 'कोर्स', 'त्याआधीच'],
    } as const;
    for (const language of ['en', 'hi', 'mr'] as const) {
      await t.db().query('update users set language = $2 where id = $1', [patient.id, language]);
      const text = pdfText((await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`)).rawPayload);
      // Each remedy's dose and frequency as typed, whatever the language of the labels.
      for (const remedy of hindiPrescription.remedies) {
        for (const written of [remedy.dosage, remedy.frequency]) for (const word of written.split(' ')) expect(text, `${language}: ${written}`).toContain(word);
      }
      expect(text, language).toContain(prescription.duration);
      expect(text, language).toContain(prescription.instructions);
      for (const words of invented[language]) expect(text, `${language}: ${words}`).not.toContain(words);
      // The guidelines' follow-up item is printed, and says none was given.
      if (language === 'en') expect(text.replace(/\s+/g, ' ')).toContain('Follow-up None');
    }
  });

  it('receipts: one number sequence, who paid, for what, the amount and the reference; the same number when fetched again', async () => {
    const { patient, appointment, orderId } = await completedConsultation();
    const fee = await get(t.app(), patient, `/appointments/${appointment._id}/receipt.pdf`);
    expect(fee.statusCode).toBe(200);
    expect(fee.headers['cache-control']).toBe('private, no-store');
    keep('receipt.pdf', fee.rawPayload);
    const feeText = pdfText(fee.rawPayload);
    expect(feeText).toContain('RCT-000001');
    expect(feeText).toContain(`₹${appointment.consultationFee.toFixed(2)}`);
    expect(feeText).toContain('सुनीता');
    expect(feeText).toContain(patient.email);
    expect(feeText).toContain(`Video consultation fee, appointment ${appointment.appointmentId}`);
    // The doctor's registration (the telemedicine guidelines: on every receipt).
    expect(feeText).toContain('Maharashtra Council of Homoeopathy, Reg. No. MCH-48213');
    const { rows } = await t.db().query<{ merchant_order_id: string }>(`select merchant_order_id from payments where appointment_id = $1`, [appointment._id]);
    expect(feeText).toContain(rows[0]!.merchant_order_id);

    const order = await get(t.app(), patient, `/orders/${orderId}/receipt.pdf`);
    const orderText = pdfText(order.rawPayload);
    expect(orderText).toContain('RCT-000002');
    expect(orderText).toContain('₹349.50');
    expect(orderText).toContain('Pharmacy order');
    expect(pdfText((await get(t.app(), patient, `/appointments/${appointment._id}/receipt.pdf`)).rawPayload)).toContain('RCT-000001');

    // Tax details only when configured: none here.
    expect(feeText).not.toContain('GSTIN');
  });

  it('a refund is its own receipt line with its own number', async () => {
    const { patient, orderId, admin } = await completedConsultation();
    // The admin cancels the paid order: the clinic owes its payment back.
    const cancelled = await t.app().inject({ method: 'PUT', url: `/api/staff/orders/${orderId}/status`, payload: { orderStatus: 'Cancelled' }, headers: admin.headers });
    expect(cancelled.statusCode).toBe(200);
    const refundReceipt = (await get(t.app(), patient, `/orders/${orderId}/receipt.pdf`)).rawPayload;
    keep('receipt-refund.pdf', refundReceipt);
    const text = pdfText(refundReceipt);
    expect(text).toContain('RCT-000001');
    expect(text).toContain('Refund receipt');
    expect(text).toContain('RCT-000002');
    expect(text).toContain('-₹349.50');
    expect(text).toContain('₹0.00');
  });

  it('a Cash order: no receipt until the pharmacy hands it over; delivered, its cash payment is recorded once with a receipt; cancelled, a refund line', async () => {
    const patient = await t.patient('ravi');
    const admin = await t.staff('admin', 'office-ravi@sahaj-clinic.example');
    const appointment = (await bookedAndPaid(t.app(), patient, { startTime: '12:00' })) as { _id: string };
    toCompletable(t.clock, '12:00');
    expect((await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, prescription)).statusCode).toBe(200);
    const ordered = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/order`, await handOrder(t.db(), 215, 'Cash'));
    const orderId = (ordered.json() as { appointment: { order: { _id: string } } }).appointment.order._id;
    const setStatus = (orderStatus: string) =>
      t.app().inject({ method: 'PUT', url: `/api/staff/orders/${orderId}/status`, payload: { orderStatus }, headers: admin.headers });

    expect((await setStatus('Ready')).statusCode).toBe(200);
    expect((await get(t.app(), patient, `/orders/${orderId}/receipt.pdf`)).statusCode).toBe(409);

    const delivered = await setStatus('Delivered');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ message: 'Order delivered. Its cash payment is recorded and its receipt is ready.' });
    expect((delivered.json() as { appointment: { order: unknown } }).appointment.order).toMatchObject({ paymentMode: 'Cash', paymentStatus: 'Completed' });
    // Handed over again (Ready, then Delivered): still one payment.
    expect((await setStatus('Ready')).statusCode).toBe(200);
    expect((await setStatus('Delivered')).json()).toMatchObject({ message: 'Order status saved.' });
    const { rows } = await t.db().query<{ provider: string; status: string; amount_paise: string | number; user_id: string }>(
      'select provider, status, amount_paise, user_id from payments where order_id = $1',
      [orderId],
    );
    expect(rows.map((r) => ({ ...r, amount_paise: Number(r.amount_paise) }))).toEqual([
      { provider: 'cash', status: 'paid', amount_paise: 21500, user_id: patient.id },
    ]);

    const receipt = await get(t.app(), patient, `/orders/${orderId}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    keep('receipt-cash.pdf', receipt.rawPayload);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Pharmacy order');
    expect(text).toContain('in cash at the pharmacy');
    expect(text).toContain('₹215.00');
    expect(text).toMatch(/RCT-\d{6}/);
    // Another patient: 404, as for every document.
    expect((await get(t.app(), await t.patient('intruder'), `/orders/${orderId}/receipt.pdf`)).statusCode).toBe(404);

    // Cancelled after it was paid in cash: the money is owed back, a refund line of its own.
    expect((await setStatus('Cancelled')).json()).toMatchObject({ message: 'Order cancelled. It was paid: it is listed under Refunds.' });
    const refundText = pdfText((await get(t.app(), patient, `/orders/${orderId}/receipt.pdf`)).rawPayload);
    expect(refundText).toContain('Refund receipt');
    expect(refundText).toContain('-₹215.00');
  });

  it('only the account holder, the appointment\'s doctor and admins get a document: 404 for others, 401 for nobody', async () => {
    const { appointment, orderId, admin } = await completedConsultation();
    const other = await t.patient('other');
    const meerasAccount = await t.staff('doctor', meera.email);
    const kavitasAccount = await t.staff('doctor', kavita.email);
    const urls = [`/appointments/${appointment._id}/prescription.pdf`, `/appointments/${appointment._id}/receipt.pdf`, `/orders/${orderId}/receipt.pdf`];
    for (const url of urls) {
      const refused = await get(t.app(), other, url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ code: 'record.notFound', message: 'Document not found.' });
      expect((await get(t.app(), kavitasAccount, url)).statusCode, url).toBe(404);
      expect((await get(t.app(), null, url)).statusCode, url).toBe(401);
      expect((await get(t.app(), meerasAccount, url)).statusCode, url).toBe(200);
      expect((await get(t.app(), admin, url)).statusCode, url).toBe(200);
    }
    // An id that does not exist reads the same as somebody else's; a malformed one is a 400 naming it.
    expect((await get(t.app(), other, '/appointments/00000000-0000-4000-8000-000000000000/prescription.pdf')).statusCode).toBe(404);
    const bad = await get(t.app(), other, '/appointments/nope/prescription.pdf');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { field: string }[] }).errors[0]!.field).toBe('id');
  });

  it('no prescription before completion, no receipt before payment (409)', async () => {
    const patient = await t.patient();
    const res = await book(t.app(), patient);
    const appointment = res.json() as { _id: string };
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`)).statusCode).toBe(409);
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/receipt.pdf`)).statusCode).toBe(409);
  });

  it('the data export is a zip of JSON sections, the chat\'s photos and the PDFs, streamed', async () => {
    const { patient, appointment } = await completedConsultation();
    const doctor = await t.staff('doctor', meera.email);
    const { photoId, jpeg } = await chatAbout(t.db(), appointment._id, patient.id, doctor.id, t.clock.now());
    const res = await get(t.app(), patient, '/export.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = zipListing(res.rawPayload);
    expect(zip.names).toEqual([
      'README.txt',
      'profile.json',
      'abha.json',
      'family-members.json',
      'appointments.json',
      'orders.json',
      'payments.json',
      'receipts.json',
      'audit.json',
      'chat-messages.json',
      `chat-photos/${photoId}.jpg`,
      `prescriptions/prescription-${appointment.appointmentId}.pdf`,
      `receipts/receipt-${appointment.appointmentId}.pdf`,
      `receipts/receipt-${appointment.appointmentId}-order.pdf`,
    ]);
    expect(JSON.parse(zip.read('profile.json'))).toMatchObject({ email: patient.email, firstName: 'sunita' });
    const appointments = JSON.parse(zip.read('appointments.json')) as { firstName: string; prescription: { remedies: unknown[] } }[];
    expect(appointments[0]).toMatchObject({ firstName: 'सुनीता', prescription: { remedies: hindiPrescription.remedies } });
    expect((JSON.parse(zip.read('audit.json')) as { action: string }[]).map((a) => a.action)).toEqual(
      expect.arrayContaining(['appointment.completed', 'order.created']),
    );
    expect(JSON.parse(zip.read('payments.json'))).toHaveLength(2);
    // Amounts in rupees, as the appointment and the order state them; payments' paise converted once.
    const payments = JSON.parse(zip.read('payments.json')) as { purpose: string; amountRupees: number }[];
    const [order] = JSON.parse(zip.read('orders.json')) as { totalPrice: number }[];
    expect(payments.map((p) => [p.purpose, p.amountRupees])).toEqual([
      ['appointment', (appointments[0] as unknown as { consultationFee: number }).consultationFee],
      ['order', order!.totalPrice],
    ]);
    expect(Object.keys(payments[0]!)).toEqual(['paymentReference', 'provider', 'purpose', 'appointmentId', 'orderId', 'amountRupees', 'status', 'createdAt', 'settledAt']);
    expect(JSON.parse(zip.read('chat-messages.json'))).toEqual([
      { appointmentId: appointment._id, appointmentNumber: appointment.appointmentId, from: 'patient', text: 'खुजली रात में बढ़ती है', photo: null, at: t.clock.now().toISOString() },
      { appointmentId: appointment._id, appointmentNumber: appointment.appointmentId, from: 'patient', text: 'the rash today', photo: `chat-photos/${photoId}.jpg`, at: t.clock.now().toISOString() },
      { appointmentId: appointment._id, appointmentNumber: appointment.appointmentId, from: 'doctor', text: 'Thank you, noted.', photo: null, at: t.clock.now().toISOString() },
    ]);
    expect(zip.readBytes(`chat-photos/${photoId}.jpg`).equals(jpeg)).toBe(true);
    expect(zip.read('README.txt')).toContain('chat-messages.json');
    // Another patient's export holds nothing of this one.
    const other = await t.patient('other');
    const theirs = zipListing((await get(t.app(), other, '/export.zip')).rawPayload);
    expect(JSON.parse(theirs.read('appointments.json'))).toEqual([]);
    expect(JSON.parse(theirs.read('chat-messages.json'))).toEqual([]);
    expect(theirs.names.some((n) => n.startsWith('chat-photos/'))).toBe(false);
    expect(theirs.names.some((n) => n.endsWith('.pdf'))).toBe(false);
  });

  it('deleting the account: upcoming paid appointments first, then a fresh email code; personal data erased, records kept pseudonymised, no login', async () => {
    const { patient, appointment } = await completedConsultation();
    const doctor = await t.staff('doctor', meera.email);
    const { photoId } = await chatAbout(t.db(), appointment._id, patient.id, doctor.id, t.clock.now());
    const upcoming = await bookedAndPaid(t.app(), patient, { startTime: '11:30' });
    const deletion = await get(t.app(), patient, '/account/deletion');
    expect(deletion.json()).toMatchObject({ upcomingPaid: [{ _id: upcoming._id, date: '2025-03-11', startTime: '11:30' }], clinicalRetentionYears: 3, paymentRetentionYears: 8 });

    const sendCode = () => post(t.app(), '/api/otp/send-otp', { payload: { email: patient.email } });
    const remove = (otp: string) => post(t.app(), '/api/records/account/delete', { payload: { otp }, headers: patient.headers });
    expect((await sendCode()).statusCode).toBe(200);
    const refused = await remove(t.mailer().lastCode(patient.email));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/paid appointments still ahead/);

    expect((await cancel(t.app(), patient, patient.id, upcoming._id)).statusCode).toBe(200);
    const wrong = await remove('000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('otp');
    expect((await sendCode()).statusCode).toBe(200);
    const done = await remove(t.mailer().lastCode(patient.email));
    expect(done.statusCode).toBe(200);

    // The session is gone, and nothing under the old address is left to log in with.
    expect((await get(t.app(), patient, '/remedies')).statusCode).toBe(401);
    const user = (await t.db().query<Record<string, unknown>>('select email, first_name, last_name, age, gender, phone_number, password_hash, deleted_at from users where id = $1', [patient.id])).rows[0]!;
    expect(user).toMatchObject({ first_name: expect.stringMatching(/^deleted-/), last_name: '', age: null, gender: null, phone_number: null, password_hash: null });
    expect(user.email).toMatch(/^deleted-[0-9a-f]{12}@deleted\.invalid$/);
    expect(user.deleted_at).not.toBeNull();
    const login = await post(t.app(), '/api/auth/login', { payload: { email: patient.email, password: 'whatever it was 1' } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.statusCode).toBeLessThan(500);

    // Clinical and payment records stay, without the name, email or phone.
    const kept = (await t.db().query<{ first_name: string; email: string; phone_number: string; medicines: { remedies: unknown[] }; age: number }>(
      'select first_name, email, phone_number, medicines, age from appointments where id = $1',
      [appointment._id],
    )).rows[0]!;
    expect(kept.first_name).not.toContain('सुनीता');
    expect(kept.email).toBe(user.email);
    expect(kept.phone_number).toBe('0');
    expect(kept.medicines.remedies).toEqual(hindiPrescription.remedies);
    expect(kept.age).toBe(34);
    expect((await t.db().query('select 1 from payments where user_id = $1', [patient.id])).rowCount).toBe(3);
    // The chat is part of the consultation's record: kept with it, naming nobody but the pseudonymous
    // account; the account's read marks go.
    const chat = (await t.db().query<{ sender_user_id: string; text: string; photo_id: string | null }>(
      'select sender_user_id, text, photo_id from chat_messages where appointment_id = $1 order by id',
      [appointment._id],
    )).rows;
    expect(chat.map((m) => [m.sender_user_id, m.text])).toEqual([
      [patient.id, 'खुजली रात में बढ़ती है'],
      [patient.id, 'the rash today'],
      [doctor.id, 'Thank you, noted.'],
    ]);
    expect(chat[1]!.photo_id).toBe(photoId);
    expect((await t.db().query('select 1 from chat_reads where user_id = $1', [patient.id])).rowCount).toBe(0);
    // The audit log has the request, not the data; no row names the old address any more.
    const audit = (await t.db().query<{ action: string; actor: string; details: object }>('select action, actor, details from audit_log order by id')).rows;
    expect(audit.at(-1)).toMatchObject({ action: 'account.deleted', actor: user.email, details: { retention: { clinicalYears: 3, paymentYears: 8 } } });
    expect(JSON.stringify(audit)).not.toContain(patient.email);
  });

  it('a prescription the clinic has not shown the patient: not in My Remedies, 409 for the patient, there for the doctor; mailed once shown', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    toCompletable(t.clock, '11:00');
    await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, { ...prescription, showMedicine: false });
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription'))).toHaveLength(0);
    expect((await get(t.app(), patient, '/remedies')).json()).toEqual({ prescriptions: [] });
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`)).statusCode).toBe(409);
    expect((await get(t.app(), admin, `/appointments/${appointment._id}/prescription.pdf`)).statusCode).toBe(200);
    // Nor in the patient's appointment list: the answer itself holds none of it, not only the view.
    const hidden = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; medicines: object }[];
    const listed = hidden.find((a) => a._id === appointment._id)!;
    expect(listed.medicines).toMatchObject({ complain: '', remedies: [], instructions: '', showMedicine: false });
    expect(JSON.stringify(hidden)).not.toContain(prescription.remedies[0]!.medicineName);
    await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription'))).toHaveLength(1);
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/prescription.pdf`)).statusCode).toBe(200);
    const shown = ((await listOf(t.app(), patient, patient.email)).json() as { _id: string; medicines: { remedies: unknown[] } }[]).find((a) => a._id === appointment._id)!;
    expect(shown.medicines.remedies).toEqual(prescription.remedies);
    // Shown again with the same words: no second mail.
    await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription'))).toHaveLength(1);
    // Amended (other words), already shown: the amended prescription is mailed (prescription:<id>:v2), once.
    await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, { ...prescription, instructions: 'Plenty of water.' });
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription'))).toHaveLength(2);
  });

  it('a staff account is not closed from here (403)', async () => {
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const res = await post(t.app(), '/api/records/account/delete', { payload: { otp: '123456' }, headers: admin.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe.each(backends)('the clinic\'s own record settings on %s', (backend) => {
  const t = useAppointmentsApp(backend, {
    env: {
      CLINIC_ADDRESS: 'Plot 7, Karve Road | Erandwane, Pune 411004',
      CLINIC_TAX_DETAILS: 'GSTIN 27AAAAA0000A1Z5',
      RETENTION_CLINICAL_YEARS: '5',
      RETENTION_PAYMENT_YEARS: '10',
    },
  });

  it('CLINIC_ADDRESS and CLINIC_TAX_DETAILS print on the documents; RETENTION_* is what the deletion page and its audit entry say', async () => {
    const { patient, appointment } = await completedOf(t);
    const text = pdfText((await get(t.app(), patient, `/appointments/${appointment._id}/receipt.pdf`)).rawPayload);
    expect(text).toContain('GSTIN 27AAAAA0000A1Z5');
    expect(text).toContain('Erandwane, Pune 411004');
    expect(text).not.toContain('Kothrud');
    expect((await get(t.app(), patient, '/account/deletion')).json()).toMatchObject({ clinicalRetentionYears: 5, paymentRetentionYears: 10 });
    await closeAccountOf(t, patient);
    const audit = (await t.db().query<{ details: object }>(`select details from audit_log where action = 'account.deleted'`)).rows;
    expect(audit).toEqual([{ details: { retention: { clinicalYears: 5, paymentYears: 10 } } }]);
  });
});
