/**
 * Pieces every admin section uses: the list's loading, failure and empty states; labelled fields
 * with the server's error under them; the inline form with Save (disabled while saving) and
 * Cancel; the delete confirmation; the move up / down buttons; the "affected appointments" of a
 * refused schedule change.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { appointmentPlace } from '../../../contract/appointments';
import type { ListStatus } from '../../../machines/staffAdmin/adminListMachine';
import { formatClinicDate, formatClinicTime } from '../../components/Appointments/format';
import { Dialog } from '../../components/Popup/Dialog';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { patientNameOf } from '../parts';

export function ListState({
  status,
  refreshing,
  emptyText,
  onRetry,
}: {
  readonly status: ListStatus;
  readonly refreshing: boolean;
  readonly emptyText: string;
  readonly onRetry: () => void;
}) {
  const common = useStaffAdminMessages().common;
  switch (status) {
    case 'loading':
      return (
        <p role="status" className="admin__state">
          {common.loading}
        </p>
      );
    case 'failed':
      return (
        <div className="admin__state notice">
          <p>{common.loadFailed}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            {common.tryAgain}
          </button>
        </div>
      );
    case 'empty':
      return <p className="empty-state admin__state">{refreshing ? common.refreshing : emptyText}</p>;
    case 'ready':
      return refreshing ? (
        <p role="status" className="admin__refreshing">
          {common.refreshing}
        </p>
      ) : null;
  }
}

interface FieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly disabled?: boolean;
  readonly type?: 'text' | 'email' | 'date' | 'time' | 'number' | 'url';
  readonly multiline?: boolean;
  readonly required?: boolean;
  readonly inputMode?: 'decimal' | 'numeric';
  readonly step?: string;
  readonly min?: string;
  /** The language of what is typed when it is not the console's (a Hindi or Marathi text: 'hi', 'mr'). */
  readonly lang?: string;
}

/** A labelled input (or textarea): its hint and the server's error tied with aria-describedby. */
export function Field({ label, value, onChange, error, hint, disabled, type = 'text', multiline, required, inputMode, step, min, lang }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    value,
    disabled,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'admin-field__input',
    lang,
  } as const;
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} step={step} min={min} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and the server's error under it, with the ids its control's aria-describedby names. */
function FieldNotes({ hint, hintId, error, errorId }: { hint?: string | undefined; hintId: string; error?: string | undefined; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled checkbox ('on' or '' in the draft), its hint and the server's error tied with aria-describedby. */
export function CheckField({
  label,
  checked,
  onChange,
  hint,
  error,
  disabled,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
      <label className="admin-checks__item">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  disabled,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: ReadonlyArray<{ value: string; label: string }>;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <select
        id={id}
        className="admin-field__input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An inline form (not a popup, so that a popup it opens, e.g. a move, never sits on another):
 * focus moves to its first field when it opens. Save is disabled while saving; what was typed
 * stays after a failure.
 */
export function FormPanel({
  title,
  level = 3,
  saving,
  onSave,
  onCancel,
  children,
  saveLabel,
}: {
  readonly title: string;
  /** One below the list's own heading. */
  readonly level?: 2 | 3;
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly onCancel: () => void;
  readonly children: ReactNode;
  readonly saveLabel?: string;
}) {
  const common = useStaffAdminMessages().common;
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saving) onSave();
  }
  return (
    <section className="admin-form" aria-labelledby={headingId}>
      {level === 2 ? (
        <h2 id={headingId} className="admin-form__title">
          {title}
        </h2>
      ) : (
        <h3 id={headingId} className="admin-form__title">
          {title}
        </h3>
      )}
      <form ref={form} onSubmit={submit} noValidate aria-labelledby={headingId}>
        {children}
        <p className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
            {saving ? common.saving : (saveLabel ?? common.save)}
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={saving}
            onClick={onCancel}
          >
            {common.cancel}
          </button>
        </p>
      </form>
    </section>
  );
}

export function DeleteDialog({
  name,
  deleting,
  onConfirm,
  onDismiss,
}: {
  readonly name: string;
  readonly deleting: boolean;
  readonly onConfirm: () => void;
  readonly onDismiss: () => void;
}) {
  const common = useStaffAdminMessages().common;
  const close = () => {
    if (!deleting) onDismiss();
  };
  return (
    <Dialog title={common.deleteTitle} onClose={close}>
      <p>{common.deleteQuestion(name)}</p>
      <p className="admin-form__actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={deleting} aria-busy={deleting}>
          {deleting ? common.deleting : common.deleteYes}
        </button>
        <button type="button" className="button button--outline" onClick={close} disabled={deleting} data-autofocus>
          {common.deleteNo}
        </button>
      </p>
    </Dialog>
  );
}

/** Edit, delete, up and down for one row of a list. */
export function RowActions({
  name,
  index,
  count,
  disabled,
  onEdit,
  onDelete,
  onMove,
  editLabel,
  editText,
}: {
  readonly name: string;
  readonly index: number;
  readonly count: number;
  readonly disabled: boolean;
  readonly onEdit?: () => void;
  readonly onDelete?: () => void;
  readonly onMove?: (offset: -1 | 1) => void;
  readonly editLabel?: string;
  readonly editText?: string;
}) {
  const common = useStaffAdminMessages().common;
  return (
    <div className="admin-row__actions">
      {onEdit && (
        <button type="button" className="button button--outline" disabled={disabled} onClick={onEdit} aria-label={editLabel ?? common.editItem(name)}>
          {editText ?? common.edit}
        </button>
      )}
      {onDelete && (
        <button type="button" className="button button--outline" disabled={disabled} onClick={onDelete} aria-label={common.deleteItem(name)}>
          {common.delete}
        </button>
      )}
      {onMove && (
        <>
          <button
            type="button"
            className="button button--outline admin-row__move"
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
            aria-label={common.moveUp(name)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="button button--outline admin-row__move"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
            aria-label={common.moveDown(name)}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
    </div>
  );
}

/** The patient's name, or "Former patient" for a closed account (../parts.tsx patientNameOf). */
export const patientName = patientNameOf;

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
                  {formatClinicDate(a.date)}, {formatClinicTime(a.startTime)}: {patientName(a)} ({appointmentPlace(a)}, {a.consultationType})
                </span>
                <span className="admin-row__actions">
                  <button type="button" className="button button--outline" onClick={() => onMove(a)} aria-label={texts.moveWhich(patientName(a))}>
                    {texts.move}
                  </button>
                  <button type="button" className="button button--outline" onClick={() => onCancel(a)} aria-label={texts.cancelWhich(patientName(a))}>
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
