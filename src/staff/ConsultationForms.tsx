/**
 * The consultation's forms, wired to the consultation machine: the prescription (or, before the
 * join window, when completing opens), "Patient did not attend" once the slot has ended, and the
 * pharmacy order; every field with a visible label, its problem (if any) said beside it and tied
 * to it (aria-describedby, aria-invalid). The machine checks, judges the time and sends; these
 * only show its drafts and send its events.
 */
import { OrderForm as ItemsOrderForm } from './OrderForm';
import { useSelector, type useActorRef } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import type { consultationMachine } from '../../machines/consultation/consultationMachine';
import {
  selectCompletionOpensAt,
  selectIsMarkingMissed,
  selectMissedNote,
  selectNow,
  selectOffersDidNotAttend,
  selectIsSavingPrescription,
  selectIsUpdate,
  selectPrescription,
  selectPrescriptionProblems,
  selectOrderForm,
} from '../../machines/consultation/selectors';
import { maxPharmacyIdLength, maxTextLength, type PrescriptionField, type Problem } from '../../machines/consultation/forms';
import { clinicTimeAndDate, formatClinicDate } from '../format/format';
import { useStaffMessages } from '../i18n/staffMessages';
import { CataloguePicker } from './CataloguePicker';

export type ConsultationActor = ReturnType<typeof useActorRef<typeof consultationMachine>>;

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly problem: Problem | undefined;
  readonly onChange: (value: string) => void;
  readonly disabled: boolean;
  readonly multiline?: boolean;
  readonly maxLength?: number;
  readonly hint?: string;
  readonly inputMode?: 'decimal';
}

function TextField({ label, value, problem, onChange, disabled, multiline = false, maxLength = maxTextLength, hint, inputMode }: TextFieldProps) {
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

/** The prescription's remedies, each with its name, dose and frequency, and Add and Remove. */
function RemediesFields({ actor }: { actor: ConsultationActor }) {
  const texts = useStaffMessages().prescription;
  const draft = useSelector(actor, selectPrescription);
  const problems = useSelector(actor, selectPrescriptionProblems);
  const saving = useSelector(actor, selectIsSavingPrescription);
  return (
    <fieldset className="staff-remedies">
      <legend>{texts.remedies}</legend>
      {draft.remedies.length === 0 && <p className="staff-field__hint">{texts.noRemedies}</p>}
      {draft.remedies.map((row, index) => (
        <fieldset key={row.key} className="staff-remedy">
          <legend>{texts.remedy(index + 1)}</legend>
          {(['medicineName', 'dosage', 'frequency'] as const).map((field) => field === 'medicineName' ? (
            // The name offers the dispensary's catalogue (itemId '' when typed freely, the draft's fields being text).
            <CataloguePicker
              key={field}
              label={texts[field]}
              value={row[field]}
              itemId={row.itemId || null}
              problem={problems[`remedies.${index}.${field}`]}
              disabled={saving}
              onChange={(text, itemId) => {
                actor.send({ type: 'remedy.changed', key: row.key, field, value: text });
                if ((row.itemId || null) !== itemId) actor.send({ type: 'remedy.changed', key: row.key, field: 'itemId', value: itemId ?? '' });
              }}
            />
          ) : (
            <TextField
              key={field}
              label={texts[field]}
              value={row[field]}
              problem={problems[`remedies.${index}.${field}`]}
              disabled={saving}
              onChange={(value) => actor.send({ type: 'remedy.changed', key: row.key, field, value })}
            />
          ))}
          <button
            type="button"
            className="button button--outline staff-remedy__remove"
            disabled={saving}
            onClick={() => actor.send({ type: 'remedy.removed', key: row.key })}
          >
            {texts.removeRemedy(index + 1)}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--outline" disabled={saving} onClick={() => actor.send({ type: 'remedy.added' })}>
        {texts.addRemedy}
      </button>
    </fieldset>
  );
}

/** "Show the remedies to the patient", with its hint. */
function ShowMedicineField({ actor }: { actor: ConsultationActor }) {
  const texts = useStaffMessages().prescription;
  const draft = useSelector(actor, selectPrescription);
  const saving = useSelector(actor, selectIsSavingPrescription);
  const showId = useId();
  const showHintId = useId();
  return (
    <div className="staff-check">
      <input
        id={showId}
        type="checkbox"
        checked={draft.showMedicine}
        disabled={saving}
        aria-describedby={showHintId}
        onChange={(event) => actor.send({ type: 'prescription.showMedicine', value: event.target.checked })}
      />
      <label htmlFor={showId}>{texts.showMedicine}</label>
      <p id={showHintId} className="staff-field__hint">
        {texts.showMedicineHint}
      </p>
    </div>
  );
}

export function PrescriptionForm({ actor }: { actor: ConsultationActor }) {
  const staff = useStaffMessages();
  const draft = useSelector(actor, selectPrescription);
  const problems = useSelector(actor, selectPrescriptionProblems);
  const saving = useSelector(actor, selectIsSavingPrescription);
  const isUpdate = useSelector(actor, selectIsUpdate);
  const headingId = useId();
  const texts = staff.prescription;

  const text = (field: PrescriptionField, label: string, multiline = false) => (
    <TextField
      label={label}
      value={draft[field]}
      problem={problems[field]}
      disabled={saving}
      multiline={multiline}
      onChange={(value) => actor.send({ type: 'prescription.changed', field, value })}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'prescription.save' });
  }

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{isUpdate ? texts.updateHeading : texts.completeHeading}</h2>
      <form className="staff-form" onSubmit={submit} noValidate aria-busy={saving}>
        {text('complain', texts.complain, true)}
        <RemediesFields actor={actor} />
        <div className="staff-form__pair">
          {text('potency', texts.potency)}
          {text('duration', texts.duration)}
        </div>
        <div className="staff-form__pair">
          {text('pharmacyName', texts.pharmacyName)}
          {text('pharmacyId', texts.pharmacyId)}
        </div>
        {text('instructions', texts.instructions, true)}
        <ShowMedicineField actor={actor} />
        <p className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? texts.saving : isUpdate ? texts.update : texts.complete}
          </button>
        </p>
      </form>
    </section>
  );
}

/** Before the join window: when completing opens, in place of the form (the machine brings the form at that time). */
export function CompletionNotOpen({ actor }: { actor: ConsultationActor }) {
  const staff = useStaffMessages();
  const opensAt = useSelector(actor, selectCompletionOpensAt);
  const now = useSelector(actor, selectNow);
  const headingId = useId();
  if (opensAt === null) return null;
  const opens = clinicTimeAndDate(opensAt);
  const today = clinicTimeAndDate(new Date(now).toISOString())?.date;
  const when = opens ? (opens.date === today ? opens.time : `${formatClinicDate(opens.date)}, ${opens.time}`) : opensAt;
  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{staff.prescription.completeHeading}</h2>
      <p className="staff-state">{staff.detail.completionOpens(when)}</p>
    </section>
  );
}

/** "Patient did not attend", once the slot has ended: a note for the clinic (optional) and the button. */
export function DidNotAttendForm({ actor }: { actor: ConsultationActor }) {
  const staff = useStaffMessages();
  const offered = useSelector(actor, selectOffersDidNotAttend);
  const marking = useSelector(actor, selectIsMarkingMissed);
  const note = useSelector(actor, selectMissedNote);
  const headingId = useId();
  const introId = useId();
  const noteId = useId();
  if (!offered) return null;
  const texts = staff.detail;
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'attendance.missed' });
  }
  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.didNotAttendHeading}</h2>
      <form className="staff-form" onSubmit={submit} noValidate aria-busy={marking} aria-describedby={introId}>
        <p id={introId} className="staff-field__hint">
          {texts.didNotAttendIntro}
        </p>
        <div className="staff-field">
          <label htmlFor={noteId}>{texts.didNotAttendNote}</label>
          <input
            id={noteId}
            type="text"
            maxLength={500}
            value={note}
            disabled={marking}
            onChange={(event) => actor.send({ type: 'attendance.note', value: event.target.value })}
          />
        </div>
        <p className="staff-form__actions">
          <button type="submit" className="button button--outline" disabled={marking}>
            {marking ? texts.markingMissed : texts.didNotAttend}
          </button>
        </p>
      </form>
    </section>
  );
}

/** The pharmacy order form: its own machine (machines/order), a child of the consultation's. */
export function OrderForm({ actor }: { actor: ConsultationActor }) {
  const form = useSelector(actor, selectOrderForm);
  return form ? <ItemsOrderForm actor={form} /> : null;
}
