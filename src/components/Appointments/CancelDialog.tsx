/**
 * The cancel confirmation popup (spec §2, §8), wired to the cancel machine: a paid fee cancelled
 * in time by the clinic's policy, that it will be refunded; too late, the spec's 'Your appointment
 * fee will not be refunded. Still want to cancel?'; no fee paid, that the slot will be released.
 * Yes or No; then 'Appointment Deleted
 * Successfully.' (the list is loaded again and the popup closes) or the server's message /
 * 'Failed to delete appointment' (the question stays, to try again or keep it).
 */
import { useSelector } from '@xstate/react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  cancelQuestionFor,
  type CancelQuestion,
  selectCanConfirm,
  selectIsDeleting,
  selectQuestion,
} from '../../../machines/appointmentCancel/appointmentCancelMachine';
import { type Messages, useMessages } from '../../i18n/messages';
import { Dialog } from '../../ui/Dialog';
import { formatClinicDate, formatClinicTime, formatFee } from '../../format/format';
import { useCancelActor } from './provider';
import type { AppointmentsServices } from './services';
import { useReturnFocus } from './useReturnFocus';

// Read where used (the live binding), so a change of language shows at the next render.

export interface CancelDialogProps {
  readonly appointment: AppointmentRecord;
  readonly userId: string;
  readonly token: string;
  readonly services: AppointmentsServices;
  /** Cancelled on the server: load the list again. */
  readonly onCancelled: () => void;
  readonly onClose: () => void;
}

function questionText(question: CancelQuestion, messages: Messages): string {
  if (question.kind === 'refundOnCancel') return messages.appointments.cancelRefund(formatFee(question.amount));
  return question.kind === 'cancelWarning' ? messages.spec.cancelWarning : messages.appointments.cancelReleaseHold;
}

export function CancelDialog({ appointment, userId, token, services, onCancelled, onClose }: CancelDialogProps) {
  const messages = useMessages();
  const actor = useCancelActor(services, { appointment, userId, token }, { onChanged: onCancelled, onClose });
  useReturnFocus();
  const canConfirm = useSelector(actor, selectCanConfirm);
  const isDeleting = useSelector(actor, selectIsDeleting);
  const question = useSelector(actor, selectQuestion) ?? cancelQuestionFor(appointment, actor.getSnapshot().context.at);

  function dismiss() {
    if (isDeleting) return;
    actor.send({ type: 'cancel.dismiss' });
    onClose();
  }

  return (
    <Dialog title={messages.appointments.cancelTitle} onClose={dismiss}>
      <p>{questionText(question, messages)}</p>
      <p className="cancel-dialog__which">
        {appointment.doctorName}, {formatClinicDate(appointment.date)}, {formatClinicTime(appointment.startTime)}
      </p>
      <p className="cancel-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'cancel.confirm' })}
          disabled={!canConfirm}
          aria-busy={isDeleting}
        >
          {isDeleting ? messages.appointments.cancelling : messages.appointments.cancelYes}
        </button>
        <button type="button" className="button button--outline" onClick={dismiss} disabled={isDeleting} data-autofocus>
          {messages.appointments.cancelNo}
        </button>
      </p>
    </Dialog>
  );
}
