/**
 * The choices of the appointment edit flow (machines/appointmentEdit): one of the doctor's
 * locations, a date (native date input, from today to the booking horizon's last day, clinic time) and that day's slots as a
 * radio group in 24-hour time as Book shows them (booked and unavailable ones disabled, and said
 * so; the appointment's own slot says "current"). The patient's edit popup
 * (./EditDialog.tsx) and the admin's move popup (src/staff/admin/MoveDialog.tsx) both show it over
 * their own edit machine; each keeps its own Save. Its slot group (`SlotRadios`) is the desk's
 * booking's too (src/staff/desk/DeskBookingSteps.tsx).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectChoices,
  selectDoctorsStatus,
  selectIsCurrentSlot,
  selectIsOnline,
  selectIsSaving,
  selectLocations,
  selectMaxDate,
  selectMinDate,
  selectSlots,
  selectSlotsStatus,
} from '../../../machines/appointmentEdit/selectors';
import type { appointmentEditMachine } from '../../../machines/appointmentEdit/appointmentEditMachine';
import type { TimeSlot } from '../../../contract/appointments';
import type { SlotsStatus } from '../../../machines/slotPicker/slots';
import { messages, useMessages } from '../../i18n/messages';
import './SlotChoiceFields.css';

// Read where used (the live binding), so a change of language shows at the next render.

export function SlotChoiceFields({ actor }: { readonly actor: ActorRefFrom<typeof appointmentEditMachine> }) {
  const choices = useSelector(actor, selectChoices);
  const locations = useSelector(actor, selectLocations);
  const online = useSelector(actor, selectIsOnline);
  const consultationType = useSelector(actor, (snapshot) => snapshot.context.appointment.consultationType);
  const minDate = useSelector(actor, selectMinDate);
  const maxDate = useSelector(actor, selectMaxDate);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const slots = useSelector(actor, selectSlots);
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const isSaving = useSelector(actor, selectIsSaving);
  const currentTime = useSelector(actor, (snapshot) => slots.find((slot) => selectIsCurrentSlot(snapshot, slot.time))?.time ?? null);
  const ids = { location: useId(), date: useId() };

  return (
    <>
      {online ? (
        // Chat, Video or Call on the online hours: no clinic to choose.
        <p className="slot-choice__field">
          {messages.appointments.editOnline(messages.booking.consultationTypeNames[consultationType])}
        </p>
      ) : (
      <p className="slot-choice__field">
        <label htmlFor={ids.location}>{messages.appointments.editLocation}</label>
        <select
          id={ids.location}
          className="slot-choice__input"
          value={choices.location ?? ''}
          disabled={isSaving}
          onChange={(event) => actor.send({ type: 'location.selected', location: event.target.value })}
        >
          {choices.location === null && <option value="">{messages.appointments.chooseLocation}</option>}
          {locations.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </select>
      </p>
      )}
      {doctorsStatus === 'failed' && !online && (
        <p className="notice">
          {messages.appointments.doctorsFailed}{' '}
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'doctors.retry' })}>
            {messages.appointments.tryAgain}
          </button>
        </p>
      )}
      <p className="slot-choice__field">
        <label htmlFor={ids.date}>{messages.appointments.editDate}</label>
        <input
          id={ids.date}
          type="date"
          className="slot-choice__input"
          min={minDate}
          max={maxDate}
          value={choices.date ?? ''}
          disabled={isSaving}
          onChange={(event) => actor.send({ type: 'date.selected', date: event.target.value })}
        />
      </p>
      <SlotRadios
        slots={slots}
        status={slotsStatus}
        time={choices.time}
        currentTime={currentTime}
        disabled={isSaving}
        onSelect={(time) => actor.send({ type: 'slot.selected', time })}
        onRetry={() => actor.send({ type: 'slots.retry' })}
      />
    </>
  );
}

export interface SlotRadiosProps {
  readonly slots: readonly TimeSlot[];
  readonly status: SlotsStatus;
  /** The slot chosen. */
  readonly time: string | null;
  /** The appointment's own slot when it is being moved ("current", not "booked"); null otherwise. */
  readonly currentTime: string | null;
  readonly disabled: boolean;
  readonly onSelect: (time: string) => void;
  readonly onRetry: () => void;
}

/**
 * A day's slots as a radio group in 24-hour time (booked and unavailable ones disabled, and said
 * so), with the list's empty and failed states: the edit and move popups' (above) and the desk's
 * booking (src/staff/desk), each over its own machine's slot picker.
 */
export function SlotRadios({ slots, status, time, currentTime, disabled, onSelect, onRetry }: SlotRadiosProps) {
  const ids = { slots: useId(), slotsNote: useId() };
  return (
    <fieldset className="slot-choice__slots" aria-describedby={ids.slotsNote} disabled={disabled}>
      <legend>{messages.appointments.editTime}</legend>
      <SlotsState status={status} onRetry={onRetry} />
      {status === 'ready' && slots.length > 0 && (
        <div className="slot-choice__group">
          {slots.map((slot) => {
            // The appointment's own slot is "current", not "booked"; choosing it changes nothing.
            const current = slot.time === currentTime;
            const taken = current || slot.status !== 'free';
            const why = current
              ? messages.appointments.slotCurrent
              : slot.status === 'booked'
                ? messages.appointments.slotBooked
                : slot.status === 'unavailable'
                  ? messages.appointments.slotUnavailable
                  : null;
            return (
              <label key={slot.time} className="slot-choice__slot" data-disabled={taken}>
                <input type="radio" name={ids.slots} value={slot.time} checked={time === slot.time} disabled={taken} onChange={() => onSelect(slot.time)} />
                {/* 24-hour, as Book shows the slots (spec's HH:mm) */}
                {slot.time}
                {why && <span> ({why})</span>}
              </label>
            );
          })}
        </div>
      )}
      <p id={ids.slotsNote} className="slot-choice__hint">
        {messages.appointments.slotsNote}
      </p>
    </fieldset>
  );
}

function SlotsState({ status, onRetry }: { status: SlotsStatus; onRetry: () => void }) {
  const messages = useMessages();
  const { spec } = messages;
  switch (status) {
    case 'waiting':
      return <p>{messages.appointments.slotsWaiting}</p>;
    case 'loading':
      return <p role="status">{messages.appointments.slotsLoading}</p>;
    case 'noSchedule':
      return <p>{spec.noSchedule}</p>;
    case 'notAvailable':
      return <p>{spec.doctorNotAvailable}</p>;
    case 'failed':
      return (
        <p>
          {spec.somethingWentWrong}{' '}
          <button type="button" className="button button--outline" onClick={onRetry}>
            {messages.appointments.tryAgain}
          </button>
        </p>
      );
    case 'ready':
      return null;
  }
}
