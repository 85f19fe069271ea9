/**
 * A patient without an account, as the desk keeps them: first and last name, phone, age, gender,
 * email if they have one. Registering one (the desk booking's first step) and correcting one
 * later use the same form. Every field is labelled; a problem (the contract's codec before the
 * request, the server's 400 after) is said under its field, and the focus goes to the first.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { emptyPatient, type PatientDraft } from '../../../machines/desk/deskBooking/patientForm';
import { selectErrorsShown, selectIsSavingPatient, selectPatientErrors } from '../../../machines/desk/deskBooking/selectors';
import type { FieldErrors } from '../../../machines/failures';
import { useDeskMessages } from '../../i18n/deskMessages';
import { SelectField, TextField } from '../../ui/Field';
import type { DeskBookingActor } from './DeskSection';

type TextField = Exclude<keyof PatientDraft, 'gender'>;

export interface PatientFieldsProps {
  readonly heading: string;
  /** h2 as a step of its own; h4 inside a patient's card (under its h3). */
  readonly headingLevel?: 2 | 4;
  readonly intro: string;
  readonly submit: string;
  readonly submitting: string;
  readonly initial: PatientDraft;
  readonly errors: FieldErrors;
  /** Grows each time problems are shown anew: the focus goes to the first. */
  readonly errorsShown: number;
  readonly saving: boolean;
  readonly onEdited: (field: keyof PatientDraft) => void;
  readonly onSubmit: (draft: PatientDraft) => void;
  readonly onCancel: () => void;
}

/** The form itself; what happens on Save and Cancel is its owner's. */
export function PatientFields({ heading, headingLevel = 2, intro, submit, submitting, initial, errors, errorsShown, saving, onEdited, onSubmit, onCancel }: PatientFieldsProps) {
  const texts = useDeskMessages().patient;
  const [draft, setDraft] = useState<PatientDraft>(initial);
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h4';

  useEffect(() => {
    if (errorsShown > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsShown]);

  const change = (field: keyof PatientDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    onEdited(field);
  };
  const text = (field: TextField, type: 'text' | 'email' = 'text', inputMode?: 'numeric') => (
    <TextField look="admin" label={texts[field]} value={draft[field]} error={errors[field]} disabled={saving} type={type} inputMode={inputMode} onValue={(value) => change(field, value)} />
  );

  return (
    <form
      ref={form}
      className="desk-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <Heading id={headingId} className="desk__subheading">
        {heading}
      </Heading>
      <p className="admin-field__hint">{intro}</p>
      <div className="desk-form__grid">
        {text('firstName')}
        {text('lastName')}
        {text('phoneNumber')}
        {text('age', 'text', 'numeric')}
        <SelectField
          look="admin"
          label={texts.gender}
          value={draft.gender}
          error={errors.gender}
          disabled={saving}
          onValue={(value) => change('gender', value)}
          options={[
            { value: '', label: texts.chooseGender },
            { value: 'female', label: texts.genders.female },
            { value: 'male', label: texts.genders.male },
          ]}
        />
        {text('email', 'email')}
      </div>
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? submitting : submit}
        </button>
        <button type="button" className="button button--outline" disabled={saving} onClick={onCancel}>
          {texts.cancel}
        </button>
      </p>
    </form>
  );
}

/** Register a patient without an account: the desk booking's own step. */
export function PatientForm({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().patient;
  return (
    <PatientFields
      heading={texts.heading}
      intro={texts.intro}
      submit={texts.save}
      submitting={texts.saving}
      initial={emptyPatient}
      errors={useSelector(actor, selectPatientErrors)}
      errorsShown={useSelector(actor, selectErrorsShown)}
      saving={useSelector(actor, selectIsSavingPatient)}
      onEdited={(field) => actor.send({ type: 'register.edited', field })}
      onSubmit={(draft) => actor.send({ type: 'register.submitted', draft })}
      onCancel={() => actor.send({ type: 'register.cancelled' })}
    />
  );
}
