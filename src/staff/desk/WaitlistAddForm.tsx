/**
 * The Waitlist section's "Add to waitlist" form (machines/desk/waitlist): the patient found by the
 * desk's search (an account's holder or a patient registered at the desk), the doctor, the type
 * (what the doctor and the patient can have), the first and last day. Each problem is shown on its
 * field, the first focused; the view sends the machine's events and holds only the search box's text.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConsultationType } from '../../../contract/primitives';
import { doctorById, typesFor, type DeskDoctor } from '../../../machines/desk/desk';
import type { WaitlistField, WaitlistProblem } from '../../../machines/desk/waitlist/setup';
import {
  selectDraft,
  selectErrors,
  selectErrorsShown,
  selectFound,
  selectSaving,
  selectSearching,
  type DeskWaitlistActor,
} from '../../../machines/desk/waitlist/waitlistMachine';
import { formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { SelectField, TextField } from '../../ui/Field';

type AddChange = Exclude<WaitlistField, 'patientId'>;

function useProblemText(): (problem: WaitlistProblem | undefined) => string | undefined {
  const texts = useDeskMessages().waitlist;
  return (problem) => (problem === undefined ? undefined : problem.kind === 'server' ? problem.text : texts.problems[problem.kind]);
}

/** The search box and its hits, each with Choose. */
function PatientFinder({ actor }: { readonly actor: DeskWaitlistActor }) {
  const texts = useDeskMessages().waitlist;
  const found = useSelector(actor, selectFound);
  const searching = useSelector(actor, selectSearching);
  const [query, setQuery] = useState('');
  const id = useId();
  return (
    <div className="desk-waitlist__finder">
      <div className="desk-search__row">
        <div className="admin-field desk-search__field">
          <label htmlFor={id} className="admin-field__label">
            {texts.findLabel}
          </label>
          <input
            id={id}
            type="search"
            className="admin-field__input"
            value={query}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              actor.send({ type: 'add.searched', query });
            }}
          />
        </div>
        <button type="button" className="button button--outline" disabled={query.trim() === ''} aria-busy={searching} onClick={() => actor.send({ type: 'add.searched', query })}>
          {searching ? texts.searching : texts.search}
        </button>
      </div>
      {found && found.hits.length === 0 && <p role="status">{texts.noHits(found.query)}</p>}
      {found && found.hits.length > 0 && (
        <ul className="desk-waitlist__hits" aria-label={texts.hitsLabel(found.query)}>
          {found.hits.map(({ patient }) => {
            const name = `${patient.firstName} ${patient.lastName}`;
            return (
              <li key={patient._id}>
                <span>
                  {name}, {formatPhone(patient.phoneNumber)}
                  {patient.kind === 'desk' && <span className="admin-table__sub">{texts.noAccount}</span>}
                </span>
                <button type="button" className="button button--outline" aria-label={texts.choose(name)} onClick={() => actor.send({ type: 'add.patientChosen', patient })}>
                  {texts.chooseButton}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {found?.more && <p>{texts.moreHits}</p>}
    </div>
  );
}

export function WaitlistAddForm({ actor, doctors }: { readonly actor: DeskWaitlistActor; readonly doctors: readonly DeskDoctor[] }) {
  const texts = useDeskMessages().waitlist;
  const typeNames = useDeskMessages().waitlist.typeNames;
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectErrors);
  const errorsShown = useSelector(actor, selectErrorsShown);
  const saving = useSelector(actor, selectSaving);
  const problem = useProblemText();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errorsShown > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsShown]);
  const change = (field: AddChange) => (value: string) => actor.send({ type: 'add.changed', field, value });
  const doctor = doctorById(doctors, draft.doctorId || null);
  const types = typesFor(doctor, draft.patient);
  const patientError = problem(errors.patientId);
  return (
    <form
      ref={form}
      className="desk-form desk-waitlist__form"
      aria-labelledby="waitlist-add-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'add.submitted' });
      }}
    >
      <h2 id="waitlist-add-heading" className="desk__subheading">
        {texts.addHeading}
      </h2>
      <PatientFinder actor={actor} />
      <div className={`admin-field${patientError ? ' admin-field--invalid' : ''}`}>
        <p className="admin-field__label">{texts.chosen}</p>
        <p className="desk-waitlist__chosen" tabIndex={-1} aria-invalid={patientError ? true : undefined} aria-live="polite">
          {draft.patient ? `${draft.patient.firstName} ${draft.patient.lastName}, ${formatPhone(draft.patient.phoneNumber)}` : texts.noPatient}
        </p>
        {patientError && <p className="admin-field__error">{patientError}</p>}
      </div>
      <div className="desk-form__grid">
        <SelectField
          look="admin"
          label={texts.doctor}
          value={draft.doctorId}
          onValue={change('doctorId')}
          error={problem(errors.doctorId)}
          options={[...(draft.doctorId === '' ? [{ value: '', label: texts.chooseDoctor }] : []), ...doctors.map((d) => ({ value: d._id, label: d.name }))]}
        />
        <SelectField
          look="admin"
          label={texts.type}
          value={draft.consultationType}
          onValue={(value) => change('consultationType')(value as ConsultationType)}
          error={problem(errors.consultationType)}
          options={types.map((t) => ({ value: t, label: typeNames[t] }))}
        />
        {draft.consultationType === 'Clinic Visit' && (
          <SelectField
            look="admin"
            label={texts.clinic}
            value={draft.locationId}
            onValue={change('locationId')}
            error={problem(errors.locationId)}
            options={[{ value: '', label: texts.anyClinicChoice }, ...(doctor?.locations ?? []).map((l) => ({ value: l._id, label: l.name }))]}
          />
        )}
        <TextField look="admin" label={texts.fromDate} type="date" value={draft.fromDate} onValue={change('fromDate')} error={problem(errors.fromDate)} />
        <TextField look="admin" label={texts.toDate} type="date" min={draft.fromDate} value={draft.toDate} onValue={change('toDate')} error={problem(errors.toDate)} />
      </div>
      {draft.consultationType === 'Clinic Visit' && draft.locationId === '' && <p className="admin-field__hint">{texts.anyClinicNote}</p>}
      <p className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? texts.saving : texts.save}
        </button>
        <button type="button" className="button button--outline" disabled={saving} onClick={() => actor.send({ type: 'add.cancelled' })}>
          {texts.cancel}
        </button>
      </p>
    </form>
  );
}
