/**
 * One doctor's weekly hours per location and leave (machines/staffAdmin/doctorScheduleMachine.ts).
 * Save replaces the chosen location's week; leave is added and removed one at a time. When the
 * server refuses because booked appointments would lose their slot, they are listed plainly with
 * Move and Cancel for each; what was typed stays, and nothing changed.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { AdminDoctor } from '../../../contract/staffAdmin';
import { onlineHoursId } from '../../../machines/staffAdmin/doctorScheduleContext';
import {
  rowError,
  selectConflict,
  selectFieldErrors,
  selectIsAddingLeave,
  selectIsBusy,
  selectIsSavingHours,
  selectLeaveDraft,
  selectLocationId,
  selectRows,
  selectSchedule,
  selectStatus,
} from '../../../machines/staffAdmin/doctorScheduleSelectors';
import { formatClinicDate } from '../../format/format';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { CancelDialog } from './CancelDialog';
import { MoveDialog } from './MoveDialog';
import { AffectedAppointments } from './parts/AffectedAppointments';
import { SelectField, TextField } from '../../ui/Field';
import { useScheduleActor } from './provider';


type ScheduleActor = ReturnType<typeof useScheduleActor>;
type HoursRowDraft = ReturnType<typeof selectRows>[number];

/** One weekly-hours row: weekday, start, end, and its Remove. */
function HoursRow({ actor, row, index }: { readonly actor: ScheduleActor; readonly row: HoursRowDraft; readonly index: number }) {
  const texts = useStaffAdminMessages().doctors;
  const errors = useSelector(actor, selectFieldErrors);
  const busy = useSelector(actor, selectIsBusy);
  const weekdays = texts.weekdays.map((name, day) => ({ value: String(day), label: name }));
  return (
    <li className="admin-hours__row">
      <fieldset className="admin-hours__fields" disabled={busy}>
        <legend className="visually-hidden">{texts.rowLabel(index + 1)}</legend>
        <SelectField
          look="admin"
          label={texts.weekday}
          value={row.weekday}
          error={rowError(errors, index, 'weekday')}
          onValue={(value) => actor.send({ type: 'hours.row.change', key: row.key, field: 'weekday', value })}
          options={weekdays}
        />
        <TextField
          look="admin"
          label={texts.start}
          type="time"
          value={row.start}
          error={rowError(errors, index, 'start')}
          onValue={(value) => actor.send({ type: 'hours.row.change', key: row.key, field: 'start', value })}
        />
        <TextField
          look="admin"
          label={texts.end}
          type="time"
          value={row.end}
          error={rowError(errors, index, 'end')}
          onValue={(value) => actor.send({ type: 'hours.row.change', key: row.key, field: 'end', value })}
        />
        <button
          type="button"
          className="button button--outline admin-hours__remove"
          onClick={() => actor.send({ type: 'hours.row.remove', key: row.key })}
          aria-label={texts.removeRow(index + 1)}
        >
          {texts.remove}
        </button>
      </fieldset>
    </li>
  );
}

/** The chosen location's week of hours, saved as a whole. */
function HoursForm({ actor, locations }: { readonly actor: ScheduleActor; readonly locations: AdminDoctor['locations'] }) {
  const texts = useStaffAdminMessages().doctors;
  const locationId = useSelector(actor, selectLocationId);
  const rows = useSelector(actor, selectRows);
  const errors = useSelector(actor, selectFieldErrors);
  const busy = useSelector(actor, selectIsBusy);
  const savingHours = useSelector(actor, selectIsSavingHours);
  return (
    <form
      className="admin-form"
      aria-label={texts.hoursHeading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'hours.save' });
      }}
    >
      <h3 className="admin-form__title">{texts.hoursHeading}</h3>
      {locations.length === 0 ? (
        <p>{texts.noLocations}</p>
      ) : (
        <>
          <SelectField
            look="admin"
            label={texts.hoursLocation}
            value={locationId ?? ''}
            disabled={busy}
            onValue={(value) => actor.send({ type: 'hours.location.selected', locationId: value })}
            options={[...locations.map((l) => ({ value: l._id, label: l.name })), { value: onlineHoursId, label: texts.hoursOnline }]}
          />
          <p className="admin-field__hint">{texts.hoursIntro}</p>
          {errors.locationId && <p className="admin-field__error">{errors.locationId}</p>}
          {errors.hours && <p className="admin-field__error">{errors.hours}</p>}
          {rows.length === 0 && <p className="empty-state">{texts.noHours}</p>}
          <ol className="admin-hours">
            {rows.map((row, index) => (
              <HoursRow key={row.key} actor={actor} row={row} index={index} />
            ))}
          </ol>
          <p className="admin-form__actions">
            <button type="button" className="button button--outline" disabled={busy} onClick={() => actor.send({ type: 'hours.row.add' })}>
              {texts.addRow}
            </button>
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={savingHours}>
              {savingHours ? texts.savingHours : texts.saveHours}
            </button>
          </p>
        </>
      )}
    </form>
  );
}

/** The doctor's leave, each with its Remove, and the fields to add one more. */
function LeaveForm({ actor, schedule }: { readonly actor: ScheduleActor; readonly schedule: NonNullable<ReturnType<typeof selectSchedule>> }) {
  const texts = useStaffAdminMessages().doctors;
  const leave = useSelector(actor, selectLeaveDraft);
  const errors = useSelector(actor, selectFieldErrors);
  const busy = useSelector(actor, selectIsBusy);
  const addingLeave = useSelector(actor, selectIsAddingLeave);
  return (
    <form
      className="admin-form"
      aria-label={texts.leaveHeading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'leave.add' });
      }}
    >
      <h3 className="admin-form__title">{texts.leaveHeading}</h3>
      {schedule.leave.length === 0 ? (
        <p className="empty-state">{texts.noLeave}</p>
      ) : (
        <ul className="admin-list">
          {schedule.leave.map((l) => {
            const range = texts.leaveRange(formatClinicDate(l.from), formatClinicDate(l.to));
            return (
              <li key={l._id} className="admin-row">
                <div className="admin-row__body">
                  <strong className="admin-row__title">{range}</strong>
                  {l.reason && <span className="admin-row__meta">{l.reason}</span>}
                </div>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'leave.remove', leaveId: l._id })}
                  aria-label={texts.removeLeave(formatClinicDate(l.from), formatClinicDate(l.to))}
                >
                  {texts.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="admin-leave">
        <TextField look="admin" label={texts.leaveFrom} type="date" value={leave.from} error={errors.from} disabled={busy} onValue={(value) => actor.send({ type: 'leave.change', field: 'from', value })} />
        <TextField look="admin" label={texts.leaveTo} type="date" value={leave.to} error={errors.to} disabled={busy} onValue={(value) => actor.send({ type: 'leave.change', field: 'to', value })} />
        <TextField look="admin" label={texts.leaveReason} value={leave.reason} error={errors.reason} disabled={busy} onValue={(value) => actor.send({ type: 'leave.change', field: 'reason', value })} />
      </div>
      <p className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={addingLeave}>
          {addingLeave ? texts.addingLeave : texts.addLeave}
        </button>
      </p>
    </form>
  );
}

export function ScheduleEditor({ doctor, onClose }: { readonly doctor: AdminDoctor; readonly onClose: () => void }) {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.doctors;
  const common = staffAdmin.common;
  // Its calls and toasts are the provider's (a 401 is the request base's).
  const actor = useScheduleActor(doctor._id);
  const status = useSelector(actor, selectStatus);
  const schedule = useSelector(actor, selectSchedule);
  const busy = useSelector(actor, selectIsBusy);
  const conflict = useSelector(actor, selectConflict);
  const [moving, setMoving] = useState<AppointmentRecord | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const handled = useCallback((a: AppointmentRecord) => actor.send({ type: 'conflict.handled', appointmentId: a._id }), [actor]);
  const closeMove = useCallback(() => setMoving(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const locations = schedule?.doctor.locations ?? doctor.locations;

  return (
    <section className="admin-section admin-schedule" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {texts.scheduleTitle(doctor.name)}
        </h2>
        <button type="button" className="button button--outline" onClick={onClose} disabled={busy}>
          {common.close}
        </button>
      </div>
      {status === 'loading' && <p role="status">{texts.scheduleLoading}</p>}
      {status === 'failed' && (
        <div className="notice">
          <p>{common.loadFailed}</p>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'schedule.retry' })}>
            {common.tryAgain}
          </button>
        </div>
      )}
      {conflict && (
        <AffectedAppointments
          appointments={conflict.affected}
          onMove={setMoving}
          onCancel={setCancelling}
          onDismiss={() => actor.send({ type: 'conflict.dismiss' })}
        />
      )}
      {status === 'ready' && schedule && (
        <div className="admin-schedule__parts">
          <HoursForm actor={actor} locations={locations} />

          <LeaveForm actor={actor} schedule={schedule} />
        </div>
      )}
      {moving && <MoveDialog appointment={moving} onMoved={() => handled(moving)} onClose={closeMove} />}
      {cancelling && <CancelDialog appointment={cancelling} onCancelled={() => handled(cancelling)} onClose={closeCancel} />}
    </section>
  );
}
