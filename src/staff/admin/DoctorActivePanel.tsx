/**
 * Retire a doctor, or list a retired one again (PUT /staff/doctors/{id}/active), asked
 * first in a panel above the doctor list (not a popup: a refusal of the ORPHAN RULE lists the
 * doctor's booked appointments here, each with Move and Cancel, which open their own popups).
 * Once they are handled, the admin confirms again.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { AdminDoctor } from '../../../contract/staffAdmin';
import { selectConflict, selectIsApplying } from '../../../machines/staffAdmin/confirmedChangeMachine';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { CancelDialog } from './CancelDialog';
import { MoveDialog } from './MoveDialog';
import { AffectedAppointments } from './parts/AffectedAppointments';
import { useAdminServices } from './services';
import { useConfirmedChange } from './provider';

export interface DoctorActivePanelProps {
  readonly doctor: AdminDoctor;
  /** The change was made: the list loads again, and the panel closes. */
  readonly onChanged: () => void;
  readonly onClose: () => void;
}

export function DoctorActivePanel({ doctor, onChanged, onClose }: DoctorActivePanelProps) {
  const texts = useStaffAdminMessages().doctors;
  const { api } = useAdminServices();
  const retiring = doctor.active;
  const actor = useConfirmedChange((_choice, token, signal) => api.setDoctorActive(doctor._id, !retiring, token, signal), onChanged);
  const applying = useSelector(actor, selectIsApplying);
  const conflict = useSelector(actor, selectConflict);
  const [moving, setMoving] = useState<AppointmentRecord | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const handled = useCallback((a: AppointmentRecord) => actor.send({ type: 'conflict.handled', appointmentId: a._id }), [actor]);
  const closeMove = useCallback(() => setMoving(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const close = () => {
    if (!applying) onClose();
  };

  return (
    <section className="admin-form admin-active" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="admin-form__title">
        {retiring ? texts.retireTitle(doctor.name) : texts.reactivateTitle(doctor.name)}
      </h2>
      <p>{retiring ? texts.retireText : texts.reactivateText}</p>
      {conflict && (
        <AffectedAppointments appointments={conflict} onMove={setMoving} onCancel={setCancelling} allHandledText={texts.retiredConflictAllHandled} />
      )}
      <p className="admin-form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={applying}
          aria-busy={applying}
          onClick={() => actor.send({ type: 'change.confirm' })}
        >
          {applying ? texts.working : retiring ? texts.retireYes : texts.reactivateYes}
        </button>
        <button type="button" className="button button--outline" disabled={applying} onClick={close}>
          {texts.keepAsIs}
        </button>
      </p>
      {moving && <MoveDialog appointment={moving} onMoved={() => handled(moving)} onClose={closeMove} />}
      {cancelling && <CancelDialog appointment={cancelling} onCancelled={() => handled(cancelling)} onClose={closeCancel} />}
    </section>
  );
}
