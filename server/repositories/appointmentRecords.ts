/**
 * An appointment as the API shows it (AppointmentRecord) and as the services read it
 * (StoredAppointment): one select with the doctor, location, account holder and order, and the
 * reads of one appointment. The lists built on the same select: repositories/appointmentLists.ts.
 *
 * Dates go in as 'YYYY-MM-DD' text and come out through to_char, never as a driver's Date (pg
 * would build a Date at the server's local midnight, which moves with TZ). Times likewise
 * as 'HH:mm'.
 */
import type { AppointmentRecord, AppointmentStatus, FeeRefundState, Medicines, PaymentStatus } from '../../contract/appointments.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';
import { type BreakdownJson, orderBreakdownJson, toBreakdown, withoutBreakdownKeys } from './orderLines.js';

export interface RecordRow {
  id: string;
  appointment_number: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  age: number;
  gender: Gender;
  doctor_email: string;
  doctor_name: string;
  location: string;
  date: string;
  start_time: string;
  consultation_type: ConsultationType;
  consultation_fee: string;
  status: AppointmentStatus;
  payment_status: PaymentStatus;
  payment_id: string | null;
  holds_slot: boolean;
  hold_expires_at: Date | null;
  medicines: Medicines;
  order: (Pick<NonNullable<AppointmentRecord['order']>, '_id' | 'appointmentId' | 'totalPrice' | 'paymentMode' | 'paymentStatus' | 'orderStatus' | 'pharmacyId'> & BreakdownJson) | null;
  created_at: Date;
  user_id: string;
  doctor_id: string;
  slot_minutes: number;
  family_member_id: string | null;
  holder_first_name: string;
  holder_last_name: string;
  consent_at: Date | null;
  holder_deleted: boolean;
  refund_state: FeeRefundState | null;
  location_id: string | null;
  booked_via: BookedVia;
  in_queue: boolean;
}

/** How an appointment came (032_desk.sql): the patient's booking, the desk's, or a walk-in. */
export type BookedVia = 'online' | 'desk' | 'walkin';

export const selectAppointmentRecords = `
  select a.id, a.appointment_number, a.first_name, a.last_name, a.email, a.phone_number, a.age, a.gender,
         d.email as doctor_email, d.name as doctor_name, coalesce(l.name, '') as location,
         to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
         a.consultation_type, a.consultation_fee, a.status, a.payment_status, a.payment_id, a.holds_slot, a.hold_expires_at,
         a.medicines, a.created_at, a.user_id, a.doctor_id, d.slot_minutes, a.location_id, a.booked_via,
         exists (select 1 from queue_entries iq where iq.appointment_id = a.id and iq.status in ('waiting', 'called')) as in_queue,
         a.family_member_id, holder.first_name as holder_first_name, holder.last_name as holder_last_name, a.consent_at,
         holder.deleted_at is not null as holder_deleted,
         -- The fee's refund (contract FeeRefundState): flagged 'refund' is pending until an admin
         -- records it as paid back, on the appointment itself or on a flagged payment of it
         -- (repositories/refunds.ts lists them); a patient's cancel of a paid one keeps 'paid' (spec §8).
         case
           when a.payment_status = 'refund' then
             case when exists (
               select 1 from refund_resolutions r
                where r.appointment_id = a.id
                   or r.payment_id in (select p.id from payments p where p.appointment_id = a.id and p.status = 'refund'))
             then 'refunded' else 'pending' end
           when a.status = 'Cancelled' and a.payment_status = 'paid' then 'notRefundable'
         end as refund_state,
         case when o.id is null then null else json_build_object(
           '_id', o.id, 'appointmentId', o.appointment_id, 'totalPrice', o.total_price, 'paymentMode', o.payment_mode,
           'paymentStatus', o.payment_status, 'orderStatus', o.order_status, 'pharmacyId', o.pharmacy_id,
           ${orderBreakdownJson}) end as "order"
    from appointments a
    join doctors d on d.id = a.doctor_id
    left join locations l on l.id = a.location_id
    join users holder on holder.id = a.user_id
    left join orders o on o.appointment_id = a.id`;

export const toAppointmentRecord = (r: RecordRow): AppointmentRecord => ({
  _id: r.id,
  appointmentId: r.appointment_number,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phoneNumber: r.phone_number,
  age: r.age,
  gender: r.gender,
  doctorEmail: r.doctor_email,
  doctorName: r.doctor_name,
  location: r.location,
  date: r.date as AppointmentRecord['date'],
  startTime: r.start_time as AppointmentRecord['startTime'],
  consultationType: r.consultation_type,
  consultationFee: Number(r.consultation_fee),
  appointmentStatus: r.status,
  appointmentPaymentStatus: r.payment_status,
  appointmentPaymentId: r.payment_id,
  // Only an unpaid appointment that still holds its slot has a hold to lapse.
  holdExpiresAt: r.payment_status === 'paid' || !r.holds_slot || r.hold_expires_at === null ? null : r.hold_expires_at.toISOString(),
  medicines: r.medicines,
  order: r.order === null ? null : { ...withoutBreakdownKeys(r.order), totalPrice: Number(r.order.totalPrice), ...toBreakdown(r.order) },
  createdAt: r.created_at.toISOString(),
  familyMemberId: r.family_member_id,
  accountHolder: { firstName: r.holder_first_name, lastName: r.holder_last_name },
  consentAt: r.consent_at === null ? null : r.consent_at.toISOString(),
  ...(r.refund_state === null ? {} : { refundState: r.refund_state }),
});

export async function findAppointmentRecord(q: Queryable, id: string): Promise<AppointmentRecord | null> {
  const { rows } = await q.query<RecordRow>(`${selectAppointmentRecords} where a.id = $1`, [id]);
  return rows[0] ? toAppointmentRecord(rows[0]) : null;
}

/**
 * An appointment as the patient's and the staff's endpoints need it: the record as stored (its
 * status is never 'Expired': the service works that out, services/appointments.ts), and what the
 * record does not show.
 */
export interface StoredAppointment {
  record: AppointmentRecord;
  userId: string;
  doctorId: string;
  /** The doctor's slot length now: the appointment ends this long after it starts. */
  slotMinutes: number;
  holdsSlot: boolean;
  holdExpiresAt: Date | null;
  /** The account that booked it was closed (services/appointments.ts recordAt answers it as a former patient's). */
  holderDeleted: boolean;
  /** null: online (the doctor's online hours). */
  locationId: string | null;
  bookedVia: BookedVia;
  /** Checked in and not finished (waiting or in the room): the visit is going on, whatever the clock says. */
  inQueue: boolean;
}

export const toStored = (r: RecordRow): StoredAppointment => ({
  record: toAppointmentRecord(r),
  userId: r.user_id,
  doctorId: r.doctor_id,
  slotMinutes: r.slot_minutes,
  holdsSlot: r.holds_slot,
  holdExpiresAt: r.hold_expires_at,
  holderDeleted: r.holder_deleted,
  locationId: r.location_id,
  bookedVia: r.booked_via,
  inQueue: r.in_queue,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `forUpdate`: lock the appointment's row until the transaction ends. null: no such appointment. */
export async function findStoredAppointment(q: Queryable, id: string, forUpdate = false): Promise<StoredAppointment | null> {
  if (!uuidPattern.test(id)) return null;
  const { rows } = await q.query<RecordRow>(`${selectAppointmentRecords} where a.id = $1${forUpdate ? ' for update of a' : ''}`, [id]);
  return rows[0] ? toStored(rows[0]) : null;
}
