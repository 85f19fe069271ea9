/**
 * /account's Family members: the people the patient books for, each with Edit and
 * Remove (archived on the server: kept for the records), and a form to add one.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { draftOf, selectFamilyBusy, selectFamilyStatus, selectMembers } from '../../../machines/people/familyMachine';
import { useMessages } from '../../i18n/messages';
import { FamilyMemberForm } from './FamilyMemberForm';
import { useFamilyActor } from './useFamily';
import './People.css';

export function FamilySection({ token }: { token: string }) {
  const messages = useMessages();
  const { people, account } = messages;
  const [editing, setEditing] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const actor = useFamilyActor(token, {
    onSaved: () => {
      setEditing(null);
      setAdded((n) => n + 1);
    },
  });
  const members = useSelector(actor, selectMembers);
  const status = useSelector(actor, selectFamilyStatus);
  const busy = useSelector(actor, selectFamilyBusy);

  return (
    <section className="people-section" aria-labelledby="family-heading">
      <h2 id="family-heading">{people.familyHeading}</h2>
      <p>{people.familyIntro}</p>
      {status === 'loading' && <p role="status">{people.familyLoading}</p>}
      {status === 'failed' && (
        <p role="alert">
          {people.familyFailed}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'family.retry' })}>
            {people.tryAgain}
          </button>
        </p>
      )}
      {status === 'ready' && members.length === 0 && <p>{people.noMembers}</p>}
      {members.length > 0 && (
        <ul className="people-list">
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`.trim();
            return (
              <li key={m._id} className="people-list__item">
                {editing === m._id ? (
                  <FamilyMemberForm actor={actor} id={m._id} initial={draftOf(m)} heading={people.editMemberLabel(name)} onCancel={() => setEditing(null)} />
                ) : (
                  <>
                    <span className="people-list__who">
                      <strong>{name}</strong>
                      <span>
                        {m.relation}, {account.fields.age.toLowerCase()} {m.age}, {m.gender === 'male' ? account.fields.male : account.fields.female}
                      </span>
                    </span>
                    <span className="people-list__actions">
                      <button
                        type="button"
                        className="button button--outline button--small"
                        aria-label={people.editMemberLabel(name)}
                        disabled={busy}
                        onClick={() => {
                          actor.send({ type: 'member.reset' });
                          setEditing(m._id);
                        }}
                      >
                        {people.edit}
                      </button>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        aria-label={people.removeMemberLabel(name)}
                        disabled={busy}
                        onClick={() => actor.send({ type: 'member.archive', id: m._id })}
                      >
                        {people.remove}
                      </button>
                    </span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {status === 'ready' && editing === null && <FamilyMemberForm key={added} actor={actor} id={null} heading={people.addMember} />}
    </section>
  );
}
