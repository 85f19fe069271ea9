/**
 * The choices of the appointment edit flow (machines/appointmentEdit): one of the doctor's
 * locations, a date (native date input, from today to the booking horizon's last day, clinic time) and that day's slots as a
 * radio group (booked and unavailable ones disabled, and said so). The patient's edit popup
 * (./EditDialog.tsx) and the admin's move popup (src/staff/admin/MoveDialog.tsx) both show it over
 * their own edit machine; each keeps its own Save.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectChoices,
  selectDoctorsStatus,
  selectIsSaving,
  selectLocations,
  selectMaxDate,
  selectMinDate,
  selectSlots,
  selectSlotsStatus,
  type appointmentEditMachine,
} from '../../../machines/appointmentEdit/appointmentEditMachine';
import { messages, useMessages } from '../../i18n/messages';
import { formatClinicTime } from './format';
import './SlotChoiceFields.css';

const texts = messages.appointments;

export function SlotChoiceFields({ actor }: { readonly actor: ActorRefFrom<typeof appointmentEditMachine> }) {
  const choices = useSelector(actor, selectChoices);
  const locations = useSelector(actor, selectLocations);
  const minDate = useSelector(actor, selectMinDate);
  const maxDate = useSelector(actor, selectMaxDate);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const slots = useSelector(actor, selectSlots);
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const isSaving = useSelector(actor, selectIsSaving);
  const ids = { location: useId(), date: useId(), slots: useId(), slotsNote: useId() };

  return (
    <>
      <p className="slot-choice__field">
        <label htmlFor={ids.location}>{texts.editLocation}</label>
        <select
          id={ids.location}
          className="slot-choice__input"
          value={choices.location ?? ''}
          disabled={isSaving}
          onChange={(event) => actor.send({ type: 'location.selected', location: event.target.value })}
        >
          {choices.location === null && <option value="">{texts.chooseLocation}</option>}
          {locations.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </select>
      </p>
      {doctorsStatus === 'failed' && (
        <p className="notice">
          {texts.doctorsFailed}{' '}
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'doctors.retry' })}>
            {texts.tryAgain}
          </button>
        </p>
      )}
      <p className="slot-choice__field">
        <label htmlFor={ids.date}>{texts.editDate}</label>
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
      <fieldset className="slot-choice__slots" aria-describedby={ids.slotsNote} disabled={isSaving}>
        <legend>{texts.editTime}</legend>
        <SlotsState status={slotsStatus} onRetry={() => actor.send({ type: 'slots.retry' })} />
        {slotsStatus === 'ready' && slots.length > 0 && (
          <div className="slot-choice__group">
            {slots.map((slot) => {
              const taken = slot.status !== 'free';
              const why = slot.status === 'booked' ? texts.slotBooked : slot.status === 'unavailable' ? texts.slotUnavailable : null;
              return (
                <label key={slot.time} className="slot-choice__slot" data-disabled={taken}>
                  <input
                    type="radio"
                    name={ids.slots}
                    value={slot.time}
                    checked={choices.time === slot.time}
                    disabled={taken}
                    onChange={() => actor.send({ type: 'slot.selected', time: slot.time })}
                  />
                  {formatClinicTime(slot.time)}
                  {why && <span> ({why})</span>}
                </label>
              );
            })}
          </div>
        )}
        <p id={ids.slotsNote} className="slot-choice__hint">
          {texts.slotsNote}
        </p>
      </fieldset>
    </>
  );
}

function SlotsState({ status, onRetry }: { status: ReturnType<typeof selectSlotsStatus>; onRetry: () => void }) {
  const messages = useMessages();
  const { spec } = messages;
  switch (status) {
    case 'waiting':
      return <p>{texts.slotsWaiting}</p>;
    case 'loading':
      return <p role="status">{texts.slotsLoading}</p>;
    case 'noSchedule':
      return <p>{spec.noSchedule}</p>;
    case 'notAvailable':
      return <p>{spec.doctorNotAvailable}</p>;
    case 'failed':
      return (
        <p>
          {spec.somethingWentWrong}{' '}
          <button type="button" className="button button--outline" onClick={onRetry}>
            {texts.tryAgain}
          </button>
        </p>
      );
    case 'ready':
      return null;
  }
}
