/**
 * The Book Appointment form: the booking machine's view. The choices come in the spec's order
 * (location -> doctor -> consultation type -> date -> slot), each step showing once the one
 * before it is made (framer-motion, still when the person prefers reduced motion); then the fee,
 * the personal fields (prefilled from the logged-in user) and Book.
 *
 * Slots are a native radio group (arrow keys move, Space picks); a booked or unavailable slot is
 * disabled, with its explanation as a tooltip and as text tied to it (aria-describedby).
 */
import { useSelector } from '@xstate/react';
import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  bookingMachine,
  selectChoices,
  selectConsultationTypes,
  selectDetails,
  selectDoctors,
  selectDoctorsStatus,
  selectFee,
  selectFeesStatus,
  selectIsBusy,
  selectLocations,
  selectMaxDate,
  selectMinDate,
  selectSlots,
  selectSlotsStatus,
} from '../../../machines/booking/bookingMachine';
import type { PersonalDetails } from '../../../machines/booking/choices';
import type { ConsultationType } from '../../../contract/primitives';
import { useMessages } from '../../i18n/messages';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });

export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

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

export function BookingForm({ actor }: { actor: BookingActor }) {
  const messages = useMessages();
  const id = useId();
  const choices = useSelector(actor, selectChoices);
  const details = useSelector(actor, selectDetails);
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
  const { booking, spec, account } = messages;
  const f = (name: string) => `${id}-${name}`;

  const changeDetails = (change: Partial<PersonalDetails>) => actor.send({ type: 'details.changed', details: change });

  return (
    <form
      className="booking"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'booking.book' });
      }}
    >
      <p className="booking__intro">{booking.intro}</p>

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
            value={choices.location ?? ''}
            disabled={busy || doctorsStatus !== 'ready'}
            onChange={(event) => actor.send({ type: 'location.selected', location: event.target.value })}
          >
            <option value="" disabled>
              {booking.chooseLocation}
            </option>
            {locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
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
              {doctors.map((doctor) => (
                <option key={doctor.email} value={doctor.email}>
                  {doctor.type === 'online' ? `${doctor.name} (${booking.doctorOnline})` : doctor.name}
                </option>
              ))}
            </select>
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
                  {type}
                </option>
              ))}
            </select>
          </div>
        </Step>

        <Step show={choices.consultationType !== null}>
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
      </div>

      <Step show={choices.date !== null}>
        <fieldset className="booking__slots" disabled={busy}>
          <legend>{booking.slots}</legend>
          {slotsStatus === 'waiting' && <p className="booking__hint">{booking.chooseDateFirst}</p>}
          {slotsStatus === 'loading' && <p role="status">{booking.loadingSlots}</p>}
          {slotsStatus === 'noSchedule' && <p role="status">{spec.noSchedule}</p>}
          {slotsStatus === 'notAvailable' && <p role="status">{spec.doctorNotAvailable}</p>}
          {slotsStatus === 'failed' && (
            <p role="alert" className="booking__problem">
              {spec.somethingWentWrong}{' '}
              <button type="button" className="button button--small" onClick={() => actor.send({ type: 'slots.retry' })}>
                {booking.tryAgain}
              </button>
            </p>
          )}
          {(slotsStatus === 'ready' || slotsStatus === 'notAvailable') && (
            <div className="booking__slot-list">
              {slots.map((slot) => {
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
          )}
        </fieldset>
      </Step>

      <p className="booking__fee" aria-live="polite">
        <span>{booking.fee}: </span>
        <strong data-testid="booking-fee">{formatRupees(fee)}</strong>
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

      <fieldset className="booking__details" disabled={busy}>
        <legend>{booking.detailsHeading}</legend>
        <div className="booking__field">
          <label htmlFor={f('firstName')}>{account.fields.firstName}</label>
          <input id={f('firstName')} autoComplete="given-name" value={details.firstName} onChange={(e) => changeDetails({ firstName: e.target.value })} />
        </div>
        <div className="booking__field">
          <label htmlFor={f('lastName')}>{account.fields.lastName}</label>
          <input id={f('lastName')} autoComplete="family-name" value={details.lastName} onChange={(e) => changeDetails({ lastName: e.target.value })} />
        </div>
        <div className="booking__field">
          <label htmlFor={f('email')}>{account.fields.email}</label>
          <input id={f('email')} type="email" autoComplete="email" value={details.email} onChange={(e) => changeDetails({ email: e.target.value })} />
        </div>
        <div className="booking__field">
          <label htmlFor={f('phone')}>{account.fields.phoneNumber}</label>
          <input id={f('phone')} type="tel" autoComplete="tel" value={details.phoneNumber} onChange={(e) => changeDetails({ phoneNumber: e.target.value })} />
        </div>
        <div className="booking__field">
          <label htmlFor={f('age')}>{account.fields.age}</label>
          <input id={f('age')} inputMode="numeric" value={details.age} onChange={(e) => changeDetails({ age: e.target.value })} />
        </div>
        <div className="booking__field">
          <label htmlFor={f('gender')}>{account.fields.gender}</label>
          <select
            id={f('gender')}
            value={details.gender}
            onChange={(e) => changeDetails({ gender: e.target.value as PersonalDetails['gender'] })}
          >
            <option value="">{booking.genderChoose}</option>
            <option value="male">{account.fields.male}</option>
            <option value="female">{account.fields.female}</option>
          </select>
        </div>
      </fieldset>

      <p className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? booking.booking : booking.book}
        </button>
      </p>
    </form>
  );
}
