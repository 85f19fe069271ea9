import { useEffect, useId, useRef } from 'react';
import type { AppointmentRecord } from '../../../../contract/appointments';
import { appointmentPlace } from '../../../../contract/appointments';
import { useStaffAdminMessages } from '../../../i18n/staffAdminMessages';
import { formatClinicDate, formatClinicTime } from '../../../format/format';
import { patientNameOf } from '../../parts';

/**
 * The ORPHAN RULE's answer, said plainly: nothing changed, these booked appointments would lose
 * their slot; a move and a cancel for each.
 */
export function AffectedAppointments({
  appointments,
  onMove,
  onCancel,
  onDismiss,
  allHandledText,
}: {
  readonly appointments: readonly AppointmentRecord[];
  readonly onMove: (appointment: AppointmentRecord) => void;
  readonly onCancel: (appointment: AppointmentRecord) => void;
  readonly onDismiss?: () => void;
  /** What to do once every listed booking is handled (save again, retire again). */
  readonly allHandledText?: string;
}) {
  const staffAdmin = useStaffAdminMessages();
  const common = staffAdmin.common;
  const { doctors, appointments: texts } = staffAdmin;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The toast says the server refused; focus comes here, where the admin acts on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-conflict" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="admin-conflict__title">
        {doctors.conflictHeading}
      </h3>
      {appointments.length === 0 ? (
        <p>{allHandledText ?? doctors.conflictAllHandled}</p>
      ) : (
        <>
          <p>{doctors.conflictText}</p>
          <ul className="admin-conflict__list">
            {appointments.map((a) => (
              <li key={a._id} className="admin-conflict__item">
                <span>
                  {formatClinicDate(a.date)}, {formatClinicTime(a.startTime)}: {patientNameOf(a)} ({appointmentPlace(a)}, {a.consultationType})
                </span>
                <span className="admin-row__actions">
                  <button type="button" className="button button--outline" onClick={() => onMove(a)} aria-label={texts.moveWhich(patientNameOf(a))}>
                    {texts.move}
                  </button>
                  <button type="button" className="button button--outline" onClick={() => onCancel(a)} aria-label={texts.cancelWhich(patientNameOf(a))}>
                    {common.cancel}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {onDismiss && (
        <button type="button" className="button button--outline" onClick={onDismiss}>
          {doctors.conflictDismiss}
        </button>
      )}
    </section>
  );
}
