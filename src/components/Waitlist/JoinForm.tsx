/**
 * The join form of "My waitlist": doctor, clinic (or any of theirs; none for Chat, Video and Call,
 * which are online), consultation type (those the doctor offers), first and last day (today to the
 * booking horizon), and the teleconsultation consent for Chat, Video and Call. Each problem (the
 * contract's codec in the machine, or the server's 400) shows on its field, tied to it, and the
 * focus moves to the first each time problems are shown. The draft lives in the waitlist machine.
 */
import { useSelector } from '@xstate/react';
import { type FormEvent, type RefObject, useEffect, useId, useRef } from 'react';
import type { ConsultationType } from '../../../contract/primitives';
import type { Doctor } from '../../../contract/site';
import { isTeleconsultationType, joinFields, type JoinField } from '../../../machines/waitlistOffer/join';
import {
  selectDayRange,
  selectDoctors,
  selectDraft,
  selectErrorsShown,
  selectIsBusy,
  selectJoinErrors,
} from '../../../machines/waitlistOffer/selectors';
import type { JoinChange } from '../../../machines/waitlistOffer/waitlistMachine';
import { useMessages } from '../../i18n/messages';
import { Field, FieldError, fieldControlProps } from '../../ui/Field';
import '../People/People.css';
import type { useWaitlistActor } from './provider';

type WaitlistActor = ReturnType<typeof useWaitlistActor>;

/** The types a doctor can be waited for: a Clinic Visit unless they consult online only, Chat, Video and Call if they have online hours. */
function typesOf(doctor: Doctor | undefined): ConsultationType[] {
  if (!doctor) return [];
  return [...(doctor.type === 'clinic' ? (['Clinic Visit'] as const) : []), ...(doctor.consultsOnline === false ? [] : (['Chat', 'Video', 'Call'] as const))];
}

/** Each time the problems are shown anew, focus moves to the first field that has one. */
function useFocusFirstProblem(actor: WaitlistActor, form: RefObject<HTMLElement | null>) {
  const errors = useSelector(actor, selectJoinErrors);
  const shown = useSelector(actor, selectErrorsShown);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = joinFields.find((f) => errors[f] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, errors, form]);
}

/** What every field of the form shares: its ids' base, the draft, its problem in words, and how it changes. */
interface Fields {
  base: string;
  actor: WaitlistActor;
  problem: (field: JoinField) => string | undefined;
  change: (c: JoinChange) => void;
}

/** Doctor, consultation type (those the doctor offers) and clinic (none for Chat, Video and Call). */
function ChoiceFields({ base, actor, problem, change }: Fields) {
  const { waitlist: t, booking } = useMessages();
  const draft = useSelector(actor, selectDraft);
  const doctors = useSelector(actor, selectDoctors);
  const doctor = doctors.find((d) => d.email === draft.doctorEmail);
  return (
    <>
      <Field look="people" id={`${base}-doctorEmail`} field="doctorEmail" label={t.doctor} error={problem('doctorEmail')}>
        {(p) => (
          <select {...p} value={draft.doctorEmail} onChange={(e) => change({ field: 'doctorEmail', value: e.target.value })}>
            <option value="">{t.chooseDoctor}</option>
            {doctors.map((d) => (
              <option key={d.email} value={d.email}>
                {d.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field look="people" id={`${base}-consultationType`} field="consultationType" label={t.consultationType} error={problem('consultationType')}>
        {(p) => (
          <select {...p} value={draft.consultationType} onChange={(e) => change({ field: 'consultationType', value: e.target.value })}>
            <option value="">{t.chooseType}</option>
            {typesOf(doctor).map((type) => (
              <option key={type} value={type}>
                {booking.consultationTypeNames[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {isTeleconsultationType(draft.consultationType) ? (
        <p className="people-field__hint">{t.onlineNoClinic}</p>
      ) : (
        <Field look="people" id={`${base}-location`} field="location" label={t.location} error={problem('location')}>
          {(p) => (
            <select {...p} value={draft.location} onChange={(e) => change({ field: 'location', value: e.target.value })}>
              <option value="">{t.anyLocation}</option>
              {(doctor?.locations ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** The first and last day: today to the booking horizon. */
function DayFields({ base, actor, problem, change }: Fields) {
  const { waitlist: t } = useMessages();
  const draft = useSelector(actor, selectDraft);
  const range = useSelector(actor, selectDayRange);
  return (
    <>
      <Field look="people" id={`${base}-fromDate`} field="fromDate" label={t.fromDate} error={problem('fromDate')} hint={t.daysHint(range.maxDays)}>
        {(p) => <input {...p} type="date" min={range.min} max={range.max} value={draft.fromDate} onChange={(e) => change({ field: 'fromDate', value: e.target.value })} />}
      </Field>
      <Field look="people" id={`${base}-toDate`} field="toDate" label={t.toDate} error={problem('toDate')}>
        {(p) => <input {...p} type="date" min={draft.fromDate || range.min} max={range.max} value={draft.toDate} onChange={(e) => change({ field: 'toDate', value: e.target.value })} />}
      </Field>
    </>
  );
}

/** The teleconsultation consent, for Chat, Video and Call: the words ticked travel with the request. */
function ConsentField({ base, actor, problem, change }: Fields) {
  const { people } = useMessages();
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectJoinErrors);
  if (!isTeleconsultationType(draft.consultationType)) return null;
  return (
    <div className="people-consent-field">
      <p className="people-consent">
        <input
          {...fieldControlProps(`${base}-consentText`, { field: 'consentText', error: errors.consentText !== undefined })}
          type="checkbox"
          checked={draft.consent !== null}
          onChange={(e) => change({ field: 'consent', value: e.target.checked ? people.consent : null })}
        />
        <label htmlFor={`${base}-consentText`}>{people.consent}</label>
      </p>
      <FieldError look="people" id={`${base}-consentText`}>{problem('consentText')}</FieldError>
    </div>
  );
}

export function JoinForm({ actor }: { actor: WaitlistActor }) {
  const { waitlist: t, people } = useMessages();
  const base = useId();
  const errors = useSelector(actor, selectJoinErrors);
  const busy = useSelector(actor, selectIsBusy);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(actor, form);
  const labels: Record<JoinField, string> = {
    doctorEmail: t.doctor,
    location: t.location,
    consultationType: t.consultationType,
    fromDate: t.fromDate,
    toDate: t.toDate,
    consentText: people.consentHeading,
  };
  const fields: Fields = {
    base,
    actor,
    problem: (field) => (errors[field] === undefined ? undefined : people.fieldError(labels[field], errors[field]!)),
    change: (c) => actor.send({ type: 'join.changed', ...c }),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'join.submit' });
  };
  return (
    <form ref={form} className="people-form waitlist__form" noValidate onSubmit={submit} aria-busy={busy}>
      <fieldset disabled={busy} className="waitlist__fieldset">
        <legend>{t.joinHeading}</legend>
        <div className="people-form__grid">
          <ChoiceFields {...fields} />
          <DayFields {...fields} />
        </div>
        <ConsentField {...fields} />
        <p className="people-form__actions">
          <button type="submit" className="button button--primary">
            {busy ? t.joining : t.join}
          </button>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'join.close' })}>
            {t.close}
          </button>
        </p>
      </fieldset>
    </form>
  );
}
