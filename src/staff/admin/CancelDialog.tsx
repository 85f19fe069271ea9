/**
 * The clinic cancels one booking (machines/staffAdmin/adminCancelMachine.ts): the question, a
 * note that a paid fee becomes a refund to make, an optional reason; then the server's words.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  adminCancelMachine,
  selectCanConfirm,
  selectIsCancelling,
  selectReason,
  selectReasonError,
  type AdminCancelNotice,
} from '../../../machines/staffAdmin/adminCancelMachine';
import { formatClinicDate, formatClinicTime } from '../../components/Appointments/format';
import { Dialog } from '../../components/Popup/Dialog';
import { toast } from '../../components/Toast/toast';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';
import { fromApi } from '../../app/fromApi';
import { Field, patientName } from './parts';
import { useAdminServices } from './services';

const texts = staffAdminMessages.appointments;

function cancelNoticeText(notice: AdminCancelNotice): string {
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'cancelled':
      return texts.cancelled;
    case 'cancelFailed':
      return texts.cancelFailed;
  }
}

export interface CancelDialogProps {
  readonly appointment: AppointmentRecord;
  readonly onCancelled: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

export function CancelDialog({ appointment, onCancelled, onClose }: CancelDialogProps) {
  const { token, onSessionExpired } = useStaff();
  const { api } = useAdminServices();
  const [logic] = useState(() =>
    adminCancelMachine.provide({
      actors: {
        cancelAppointment: fromApi((input: { appointmentId: string; reason: string; token: string }, signal) =>
          api.cancelAppointment(input.appointmentId, { reason: input.reason }, token, signal),
        ),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { appointment, token } });
  const reason = useSelector(actor, selectReason);
  const reasonError = useSelector(actor, selectReasonError);
  const cancelling = useSelector(actor, selectIsCancelling);
  const canConfirm = useSelector(actor, selectCanConfirm);

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) => (tone === 'success' ? toast.info(cancelNoticeText(notice)) : toast.error(cancelNoticeText(notice)))),
      actor.on('appointment.cancelled', ({ appointment: cancelled }) => {
        onCancelled(cancelled);
        onClose();
      }),
      actor.on('session.expired', () => onSessionExpired()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, onCancelled, onClose, onSessionExpired]);

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
      <Field label={texts.cancelReason} value={reason} error={reasonError} disabled={cancelling} onChange={(value) => actor.send({ type: 'reason.change', value })} />
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
