/**
 * Register a patient without an account: first and last name, phone, age, gender, email if they
 * have one. Every field is labelled; a problem (the contract's codec before the request, the
 * server's 400 after) is said under its field, and the focus goes to the first.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { emptyPatient, type PatientDraft } from '../../../machines/desk/deskBooking/patientForm';
import { selectErrorsShown, selectIsSavingPatient, selectPatientErrors } from '../../../machines/desk/deskBooking/selectors';
import { useDeskMessages } from '../../i18n/deskMessages';
import { Field, SelectField } from '../admin/parts/fields';
import type { DeskBookingActor } from './DeskSection';

type TextField = Exclude<keyof PatientDraft, 'gender'>;

export function PatientForm({ actor }: { readonly actor: DeskBookingActor }) {
  const texts = useDeskMessages().patient;
  const errors = useSelector(actor, selectPatientErrors);
  const errorsShown = useSelector(actor, selectErrorsShown);
  const saving = useSelector(actor, selectIsSavingPatient);
  const [draft, setDraft] = useState<PatientDraft>(emptyPatient);
  const form = useRef<HTMLFormElement>(null);

  // Each refused Register: the focus to the first field with a problem.
  useEffect(() => {
    if (errorsShown > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsShown]);

  const change = (field: keyof PatientDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    actor.send({ type: 'register.edited', field });
  };
  const text = (field: TextField, type: 'text' | 'email' = 'text', inputMode?: 'numeric') => (
    <Field
      label={texts[field]}
      value={draft[field]}
      error={errors[field]}
      disabled={saving}
      type={type}
      inputMode={inputMode}
      onChange={(value) => change(field, value)}
    />
  );

  return (
    <form
      ref={form}
      className="desk-form"
      aria-labelledby="desk-patient-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'register.submitted', draft });
      }}
    >
      <h2 id="desk-patient-heading" className="desk__subheading">
        {texts.heading}
      </h2>
      <p className="admin-field__hint">{texts.intro}</p>
      <div className="desk-form__grid">
        {text('firstName')}
        {text('lastName')}
        {text('phoneNumber')}
        {text('age', 'text', 'numeric')}
        <SelectField
          label={texts.gender}
          value={draft.gender}
          error={errors.gender}
          disabled={saving}
          onChange={(value) => change('gender', value)}
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
          {saving ? texts.saving : texts.save}
        </button>
        <button type="button" className="button button--outline" disabled={saving} onClick={() => actor.send({ type: 'register.cancelled' })}>
          {texts.cancel}
        </button>
      </p>
    </form>
  );
}
