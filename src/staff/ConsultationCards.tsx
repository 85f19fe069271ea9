/**
 * The console's cards of one appointment: the patient, the appointment with where its fee
 * stands, and its pharmacy order (with an admin's Order status button).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AppointmentRecord } from '../../contract/appointments';
import { appointmentPlace } from '../../contract/appointments';
import type { StaffPayment } from '../../contract/staff';
import { formatClinicDate, formatClinicRecorded, formatClinicTime, formatRupees } from '../format/format';
import { useStaffAdminMessages } from '../i18n/staffAdminMessages';
import { useStaffMessages } from '../i18n/staffMessages';
import { orderStatusChangeable } from './admin/OrderStatusDialog';
import type { ConsultationActor } from './ConsultationForms';
import { OrderForm } from './ConsultationForms';
import { Fact, feeStateOf, patientNameOf } from './parts';
import { useStaff } from './StaffContext';

/** Who the patient is; a closed account shows no email or phone, nor who booked it. */
export function PatientCard({ appointment }: { appointment: AppointmentRecord }) {
  const texts = useStaffMessages().detail;
  const patient = patientNameOf(appointment);
  // A closed account: no email or phone to show (the server sends none), nor who booked it.
  const former = appointment.formerPatient === true;
  return (
    <section className="staff-card" aria-labelledby="staff-patient-heading">
      <h2 id="staff-patient-heading">{texts.patientHeading}</h2>
      <dl className="staff-facts">
        <Fact label={texts.name} value={patient} />
        {appointment.familyMemberId && appointment.accountHolder && !former && (
          <Fact label={texts.bookedBy} value={`${appointment.accountHolder.firstName} ${appointment.accountHolder.lastName}`.trim()} />
        )}
        {!former && <Fact label={texts.email} value={appointment.email} />}
        {!former && <Fact label={texts.phone} value={appointment.phoneNumber} />}
        <Fact label={texts.age} value={String(appointment.age)} />
        <Fact label={texts.gender} value={texts.genders[appointment.gender]} />
      </dl>
    </section>
  );
}

/** The appointment itself, its fee, and the fee's checkouts. */
export function AppointmentFactsCard({
  appointment,
  slotMinutes,
  payments,
}: {
  appointment: AppointmentRecord;
  slotMinutes: number | null;
  payments: readonly StaffPayment[];
}) {
  const staff = useStaffMessages();
  const texts = staff.detail;
  return (
    <section className="staff-card" aria-labelledby="staff-appointment-heading">
      <h2 id="staff-appointment-heading">{texts.appointmentHeading}</h2>
      <dl className="staff-facts">
        <Fact label={texts.appointmentId} value={appointment.appointmentId} />
        <Fact label={texts.doctor} value={appointment.doctorName} />
        <Fact label={texts.location} value={appointmentPlace(appointment)} />
        <Fact label={texts.type} value={appointment.consultationType} />
        <Fact
          label={texts.when}
          value={texts.whenValue(formatClinicDate(appointment.date), formatClinicTime(appointment.startTime), slotMinutes)}
        />
        <Fact label={texts.status} value={staff.statusNames[appointment.appointmentStatus]} />
        <Fact label={texts.fee} value={formatRupees(appointment.consultationFee)} />
        <Fact label={texts.feePayment} value={feeStateOf(appointment)} />
      </dl>
      {payments.length > 0 && <Payments payments={payments} />}
    </section>
  );
}

/**
 * An admin's change of the order's status (./admin/OrderStatusDialog.tsx) gives the record as the
 * server now has it: the machine takes it without loading again, so an unsaved prescription or
 * order draft stays; focus then goes to the order (the popup's button may be gone: a cancelled order).
 */
export function useOrderStatusChange(actor: ConsultationActor) {
  const [changingOrder, setChangingOrder] = useState(false);
  const open = useCallback(() => setChangingOrder(true), []);
  const close = useCallback(() => setChangingOrder(false), []);
  const [orderChanges, setOrderChanges] = useState(0);
  const orderChanged = useCallback(
    (changed: AppointmentRecord) => {
      actor.send({ type: 'appointment.replaced', appointment: changed });
      setOrderChanges((count) => count + 1);
    },
    [actor],
  );
  const orderHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (orderChanges > 0) orderHeading.current?.focus();
  }, [orderChanges]);
  return { changingOrder, open, close, orderChanged, orderHeading };
}

/** The pharmacy order: its facts, else the order form while one may be made, else "no order". */
export function OrderCard({
  actor,
  appointment,
  offersOrder,
  orderHeading,
  onChangeStatus,
}: {
  actor: ConsultationActor;
  appointment: AppointmentRecord;
  offersOrder: boolean;
  orderHeading: RefObject<HTMLHeadingElement | null>;
  onChangeStatus: () => void;
}) {
  const adminTexts = useStaffAdminMessages().appointments;
  const texts = useStaffMessages().detail;
  const { me } = useStaff();
  const patient = patientNameOf(appointment);
  return (
    <section className="staff-card" aria-labelledby="staff-order-heading">
      <h2 id="staff-order-heading" ref={orderHeading} tabIndex={-1}>
        {texts.orderHeading}
      </h2>
      {appointment.order ? (
        <dl className="staff-facts">
          <Fact label={texts.orderPharmacy} value={appointment.order.pharmacyId} />
          <Fact label={texts.orderTotal} value={formatRupees(appointment.order.totalPrice)} />
          <Fact label={texts.orderMode} value={appointment.order.paymentMode} />
          <Fact label={texts.orderPayment} value={appointment.order.paymentStatus} />
          <Fact label={texts.orderStatus} value={appointment.order.orderStatus} />
        </dl>
      ) : offersOrder ? (
        <OrderForm actor={actor} />
      ) : (
        <p>{texts.noOrder}</p>
      )}
      {me.role === 'admin' && orderStatusChangeable(appointment.order) && (
        <p>
          <button
            type="button"
            className="button button--outline"
            onClick={onChangeStatus}
            aria-label={adminTexts.changeOrderStatus(patient)}
          >
            {adminTexts.orderStatus}
          </button>
        </p>
      )}
    </section>
  );
}

/** The fee's checkouts, each with when, how much and where it stands. */
function Payments({ payments }: { payments: readonly StaffPayment[] }) {
  const staff = useStaffMessages();
  const texts = staff.detail;
  return (
    <>
      <h3 className="staff-card__subheading">{texts.payments}</h3>
      <ul className="staff-payments">
        {payments.map((payment) => (
          <li key={payment.merchantOrderId}>
            {texts.paymentLine(
              texts.paymentPurposes[payment.purpose],
              formatRupees(payment.amount),
              staff.paymentNames[payment.status],
              formatClinicRecorded(payment.settledAt ?? payment.createdAt) ?? payment.createdAt,
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
