/**
 * "Consult online now / soonest": the popup may start from the type. Lists the doctors
 * with free online times, soonest first (those with times today say how many), for Chat, Video or
 * Call (Video unless changed); picking one sends `online.soonest` to the booking machine, which
 * chooses online (no clinic), the doctor, the type, the day and the soonest time at once. The
 * list is its own small machine (machines/availability/soonestMachine.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsultationType } from '../../../contract/primitives';
import { bookingMachine, selectDoctorsStatus } from '../../../machines/booking/bookingMachine';
import { onlineTypes } from '../../../machines/booking/choices';
import { selectSoonestDoctors, selectSoonestStatus, soonestMachine } from '../../../machines/availability/soonestMachine';
import { useBookingServices } from '../../app/useBookingServices';
import { useMessages } from '../../i18n/messages';
import { formatStripDay } from './availabilityFormat';

type BookingActor = ActorRefFrom<typeof bookingMachine>;

export function SoonestOnline({ actor, token, today, onChosen }: { actor: BookingActor; token: string | null; today: string; onChosen: () => void }) {
  const { availability: a, booking, spec } = useMessages();
  const id = useId();
  const services = useBookingServices();
  const [logic] = useState(() => (services.actors.loadSoonest ? soonestMachine.provide({ actors: { loadSoonest: services.actors.loadSoonest } }) : soonestMachine));
  const soonest = useActorRef(logic, { input: { token } });
  const status = useSelector(soonest, selectSoonestStatus);
  const doctors = useSelector(soonest, selectSoonestDoctors);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const [type, setType] = useState<ConsultationType>('Video');

  return (
    <section className="soonest" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="soonest__heading">
        {a.soonestHeading}
      </h3>
      <p className="booking__hint">{a.soonestIntro}</p>
      <fieldset className="soonest__types">
        <legend>{a.soonestType}</legend>
        {onlineTypes.map((t) => (
          <label key={t} className="soonest__type">
            <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => setType(t)} />
            <span>{t}</span>
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">
        {status === 'loading' && <p role="status">{a.soonestLoading}</p>}
        {status === 'failed' && (
          <p className="booking__problem">
            {spec.somethingWentWrong}{' '}
            <button type="button" className="button button--small" onClick={() => soonest.send({ type: 'soonest.retry' })}>
              {booking.tryAgain}
            </button>
          </p>
        )}
        {status === 'ready' && doctors.length === 0 && <p>{a.soonestNone}</p>}
      </div>
      {status === 'ready' && doctors.length > 0 && (
        <ul className="soonest__list">
          {doctors.map((d) => {
            const when = `${d.next.date === today ? a.today : formatStripDay(d.next.date)}, ${d.next.time}`;
            return (
              <li key={d.doctorEmail} className="soonest__doctor">
                <button
                  type="button"
                  className="button soonest__choose"
                  disabled={doctorsStatus !== 'ready'}
                  onClick={() => {
                    actor.send({ type: 'online.soonest', doctorEmail: d.doctorEmail, consultationType: type, date: d.next.date, time: d.next.time });
                    onChosen();
                  }}
                >
                  <span className="soonest__name">{a.soonestBook(d.doctorName, when)}</span>
                  <span className="soonest__today">{d.freeToday > 0 ? a.soonestToday(d.freeToday) : a.soonestNotToday}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
