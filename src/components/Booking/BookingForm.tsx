/**
 * The Book Appointment form: the booking machine's view. The choices come in the spec's order
 * (location -> doctor -> consultation type -> date -> slot), each step showing once the one
 * before it is made (framer-motion, still when the person prefers reduced motion); then the fee,
 * the personal fields (prefilled from the logged-in user) and Book.
 *
 * Slots are a native radio group (arrow keys move, Space picks); a booked or unavailable slot is
 * disabled, with its explanation as a tooltip and as text tied to it (aria-describedby).
 *
 * Focus after a choice (WCAG 2.4.3): the selects and radio groups keep it, since their arrow keys
 * choose as they move and the next step shows right after them. A choice whose control goes away
 * (a doctor from the soonest list, which closes) moves it to the next thing to do: the first
 * detail still to fill in (the consent box, for a patient whose details are complete), else Book.
 */
import { useSelector } from '@xstate/react';
import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  bookingMachine,
  selectChoices,
  selectConsultationTypes,
  selectDoctors,
  selectDoctorsStatus,
  selectNextFree,
  selectFee,
  selectFeesStatus,
  selectIsBusy,
  selectLocations,
  selectMaxDate,
  selectMinDate,
  selectSlots,
  selectSlotsStatus,
  selectChosenDay,
  selectDoctor,
  selectFees,
  selectOffersOnline,
  selectNextDetailField,
} from '../../../machines/booking/bookingMachine';
import { isOnline, onlineLocation } from '../../../machines/booking/choices';
import { DateStrip } from './DateStrip';
import { DoctorCard } from './DoctorCard';
import { SoonestOnline } from './SoonestOnline';
import { formatStripDay, periodOf, periods } from './availabilityFormat';
import type { NextSlot } from '../../../contract/availability';
import { formatFee } from '../Appointments/format';
import type { ConsultationType } from '../../../contract/primitives';
import { useMessages } from '../../i18n/messages';
import { PatientDetails } from './PatientDetails';

type BookingActor = ActorRefFrom<typeof bookingMachine>;

function Step({ show, children }: { show: boolean; children: ReactNode }) {
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

export function BookingForm({ actor, token = null }: { actor: BookingActor; token?: string | null }) {
  const messages = useMessages();
  const id = useId();
  const choices = useSelector(actor, selectChoices);
  const locations = useSelector(actor, selectLocations);
  const doctors = useSelector(actor, selectDoctors);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const types = useSelector(actor, selectConsultationTypes);
  const minDate = useSelector(actor, selectMinDate);
  const maxDate = useSelector(actor, selectMaxDate);
  const slots = useSelector(actor, selectSlots);
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const fee = useSelector(actor, selectFee);
  const feesStatus = useSelector(actor, selectFeesStatus);
  const busy = useSelector(actor, selectIsBusy);
  const offersOnline = useSelector(actor, selectOffersOnline);
  const doctor = useSelector(actor, selectDoctor);
  const fees = useSelector(actor, selectFees);
  const chosenDay = useSelector(actor, selectChosenDay);
  const nextFree = useSelector(actor, selectNextFree, sameNextFree);
  const [soonestOpen, setSoonestOpen] = useState(false);
  const { booking, spec, account, availability } = messages;
  const online = isOnline(choices.location);
  const onLeave = chosenDay?.onLeave === true;
  const f = (name: string) => `${id}-${name}`;
  const form = useRef<HTMLFormElement>(null);
  // Grows each time the choices were made at once by a control that then went away.
  const [movedOn, setMovedOn] = useState(0);

  useEffect(() => {
    if (movedOn === 0 || !form.current) return;
    const field = selectNextDetailField(actor.getSnapshot());
    const enabled = ':not(:disabled)';
    const next =
      (field !== null ? form.current.querySelector<HTMLElement>(`[data-field="${field}"]${enabled}`) : null) ??
      form.current.querySelector<HTMLElement>(`button[type="submit"]${enabled}`);
    next?.focus();
  }, [movedOn, actor]);

  return (
    <form
      ref={form}
      className="booking"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'booking.book' });
      }}
    >
      <p className="booking__intro">{booking.intro}</p>

      {offersOnline && (
        <p className="booking__soonest-toggle">
          <button
            type="button"
            className={`button ${soonestOpen ? '' : 'button--primary'}`}
            aria-expanded={soonestOpen}
            disabled={busy}
            onClick={() => setSoonestOpen((open) => !open)}
          >
            {soonestOpen ? availability.soonestClose : availability.soonestOpen}
          </button>
        </p>
      )}
      {soonestOpen && (
        <SoonestOnline
          actor={actor}
          token={token}
          today={minDate}
          onChosen={() => {
            setSoonestOpen(false);
            setMovedOn((n) => n + 1);
          }}
        />
      )}

      {doctorsStatus === 'loading' && <p role="status">{booking.loadingDoctors}</p>}
      {doctorsStatus === 'failed' && (
        <p role="alert" className="booking__problem">
          {spec.somethingWentWrong}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'doctors.retry' })}>
            {booking.tryAgain}
          </button>
        </p>
      )}
      {doctorsStatus === 'ready' && locations.length === 0 && <p role="status">{spec.noLocations}</p>}

      <div className="booking__choices">
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

        <Step show={choices.location !== null}>
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
        </Step>

        <Step show={choices.doctorEmail !== null}>
          <div className="booking__field">
            <label htmlFor={f('type')}>{booking.consultationType}</label>
            <select
              id={f('type')}
              value={choices.consultationType ?? ''}
              disabled={busy}
              onChange={(event) =>
                actor.send({ type: 'type.selected', consultationType: event.target.value as ConsultationType })
              }
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
        </Step>

      </div>

      <Step show={choices.consultationType !== null}>
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
      </Step>

      <Step show={choices.date !== null}>
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
          {(slotsStatus === 'ready' || (slotsStatus === 'notAvailable' && !onLeave)) &&
            periods.map((period) => {
              const inPeriod = slots.filter((slot) => periodOf(slot.time) === period);
              if (inPeriod.length === 0) return null;
              return (
                <div key={period} className="booking__period" role="group" aria-labelledby={f(`period-${period}`)}>
                  <p id={f(`period-${period}`)} className="booking__period-name">
                    {availability[period]}
                  </p>
            <div className="booking__slot-list">
              {inPeriod.map((slot) => {
                const why = slot.status === 'booked' ? spec.slotBooked : slot.status === 'unavailable' ? spec.slotUnavailable : null;
                const whyId = f(`slot-${slot.time}-why`);
                return (
                  <span key={slot.time} className="booking__slot-item">
                    <label className={`booking__slot booking__slot--${slot.status}`} title={why ?? undefined}>
                      <input
                        type="radio"
                        name={f('slot')}
                        value={slot.time}
                        checked={choices.time === slot.time}
                        disabled={why !== null}
                        aria-describedby={why !== null ? whyId : undefined}
                        onChange={() => actor.send({ type: 'slot.selected', time: slot.time })}
                      />
                      <span>{slot.time}</span>
                    </label>
                    {why !== null && (
                      <span id={whyId} className="visually-hidden">
                        {why}
                      </span>
                    )}
                  </span>
                );
              })}
            </div>
                </div>
              );
            })}
        </fieldset>
      </Step>

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

      <PatientDetails actor={actor} />

      <p className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? booking.booking : booking.book}
        </button>
      </p>
    </form>
  );
}
