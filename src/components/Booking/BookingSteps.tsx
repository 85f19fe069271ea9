/**
 * The booking form's steps, each one field group of the booking machine's view: location, doctor,
 * consultation type, date, the slots, and the fee line. `f` makes the form's ids, so labels,
 * hints and radio names stay tied to the one form they belong to.
 */
import { useSelector } from '@xstate/react';
import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  bookingMachine,
  selectChoices,
  selectChosenDay,
  selectConsultationTypes,
  selectDoctor,
  selectDoctors,
  selectDoctorsStatus,
  selectFee,
  selectFees,
  selectFeesStatus,
  selectIsBusy,
  selectLocations,
  selectMaxDate,
  selectMinDate,
  selectNextFree,
  selectOffersOnline,
  selectSlots,
  selectSlotsStatus,
} from '../../../machines/booking/bookingMachine';
import { isOnline, onlineLocation } from '../../../machines/booking/choices';
import type { NextSlot } from '../../../contract/availability';
import type { ConsultationType } from '../../../contract/primitives';
import type { TimeSlot } from '../../../contract/appointments';
import { formatFee } from '../../format/format';
import { useMessages } from '../../i18n/messages';
import { DateStrip } from './DateStrip';
import { DoctorCard } from './DoctorCard';
import { WaitlistLink } from './WaitlistLink';
import { formatStripDay, periodOf, periods } from './availabilityFormat';

export type BookingActor = ActorRefFrom<typeof bookingMachine>;

/** What every step gets: the machine, and the form's id maker. */
type StepProps = { actor: BookingActor; f: (name: string) => string };

export function Step({ show, children }: { show: boolean; children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  return (
    <AnimatePresence initial={false}>
      {show && (
        <m.div
          className="booking__step"
          initial={reduceMotion ? false : { opacity: 0, y: 8 }}
          animate={{ opacity: 1, y: 0 }}
          exit={reduceMotion ? undefined : { opacity: 0 }}
          transition={{ duration: 0.18, ease: 'easeOut' }}
        >
          {children}
        </m.div>
      )}
    </AnimatePresence>
  );
}

/** A free slot as the doctor step says it: the strip's day and the 24-hour time ("Tue 11 Mar, 10:30"). */
const whenOf = (next: NextSlot): string => `${formatStripDay(next.date)}, ${next.time}`;

/** The next-free map changes only when its entries do (a new Map each snapshot otherwise re-renders the select). */
function sameNextFree(a: ReadonlyMap<string, NextSlot | null>, b: ReadonlyMap<string, NextSlot | null>): boolean {
  if (a.size !== b.size) return false;
  for (const [email, next] of a) {
    const other = b.get(email);
    if (other === undefined && !b.has(email)) return false;
    if ((next === null || other === null || other === undefined) ? next !== other : next.date !== other.date || next.time !== other.time) return false;
  }
  return true;
}

/** The location select's value for "Online" (the choice itself is '' : no location). */
const onlineOption = '@online';

export function LocationField({ actor, f }: StepProps) {
  const { booking, availability } = useMessages();
  const choices = useSelector(actor, selectChoices);
  const locations = useSelector(actor, selectLocations);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const busy = useSelector(actor, selectIsBusy);
  const offersOnline = useSelector(actor, selectOffersOnline);
  const online = isOnline(choices.location);
  return (
    <div className="booking__field">
      <label htmlFor={f('location')}>{booking.location}</label>
      <select
        id={f('location')}
        data-autofocus
        value={choices.location === null ? '' : online ? onlineOption : choices.location}
        disabled={busy || doctorsStatus !== 'ready'}
        aria-describedby={online ? f('online-note') : undefined}
        onChange={(event) =>
          actor.send({ type: 'location.selected', location: event.target.value === onlineOption ? onlineLocation : event.target.value })
        }
      >
        <option value="" disabled>
          {booking.chooseLocation}
        </option>
        {offersOnline && <option value={onlineOption}>{availability.locationOnline}</option>}
        {locations.map((location) => (
          <option key={location} value={location}>
            {location}
          </option>
        ))}
      </select>
      {online && (
        <p id={f('online-note')} className="booking__hint" aria-live="polite">
          {availability.onlineChosen}
        </p>
      )}
    </div>
  );
}

export function DoctorField({ actor, f }: StepProps) {
  const { booking, availability } = useMessages();
  const choices = useSelector(actor, selectChoices);
  const doctors = useSelector(actor, selectDoctors);
  const busy = useSelector(actor, selectIsBusy);
  const doctor = useSelector(actor, selectDoctor);
  const fees = useSelector(actor, selectFees);
  const nextFree = useSelector(actor, selectNextFree, sameNextFree);
  return (
    <div className="booking__field">
      <label htmlFor={f('doctor')}>{booking.doctor}</label>
      <select
        id={f('doctor')}
        value={choices.doctorEmail ?? ''}
        disabled={busy}
        onChange={(event) => actor.send({ type: 'doctor.selected', doctorEmail: event.target.value })}
      >
        <option value="" disabled>
          {booking.chooseDoctor}
        </option>
        {doctors.map((doctor) => {
          const name = doctor.type === 'online' ? `${doctor.name} (${booking.doctorOnline})` : doctor.name;
          // The next free time at this place, in the option itself: read by keyboard and screen reader alike.
          const next = nextFree.get(doctor.email);
          return (
            <option key={doctor.email} value={doctor.email}>
              {next === undefined ? name : next === null ? availability.doctorNoneFree(name) : availability.doctorNext(name, whenOf(next))}
            </option>
          );
        })}
      </select>
      {doctor && <DoctorCard doctor={doctor} location={choices.location} fees={fees} next={nextFree.get(doctor.email)} />}
    </div>
  );
}

export function TypeField({ actor, f }: StepProps) {
  const { booking } = useMessages();
  const choices = useSelector(actor, selectChoices);
  const types = useSelector(actor, selectConsultationTypes);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <div className="booking__field">
      <label htmlFor={f('type')}>{booking.consultationType}</label>
      <select
        id={f('type')}
        value={choices.consultationType ?? ''}
        disabled={busy}
        onChange={(event) => actor.send({ type: 'type.selected', consultationType: event.target.value as ConsultationType })}
      >
        <option value="" disabled>
          {booking.chooseType}
        </option>
        {types.map((type) => (
          <option key={type} value={type}>
            {booking.consultationTypeNames[type]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The date step: the strip of days, and the native date input beside it. */
export function DateFields({ actor, f }: StepProps) {
  const { booking } = useMessages();
  const choices = useSelector(actor, selectChoices);
  const minDate = useSelector(actor, selectMinDate);
  const maxDate = useSelector(actor, selectMaxDate);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <>
      <DateStrip actor={actor} today={minDate} disabled={busy} />
      <div className="booking__field">
        <label htmlFor={f('date')}>{booking.date}</label>
        <input
          id={f('date')}
          type="date"
          min={minDate}
          max={maxDate}
          value={choices.date ?? ''}
          disabled={busy}
          aria-describedby={f('date-hint')}
          onChange={(event) => {
            if (event.target.value !== '') actor.send({ type: 'date.selected', date: event.target.value });
          }}
        />
        <p id={f('date-hint')} className="booking__hint">
          {booking.dateHint}
        </p>
      </div>
    </>
  );
}

/** One slot as a radio; a booked or unavailable one is disabled, its reason a tooltip and tied text. */
function SlotOption({ actor, f, slot: { time, status } }: StepProps & { slot: TimeSlot }) {
  const { spec } = useMessages();
  const choices = useSelector(actor, selectChoices);
  const why = status === 'booked' ? spec.slotBooked : status === 'unavailable' ? spec.slotUnavailable : null;
  const whyId = f(`slot-${time}-why`);
  return (
    <span className="booking__slot-item">
      <label className={`booking__slot booking__slot--${status}`} title={why ?? undefined}>
        <input
          type="radio"
          name={f('slot')}
          value={time}
          checked={choices.time === time}
          disabled={why !== null}
          aria-describedby={why !== null ? whyId : undefined}
          onChange={() => actor.send({ type: 'slot.selected', time })}
        />
        <span>{time}</span>
      </label>
      {why !== null && (
        <span id={whyId} className="visually-hidden">
          {why}
        </span>
      )}
    </span>
  );
}

/** The day's slots grouped by period of the day; a period without slots is left out. */
function SlotPeriods({ actor, f }: StepProps) {
  const { availability } = useMessages();
  const slots = useSelector(actor, selectSlots);
  return (
    <>
      {periods.map((period) => {
        const inPeriod = slots.filter((slot) => periodOf(slot.time) === period);
        if (inPeriod.length === 0) return null;
        return (
          <div key={period} className="booking__period" role="group" aria-labelledby={f(`period-${period}`)}>
            <p id={f(`period-${period}`)} className="booking__period-name">
              {availability[period]}
            </p>
            <div className="booking__slot-list">
              {inPeriod.map((slot) => (
                <SlotOption key={slot.time} actor={actor} f={f} slot={slot} />
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

export function SlotsFieldset({ actor, f }: StepProps) {
  const { booking, spec, availability } = useMessages();
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const busy = useSelector(actor, selectIsBusy);
  const doctor = useSelector(actor, selectDoctor);
  const chosenDay = useSelector(actor, selectChosenDay);
  const onLeave = chosenDay?.onLeave === true;
  return (
    <fieldset className="booking__slots" disabled={busy}>
      <legend>{booking.slots}</legend>
      {slotsStatus === 'waiting' && <p className="booking__hint">{booking.chooseDateFirst}</p>}
      {slotsStatus === 'loading' && <p role="status">{booking.loadingSlots}</p>}
      {slotsStatus === 'noSchedule' && <p role="status">{spec.noSchedule}</p>}
      {slotsStatus === 'notAvailable' && !onLeave && <p role="status">{spec.doctorNotAvailable}</p>}
      {slotsStatus === 'notAvailable' && onLeave && doctor && <p role="status">{availability.onLeave(doctor.name)}</p>}
      {slotsStatus === 'failed' && (
        <p role="alert" className="booking__problem">
          {spec.somethingWentWrong}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'slots.retry' })}>
            {booking.tryAgain}
          </button>
        </p>
      )}
      {(slotsStatus === 'ready' || (slotsStatus === 'notAvailable' && !onLeave)) && <SlotPeriods actor={actor} f={f} />}
      {(slotsStatus === 'ready' || slotsStatus === 'notAvailable' || slotsStatus === 'noSchedule') && <WaitlistLink actor={actor} />}
    </fieldset>
  );
}

export function FeeLine({ actor }: { actor: BookingActor }) {
  const { booking } = useMessages();
  const fee = useSelector(actor, selectFee);
  const feesStatus = useSelector(actor, selectFeesStatus);
  return (
    <p className="booking__fee" aria-live="polite">
      <span>{booking.fee}: </span>
      <strong data-testid="booking-fee">{formatFee(fee)}</strong>
      {feesStatus === 'loading' && <span className="booking__hint"> {booking.feeLoading}</span>}
      {feesStatus === 'failed' && (
        <span className="booking__hint">
          {' '}
          {booking.feeFailed}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'fees.retry' })}>
            {booking.tryAgain}
          </button>
        </span>
      )}
    </p>
  );
}
