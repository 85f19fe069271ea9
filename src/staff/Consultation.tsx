/**
 * One appointment in the console: the patient ("Former patient" for a closed account),
 * the appointment with where its fee stands and its checkouts, then the doctor's work on it: the
 * prescription form (completes the consultation from the join window on, before which it says
 * when; or writes the prescription again once Completed), "Patient did not attend" once the slot
 * has ended, and, once Completed without an order, the pharmacy order form. A Cancelled
 * appointment says plainly that it cannot be completed; a Missed one that it was noted. An admin may also
 * set the order's status (the popup of the appointments overview). Its documents (the
 * prescription PDF once Completed, the fee's and the order's receipts once a payment settled) can
 * be downloaded. The server's messages come as toasts; field problems are shown at the fields.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { AppointmentRecord } from '../../contract/appointments';
import { appointmentPlace } from '../../contract/appointments';
import type { StaffPayment } from '../../contract/staff';
import {
  selectAppointment,
  selectFailure,
  selectIsCancelled,
  selectOffersOrder,
  selectOffersPrescription,
  selectPayments,
  selectSlotMinutes,
  selectStatus,
} from '../../machines/consultation/consultationMachine';
import { formatClinicDate, formatClinicRecorded, formatClinicTime, formatRupees } from '../components/Appointments/format';
import { Link } from '../components/Link/Link';
import { DocumentDownloads, type DownloadDocument } from '../components/Records/DocumentDownloads';
import { appointmentDocuments } from '../components/Records/documents';
import { useStaffAdminMessages } from '../i18n/staffAdminMessages';
import { useStaffMessages } from '../i18n/staffMessages';
import { OrderStatusDialog, orderStatusChangeable } from './admin/OrderStatusDialog';
import { CompletionNotOpen, DidNotAttendForm, OrderForm, PrescriptionForm, type ConsultationActor } from './ConsultationForms';
import { backPathOf } from './backTo';
import { useConsultationActor } from './provider';
import { Fact, feeStateOf, LoadState, patientNameOf } from './parts';
import type { StaffServices } from './services';
import { useStaff } from './StaffContext';
import { Teleconsultation } from './Teleconsultation';
import { ChatPanel } from '../components/Chat/ChatPanel';
import { en } from '../i18n/messages';

export function Consultation({ services }: { services: StaffServices }) {
  const { appointmentId = '' } = useParams();
  // Another appointment: another machine.
  return <ConsultationFor key={appointmentId} appointmentId={appointmentId} services={services} />;
}

function ConsultationFor({ appointmentId, services }: { appointmentId: string; services: StaffServices }) {
  const staff = useStaffMessages();
  // Its calls, toasts and a 401 are the provider's.
  const actor: ConsultationActor = useConsultationActor(services, appointmentId);
  const status = useSelector(actor, selectStatus);
  const appointment = useSelector(actor, selectAppointment);
  const failure = useSelector(actor, selectFailure);
  const texts = staff.detail;
  // Back where the appointment was opened from (Upcoming, the audit log), Today otherwise.
  const back = backPathOf(useLocation().state);

  return (
    <section className="staff-detail">
      <p className="staff-detail__back">
        <Link to={back}>{texts.back}</Link>
      </p>
      {(status === 'loading' || status === 'failed') && (
        <>
          <h1>{texts.title}</h1>
          <LoadState
            status={status}
            loadingText={texts.loading}
            failureText={failure ?? texts.failed}
            onRetry={() => actor.send({ type: 'consultation.retry' })}
          />
        </>
      )}
      {status === 'refused' && (
        <>
          <h1>{texts.title}</h1>
          <p className="notice staff-state">{failure ?? texts.refused}</p>
        </>
      )}
      {status === 'ready' && appointment && (
        <Details actor={actor} appointment={appointment} services={services} />
      )}

    </section>
  );
}

function Details({ actor, appointment, services }: { actor: ConsultationActor; appointment: AppointmentRecord; services: StaffServices }) {
  const adminTexts = useStaffAdminMessages().appointments;
  const staff = useStaffMessages();
  const { loadConsultation, noteNoAnswer, downloadDocument } = services.actors;
  const { me, token, onSessionExpired } = useStaff();
  const [changingOrder, setChangingOrder] = useState(false);
  const closeOrderStatus = useCallback(() => setChangingOrder(false), []);
  // An admin's change of the order's status (./admin/OrderStatusDialog.tsx) gives the record as the
  // server now has it: the machine takes it without loading again, so an unsaved prescription or
  // order draft stays; focus then goes to the order (the popup's button may be gone: a cancelled order).
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
  const payments = useSelector(actor, selectPayments);
  const slotMinutes = useSelector(actor, selectSlotMinutes);
  const isCancelled = useSelector(actor, selectIsCancelled);
  const offersPrescription = useSelector(actor, selectOffersPrescription);
  const offersOrder = useSelector(actor, selectOffersOrder);
  const texts = staff.detail;
  const patient = patientNameOf(appointment);
  // A closed account: no email or phone to show (the server sends none), nor who booked it.
  const former = appointment.formerPatient === true;

  return (
    <>
      <h1>
        {texts.title}: {patient}, {formatClinicDate(appointment.date)}
      </h1>
      <div className="staff-detail__cards">
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
      </div>
      {appointment.consultationType !== 'Clinic Visit' && loadConsultation && noteNoAnswer && (
        // Loaded again when the status changes here (completed, did not attend): the link and call go with it.
        <Teleconsultation key={appointment.appointmentStatus} appointment={appointment} actors={{ loadConsultation, noteNoAnswer }} />
      )}
      {appointment.consultationType === 'Chat' && services.chat && (
        // The console is English (docs/i18n.md): the chat's English texts, whatever the language chosen.
        <div className="staff-card">
          <ChatPanel
            appointmentId={appointment._id}
            token={token}
            services={services.chat}
            texts={en.chat}
            somethingWentWrong={staff.list.somethingWentWrong}
            heading={staff.chat.heading}
            headingLevel={2}
            patientName={patient}
            foldable={false}
            onSessionExpired={onSessionExpired}
          />
        </div>
      )}

      {isCancelled && (
        <p className="notice staff-detail__cancelled" role="note">
          {texts.cancelled}
        </p>
      )}
      {isCancelled && <StoredPrescription appointment={appointment} />}
      {appointment.appointmentStatus === 'Missed' && (
        <p className="notice staff-detail__cancelled" role="note">
          {texts.missed}
        </p>
      )}
      <CompletionNotOpen actor={actor} />
      {offersPrescription && <PrescriptionForm actor={actor} />}
      <DidNotAttendForm actor={actor} />

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
              onClick={() => setChangingOrder(true)}
              aria-label={adminTexts.changeOrderStatus(patient)}
            >
              {adminTexts.orderStatus}
            </button>
          </p>
        )}
      </section>
      {downloadDocument && <Documents appointment={appointment} payments={payments} downloadDocument={downloadDocument} />}
      {changingOrder && appointment.order && (
        <OrderStatusDialog appointment={appointment} order={appointment.order} onChanged={orderChanged} onClose={closeOrderStatus} />
      )}
    </>
  );
}

/** The appointment's documents: staff get the prescription whether or not the patient was shown it. */
function Documents({
  appointment,
  payments,
  downloadDocument,
}: {
  appointment: AppointmentRecord;
  payments: readonly StaffPayment[];
  downloadDocument: DownloadDocument;
}) {
  const staff = useStaffMessages();
  const { token, onSessionExpired } = useStaff();
  const texts = staff.detail;
  const settled = (purpose: StaffPayment['purpose']) => payments.some((p) => p.purpose === purpose && (p.status === 'paid' || p.status === 'refund'));
  const documents = appointmentDocuments(
    appointment._id,
    {
      prescription: appointment.appointmentStatus === 'Completed',
      feeSettled: settled('appointment'),
      orderSettled: appointment.order && settled('order') ? appointment.order._id : null,
    },
    { prescription: texts.prescriptionPdf, feeReceipt: texts.feeReceiptPdf, orderReceipt: texts.orderReceiptPdf },
  );
  return (
    <section className="staff-card" aria-labelledby="staff-documents-heading">
      <h2 id="staff-documents-heading">{texts.documentsHeading}</h2>
      {documents.length === 0 ? (
        <p>{texts.noDocuments}</p>
      ) : (
        <DocumentDownloads
          token={token}
          downloadDocument={downloadDocument}
          onSessionExpired={onSessionExpired}
          failedText={() => texts.downloadFailed}
          documents={documents}
          downloadingText={texts.downloading}
          className="staff-documents"
        />
      )}
    </section>
  );
}

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

/** The prescription as stored, read only (a Cancelled appointment's, if it ever had one). */
function StoredPrescription({ appointment }: { appointment: AppointmentRecord }) {
  const staff = useStaffMessages();
  const texts = staff.detail;
  const words = staff.prescription;
  const m = appointment.medicines;
  const empty = m.complain === '' && m.remedies.length === 0;
  return (
    <section className="staff-card" aria-labelledby="staff-stored-prescription">
      <h2 id="staff-stored-prescription">{texts.prescriptionHeading}</h2>
      {empty ? (
        <p>{texts.noPrescription}</p>
      ) : (
        <dl className="staff-facts">
          <Fact label={words.complain} value={m.complain} />
          <Fact
            label={words.remedies}
            value={m.remedies.map((r) => `${r.medicineName} (${r.dosage}, ${r.frequency})`).join('; ')}
          />
          <Fact label={words.potency} value={m.potency} />
          <Fact label={words.duration} value={m.duration} />
          <Fact label={words.pharmacyName} value={m.pharmacyName} />
          <Fact label={words.instructions} value={m.instructions} />
        </dl>
      )}
    </section>
  );
}
