/**
 * Adding or editing one family member: first and last name, age, gender, relation. Each problem
 * (the contract's codec on the client, or the server's 400) shows on its field: aria-invalid, the
 * message tied with aria-describedby, and the focus on the first each time problems are shown.
 * The draft lives here; the machine (machines/people/familyMachine.ts) checks and saves it.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  emptyDraft,
  memberFields,
  selectFamilyBusy,
  selectFamilyErrors,
  selectFamilyErrorsShown,
  type familyMachine,
  type MemberDraft,
} from '../../../machines/people/familyMachine';
import { useMessages } from '../../i18n/messages';
import { Field, type FieldControlProps } from '../../ui/Field';
import { GenderOptions } from './GenderOptions';

type FamilyActor = ActorRefFrom<typeof familyMachine>;

/** Each time the problems are shown anew, focus moves to the first field that has one. */
function useFocusFirstProblem(actor: FamilyActor, form: RefObject<HTMLElement | null>) {
  const errors = useSelector(actor, selectFamilyErrors);
  const shown = useSelector(actor, selectFamilyErrorsShown);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = memberFields.find((f) => errors[f] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, errors, form]);
}

export function FamilyMemberForm({
  actor,
  id,
  initial = emptyDraft,
  heading,
  onCancel,
}: {
  actor: FamilyActor;
  /** The member edited; null: a new one. */
  id: string | null;
  initial?: MemberDraft;
  heading: string;
  onCancel?: () => void;
}) {
  const messages = useMessages();
  const { people, account } = messages;
  const base = useId();
  const [draft, setDraft] = useState<MemberDraft>(initial);
  const errors = useSelector(actor, selectFamilyErrors);
  const busy = useSelector(actor, selectFamilyBusy);
  const form = useRef<HTMLFieldSetElement>(null);
  useFocusFirstProblem(actor, form);

  const labels: Record<(typeof memberFields)[number], string> = {
    firstName: account.fields.firstName,
    lastName: account.fields.lastName,
    age: account.fields.age,
    gender: account.fields.gender,
    relation: people.relation,
  };
  const change = (field: keyof MemberDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field] !== undefined) actor.send({ type: 'member.edited', field });
  };
  const field = (name: (typeof memberFields)[number], control: (props: FieldControlProps) => ReactNode, hint?: string) => (
    <Field look="people" id={`${base}-${name}`} field={name} label={labels[name]} hint={hint} error={errors[name] === undefined ? undefined : people.fieldError(labels[name], errors[name]!)}>
      {control}
    </Field>
  );

  return (
    <fieldset className="people-form" ref={form} disabled={busy}>
      <legend>{heading}</legend>
      <div className="people-form__grid">
        {field('firstName', (p) => <input {...p} autoComplete="off" value={draft.firstName} onChange={(e) => change('firstName', e.target.value)} />)}
        {field('lastName', (p) => <input {...p} autoComplete="off" value={draft.lastName} onChange={(e) => change('lastName', e.target.value)} />)}
        {field('age', (p) => <input {...p} inputMode="numeric" value={draft.age} onChange={(e) => change('age', e.target.value)} />)}
        {field('gender', (p) => (
          <select {...p} value={draft.gender} onChange={(e) => change('gender', e.target.value)}>
            <GenderOptions />
          </select>
        ))}
        {field('relation', (p) => <input {...p} autoComplete="off" value={draft.relation} onChange={(e) => change('relation', e.target.value)} />, people.relationHint)}
      </div>
      <p className="people-form__actions">
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'member.save', id, draft })}>
          {busy ? people.saving : id === null ? people.addMember : people.save}
        </button>
        {onCancel && (
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              actor.send({ type: 'member.reset' });
              onCancel();
            }}
          >
            {people.cancel}
          </button>
        )}
      </p>
    </fieldset>
  );
}
