/**
 * The confirmation after a payment the server confirmed: what, when (clinic time),
 * where (the clinic's address with a map link) or how (online, the phone the doctor calls), the
 * fee paid, Add to calendar (the same .ics as the confirmation mail) and the way to My appointments.
 */
import type { AppointmentRecord } from '../../../contract/appointments';
import { clinicInstant } from '../../../contract/clinicTime';
import { formatClinicDate, formatClinicTime, formatRupees } from '../../format/format';
import { Link } from '../../components/Link/Link';
import { locationDetails } from '../../content/locations';
import { useMessages } from '../../i18n/messages';

export interface PaymentConfirmationProps {
  readonly appointment: AppointmentRecord;
  readonly amountPaid: number;
  /** A Chat or Video: the ISO instant it opens on My appointments (the payment status answer's); null otherwise. */
  readonly joinOpensAt: string | null;
  readonly fetchingCalendar: boolean;
  readonly onAddToCalendar: () => void;
}

const mapLink = (address: readonly string[]) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.join(', '))}`;

/** How many minutes before its start a Chat or Video opens; null without the answer's instant. */
function minutesBeforeStart(appointment: AppointmentRecord, joinOpensAt: string | null): number | null {
  const opens = joinOpensAt === null ? NaN : Date.parse(joinOpensAt);
  if (Number.isNaN(opens)) return null;
  return Math.round((clinicInstant(appointment.date, appointment.startTime).getTime() - opens) / 60_000);
}

export function PaymentConfirmation({ appointment, amountPaid, joinOpensAt, fetchingCalendar, onAddToCalendar }: PaymentConfirmationProps) {
  const { booking, appointments } = useMessages();
  const texts = booking.confirmation;
  const atClinic = appointment.consultationType === 'Clinic Visit';
  const details = atClinic ? locationDetails[appointment.location] : undefined;
  const joinMinutes = minutesBeforeStart(appointment, joinOpensAt);
  return (
    <section className="payment-confirmation" aria-label={texts.label}>
      <dl className="payment-confirmation__facts">
        <div>
          <dt>{texts.what}</dt>
          <dd>{texts.whatValue(appointment.consultationType, appointment.doctorName)}</dd>
        </div>
        <div>
          <dt>{texts.when}</dt>
          <dd>{texts.whenValue(formatClinicDate(appointment.date), formatClinicTime(appointment.startTime))}</dd>
        </div>
        {atClinic ? (
          <div>
            <dt>{texts.where}</dt>
            <dd>
              <span className="payment-confirmation__place">{appointment.location}</span>
              {details && (
                <>
                  <address>
                    {details.address.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                  <a href={mapLink(details.address)} target="_blank" rel="noopener noreferrer">
                    {texts.openMap(appointment.location)}
                  </a>
                </>
              )}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{texts.how}</dt>
            <dd>
              {appointment.consultationType === 'Call'
                ? texts.callOn(appointment.consultationType, appointment.phoneNumber)
                : joinMinutes !== null
                  ? texts.joinsAt(appointment.consultationType, joinMinutes, formatClinicTime(appointment.startTime))
                  : texts.online(appointment.consultationType)}
            </dd>
          </div>
        )}
        <div>
          <dt>{texts.feePaid}</dt>
          <dd>{formatRupees(amountPaid)}</dd>
        </div>
        <div>
          <dt>{texts.appointmentNumber}</dt>
          <dd>{appointment.appointmentId}</dd>
        </div>
      </dl>
      <p className="payment-confirmation__actions">
        <button type="button" className="button button--primary" onClick={onAddToCalendar} aria-disabled={fetchingCalendar || undefined}>
          {fetchingCalendar ? appointments.preparingCalendar : appointments.addToCalendar}
        </button>
        <Link to="/myappointment" className="button button--outline">
          {texts.myAppointments}
        </Link>
      </p>
    </section>
  );
}
