/**
 * The booking's payment step where the chosen place takes the fee at the visit for a Clinic Visit
 * (the admin's setting): "Pay online now" (the spec's checkout) or "Pay at the clinic" (booked at
 * once, nothing to pay now). Elsewhere it shows nothing and the fee is paid online.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectIsBusy, selectOffersPayAtClinic, selectPayAt } from '../../../machines/booking/bookingMachine';
import { useMessages } from '../../i18n/messages';
import type { BookingActor } from './BookingSteps';
import './PayChoice.css';

export function PayChoice({ actor }: { actor: BookingActor }) {
  const { booking } = useMessages();
  const offered = useSelector(actor, selectOffersPayAtClinic);
  const payAt = useSelector(actor, selectPayAt);
  const busy = useSelector(actor, selectIsBusy);
  const name = useId();
  if (!offered) return null;
  const hint = `${name}-hint`;
  return (
    <fieldset className="booking__pay" disabled={busy}>
      <legend>{booking.payHow}</legend>
      <div className="booking__pay-options">
        <label>
          <input type="radio" name={name} checked={payAt === 'online'} onChange={() => actor.send({ type: 'payment.chosen', at: 'online' })} />
          {booking.payOnline}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={payAt === 'clinic'}
            aria-describedby={hint}
            onChange={() => actor.send({ type: 'payment.chosen', at: 'clinic' })}
          />
          {booking.payAtClinic}
        </label>
      </div>
      <p id={hint} className="booking__hint">
        {booking.payAtClinicHint}
      </p>
    </fieldset>
  );
}
