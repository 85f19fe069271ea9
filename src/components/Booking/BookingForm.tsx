/**
 * The Book Appointment form: the booking machine's view. The choices come in the spec's order
 * (location -> doctor -> consultation type -> date -> slot), each step showing once the one
 * before it is made (framer-motion, still when the person prefers reduced motion); then the fee
 * (and, where the place offers it, paying at the clinic), the personal fields (prefilled from the
 * logged-in user) and Book.
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
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  selectDoctorsStatus,
  selectIsBusy,
  selectLocations,
  selectMinDate,
  selectOffersOnline,
  selectChoices,
  selectNextDetailField,
} from '../../../machines/booking/bookingMachine';
import { SoonestOnline } from './SoonestOnline';
import { useMessages } from '../../i18n/messages';
import { PatientDetails } from './PatientDetails';
import { PayChoice } from './PayChoice';
import { DateFields, DoctorField, FeeLine, LocationField, SlotsFieldset, Step, TypeField, type BookingActor } from './BookingSteps';

/** Focuses the next thing to do in the booking form: the first detail still to fill in, else Book. */
export function focusNextDetail(actor: BookingActor, form: HTMLFormElement | null): void {
  if (!form) return;
  const field = selectNextDetailField(actor.getSnapshot());
  const enabled = ':not(:disabled)';
  const next =
    (field !== null ? form.querySelector<HTMLElement>(`[data-field="${field}"]${enabled}`) : null) ??
    form.querySelector<HTMLElement>(`button[type="submit"]${enabled}`);
  next?.focus();
}

/** Moves focus to the next thing to do each time `movedOn` grows. */
function useFocusNextAfterMove(actor: BookingActor, form: RefObject<HTMLFormElement | null>, movedOn: number) {
  useEffect(() => {
    if (movedOn !== 0) focusNextDetail(actor, form.current);
  }, [movedOn, actor, form]);
}

/** The doctors' loading, failure and "no locations" notes above the choices. */
function DoctorsStatus({ actor }: { actor: BookingActor }) {
  const { booking, spec } = useMessages();
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const locations = useSelector(actor, selectLocations);
  return (
    <>
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
    </>
  );
}

/** "Soonest online" and its list, which closes once a slot from it is chosen. */
function SoonestToggle({ actor, token, open, onChosen }: { actor: BookingActor; token: string | null; open: boolean; onChosen: () => void }) {
  const { availability } = useMessages();
  const minDate = useSelector(actor, selectMinDate);
  const busy = useSelector(actor, selectIsBusy);
  const offersOnline = useSelector(actor, selectOffersOnline);
  // Open at first when the popup was opened for it (the home page's "Consult online now").
  const [soonestOpen, setSoonestOpen] = useState(open);
  return (
    <>
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
            onChosen();
          }}
        />
      )}
    </>
  );
}

export function BookingForm({
  actor,
  token = null,
  formRef,
  soonest = false,
}: {
  actor: BookingActor;
  token?: string | null;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The soonest online doctors listed at once. */
  soonest?: boolean;
}) {
  const { booking } = useMessages();
  const id = useId();
  const choices = useSelector(actor, selectChoices);
  const busy = useSelector(actor, selectIsBusy);
  const f = (name: string) => `${id}-${name}`;
  const ownForm = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownForm;
  // Grows each time the choices were made at once by a control that then went away.
  const [movedOn, setMovedOn] = useState(0);
  useFocusNextAfterMove(actor, form, movedOn);

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

      <SoonestToggle actor={actor} token={token} open={soonest} onChosen={() => setMovedOn((n) => n + 1)} />

      <DoctorsStatus actor={actor} />

      <div className="booking__choices">
        <LocationField actor={actor} f={f} />
        <Step show={choices.location !== null}>
          <DoctorField actor={actor} f={f} />
        </Step>
        <Step show={choices.doctorEmail !== null}>
          <TypeField actor={actor} f={f} />
        </Step>
      </div>

      <Step show={choices.consultationType !== null}>
        <DateFields actor={actor} f={f} />
      </Step>

      <Step show={choices.date !== null}>
        <SlotsFieldset actor={actor} f={f} />
      </Step>

      <FeeLine actor={actor} />

      <PayChoice actor={actor} />

      <PatientDetails actor={actor} />

      <p className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? booking.booking : booking.book}
        </button>
      </p>
    </form>
  );
}
