/**
 * The Book Appointment popup's patient-details step: "Booking for: Myself / Someone
 * else" (a family member chosen, or added inline), the person's details, and for Chat, Video and
 * Call the teleconsultation consent. It renders the booking machine's details state and sends its
 * events (machines/booking/details.ts holds the rules); the family list is the family machine's
 * (machines/people/familyMachine.ts).
 *
 * Every problem shows on its field (aria-invalid, the message tied with aria-describedby), checked
 * first with the contract's codec on Book and then by the server; each time problems are shown the
 * focus moves to the first.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FamilyMember } from '../../../contract/people';
import {
  selectBookingFor,
  selectBookingToken,
  selectChoices,
  selectConsent,
  selectDetailErrors,
  selectDetails,
  selectErrorsShown,
  selectIsBusy,
  selectMember,
  selectUser,
  type bookingMachine,
} from '../../../machines/booking/bookingMachine';
import type { PersonalDetails } from '../../../machines/booking/choices';
import { detailFields, hasNoEmail, isMinor, isTeleconsultation, profileIncomplete, type DetailField } from '../../../machines/booking/details';
import { selectFamilyStatus, selectMembers } from '../../../machines/people/familyMachine';
import { useMessages } from '../../i18n/messages';
import { FamilyMemberForm } from '../People/FamilyMemberForm';
import { GenderOptions } from '../People/GenderOptions';
import { Field, type FieldControlProps, FieldError, fieldControlProps } from '../../ui/Field';
import { useFamilyActor } from '../People/useFamily';
import '../People/People.css';

type BookingActor = ActorRefFrom<typeof bookingMachine>;

/** Each detail's label, and the sentence its problem is said with (undefined: no problem). */
function useDetailTexts(errors: ReturnType<typeof selectDetailErrors>) {
  const { account, people } = useMessages();
  const labels: Record<DetailField, string> = {
    familyMemberId: people.bookingFor,
    firstName: account.fields.firstName,
    lastName: account.fields.lastName,
    email: account.fields.email,
    phoneNumber: account.fields.phoneNumber,
    age: account.fields.age,
    gender: account.fields.gender,
    consentText: people.consentHeading,
  };
  const problemText = (field: DetailField): string | undefined => {
    const problem = errors[field];
    if (problem === undefined) return undefined;
    if (field === 'consentText') return people.consentRequired;
    if (field === 'familyMemberId') return people.memberProblem(problem);
    return people.fieldError(labels[field], problem);
  };
  return { labels, problemText };
}

/** Each time the problems are shown anew, focus moves to the first field that has one. */
function useFocusFirstProblem(actor: BookingActor, box: RefObject<HTMLDivElement | null>) {
  const errors = useSelector(actor, selectDetailErrors);
  const shown = useSelector(actor, selectErrorsShown);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = detailFields.find((f) => errors[f] !== undefined);
    if (first) box.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, errors, box]);
}

/** "Booking for: Myself / Someone else". */
function BookingForChoice({ actor, base, forSelf }: { actor: BookingActor; base: string; forSelf: boolean }) {
  const { people } = useMessages();
  return (
    <fieldset className="people-choice">
      <legend>{people.bookingFor}</legend>
      <div className="people-choice__options">
        <label>
          <input
            type="radio"
            name={`${base}-for`}
            checked={forSelf}
            onChange={() => actor.send({ type: 'patient.selected', for: 'self', member: null })}
          />
          {people.myself}
        </label>
        <label>
          <input
            type="radio"
            name={`${base}-for`}
            checked={!forSelf}
            onChange={() => actor.send({ type: 'patient.selected', for: 'other', member: null })}
          />
          {people.someoneElse}
        </label>
      </div>
    </fieldset>
  );
}

/** The teleconsultation consent box, for Chat, Video and Call. */
function ConsentField({ actor, base, problemText }: { actor: BookingActor; base: string; problemText: string | undefined }) {
  const { people } = useMessages();
  const errors = useSelector(actor, selectDetailErrors);
  const busy = useSelector(actor, selectIsBusy);
  const consent = useSelector(actor, selectConsent);
  const f = (field: DetailField) => fieldControlProps(`${base}-${field}`, { field, error: errors[field] !== undefined });
  return (
    <div className="booking__field people-consent-field">
      <p className="people-consent">
        <input
          {...f('consentText')}
          type="checkbox"
          checked={consent !== null}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'consent.changed', text: e.target.checked ? people.consent : null })}
        />
        <label htmlFor={f('consentText').id}>{people.consent}</label>
      </p>
      <FieldError look="people" id={`${base}-consentText`}>{problemText}</FieldError>
    </div>
  );
}

export function PatientDetails({ actor }: { actor: BookingActor }) {
  const messages = useMessages();
  const { booking, people, mobile } = messages;
  const base = useId();
  const details = useSelector(actor, selectDetails);
  const errors = useSelector(actor, selectDetailErrors);
  const busy = useSelector(actor, selectIsBusy);
  const token = useSelector(actor, selectBookingToken);
  const user = useSelector(actor, selectUser);
  const bookingFor = useSelector(actor, selectBookingFor);
  const member = useSelector(actor, selectMember);
  const type = useSelector(actor, selectChoices).consultationType;
  const tele = isTeleconsultation(type);
  const box = useRef<HTMLDivElement>(null);
  useFocusFirstProblem(actor, box);
  const { labels, problemText } = useDetailTexts(errors);
  const f = (field: DetailField) => fieldControlProps(`${base}-${field}`, { field, error: errors[field] !== undefined });
  const problem = (field: DetailField) => <FieldError look="people" id={`${base}-${field}`}>{problemText(field)}</FieldError>;
  const field = (name: DetailField, control: (props: FieldControlProps) => ReactNode) => (
    <Field look="people" id={`${base}-${name}`} field={name} label={labels[name]} error={problemText(name)} className="booking__field">
      {control}
    </Field>
  );
  const changeDetails = (change: Partial<PersonalDetails>) => actor.send({ type: 'details.changed', details: change });
  const forSelf = bookingFor === 'self';

  return (
    <div ref={box} className="booking__details-step">
      <fieldset className="booking__details" disabled={busy}>
        <legend>{booking.detailsHeading}</legend>

        {token !== null && <BookingForChoice actor={actor} base={base} forSelf={forSelf} />}

        {token !== null && !forSelf && (
          <SomeoneElse
            token={token}
            member={member}
            fieldId={f('familyMemberId')}
            problem={problem('familyMemberId')}
            onChoose={(chosen) => actor.send({ type: 'patient.selected', for: 'other', member: chosen })}
          />
        )}

        {forSelf && profileIncomplete(user) && (
          // A mobile sign-up has its phone but no name yet; a Google sign-up its name but no phone.
          <p className="people-note">{user?.firstName.trim() === '' ? mobile.nameOnceNote : people.profileOnceNote}</p>
        )}
        {!forSelf && <p className="booking__hint">{hasNoEmail(user) ? people.contactNoteNoEmail : people.contactNote}</p>}
        {member !== null && isMinor(member) && <p className="people-note">{people.minorNote}</p>}

        {forSelf && field('firstName', (p) => <input {...p} autoComplete="given-name" value={details.firstName} onChange={(e) => changeDetails({ firstName: e.target.value })} />)}
        {forSelf && field('lastName', (p) => <input {...p} autoComplete="family-name" value={details.lastName} onChange={(e) => changeDetails({ lastName: e.target.value })} />)}
        {!hasNoEmail(user) && field('email', (p) => <input {...p} type="email" autoComplete="email" value={details.email} onChange={(e) => changeDetails({ email: e.target.value })} />)}
        {field('phoneNumber', (p) => <input {...p} type="tel" autoComplete="tel" value={details.phoneNumber} onChange={(e) => changeDetails({ phoneNumber: e.target.value })} />)}
        {forSelf && field('age', (p) => <input {...p} inputMode="numeric" value={details.age} onChange={(e) => changeDetails({ age: e.target.value })} />)}
        {forSelf &&
          field('gender', (p) => (
            <select {...p} value={details.gender} onChange={(e) => changeDetails({ gender: e.target.value as PersonalDetails['gender'] })}>
              <GenderOptions />
            </select>
          ))}
      </fieldset>

      {tele && <ConsentField actor={actor} base={base} problemText={problemText('consentText')} />}
    </div>
  );
}

/** The family member select of "Someone else". */
function MemberSelect({
  members,
  member,
  fieldId,
  problem,
  onChoose,
}: {
  members: readonly FamilyMember[];
  member: FamilyMember | null;
  fieldId: FieldControlProps;
  problem: ReactNode;
  onChoose: (member: FamilyMember) => void;
}) {
  const { people } = useMessages();
  return (
    <div className="booking__field">
      <label htmlFor={fieldId.id}>{people.whoIsIt}</label>
      <select
        {...fieldId}
        value={member?._id ?? ''}
        onChange={(e) => {
          const chosen = members.find((m) => m._id === e.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        <option value="" disabled>
          {people.chooseMember}
        </option>
        {members.map((m) => (
          <option key={m._id} value={m._id}>
            {people.memberSummary(`${m.firstName} ${m.lastName}`.trim(), m.relation, m.age)}
          </option>
        ))}
      </select>
      {problem}
    </div>
  );
}

/** "Someone else": a family member chosen from the account's list, or added here. */
function SomeoneElse({
  token,
  member,
  fieldId,
  problem,
  onChoose,
}: {
  token: string;
  member: FamilyMember | null;
  fieldId: FieldControlProps;
  problem: ReactNode;
  onChoose: (member: FamilyMember) => void;
}) {
  const messages = useMessages();
  const { people } = messages;
  const [added, setAdded] = useState(0);
  const family = useFamilyActor(token, {
    quiet: true,
    onSaved: (saved) => {
      setAdded((n) => n + 1);
      onChoose(saved);
    },
  });
  const members = useSelector(family, selectMembers);
  const status = useSelector(family, selectFamilyStatus);
  const [adding, setAdding] = useState(false);
  const showForm = status === 'ready' && (adding || members.length === 0);

  return (
    <div className="people-wide">
      {status === 'loading' && <p role="status">{people.familyLoading}</p>}
      {status === 'failed' && (
        <p role="alert">
          {people.familyFailed}{' '}
          <button type="button" className="button button--small" onClick={() => family.send({ type: 'family.retry' })}>
            {people.tryAgain}
          </button>
        </p>
      )}
      {status === 'ready' && members.length > 0 && (
        <MemberSelect members={members} member={member} fieldId={fieldId} problem={problem} onChoose={onChoose} />
      )}
      {status === 'ready' && members.length === 0 && (
        <>
          <p id={fieldId.id} data-field="familyMemberId" tabIndex={-1} className="booking__hint">
            {people.noMembers}
          </p>
          {problem}
        </>
      )}
      {status === 'ready' && members.length > 0 && !adding && (
        <p>
          <button type="button" className="button button--outline button--small" onClick={() => setAdding(true)}>
            {people.addMember}
          </button>
        </p>
      )}
      {showForm && (
        <FamilyMemberForm
          key={added}
          actor={family}
          id={null}
          heading={people.addMember}
          onCancel={members.length > 0 ? () => setAdding(false) : undefined}
        />
      )}
    </div>
  );
}