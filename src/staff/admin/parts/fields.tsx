/**
 * The admin forms' fields: a labelled input or textarea, a checkbox and a select, each with the
 * server's error (and, but for the select, a hint) under it, tied to the control with
 * aria-describedby.
 */
import { useId } from 'react';

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

/** A labelled select, the server's error tied with aria-describedby. */
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
