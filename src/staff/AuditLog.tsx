/**
 * The audit log for admins: every staff change, latest first, a page at a time: when,
 * who (email and role), what (the action), which appointment, and the values before and after
 * (machines/staffConsole/auditDetails.ts makes them readable).
 */
import { useSelector } from '@xstate/react';
import { auditChanges } from '../../machines/staffConsole/auditDetails';
import {
  selectEntries,
  selectFailure,
  selectHasMore,
  selectIsLoadingMore,
  selectLogStatus,
  type AuditRecord,
} from '../../machines/staffConsole/auditLogMachine';
import { formatClinicRecorded } from '../format/format';
import { Link } from '../components/Link/Link';
import { getStaffMessages, useStaffMessages } from '../i18n/staffMessages';
import { backTo } from './backTo';
import { Fact, LoadState } from './parts';
import { useAuditLogActor } from './provider';
import type { StaffServices } from './services';

/** Entries asked for at a time. */
export const auditPageSize = 50;

export function AuditLog({ services, pageSize = auditPageSize }: { services: StaffServices; pageSize?: number }) {
  const actor = useAuditLogActor(services, pageSize);
  const status = useSelector(actor, selectLogStatus);
  const entries = useSelector(actor, selectEntries);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const failure = useSelector(actor, selectFailure);
  const texts = useStaffMessages().audit;

  return (
    <section className="staff-audit" aria-busy={status === 'loading' || loadingMore}>
      <h1>{texts.heading}</h1>
      <p className="staff-field__hint">{texts.intro}</p>
      <p>
        <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'audit.refresh' })}>
          {texts.refresh}
        </button>
      </p>
      <LoadState
        status={status}
        loadingText={texts.loading}
        failureText={failure ?? texts.failed}
        emptyText={texts.empty}
        onRetry={() => actor.send({ type: 'audit.retry' })}
      />
      {status === 'ready' && (
        <>
          <ol className="staff-audit__entries">
            {entries.map((entry) => (
              <li key={entry.id}>
                <AuditEntryView entry={entry} />
              </li>
            ))}
          </ol>
          {hasMore ? (
            <p>
              <button type="button" className="button button--outline" disabled={loadingMore} onClick={() => actor.send({ type: 'audit.more' })}>
                {loadingMore ? texts.loadingOlder : texts.older}
              </button>
            </p>
          ) : (
            <p className="staff-field__hint">{texts.end}</p>
          )}
          {loadingMore && (
            <p role="status" className="staff-state staff-state--quiet">
              {texts.loadingOlder}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function AuditEntryView({ entry }: { entry: AuditRecord }) {
  const staff = useStaffMessages();
  const texts = staff.audit;
  const changes = auditChanges(entry.details);
  const when = formatClinicRecorded(entry.at) ?? entry.at;
  const action = texts.actions[entry.action] ?? entry.action;
  return (
    <article className="staff-card staff-audit__entry">
      <h2 className="staff-audit__title">
        {action} <span className="staff-audit__code">({entry.action})</span>
      </h2>
      <dl className="staff-facts">
        <Fact label={texts.when} value={<time dateTime={entry.at}>{when}</time>} />
        {/* A closed account acted: the server sends the fact, not the account's pseudonym. */}
        <Fact label={texts.who} value={entry.actorFormerPatient ? staff.formerPatient : entry.actor} />
        <Fact label={texts.role} value={texts.roles[entry.actorRole]} />
        {entry.appointmentId && (
          <Fact
            label={texts.appointment}
            value={
              <Link to={`/staff/appointments/${encodeURIComponent(entry.appointmentId)}`} state={backTo('/staff/audit')}>
                {entry.appointmentNumber ?? texts.openAppointment}
              </Link>
            }
          />
        )}
      </dl>
      {changes.length === 0 ? (
        <p className="staff-field__hint">{texts.noChanges}</p>
      ) : (
        <div className="staff-audit__table-wrap">
          <table className="staff-audit__changes">
            <caption className="visually-hidden">{texts.changes}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.field}</th>
                <th scope="col">{texts.before}</th>
                <th scope="col">{texts.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{fieldName(change.field)}</th>
                  <td>{shown(change.before)}</td>
                  <td>{shown(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

/** `medicines › remedies › #1 › dosage` as `Prescription › Remedies › #1 › Dosage`. */
function fieldName(path: string): string {
  const names = getStaffMessages().audit.fieldNames;
  return path
    .split(' › ')
    .map((part) => names[part] ?? part)
    .join(' › ');
}

function shown(value: string | null): string {
  const texts = getStaffMessages().audit;
  if (value === null) return texts.none;
  return value === '' ? texts.empty_value : value;
}
