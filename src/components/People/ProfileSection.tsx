/**
 * /account's profile details: age and gender beside the page's name, mobile number and email,
 * and "Edit profile" for first and last name, phone (while not verified), age and gender (PUT /auth/profile, audited on
 * the server). Each problem on its field (the contract's codec first, then the server's 400), the
 * focus on the first. Saved, the session fetches the user again, so the header and the booking
 * popup know the new profile.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { SessionUser } from '../../../machines/session/context';
import {
  profileDraftOf,
  profileFields,
  profileMachine,
  selectIsEditingProfile,
  selectProfileBusy,
  selectProfileErrors,
  selectProfileErrorsShown,
  type ProfileDraft,
} from '../../../machines/people/profileMachine';
import { SessionContext } from '../../app/account';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { usePeopleServices } from '../../app/livePeople';
import { formatPhone } from '../../format/format';
import { useMessages, messages as liveMessages } from '../../i18n/messages';
import { toast } from '../../ui/toast';
import { Field, type FieldControlProps } from '../../ui/Field';
import { GenderOptions } from './GenderOptions';
import './People.css';

/** The profile's machine: its toasts, and a save that starts the session again to fetch the new user. */
function useProfileActor(token: string) {
  const services = usePeopleServices();
  const session = SessionContext.useActorRef();
  return useProvidedActor(
    () =>
      profileMachine.provide({
        actors: services.profile,
        actions: {
          notify: (_, { tone, notice }) => {
            if (tone === 'success') toast.info(liveMessages.people.profileSaved);
            else toast.error(notice.kind === 'failed' ? (notice.text ?? liveMessages.people.saveFailed) : liveMessages.people.saveFailed);
          },
          // The session starts again with the same token: it fetches the user, now with the new profile.
          saved: (_, { user: saved }) => session.send({ type: 'session.loggedIn', token, user: saved }),
        },
      }),
    { input: { token }, inspect },
  );
}

/** Each time the problems are shown anew, focus moves to the first field that has one. */
function useFocusFirstProblem(actor: ReturnType<typeof useProfileActor>, form: RefObject<HTMLElement | null>) {
  const errors = useSelector(actor, selectProfileErrors);
  const shown = useSelector(actor, selectProfileErrorsShown);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = profileFields.find((f) => errors[f] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, errors, form]);
}

/** Age and gender as saved ("not given" when empty); the phone is Mobile number's, above. */
function ProfileFacts({ user }: { user: SessionUser }) {
  const { people, account } = useMessages();
  const gender = user.gender === 'male' ? account.fields.male : user.gender === 'female' ? account.fields.female : people.notGiven;
  return (
    <dl className="profile">
      <div className="profile__row">
        <dt>{account.fields.age}</dt>
        <dd>{typeof user.age === 'number' ? user.age : people.notGiven}</dd>
      </div>
      <div className="profile__row">
        <dt>{account.fields.gender}</dt>
        <dd>{gender}</dd>
      </div>
    </dl>
  );
}

/**
 * The phone in the profile form. A number proven with a code signs in to the account, so it
 * changes only through /account's Mobile number, with a new code (the server refuses it here):
 * it is shown, and sent as it is. A number not proven yet stays editable here (the profile needs
 * a phone), with a word that Mobile number verifies it.
 */
function ProfilePhone({ user, base, draft, problem, onChange }: { user: SessionUser; base: string; draft: ProfileDraft; problem: string | undefined; onChange: (value: string) => void }) {
  const { account, accountContact } = useMessages();
  if (user.phoneNumber && user.phoneVerified === true)
    return (
      <div className="people-field">
        <strong>{account.fields.phoneNumber}</strong>
        <span>{formatPhone(user.phoneNumber)}</span>
        <p className="people-field__hint">{accountContact.profilePhoneVerified}</p>
      </div>
    );
  return (
    <Field look="people" id={`${base}-phoneNumber`} field="phoneNumber" label={account.fields.phoneNumber} error={problem} hint={user.phoneNumber ? accountContact.profilePhoneUnverified : undefined}>
      {(p) => <input {...p} type="tel" autoComplete="tel" value={draft.phoneNumber} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export function ProfileSection({ user, token }: { user: SessionUser; token: string }) {
  const messages = useMessages();
  const { people, account } = messages;
  const actor = useProfileActor(token);
  const editing = useSelector(actor, selectIsEditingProfile);
  const busy = useSelector(actor, selectProfileBusy);
  const errors = useSelector(actor, selectProfileErrors);
  const base = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => profileDraftOf(user));
  const form = useRef<HTMLFieldSetElement>(null);
  useFocusFirstProblem(actor, form);
  const editButton = useRef<HTMLButtonElement>(null);

  const labels: Record<(typeof profileFields)[number], string> = {
    firstName: account.fields.firstName,
    lastName: account.fields.lastName,
    phoneNumber: account.fields.phoneNumber,
    age: account.fields.age,
    gender: account.fields.gender,
  };
  const field = (name: (typeof profileFields)[number], control: (props: FieldControlProps) => ReactNode) => (
    <Field look="people" id={`${base}-${name}`} field={name} label={labels[name]} error={errors[name] === undefined ? undefined : people.fieldError(labels[name], errors[name]!)}>
      {control}
    </Field>
  );
  const change = (field: keyof ProfileDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field] !== undefined) actor.send({ type: 'profile.edited', field });
  };

  return (
    <section className="people-section" aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">{people.profileHeading}</h2>
      {!editing ? (
        <>
          <ProfileFacts user={user} />
          <p>
            <button
              ref={editButton}
              type="button"
              className="button button--outline"
              onClick={() => {
                setDraft(profileDraftOf(user));
                actor.send({ type: 'profile.edit' });
              }}
            >
              {people.editProfile}
            </button>
          </p>
        </>
      ) : (
        <fieldset className="people-form" ref={form} disabled={busy}>
          <legend>{people.editProfile}</legend>
          <div className="people-form__grid">
            {field('firstName', (p) => <input {...p} autoComplete="given-name" value={draft.firstName} onChange={(e) => change('firstName', e.target.value)} />)}
            {field('lastName', (p) => <input {...p} autoComplete="family-name" value={draft.lastName} onChange={(e) => change('lastName', e.target.value)} />)}
            <ProfilePhone user={user} base={base} draft={draft} problem={errors.phoneNumber === undefined ? undefined : people.fieldError(labels.phoneNumber, errors.phoneNumber)} onChange={(value) => change('phoneNumber', value)} />
            {field('age', (p) => <input {...p} inputMode="numeric" value={draft.age} onChange={(e) => change('age', e.target.value)} />)}
            {field('gender', (p) => (
              <select {...p} value={draft.gender} onChange={(e) => change('gender', e.target.value)}>
                <GenderOptions />
              </select>
            ))}
          </div>
          <p className="people-form__actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'profile.save', draft })}>
              {busy ? people.saving : people.save}
            </button>
            <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'profile.cancel' })}>
              {people.cancel}
            </button>
          </p>
        </fieldset>
      )}
    </section>
  );
}
