/**
 * Move one booking: the patient's edit popup's flow, fields and messages
 * (machines/appointmentEdit, src/components/Appointments/SlotChoiceFields.tsx: the doctor's
 * locations, a date from today in clinic time, the doctor's free slots that day there), saved
 * with the admin's move call (POST /staff/appointments/{id}/move, by location id).
 */
import { useSelector } from '@xstate/react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { selectCanSave, selectIsSaving } from '../../../machines/appointmentEdit/selectors';
import { formatClinicDate, formatClinicTime } from '../../format/format';
import { SlotChoiceFields } from '../../components/Appointments/SlotChoiceFields';
import { Dialog } from '../../ui/Dialog';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { patientNameOf as patientName } from '../parts';
import { useMoveActor } from './provider';

export interface MoveDialogProps {
  readonly appointment: AppointmentRecord;
  readonly onMoved: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

export function MoveDialog({ appointment, onMoved, onClose }: MoveDialogProps) {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.appointments;
  // Its calls, toasts and the moved record are the provider's (a 401 is the request base's).
  const actor = useMoveActor(appointment, { onChanged: onMoved, onClose });
  const canSave = useSelector(actor, selectCanSave);
  const isSaving = useSelector(actor, selectIsSaving);

  const close = () => {
    if (!isSaving) onClose();
  };

  return (
    <Dialog title={texts.moveTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <form
        className="admin-move"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'appointment.save' });
        }}
      >
        <p>
          {texts.moveSubject(
            patientName(appointment),
            appointment.doctorName,
            formatClinicDate(appointment.date),
            formatClinicTime(appointment.startTime),
          )}
        </p>
        <SlotChoiceFields actor={actor} />
        <p className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={!canSave || isSaving} aria-busy={isSaving}>
            {isSaving ? staffAdmin.common.saving : texts.move}
          </button>
          <button type="button" className="button button--outline" onClick={close} disabled={isSaving}>
            {staffAdmin.common.close}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
