/**
 * One form field, for every form of the app: a visible label tied to its control, an optional
 * hint, and the field's error, both tied to the control with aria-describedby; aria-invalid marks
 * the control while there is an error. The hint's id is `${id}-hint`, the error's `${id}-error`.
 *
 * `Field` lays a field out around any control (its children get the control's props); `TextField`
 * and `SelectField` are its text (input or textarea) and select variants, `CheckField` a checkbox
 * with its label beside it. A `look` names the area's class names (the account popups, the people
 * forms, the staff console's admin and consultation forms): the markup is one, each area keeps
 * its styles.
 */
import {
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export type FieldLook = 'auth' | 'people' | 'admin' | 'staff';

interface LookClasses {
  readonly field: string;
  /** Added to the field's class while it has an error. */
  readonly invalid?: string;
  readonly label?: string;
  readonly control?: string;
  readonly row: string;
  readonly hint: string;
  readonly error: string;
  /** The hint between the label and the control (else under the control). */
  readonly hintAbove: boolean;
  /** The control sits in a box (classed `row` when an action is beside it) even without an action. */
  readonly boxed?: boolean;
}

const looks: Record<FieldLook, LookClasses> = {
  auth: {
    field: 'auth-field',
    invalid: 'auth-field--invalid',
    label: 'auth-field__label',
    control: 'auth-field__input',
    row: 'auth-field__row',
    hint: 'auth-field__hint',
    error: 'auth-field__error',
    hintAbove: true,
    boxed: true,
  },
  people: { field: 'people-field', row: 'people-field__row', hint: 'people-field__hint', error: 'people-field__error', hintAbove: false },
  admin: {
    field: 'admin-field',
    invalid: 'admin-field--invalid',
    label: 'admin-field__label',
    control: 'admin-field__input',
    row: 'admin-field__row',
    hint: 'admin-field__hint',
    error: 'admin-field__error',
    hintAbove: false,
  },
  staff: { field: 'staff-field', invalid: 'staff-field--invalid', row: 'staff-field__row', hint: 'staff-field__hint', error: 'staff-field__problem', hintAbove: true },
};

/** The ids given, as one aria-describedby value; undefined when there are none. */
export const describedBy = (...ids: Array<string | false | null | undefined>): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;

/** The props a field's control takes: its id, aria-invalid and aria-describedby, its class. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'data-field'?: string;
  readonly 'aria-invalid'?: true;
  readonly 'aria-describedby'?: string;
  readonly className?: string;
}

export interface FieldDescription {
  readonly hint?: boolean;
  readonly error?: boolean;
  /** The id of a text shown elsewhere that also describes the control. */
  readonly also?: string;
  /** The form's name for the field, as data-field (a form's focus on its first problem finds it). */
  readonly field?: string;
  readonly className?: string;
}

/**
 * The control's props for a field with id `id`: for a control laid out by hand (a checkbox with
 * its own label), beside a `FieldError` with the same id.
 */
export function fieldControlProps(id: string, { hint, error, also, field, className }: FieldDescription = {}): FieldControlProps {
  const described = describedBy(hint && `${id}-hint`, also, error && `${id}-error`);
  return {
    id,
    ...(field !== undefined && { 'data-field': field }),
    ...(error && { 'aria-invalid': true as const }),
    ...(described !== undefined && { 'aria-describedby': described }),
    ...(className !== undefined && { className }),
  };
}

/** The field's wrapper class: the look's, with its invalid class while there is an error. */
const wrapperClass = (classes: LookClasses, invalid: boolean): string =>
  invalid && classes.invalid ? `${classes.field} ${classes.invalid}` : classes.field;

const present = (node: ReactNode): boolean => node !== undefined && node !== null && node !== false && node !== '';

/** The error of the field whose control has the id `id`; nothing while there is none. */
export function FieldError({ id, look, children }: { id: string; look: FieldLook; children?: ReactNode }) {
  if (!present(children)) return null;
  return (
    <p id={`${id}-error`} className={looks[look].error}>
      {children}
    </p>
  );
}

function FieldHint({ id, look, children }: { id: string; look: FieldLook; children?: ReactNode }) {
  if (!present(children)) return null;
  return (
    <p id={`${id}-hint`} className={looks[look].hint}>
      {children}
    </p>
  );
}

export interface FieldShellProps {
  readonly id: string;
  readonly look: FieldLook;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  /** The error, already worded; undefined (or '') while there is none. */
  readonly error?: ReactNode;
  /** The form's name for the field, as data-field on the control. */
  readonly field?: string;
  /** The wrapper's class, instead of the look's (a wide field of a two-column form). */
  readonly className?: string;
  /** The id of a text shown elsewhere that also describes the control. */
  readonly describedByAlso?: string;
  /** Shown next to the control (e.g. Send OTP). */
  readonly action?: ReactNode;
  /** Shown under the control, before the error (e.g. "We sent a code to ..."). */
  readonly note?: ReactNode;
}

/** A field around the control its children render with the control's props. */
export function Field({
  id,
  look,
  label,
  hint,
  error,
  field,
  className,
  describedByAlso,
  action,
  note,
  children,
}: FieldShellProps & { readonly children: (control: FieldControlProps) => ReactNode }) {
  const classes = looks[look];
  const invalid = present(error);
  const control = fieldControlProps(id, { hint: present(hint), error: invalid, also: describedByAlso, field, className: classes.control });
  const hintNode = <FieldHint id={id} look={look}>{hint}</FieldHint>;
  const wrapper = className ?? wrapperClass(classes, invalid);
  return (
    <div className={wrapper}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {classes.hintAbove && hintNode}
      {action || classes.boxed ? (
        <div className={action ? classes.row : undefined}>
          {children(control)}
          {action}
        </div>
      ) : (
        children(control)
      )}
      {!classes.hintAbove && hintNode}
      {note}
      <FieldError id={id} look={look}>
        {error}
      </FieldError>
    </div>
  );
}

type TextFieldOwnProps = Omit<FieldShellProps, 'id'> & {
  /** The control's id; a new one when not given. */
  readonly id?: string;
  /** Called with the new text on every change (beside the control's own onChange). */
  readonly onValue?: (value: string) => void;
  /** A textarea instead of an input (its rows default to 4; it tells its changes by `onValue`). */
  readonly multiline?: boolean;
  readonly rows?: number;
  readonly inputRef?: Ref<HTMLInputElement>;
};

/** A text field: an input (type text unless given), or a textarea when `multiline`. */
export type TextFieldProps = TextFieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>;

export function TextField(props: TextFieldProps) {
  const ownId = useId();
  const { id = ownId, look, label, hint, error, field, className, describedByAlso, action, note, onValue, onChange, multiline, rows = 4, inputRef, ...native } = props;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValue?.(event.target.value);
  };
  return (
    <Field {...{ id, look, label, hint, error, field, className, describedByAlso, action, note }}>
      {(control) =>
        multiline ? (
          <textarea {...(native as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...control} rows={rows} onChange={(event) => onValue?.(event.target.value)} />
        ) : (
          <input type="text" {...native} {...control} ref={inputRef} onChange={change} />
        )
      }
    </Field>
  );
}

/** A select field, its options given as values and labels (or as children). */
export function SelectField(
  props: Omit<FieldShellProps, 'id' | 'action'> &
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
      readonly id?: string;
      readonly options?: ReadonlyArray<{ readonly value: string; readonly label: string }>;
      readonly onValue?: (value: string) => void;
    },
) {
  const ownId = useId();
  const { id = ownId, look, label, hint, error, field, className, describedByAlso, note, options, onValue, onChange, children, ...select } = props;
  return (
    <Field {...{ id, look, label, hint, error, field, className, describedByAlso, note }}>
      {(control) => (
        <select
          {...select}
          {...control}
          onChange={(event) => {
            onChange?.(event);
            onValue?.(event.target.value);
          }}
        >
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * A checkbox with its label beside it (the label wraps it, its class `labelClassName`), its hint
 * and error under it, tied to it.
 */
export function CheckField({
  look,
  label,
  labelClassName,
  checked,
  onChecked,
  hint,
  error,
  disabled,
}: {
  readonly look: FieldLook;
  readonly label: ReactNode;
  readonly labelClassName?: string;
  readonly checked: boolean;
  readonly onChecked: (checked: boolean) => void;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
  readonly disabled?: boolean;
}) {
  const id = useId();
  const classes = looks[look];
  const invalid = present(error);
  const { id: _id, ...control } = fieldControlProps(id, { hint: present(hint), error: invalid });
  return (
    <div className={wrapperClass(classes, invalid)}>
      <label className={labelClassName}>
        <input type="checkbox" checked={checked} disabled={disabled} {...control} onChange={(e) => onChecked(e.target.checked)} />
        {label}
      </label>
      <FieldHint id={id} look={look}>
        {hint}
      </FieldHint>
      <FieldError id={id} look={look}>
        {error}
      </FieldError>
    </div>
  );
}
