import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useStaffAdminMessages } from '../../../i18n/staffAdminMessages';

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
