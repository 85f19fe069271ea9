/**
 * One appointment of the /myappointment list: what it is, its status, its fee when that was never
 * confirmed (said plainly, with Pay while the slot is held), Add to calendar when Booked and paid,
 * Edit and Cancel when Booked or Expired, and for a Completed one its pharmacy order, the
 * prescription the clinic shows and the follow-up it asks for (src/components/FollowUp/); its
 * documents (the prescription PDF once Completed and shown, the fee's and the card-paid order's
 * receipts once settled) as download buttons.
 */
import { appointmentPlace } from '../../../contract/appointments';
import type { FamilyMember } from '../../../contract/people';
import { useId } from 'react';
import type { AppointmentCardView } from '../../../machines/appointments/appointmentsMachine';
import { getMessages, useMessages } from '../../i18n/messages';
import { formatClinicDate, formatClinicInstant, formatClinicTime, formatFee, formatRupees } from '../../format/format';
import { ConsultationPanel } from './ConsultationPanel';
import { ChatPanel } from '../Chat/ChatPanel';
import { OrderSection } from './OrderSection';
import { Prescription } from './Prescription';
import { DocumentDownloads } from '../Records/DocumentDownloads';
import { appointmentDocuments, settledOrderId } from '../Records/documents';
import { RemediesLink } from '../Records/RemediesLink';
import { clinicToday } from '../../../contract/clinicTime';
import { QueuePlaceLine } from './QueuePlaceLine';
import { FollowUpBlock } from '../FollowUp/FollowUpBlock';
import type { AppointmentsServices } from './services';

export interface AppointmentCardProps {
  readonly view: AppointmentCardView;
  readonly token: string;
  readonly services: AppointmentsServices;
  /** This appointment's payment is being asked for. */
  readonly paying: boolean;
  /** Some payment is being asked for: every Pay waits. */
  readonly payDisabled: boolean;
  /** This appointment's calendar file is being fetched. */
  readonly fetchingCalendar: boolean;
  /** Some calendar file is being fetched: every Add to calendar waits. */
  readonly calendarDisabled: boolean;
  readonly onPay: () => void;
  readonly onAddToCalendar: () => void;
  readonly onCancel: () => void;
  /** Absent: no Edit button. */
  readonly onEdit?: () => void;
  /** Something on the card booked or cancelled other appointments (a follow-up's visits): the list loads again. */
  readonly onRefresh?: () => void;
}

type Appointment = AppointmentCardView['appointment'];

/** What the appointment is: place, who for, type, time, status and its id. */
function AppointmentFacts({ appointment, date }: { readonly appointment: Appointment; readonly date: string }) {
  const messages = useMessages();
  const texts = messages.appointments;
  const status = appointment.appointmentStatus;
  return (
    <dl className="appointment-card__facts">
      <div>
        <dt>{texts.location}</dt>
        <dd>
          {/* Booked on the doctor's online hours (no clinic, location ''): said in the language; a clinic by its name. */}
          {appointment.location === ''
            ? texts.placeOnline(messages.booking.consultationTypeNames[appointment.consultationType])
            : appointmentPlace(appointment)}
        </dd>
      </div>
      {appointment.familyMemberId && (
        // Booked for a family member: who the doctor consults.
        <div>
          <dt>{texts.patientFor}</dt>
          <dd>{`${appointment.firstName} ${appointment.lastName}`.trim()}</dd>
        </div>
      )}
      <div>
        <dt>{texts.consultationType}</dt>
        <dd>{messages.booking.consultationTypeNames[appointment.consultationType]}</dd>
      </div>
      <div>
        <dt>{texts.time}</dt>
        <dd>
          {/* The date is in the heading (doctor and date once); kept here for machines. */}
          <time dateTime={appointment.date} hidden>
            {date}
          </time>
          <time dateTime={appointment.startTime}>{formatClinicTime(appointment.startTime)}</time>
        </dd>
      </div>
      <div>
        <dt>{texts.status}</dt>
        <dd>
          <span className={`appointment-card__status appointment-card__status--${status.toLowerCase()}`}>
            {texts.statusNames[status]}
          </span>
        </dd>
      </div>
      <div>
        <dt>{texts.appointmentId}</dt>
        <dd className="appointment-card__id">{appointment.appointmentId}</dd>
      </div>
    </dl>
  );
}

/** The fee when never confirmed (with Pay while held), a refund's state, or a missed visit. */
function FeeNotes({ view, paying, payDisabled, onPay }: Pick<AppointmentCardProps, 'view' | 'paying' | 'payDisabled' | 'onPay'>) {
  const texts = useMessages().appointments;
  const { appointment, fee } = view;
  const status = appointment.appointmentStatus;
  // Said for an appointment still to come or just past; a Completed or Cancelled one is settled.
  const notConfirmed = (fee === 'unpaid' || fee === 'lapsed') && (status === 'Booked' || status === 'Expired');
  return (
    <>
      {notConfirmed && (
        <div className="appointment-card__fee notice">
          <p>
            {fee === 'unpaid' ? texts.feeUnpaid(formatClinicInstant(appointment.holdExpiresAt)) : texts.feeLapsed}
          </p>
          {view.canPay && (
            <p>
              <button type="button" className="button button--primary" onClick={onPay} disabled={payDisabled} aria-busy={paying}>
                {paying ? texts.paying : texts.payFee(formatRupees(appointment.consultationFee))}
              </button>
            </p>
          )}
        </div>
      )}
      {/* A flagged refund is pending until the clinic records it as paid back: never claim money came back before. */}
      {fee === 'refundPending' && <p className="appointment-card__fee">{texts.feeRefundPending(formatFee(appointment.consultationFee))}</p>}
      {fee === 'refunded' && <p className="appointment-card__fee">{texts.feeRefunded(formatFee(appointment.consultationFee))}</p>}
      {fee === 'due' && status === 'Booked' && <p className="appointment-card__fee">{texts.feeDue(formatRupees(appointment.consultationFee))}</p>}
      {status === 'Missed' && <p className="appointment-card__fee notice">{texts.missedNote}</p>}
    </>
  );
}

/** The consultation itself: the video or call panel, or the chat, once the fee is paid. */
function ConsultationTalk({ appointment, token, services }: { readonly appointment: Appointment } & Pick<AppointmentCardProps, 'token' | 'services'>) {
  const messages = useMessages();
  const status = appointment.appointmentStatus;
  return (
    <>
      {services.actors.loadConsultation && (appointment.consultationType === 'Video' || appointment.consultationType === 'Call') &&
        appointment.appointmentPaymentStatus === 'paid' && (status === 'Booked' || status === 'Expired') && (
          <ConsultationPanel appointment={appointment} token={token} loadConsultation={services.actors.loadConsultation} />
        )}
      {services.chat && appointment.consultationType === 'Chat' && appointment.appointmentPaymentStatus === 'paid' && status !== 'Cancelled' && (
        // Open from shortly before the start; after completion, follow-up questions, then read-only.
        <ChatPanel
          appointmentId={appointment._id}
          token={token}
          services={services.chat}
          texts={messages.chat}
          somethingWentWrong={messages.spec.somethingWentWrong}
          heading={messages.chat.heading}
          headingLevel={3}
          patientName={`${appointment.firstName} ${appointment.lastName}`.trim()}
          foldable
          listedUnread={appointment.unreadMessages}
        />
      )}
    </>
  );
}

/** Add to calendar, Edit and Cancel, each when the appointment allows it. */
function CardActions({
  view,
  fetchingCalendar,
  calendarDisabled,
  onAddToCalendar,
  onCancel,
  onEdit,
}: Pick<AppointmentCardProps, 'view' | 'fetchingCalendar' | 'calendarDisabled' | 'onAddToCalendar' | 'onCancel' | 'onEdit'>) {
  const texts = useMessages().appointments;
  if (!(view.canEdit || view.canCancel || view.canAddToCalendar)) return null;
  return (
    <p className="appointment-card__actions">
      {view.canAddToCalendar && (
        <button
          type="button"
          className="button button--outline"
          onClick={onAddToCalendar}
          disabled={calendarDisabled}
          aria-busy={fetchingCalendar}
        >
          {fetchingCalendar ? texts.preparingCalendar : texts.addToCalendar}
        </button>
      )}
      {view.canEdit && onEdit && (
        <button type="button" className="button button--outline" onClick={onEdit}>
          {texts.edit}
        </button>
      )}
      {view.canCancel && (
        <button type="button" className="button button--outline" onClick={onCancel}>
          {texts.cancel}
        </button>
      )}
    </p>
  );
}

/**
 * The family member an appointment was for, as its record names them (null: the account holder).
 * The booking popup chooses them by id from the account's list, which shows their relation.
 */
const memberOf = (a: Appointment): FamilyMember | null =>
  a.familyMemberId ? { _id: a.familyMemberId, firstName: a.firstName, lastName: a.lastName, age: a.age, gender: a.gender, relation: '' } : null;

/** The prescription the clinic shows, and the follow-up it asks for. */
function PrescriptionParts({ view, token, services, onRefresh }: Pick<AppointmentCardProps, 'view' | 'token' | 'services' | 'onRefresh'>) {
  const { appointment } = view;
  return (
    <>
      {view.showPrescription && <Prescription medicines={appointment.medicines} />}
      {view.offersFollowUp && services.followUp && (
        <FollowUpBlock
          appointmentId={appointment._id}
          token={token}
          services={services.followUp}
          offerDownload={services.offerDownload}
          onChanged={onRefresh ?? (() => undefined)}
          member={memberOf(appointment)}
        />
      )}
    </>
  );
}

/** A Booked Clinic Visit of today (clinic time): the one a patient may be waiting for in the queue. */
const isTodaysVisit = (appointment: Appointment, now: number): boolean =>
  appointment.consultationType === 'Clinic Visit' && appointment.appointmentStatus === 'Booked' && appointment.date === clinicToday(new Date(now));

export function AppointmentCard({
  view,
  token,
  services,
  paying,
  payDisabled,
  fetchingCalendar,
  calendarDisabled,
  onPay,
  onAddToCalendar,
  onCancel,
  onEdit,
  onRefresh,
}: AppointmentCardProps) {
  const messages = useMessages();
  const texts = messages.appointments;
  const { appointment } = view;
  const headingId = useId();
  const date = formatClinicDate(appointment.date);
  const status = appointment.appointmentStatus;
  const recordTexts = messages.records;
  const documents = appointmentDocuments(
    appointment._id,
    {
      prescription: status === 'Completed' && view.showPrescription,
      feeSettled: appointment.appointmentPaymentStatus === 'paid' || appointment.appointmentPaymentStatus === 'refund',
      orderSettled: status === 'Completed' ? settledOrderId(appointment.order) : null,
    },
    { prescription: recordTexts.downloadPrescription, feeReceipt: recordTexts.downloadReceipt, orderReceipt: recordTexts.downloadOrderReceipt },
  );

  return (
    <article className="appointment-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="appointment-card__title">
        {texts.appointmentHeading(appointment.doctorName, date)}
      </h3>
      <AppointmentFacts appointment={appointment} date={date} />

      <FeeNotes view={view} paying={paying} payDisabled={payDisabled} onPay={onPay} />
      {services.queuePlace && isTodaysVisit(appointment, services.now?.() ?? Date.now()) && (
        <QueuePlaceLine appointmentId={appointment._id} token={token} actors={services.queuePlace} />
      )}

      <ConsultationTalk appointment={appointment} token={token} services={services} />
      {view.order && (
        <OrderSection appointment={appointment} token={token} services={services} />
      )}
      <PrescriptionParts view={view} token={token} services={services} onRefresh={onRefresh} />
      {services.actors.downloadDocument && documents.length > 0 && (
        <DocumentDownloads
          token={token}
          downloadDocument={services.actors.downloadDocument}
          failedText={() => getMessages().records.downloadFailed}
          offer={services.offerDownload}
          documents={documents}
          downloadingText={recordTexts.downloading}
          className="appointment-card__documents"
        />
      )}
      {appointment.appointmentStatus === 'Completed' && <RemediesLink />}

      <CardActions
        view={view}
        fetchingCalendar={fetchingCalendar}
        calendarDisabled={calendarDisabled}
        onAddToCalendar={onAddToCalendar}
        onCancel={onCancel}
        onEdit={onEdit}
      />
    </article>
  );
}
