/**
 * One text field of the staff console's forms, with a visible label, an optional hint, and its
 * problem (if any) said beside it and tied to it (aria-describedby, aria-invalid).
 */
import { useId } from 'react';
import { maxTextLength, type Problem } from '../../machines/consultation/forms';
import { useStaffMessages } from '../i18n/staffMessages';

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly problem: Problem | undefined;
  readonly onChange: (value: string) => void;
  readonly disabled: boolean;
  readonly multiline?: boolean;
  readonly maxLength?: number;
  readonly hint?: string;
  readonly inputMode?: 'decimal' | 'numeric';
}

export function TextField({ label, value, problem, onChange, disabled, multiline = false, maxLength = maxTextLength, hint, inputMode }: TextFieldProps) {
  const staff = useStaffMessages();
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    value,
    disabled,
    maxLength,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={problem ? 'staff-field staff-field--invalid' : 'staff-field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="staff-field__hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {problem && (
        <p id={problemId} className="staff-field__problem">
          {staff.problems[problem]}
        </p>
      )}
    </div>
  );
}

