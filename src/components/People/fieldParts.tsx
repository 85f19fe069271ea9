/**
 * The pieces every field of the people forms (the profile, a family member, the booking popup's
 * patient details) shares: its id, aria-invalid, aria-describedby, its label, hint and problem.
 */
import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/messages';

export function fieldProps(base: string, field: string, error: string | undefined) {
  return {
    id: `${base}-${field}`,
    'data-field': field,
    'aria-invalid': error !== undefined ? (true as const) : undefined,
    'aria-describedby': error !== undefined ? `${base}-${field}-error` : undefined,
  };
}

export type FieldControlProps = ReturnType<typeof fieldProps>;

export function FieldProblem({ base, field, text }: { base: string; field: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <p id={`${base}-${field}-error`} className="people-field__error">
      {text}
    </p>
  );
}

/**
 * One field: its label, the control `children` renders with the field's props (id, data-field,
 * aria-invalid, aria-describedby naming the hint and the problem), an optional hint, and the
 * problem under it, tied to the control.
 */
export function LabelledField({
  base,
  field,
  label,
  problem,
  hint,
  className = 'people-field',
  children,
}: {
  base: string;
  field: string;
  label: string;
  /** The problem, already worded; undefined: none. */
  problem: string | undefined;
  hint?: string;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const props = fieldProps(base, field, problem);
  const hintId = hint === undefined ? undefined : `${base}-${field}-hint`;
  const describedBy = [hintId, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={props.id}>{label}</label>
      {children({ ...props, 'aria-describedby': describedBy })}
      {hint !== undefined && (
        <p id={hintId} className="people-field__hint">
          {hint}
        </p>
      )}
      <FieldProblem base={base} field={field} text={problem} />
    </div>
  );
}

/** The gender choice's options: none chosen yet, male, female. */
export function GenderOptions() {
  const { booking, account } = useMessages();
  return (
    <>
      <option value="">{booking.genderChoose}</option>
      <option value="male">{account.fields.male}</option>
      <option value="female">{account.fields.female}</option>
    </>
  );
}
