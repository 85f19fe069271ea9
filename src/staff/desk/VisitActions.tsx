/**
 * One upcoming visit of a patient the desk found: when, with whom, where its fee stands; Check in
 * for today's Clinic Visit (the token is shown), and Take payment for a fee still due (cash, UPI
 * or card with its reference). Its own check-in machine (machines/desk/checkIn).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { appointmentPlace } from '../../../contract/appointments';
import {
  selectAppointment,
  selectEntry,
  selectIsCheckingIn,
  selectIsPaying,
  selectPayment,
  selectPaymentErrors,
  selectPaymentStatus,
} from '../../../machines/desk/checkIn/checkInMachine';
import { checkInOffered } from '../../../machines/desk/desk';
import { formatClinicDate, formatClinicTime, formatFee } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { useStaffMessages } from '../../i18n/staffMessages';
import { feeStateOf, patientNameOf } from '../parts';
import type { StaffServices } from '../services';
import { CounterMethodFields } from './CounterMethodFields';
import { useCheckInActor } from './provider';

export function VisitActions({ appointment: given, services }: { readonly appointment: AppointmentRecord; readonly services: StaffServices }) {
  const desk = useDeskMessages();
  const staff = useStaffMessages();
  const texts = desk.visit;
  const actor = useCheckInActor(services, given);
  const appointment = useSelector(actor, selectAppointment);
  const entry = useSelector(actor, selectEntry);
  const checkingIn = useSelector(actor, selectIsCheckingIn);
  const paymentStatus = useSelector(actor, selectPaymentStatus);
  const fee = formatFee(appointment.consultationFee);
  const offered = checkInOffered(appointment, services.today());
  return (
    <div className="desk-visit">
      <p className="desk-visit__line">
        {texts.line(formatClinicDate(appointment.date), formatClinicTime(appointment.startTime), appointment.doctorName, desk.booking.typeNames[appointment.consultationType])}
        {' · '}
        {appointmentPlace(appointment)}
        {' · '}
        {staff.statusNames[appointment.appointmentStatus]}
        {' · '}
        {feeStateOf(appointment)}
        <span className="desk-visit__id"> {appointment.appointmentId}</span>
      </p>
      <div className="desk-visit__actions">
        {entry ? (
          <p className="desk-token" role="status">
            {texts.checkedIn(entry.token)}
          </p>
        ) : (
          offered && (
            <button type="button" className="button button--primary" disabled={checkingIn} aria-busy={checkingIn} onClick={() => actor.send({ type: 'checkin.requested' })}>
              {checkingIn ? texts.checkingIn : texts.checkIn}
            </button>
          )
        )}
        {paymentStatus === 'due' && (
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'payment.opened' })}>
            {texts.takePayment(fee)}
          </button>
        )}
      </div>
      {paymentStatus === 'form' && <PaymentForm actor={actor} fee={fee} patient={patientNameOf(appointment)} />}
    </div>
  );
}

function PaymentForm({ actor, fee, patient }: { readonly actor: ReturnType<typeof useCheckInActor>; readonly fee: string; readonly patient: string }) {
  const texts = useDeskMessages().visit;
  const payment = useSelector(actor, selectPayment);
  const errors = useSelector(actor, selectPaymentErrors);
  const paying = useSelector(actor, selectIsPaying);
  const labelId = useId();
  return (
    <form
      className="desk-payment"
      aria-labelledby={labelId}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'payment.submitted' });
      }}
    >
      <p id={labelId} className="visually-hidden">
        {texts.paymentLabel(patient)}
      </p>
      <CounterMethodFields
        method={payment.method}
        reference={payment.reference}
        referenceError={errors.reference}
        disabled={paying}
        onMethod={(method) => actor.send({ type: 'payment.method.changed', method })}
        onReference={(reference) => actor.send({ type: 'payment.reference.changed', reference })}
      />
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={paying} aria-busy={paying}>
          {paying ? texts.paying : texts.pay(fee)}
        </button>
        <button type="button" className="button button--outline" disabled={paying} onClick={() => actor.send({ type: 'payment.closed' })}>
          {texts.close}
        </button>
      </p>
    </form>
  );
}
