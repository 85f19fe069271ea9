/**
 * The edit appointment popup (spec §2, §5, §8), wired to the edit machine: the doctor's locations,
 * a date (native date input, not before today in clinic time) and the free slots as a radio group
 * (booked and unavailable ones disabled, and said so: ./SlotChoiceFields.tsx). Save does nothing until a location, a date
 * and a free time are chosen (spec §5): it says what is missing instead. Then 'Appointment updated
 * successfully.' (the list is loaded again and the popup closes), or the server's words, 'Failed
 * to update appointment.' or 'Something went wrong while updating the appointment.'.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { EditField } from '../../../machines/appointmentEdit/context';
import { selectCanSave, selectIsSaving, selectMissingChoices } from '../../../machines/appointmentEdit/selectors';
import { messages } from '../../i18n/messages';
import { Dialog } from '../../ui/Dialog';
import { useEditActor } from './provider';
import type { AppointmentsServices } from './services';
import { SlotChoiceFields } from './SlotChoiceFields';
import { useReturnFocus } from './useReturnFocus';

// Read where used (the live binding), so a change of language shows at the next render.

export interface EditDialogProps {
  readonly appointment: AppointmentRecord;
  readonly token: string;
  readonly services: AppointmentsServices;
  /** Moved on the server: load the list again. */
  readonly onUpdated: () => void;
  readonly onClose: () => void;
}

const fieldNames: Record<EditField, string> = { location: messages.appointments.editLocation, date: messages.appointments.editDate, time: messages.appointments.editTime };

export function EditDialog({ appointment, token, services, onUpdated, onClose }: EditDialogProps) {
  const actor = useEditActor(services, { appointment, token }, { onChanged: onUpdated, onClose });
  useReturnFocus();
  const missing = useSelector(actor, selectMissingChoices);
  const canSave = useSelector(actor, selectCanSave);
  const isSaving = useSelector(actor, selectIsSaving);
  const saveHintId = useId();

  function close() {
    if (!isSaving) onClose();
  }

  const saveHint = canSave
    ? null
    : missing.length > 0
      ? messages.appointments.missing(missing.map((field) => fieldNames[field]))
      : messages.appointments.sameAsBefore;

  return (
    <Dialog title={messages.appointments.editTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <form
        className="edit-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'appointment.save' });
        }}
      >
        <p>{messages.appointments.editWhich(appointment.doctorName, messages.booking.consultationTypeNames[appointment.consultationType])}</p>
        <SlotChoiceFields actor={actor} />
        {saveHint && (
          <p id={saveHintId} className="field__hint">
            {saveHint}
          </p>
        )}
        <p className="cancel-dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={!canSave}
            aria-describedby={saveHint ? saveHintId : undefined}
            aria-busy={isSaving}
          >
            {isSaving ? messages.appointments.saving : messages.appointments.save}
          </button>
          <button type="button" className="button button--outline" onClick={close} disabled={isSaving}>
            {messages.appointments.close}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
