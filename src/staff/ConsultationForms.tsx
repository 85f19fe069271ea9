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
import {
  maxHistoryLength,
  maxPharmacyIdLength,
  maxTextLength,
  type FollowUpKind,
  type PrescriptionField,
  type Problem,
} from '../../machines/consultation/forms';
import { clinicTimeAndDate, formatClinicDate } from '../format/format';
import { useStaffMessages } from '../i18n/staffMessages';
import { CataloguePicker } from './CataloguePicker';
import { TextField } from './TextField';

export type ConsultationActor = ReturnType<typeof useActorRef<typeof consultationMachine>>;

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

/** The follow-up: none, after N days or weeks (`times` visits: more than one is a course), or as needed. */
function FollowUpFields({ actor }: { actor: ConsultationActor }) {
  const texts = useStaffMessages().prescription;
  const { followUp } = useSelector(actor, selectPrescription);
  const problems = useSelector(actor, selectPrescriptionProblems);
  const saving = useSelector(actor, selectIsSavingPrescription);
  const unitId = useId();
  const kinds: ReadonlyArray<[FollowUpKind, string]> = [
    ['none', texts.followUpNone],
    ['after', texts.followUpAfter],
    ['asNeeded', texts.followUpAsNeeded],
  ];
  return (
    <fieldset className="staff-modes" disabled={saving}>
      <legend>{texts.followUp}</legend>
      {kinds.map(([kind, label]) => (
        <label key={kind} className="staff-modes__choice">
          <input
            type="radio"
            name="followUpKind"
            value={kind}
            checked={followUp.kind === kind}
            onChange={() => actor.send({ type: 'followUp.changed', change: { kind } })}
          />
          {label}
        </label>
      ))}
      {followUp.kind === 'after' && (
        <div className="staff-form__pair">
          <TextField
            label={texts.followUpEvery}
            value={followUp.every}
            problem={problems['followUp.every']}
            disabled={saving}
            maxLength={4}
            inputMode="numeric"
            onChange={(every) => actor.send({ type: 'followUp.changed', change: { every } })}
          />
          <div className="staff-field">
            <label htmlFor={unitId}>{texts.followUpUnit}</label>
            <select
              id={unitId}
              value={followUp.unit}
              disabled={saving}
              onChange={(event) => actor.send({ type: 'followUp.changed', change: { unit: event.target.value === 'weeks' ? 'weeks' : 'days' } })}
            >
              <option value="days">{texts.followUpDays}</option>
              <option value="weeks">{texts.followUpWeeks}</option>
            </select>
          </div>
          <TextField
            label={texts.followUpTimes}
            value={followUp.times}
            problem={problems['followUp.times']}
            disabled={saving}
            maxLength={2}
            inputMode="numeric"
            onChange={(times) => actor.send({ type: 'followUp.changed', change: { times } })}
          />
        </div>
      )}
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

  const text = (field: PrescriptionField, label: string, multiline = false, more: { hint?: string; maxLength?: number } = {}) => (
    <TextField
      label={label}
      value={draft[field]}
      problem={problems[field]}
      disabled={saving}
      multiline={multiline}
      hint={more.hint}
      maxLength={more.maxLength}
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
        {text('history', texts.history, true, { maxLength: maxHistoryLength })}
        {text('diagnosis', texts.diagnosis, true, { hint: texts.diagnosisHint })}
        {text('investigations', texts.investigations, true)}
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
        <FollowUpFields actor={actor} />
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
