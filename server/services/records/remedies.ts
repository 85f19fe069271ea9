/** My Remedies: the account's released prescriptions, current courses first. */
import { clinicalOf } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import type { PrescriptionRecord, RemediesAnswer } from '../../../contract/records.js';
import { clinicClock } from '../../../contract/clinicTime.js';
import { listSettledPayments } from '../../repositories/receipts.js';
import { listCompletedAppointments, type RecordAppointment } from '../../repositories/records.js';
import { courseUntil } from '../records.js';
import { released, type RecordDeps } from './context.js';

/** The guidelines' items the doctor wrote, as written; an empty one (or an older record's) is left out. */
function clinicalFacts(m: RecordAppointment['medicines']): Partial<Pick<PrescriptionRecord, 'diagnosis' | 'history' | 'investigations' | 'followUp'>> {
  const c = clinicalOf(m);
  return {
    ...(c.diagnosis ? { diagnosis: c.diagnosis } : {}),
    ...(c.history ? { history: c.history } : {}),
    ...(c.investigations ? { investigations: c.investigations } : {}),
    ...(c.followUp ? { followUp: c.followUp } : {}),
  };
}

function toPrescription(a: RecordAppointment, today: string, paid: { fee: boolean; order: boolean }): PrescriptionRecord {
  const courseEnd = courseUntil(a.date, a.medicines.duration);
  const m = a.medicines;
  return {
    appointmentId: a.id,
    appointmentNumber: a.appointmentNumber,
    date: a.date,
    doctorName: a.doctor.name,
    consultationType: a.consultationType,
    patientName: `${a.patient.firstName} ${a.patient.lastName}`.trim(),
    relation: a.patient.relation,
    complaint: m.complain,
    remedies: m.remedies,
    potency: m.potency,
    duration: m.duration,
    instructions: m.instructions,
    pharmacyName: m.pharmacyName,
    courseUntil: courseEnd,
    current: courseEnd !== null && m.remedies.length > 0 && today <= courseEnd,
    order: a.order
      ? {
          _id: a.order.id,
          totalPrice: a.order.totalPrice,
          paymentMode: a.order.paymentMode,
          paymentStatus: a.order.paymentStatus,
          orderStatus: a.order.orderStatus,
          hasReceipt: paid.order,
        }
      : null,
    hasReceipt: paid.fee,
    ...clinicalFacts(m),
  };
}

export function remediesPart({ db, now }: RecordDeps) {
  return {
    /** GET /records/remedies: the account's prescriptions (every person it booked for), current ones first, then newest first. */
    async remedies(user: User): Promise<RemediesAnswer> {
      const today = clinicClock(now()).date;
      const completed = (await listCompletedAppointments(db, user._id)).filter(released);
      const list: PrescriptionRecord[] = [];
      for (const a of completed) {
        const fee = (await listSettledPayments(db, { appointmentId: a.id })).length > 0;
        const order = a.order ? (await listSettledPayments(db, { orderId: a.order.id })).length > 0 : false;
        list.push(toPrescription(a, today, { fee, order }));
      }
      // Stable: within each group the newest-first order of the query stays.
      return { prescriptions: [...list.filter((p) => p.current), ...list.filter((p) => !p.current)] };
    },
  };
}
