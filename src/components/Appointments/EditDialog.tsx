/**
 * The edit appointment popup (spec §2, §5, §8), wired to the edit machine: the doctor's locations,
 * a date (native date input, not before today in clinic time) and the free slots as a radio group
 * (booked and unavailable ones disabled, and said so). Save does nothing until a location, a date
 * and a free time are chosen (spec §5): it says what is missing instead. Then 'Appointment updated
 * successfully.' (the list is loaded again and the popup closes), or the server's words, 'Failed
 * to update appointment.' or 'Something went wrong while updating the appointment.'.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  appointmentEditMachine,
  selectCanSave,
  selectChoices,
  selectDoctorsStatus,
  selectIsSaving,
  selectLocations,
  selectMinDate,
  selectMissingChoices,
  selectSlots,
  selectSlotsStatus,
  type EditField,
} from '../../../machines/appointmentEdit/appointmentEditMachine';
import { clinicToday } from '../../../machines/booking/choices';
import { messages } from '../../i18n/messages';
import { Dialog } from '../Popup/Dialog';
import { toast } from '../Toast/toast';
import { formatClinicTime } from './format';
import type { AppointmentsServices } from './services';
import { useReturnFocus } from './useReturnFocus';
import { editNoticeText } from './notices';

const texts = messages.appointments;

export interface EditDialogProps {
  readonly appointment: AppointmentRecord;
  readonly token: string;
  readonly services: AppointmentsServices;
  /** Moved on the server: load the list again. */
  readonly onUpdated: () => void;
  readonly onClose: () => void;
  readonly onSessionExpired: () => void;
}

const fieldNames: Record<EditField, string> = { location: texts.editLocation, date: texts.editDate, time: texts.editTime };

export function EditDialog({ appointment, token, services, onUpdated, onClose, onSessionExpired }: EditDialogProps) {
  const [logic] = useState(() =>
    appointmentEditMachine.provide({
      actors: {
        loadDoctors: services.actors.loadDoctors,
        loadTimeSlots: services.actors.loadTimeSlots,
        updateAppointment: services.actors.updateAppointment,
      },
    }),
  );
  const [today] = useState(() => clinicToday(new Date((services.now ?? Date.now)())));
  const actor = useActorRef(logic, { input: { appointment, token, today } });
  useReturnFocus();
  const choices = useSelector(actor, selectChoices);
  const locations = useSelector(actor, selectLocations);
  const minDate = useSelector(actor, selectMinDate);
  const doctorsStatus = useSelector(actor, selectDoctorsStatus);
  const slots = useSelector(actor, selectSlots);
  const slotsStatus = useSelector(actor, selectSlotsStatus);
  const missing = useSelector(actor, selectMissingChoices);
  const canSave = useSelector(actor, selectCanSave);
  const isSaving = useSelector(actor, selectIsSaving);
  const ids = { location: useId(), date: useId(), slotsNote: useId(), saveHint: useId() };

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) =>
        tone === 'success' ? toast.info(editNoticeText(notice)) : toast.error(editNoticeText(notice)),
      ),
      actor.on('appointment.updated', () => {
        onUpdated();
        onClose();
      }),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onUpdated, onClose, onSessionExpired]);

  function close() {
    if (!isSaving) onClose();
  }

  const saveHint = canSave
    ? null
    : missing.length > 0
      ? texts.missing(missing.map((field) => fieldNames[field]))
      : texts.sameAsBefore;

  return (
    <Dialog title={texts.editTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <form
        className="edit-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'appointment.save' });
        }}
      >
        <p>{texts.editWhich(appointment.doctorName, appointment.consultationType)}</p>
        <p className="field">
          <label htmlFor={ids.location}>{texts.editLocation}</label>
          <select
            id={ids.location}
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
        <p className="field">
          <label htmlFor={ids.date}>{texts.editDate}</label>
          <input
            id={ids.date}
            type="date"
            min={minDate}
            value={choices.date ?? ''}
            disabled={isSaving}
            onChange={(event) => actor.send({ type: 'date.selected', date: event.target.value })}
          />
        </p>
        <fieldset className="slot-fieldset" aria-describedby={ids.slotsNote} disabled={isSaving}>
          <legend>{texts.editTime}</legend>
          <SlotsState status={slotsStatus} onRetry={() => actor.send({ type: 'slots.retry' })} />
          {slotsStatus === 'ready' && slots.length > 0 && (
            <div className="slot-group">
              {slots.map((slot) => {
                const taken = slot.status !== 'free';
                const why = slot.status === 'booked' ? texts.slotBooked : slot.status === 'unavailable' ? texts.slotUnavailable : null;
                return (
                  <label key={slot.time} data-disabled={taken}>
                    <input
                      type="radio"
                      name="edit-slot"
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
          <p id={ids.slotsNote} className="field__hint">
            {texts.slotsNote}
          </p>
        </fieldset>
        {saveHint && (
          <p id={ids.saveHint} className="field__hint">
            {saveHint}
          </p>
        )}
        <p className="cancel-dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={!canSave}
            aria-describedby={saveHint ? ids.saveHint : undefined}
            aria-busy={isSaving}
          >
            {isSaving ? texts.saving : texts.save}
          </button>
          <button type="button" className="button button--outline" onClick={close} disabled={isSaving}>
            {texts.close}
          </button>
        </p>
      </form>
    </Dialog>
  );
}

function SlotsState({ status, onRetry }: { status: ReturnType<typeof selectSlotsStatus>; onRetry: () => void }) {
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
