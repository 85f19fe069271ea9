/**
 * The clinic cancels one booking (machines/staffAdmin/adminCancelMachine.ts): the question, a
 * note that a paid fee becomes a refund to make, an optional reason; then the server's words.
 */
import { useSelector } from '@xstate/react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  selectCanConfirm,
  selectIsCancelling,
  selectReason,
  selectReasonError,
} from '../../../machines/staffAdmin/adminCancelMachine';
import { formatClinicDate, formatClinicTime } from '../../format/format';
import { Dialog } from '../../ui/Dialog';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { patientNameOf as patientName } from '../parts';
import { TextField } from '../../ui/Field';
import { useAdminCancelActor } from './provider';

export interface CancelDialogProps {
  readonly appointment: AppointmentRecord;
  readonly onCancelled: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

export function CancelDialog({ appointment, onCancelled, onClose }: CancelDialogProps) {
  const texts = useStaffAdminMessages().appointments;
  // Its call, toasts and the cancelled record are the provider's (a 401 is the request base's).
  const actor = useAdminCancelActor(appointment, { onChanged: onCancelled, onClose });
  const reason = useSelector(actor, selectReason);
  const reasonError = useSelector(actor, selectReasonError);
  const cancelling = useSelector(actor, selectIsCancelling);
  const canConfirm = useSelector(actor, selectCanConfirm);

  const close = () => {
    if (cancelling) return;
    actor.send({ type: 'cancel.dismiss' });
    onClose();
  };

  return (
    <Dialog title={texts.cancelTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <p>{texts.cancelQuestion}</p>
      <p className="admin-cancel__which">
        {patientName(appointment)}, {appointment.doctorName}, {formatClinicDate(appointment.date)}, {formatClinicTime(appointment.startTime)}
      </p>
      {appointment.appointmentPaymentStatus === 'paid' && <p className="notice">{texts.cancelPaidNote}</p>}
      <TextField look="admin" label={texts.cancelReason} value={reason} error={reasonError} disabled={cancelling} onValue={(value) => actor.send({ type: 'reason.change', value })} />
      <p className="admin-form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'cancel.confirm' })}
          disabled={!canConfirm || cancelling}
          aria-busy={cancelling}
        >
          {cancelling ? texts.cancelling : texts.cancelYes}
        </button>
        <button type="button" className="button button--outline" onClick={close} disabled={cancelling} data-autofocus>
          {texts.cancelNo}
        </button>
      </p>
    </Dialog>
  );
}
