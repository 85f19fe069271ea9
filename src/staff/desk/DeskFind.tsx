/**
 * The Desk's first step: the search (name, phone, appointment id, token) and its hits, each patient
 * with their upcoming visits (check in, take the fee: ./VisitActions.tsx), "Book for", and for a
 * patient the desk registered "Edit details" (machines/desk/patientEdit: saved, the search runs
 * again by their phone, so the list shows them as they now are); or "Register a new patient".
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { DeskPatient } from '../../../contract/desk';
import type { DeskSearchHit } from '../../../machines/desk/desk';
import { draftOf, selectEditErrors, selectEditErrorsShown, selectEditOpen, selectEditSaving, type PatientEditActor } from '../../../machines/desk/patientEdit/patientEditMachine';
import { selectHits, selectIsSearching, selectMore, selectSearchedFor } from '../../../machines/desk/deskBooking/selectors';
import { formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import type { StaffServices } from '../services';
import type { DeskBookingActor } from './DeskSection';
import { DeskAbha } from './DeskAbha';
import { PatientFields } from './PatientForm';
import { usePatientEditActor } from './provider';
import { VisitActions } from './VisitActions';

export function DeskFind({ actor, services }: { readonly actor: DeskBookingActor; readonly services: StaffServices }) {
  const texts = useDeskMessages().search;
  const hits = useSelector(actor, selectHits);
  const more = useSelector(actor, selectMore);
  const searchedFor = useSelector(actor, selectSearchedFor);
  const searching = useSelector(actor, selectIsSearching);
  const [query, setQuery] = useState(searchedFor ?? '');
  const ids = { query: useId(), hint: useId(), results: useId() };
  return (
    <>
      <form
        role="search"
        className="desk-search"
        aria-label={texts.heading}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'search.submitted', query });
        }}
      >
        <h2 className="desk__subheading">{texts.heading}</h2>
        <div className="desk-search__row">
          <div className="admin-field desk-search__field">
            <label htmlFor={ids.query} className="admin-field__label">
              {texts.label}
            </label>
            <input
              id={ids.query}
              type="search"
              className="admin-field__input"
              value={query}
              maxLength={100}
              autoComplete="off"
              aria-describedby={ids.hint}
              onChange={(event) => setQuery(event.target.value)}
            />
            <p id={ids.hint} className="admin-field__hint">
              {texts.hint}
            </p>
          </div>
          <button type="submit" className="button button--primary" disabled={query.trim() === ''} aria-busy={searching}>
            {searching ? texts.searching : texts.submit}
          </button>
        </div>
      </form>
      <p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'register.opened' })}>
          {texts.register}
        </button>
      </p>
      {searchedFor !== null && (
        <section aria-labelledby={ids.results} aria-busy={searching}>
          <h2 id={ids.results} className="desk__subheading">
            {texts.results(searchedFor)}
          </h2>
          {hits.length === 0 && <p className="staff-state">{texts.none(searchedFor)}</p>}
          <ul className="desk-hits">
            {hits.map((hit) => (
              <li key={hit.patient._id}>
                <Hit hit={hit} actor={actor} services={services} />
              </li>
            ))}
          </ul>
          {more && <p className="staff-state">{texts.more}</p>}
        </section>
      )}
    </>
  );
}

function Hit({ hit, actor, services }: { readonly hit: DeskSearchHit; readonly actor: DeskBookingActor; readonly services: StaffServices }) {
  const desk = useDeskMessages();
  const texts = desk.search;
  const { patient, upcoming } = hit;
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  const headingId = useId();
  // Saved: the search again by the new phone, which finds them as they now are.
  const edit = usePatientEditActor(services, patient, (saved: DeskPatient) => actor.send({ type: 'search.submitted', query: saved.phoneNumber }));
  const editing = useSelector(edit, selectEditOpen);
  return (
    <article className="staff-card desk-hit" aria-labelledby={headingId}>
      <h3 id={headingId} className="desk-hit__name">
        {name}
      </h3>
      <p className="desk-hit__facts">
        <span>{formatPhone(patient.phoneNumber)}</span>
        <span>{texts.ageGender(patient.age, patient.gender ? desk.patient.genders[patient.gender] : null)}</span>
        <span className="staff-badge">{patient.kind === 'desk' ? texts.noAccount : texts.account}</span>
        {patient.noShows > 0 && <span className="staff-badge staff-badge--missed">{texts.noShows(patient.noShows)}</span>}
      </p>
      {editing ? (
        <PatientEdit actor={edit} patient={patient} name={name} />
      ) : (
        <>
          <h4 className="desk-hit__visits">{texts.upcoming}</h4>
          {upcoming.length === 0 ? (
            <p className="desk-hit__none">{texts.noUpcoming}</p>
          ) : (
            <ul className="desk-visits">
              {upcoming.map((appointment) => (
                <li key={appointment._id}>
                  <VisitActions appointment={appointment} services={services} />
                </li>
              ))}
            </ul>
          )}
          <p className="desk-hit__book">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'patient.chosen', patientId: patient._id })}>
              {texts.bookFor(name)}
            </button>
            {patient.kind === 'desk' && (
              <button type="button" className="button button--outline" onClick={() => edit.send({ type: 'edit.opened' })}>
                {texts.edit(name)}
              </button>
            )}
          </p>
          <DeskAbha patientId={patient._id} name={name} />
        </>
      )}
    </article>
  );
}

/** The patient's details in the registering form, to correct. */
function PatientEdit({ actor, patient, name }: { readonly actor: PatientEditActor; readonly patient: DeskPatient; readonly name: string }) {
  const texts = useDeskMessages().patient;
  return (
    <PatientFields
      heading={texts.editHeading(name)}
      headingLevel={4}
      intro={texts.editIntro}
      submit={texts.editSave}
      submitting={texts.editSaving}
      initial={draftOf(patient)}
      errors={useSelector(actor, selectEditErrors)}
      errorsShown={useSelector(actor, selectEditErrorsShown)}
      saving={useSelector(actor, selectEditSaving)}
      onEdited={(field) => actor.send({ type: 'edit.changed', field })}
      onSubmit={(draft) => actor.send({ type: 'edit.submitted', draft })}
      onCancel={() => actor.send({ type: 'edit.cancelled' })}
    />
  );
}
