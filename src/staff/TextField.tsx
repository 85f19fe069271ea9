/**
 * One text field of the consultation forms (src/ui/Field, look 'staff'): its problem is a code of
 * the consultation machine, said in the console's words; what is typed is held to the forms'
 * longest text unless the field says otherwise.
 */
import { maxTextLength, type Problem } from '../../machines/consultation/forms';
import { TextField as UiTextField } from '../ui/Field';
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
  return (
    <UiTextField
      look="staff"
      label={label}
      hint={hint}
      error={problem ? staff.problems[problem] : undefined}
      value={value}
      onValue={onChange}
      disabled={disabled}
      multiline={multiline}
      rows={3}
      maxLength={maxLength}
      inputMode={inputMode}
    />
  );
}
