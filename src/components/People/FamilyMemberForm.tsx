/**
 * Adding or editing one family member: first and last name, age, gender, relation. Each problem
 * (the contract's codec on the client, or the server's 400) shows on its field: aria-invalid, the
 * message tied with aria-describedby, and the focus on the first each time problems are shown.
 * The draft lives here; the machine (machines/people/familyMachine.ts) checks and saves it.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
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
import { FieldProblem, fieldProps } from './fieldParts';

type FamilyActor = ActorRefFrom<typeof familyMachine>;

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
  const shown = useSelector(actor, selectFamilyErrorsShown);
  const busy = useSelector(actor, selectFamilyBusy);
  const form = useRef<HTMLFieldSetElement>(null);
  const lastShown = useRef(shown);

  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = memberFields.find((f) => errors[f] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, errors]);

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
  const f = (field: (typeof memberFields)[number]) => fieldProps(base, field, errors[field]);
  const problem = (field: (typeof memberFields)[number]) => (
    <FieldProblem base={base} field={field} text={errors[field] === undefined ? undefined : people.fieldError(labels[field], errors[field]!)} />
  );

  return (
    <fieldset className="people-form" ref={form} disabled={busy}>
      <legend>{heading}</legend>
      <div className="people-form__grid">
        <div className="people-field">
          <label htmlFor={f('firstName').id}>{labels.firstName}</label>
          <input {...f('firstName')} autoComplete="off" value={draft.firstName} onChange={(e) => change('firstName', e.target.value)} />
          {problem('firstName')}
        </div>
        <div className="people-field">
          <label htmlFor={f('lastName').id}>{labels.lastName}</label>
          <input {...f('lastName')} autoComplete="off" value={draft.lastName} onChange={(e) => change('lastName', e.target.value)} />
          {problem('lastName')}
        </div>
        <div className="people-field">
          <label htmlFor={f('age').id}>{labels.age}</label>
          <input {...f('age')} inputMode="numeric" value={draft.age} onChange={(e) => change('age', e.target.value)} />
          {problem('age')}
        </div>
        <div className="people-field">
          <label htmlFor={f('gender').id}>{labels.gender}</label>
          <select {...f('gender')} value={draft.gender} onChange={(e) => change('gender', e.target.value)}>
            <option value="">{messages.booking.genderChoose}</option>
            <option value="male">{account.fields.male}</option>
            <option value="female">{account.fields.female}</option>
          </select>
          {problem('gender')}
        </div>
        <div className="people-field">
          <label htmlFor={f('relation').id}>{labels.relation}</label>
          <input
            {...f('relation')}
            autoComplete="off"
            value={draft.relation}
            aria-describedby={[`${base}-relation-hint`, f('relation')['aria-describedby']].filter(Boolean).join(' ')}
            onChange={(e) => change('relation', e.target.value)}
          />
          <p id={`${base}-relation-hint`} className="people-field__hint">
            {people.relationHint}
          </p>
          {problem('relation')}
        </div>
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
