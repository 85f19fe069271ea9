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
 * Reception sees the appointment and its fee, never the prescription's forms or its PDF (the
 * server answers its medicines empty to reception anyway).
 */
import { useSelector } from '@xstate/react';
import { useLocation, useParams } from 'react-router-dom';
import type { AppointmentRecord } from '../../contract/appointments';
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
} from '../../machines/consultation/selectors';
import { formatClinicDate } from '../format/format';
import { Link } from '../components/Link/Link';
import { DocumentDownloads, type DownloadDocument } from '../components/Records/DocumentDownloads';
import { appointmentDocuments } from '../components/Records/documents';
import { useStaffMessages } from '../i18n/staffMessages';
import { OrderStatusDialog } from './admin/OrderStatusDialog';
import { CompletionNotOpen, DidNotAttendForm, PrescriptionForm, type ConsultationActor } from './ConsultationForms';
import { backPathOf } from './backTo';
import { useConsultationActor } from './provider';
import { Fact, LoadState, patientNameOf } from './parts';
import { AppointmentFactsCard, OrderCard, PatientCard, useOrderStatusChange } from './ConsultationCards';
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
  // Its calls and toasts are the provider's (a 401 is the request base's).
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
  const staff = useStaffMessages();
  const { loadConsultation, noteNoAnswer, downloadDocument } = services.actors;
  const { token, me } = useStaff();
  // Prescriptions are the doctor's (and an admin's): reception reads the appointment only.
  const clinical = me.role !== 'reception';
  const order = useOrderStatusChange(actor);
  const payments = useSelector(actor, selectPayments);
  const slotMinutes = useSelector(actor, selectSlotMinutes);
  const isCancelled = useSelector(actor, selectIsCancelled);
  const offersPrescription = useSelector(actor, selectOffersPrescription);
  const offersOrder = useSelector(actor, selectOffersOrder);
  const texts = staff.detail;
  const patient = patientNameOf(appointment);

  return (
    <>
      <h1>
        {texts.title}: {patient}, {formatClinicDate(appointment.date)}
      </h1>
      <div className="staff-detail__cards">
        <PatientCard appointment={appointment} />
        <AppointmentFactsCard appointment={appointment} slotMinutes={slotMinutes} payments={payments} />
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
      {clinical && <CompletionNotOpen actor={actor} />}
      {clinical && offersPrescription && <PrescriptionForm actor={actor} />}
      {clinical && <DidNotAttendForm actor={actor} />}

      <OrderCard actor={actor} appointment={appointment} offersOrder={clinical && offersOrder} orderHeading={order.orderHeading} onChangeStatus={order.open} />
      {downloadDocument && <Documents appointment={appointment} payments={payments} downloadDocument={downloadDocument} clinical={clinical} />}
      {order.changingOrder && appointment.order && (
        <OrderStatusDialog appointment={appointment} order={appointment.order} onChanged={order.orderChanged} onClose={order.close} />
      )}
    </>
  );
}

/** The appointment's documents: staff get the prescription whether or not the patient was shown it. */
function Documents({
  appointment,
  payments,
  downloadDocument,
  clinical,
}: {
  appointment: AppointmentRecord;
  payments: readonly StaffPayment[];
  downloadDocument: DownloadDocument;
  /** Whether the prescription is theirs to read (not reception's). */
  clinical: boolean;
}) {
  const staff = useStaffMessages();
  const { token } = useStaff();
  const texts = staff.detail;
  const settled = (purpose: StaffPayment['purpose']) => payments.some((p) => p.purpose === purpose && (p.status === 'paid' || p.status === 'refund'));
  const documents = appointmentDocuments(
    appointment._id,
    {
      prescription: clinical && appointment.appointmentStatus === 'Completed',
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
          failedText={() => texts.downloadFailed}
          documents={documents}
          downloadingText={texts.downloading}
          className="staff-documents"
        />
      )}
    </section>
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
