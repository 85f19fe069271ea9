/**
 * Shared by the patient's record suites (records.test.ts, jobs.purge.test.ts): a completed,
 * paid consultation with a paid pharmacy order, and closing an account the way a patient does.
 */
import { expect } from 'vitest';
import { type AppointmentsApp, pressPay, prescription, staffCall, toCompletable } from './appointmentsSupport.js';
import { book, meera, meeraOnlineToo, type Patient, post, publicUrl } from './paymentSupport.js';
import { handOrder, pharmacyName } from './orderSupport.js';

export const hindiPrescription = {
  ...prescription,
  remedies: [...prescription.remedies, { medicineName: 'आर्निका मॉन्टाना', dosage: '२ गोलियाँ', frequency: 'TDS' }],
};

/** A paid Video consultation with Dr. Meera for a patient whose name is in Devanagari, completed with a prescription, and its paid order. */
export async function completedConsultation(t: AppointmentsApp, name = 'sunita', choice: { startTime?: string } = { startTime: '11:00' }) {
  await t.db().query(`update doctors set registration_council = 'Maharashtra Council of Homoeopathy', registration_number = 'MCH-48213' where email = $1`, [
    meera.email,
  ]);
  // A Video consultation: online, with no clinic.
  await meeraOnlineToo(t.db());
  const patient = await t.patient(name);
  const res = await book(t.app(), patient, { ...choice, location: '', consultationType: 'Video' }, { firstName: 'सुनीता', lastName: 'क्षत्रिय' });
  expect(res.statusCode).toBe(200);
  const appointment = res.json() as { _id: string; appointmentId: string; consultationFee: number };
  const pay = await post(t.app(), '/api/payment/create-appointment', {
    payload: { appointmentId: appointment._id, consultationAmount: appointment.consultationFee },
    headers: patient.headers,
  });
  expect(await pressPay(t.app(), (pay.json() as { checkoutPageUrl: string }).checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess`);
  // One admin account per patient: a test may set up two of these.
  const admin = await t.staff('admin', `office-${name}@sahaj-clinic.example`);
  toCompletable(t.clock, choice.startTime ?? '11:00');
  expect((await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, hindiPrescription)).statusCode).toBe(200);
  const ordered = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/order`, await handOrder(t.db(), 349.5));
  const orderId = (ordered.json() as { appointment: { order: { _id: string } } }).appointment.order._id;
  const orderPay = await post(t.app(), '/api/payment/create-order', { payload: { pharmacyId: pharmacyName, orderId, amount: 34950 }, headers: patient.headers });
  expect(await pressPay(t.app(), (orderPay.json() as { checkoutPageUrl: string }).checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess?for=order`);
  await t.idle();
  return { patient, appointment, orderId, admin };
}

/** "Delete my account": a fresh email code, then the deletion with it. */
export async function closeAccountOf(t: AppointmentsApp, patient: Patient): Promise<void> {
  expect((await post(t.app(), '/api/otp/send-otp', { payload: { email: patient.email } })).statusCode).toBe(200);
  const done = await post(t.app(), '/api/records/account/delete', { payload: { otp: t.mailer().lastCode(patient.email) }, headers: patient.headers });
  expect(done.statusCode, done.body).toBe(200);
}
