/**
 * The booking popup's way to the waitlist when no time suits or the doctor is not available that
 * day: a link to My appointments' "My waitlist" with the choices made so far (doctor, clinic, type,
 * day), which opens its join form filled in (src/pages/MyAppointments/MyAppointmentsPage.tsx
 * `waitlistPrefill`). Following it leaves the popup, as every link to another page does.
 */
import { useSelector } from '@xstate/react';
import type { BookingChoices } from '../../../machines/booking/choices';
import { selectChoices } from '../../../machines/booking/bookingMachine';
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';
import type { BookingActor } from './BookingSteps';

/** My appointments with the join form open on these choices. */
export function waitlistTarget(choices: BookingChoices): string {
  const params = new URLSearchParams({ waitlist: '1' });
  if (choices.doctorEmail) params.set('doctor', choices.doctorEmail);
  if (choices.location) params.set('location', choices.location);
  if (choices.consultationType) params.set('type', choices.consultationType);
  if (choices.date) params.set('from', choices.date);
  return `/myappointment?${params.toString()}`;
}

export function WaitlistLink({ actor }: { actor: BookingActor }) {
  const { waitlist } = useMessages();
  const choices = useSelector(actor, selectChoices);
  if (choices.doctorEmail === null) return null;
  return (
    <p className="booking__waitlist">
      <Link to={waitlistTarget(choices)}>{waitlist.bookingLink}</Link>
    </p>
  );
}
