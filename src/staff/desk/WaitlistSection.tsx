/**
 * The waitlist at the desk (reception and admins; machines/desk/waitlist): per doctor, in the order
 * slots are offered, who waits (name, phone), for what (type, clinic or any, online) and which
 * days, and the slot out to them with the time its hold lapses (for a patient without an account:
 * phone them, the fee taken on the Desk keeps it). "Add to waitlist" puts a patient the desk found
 * on it (./WaitlistAddForm.tsx); "Remove" takes an entry off, asked once more (src/ui/AskAgain.tsx).
 * Refresh reads it again.
 */
import { useSelector } from '@xstate/react';
import type { DeskWaitlistEntry } from '../../../contract/desk';
import type { DeskDoctor } from '../../../machines/desk/desk';
import {
  selectCanChange,
  selectEntries,
  selectFormOpen,
  selectRemoving,
  selectWaitlistStatus,
  type DeskWaitlistActor,
} from '../../../machines/desk/waitlist/waitlistMachine';
import { formatClinicDate, formatClinicInstant, formatClinicTime, formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { AskAgain, useAskTrigger } from '../../ui/AskAgain';
import { LoadState } from '../parts';
import type { StaffServices } from '../services';
import { WithDeskDoctors } from './DeskDoctors';
import { useDeskWaitlist } from './provider';
import { WaitlistAddForm } from './WaitlistAddForm';
import '../admin/admin.css';
import './desk.css';

/** The entries by doctor, in the order the server gave them (the clinic's order of doctors, then joining). */
function byDoctor(entries: readonly DeskWaitlistEntry[]): { doctorId: string; doctorName: string; entries: DeskWaitlistEntry[] }[] {
  const groups = new Map<string, { doctorId: string; doctorName: string; entries: DeskWaitlistEntry[] }>();
  for (const e of entries) {
    const group = groups.get(e.doctorId) ?? { doctorId: e.doctorId, doctorName: e.doctorName, entries: [] };
    group.entries.push(e);
    groups.set(e.doctorId, group);
  }
  return [...groups.values()];
}

export function WaitlistSection({ services }: { readonly services: StaffServices }) {
  const texts = useDeskMessages().waitlist;
  return (
    <section className="desk desk-waitlist" aria-labelledby="waitlist-heading">
      <h1 id="waitlist-heading">{texts.heading}</h1>
      <p className="desk-waitlist__intro">{texts.intro}</p>
      <WithDeskDoctors services={services}>{(doctors) => <DeskWaitlist services={services} doctors={doctors} />}</WithDeskDoctors>
    </section>
  );
}

function DeskWaitlist({ services, doctors }: { readonly services: StaffServices; readonly doctors: readonly DeskDoctor[] }) {
  const texts = useDeskMessages().waitlist;
  const actor = useDeskWaitlist(services, doctors);
  const status = useSelector(actor, selectWaitlistStatus);
  const entries = useSelector(actor, selectEntries);
  const formOpen = useSelector(actor, selectFormOpen);
  const idle = useSelector(actor, selectCanChange);
  const shown = status === 'ready' && entries.length === 0 ? 'empty' : status;
  return (
    <div aria-busy={status === 'loading'}>
      <p className="desk-form__actions">
        <button type="button" className="button button--outline" disabled={status === 'loading'} onClick={() => actor.send({ type: 'list.refresh' })}>
          {texts.refresh}
        </button>
        {status === 'ready' && !formOpen && (
          <button type="button" className="button button--primary" disabled={!idle} onClick={() => actor.send({ type: 'add.opened' })}>
            {texts.add}
          </button>
        )}
      </p>
      {formOpen && <WaitlistAddForm actor={actor} doctors={doctors} />}
      <LoadState status={shown} loadingText={texts.loading} failureText={texts.failed} emptyText={texts.empty} onRetry={() => actor.send({ type: 'list.retry' })} />
      {status === 'ready' &&
        byDoctor(entries).map((group) => <DoctorWaitlist key={group.doctorId} actor={actor} doctorName={group.doctorName} entries={group.entries} />)}
    </div>
  );
}

function OfferCell({ entry }: { readonly entry: DeskWaitlistEntry }) {
  const texts = useDeskMessages().waitlist;
  if (!entry.offer) return <>{texts.noOffer}</>;
  return (
    <span>
      {texts.offerText(formatClinicDate(entry.offer.date), formatClinicTime(entry.offer.startTime))}
      <span className="admin-table__sub">{entry.offer.appointmentNumber}</span>
      <span className="desk-waitlist__lapses">{texts.lapses(formatClinicInstant(entry.offer.expiresAt) ?? '')}</span>
      {entry.patientKind === 'desk' && <span className="desk-waitlist__call">{texts.deskPatientOffer}</span>}
    </span>
  );
}

/** Remove, asked once more in place of the button. */
function RemoveCell({ actor, entry, doctorName }: { readonly actor: DeskWaitlistActor; readonly entry: DeskWaitlistEntry; readonly doctorName: string }) {
  const texts = useDeskMessages().waitlist;
  const removing = useSelector(actor, selectRemoving);
  const idle = useSelector(actor, selectCanChange);
  const trigger = useAskTrigger(removing?.id === entry._id);
  if (removing?.id === entry._id && removing.busy) return <span role="status">{texts.removing}</span>;
  if (removing?.id === entry._id) {
    return (
      <AskAgain
        label={texts.remove(entry.patientName)}
        question={texts.removeQuestion(entry.patientName, doctorName)}
        yes={texts.removeYes}
        no={texts.removeNo}
        onYes={() => actor.send({ type: 'remove.confirmed' })}
        onNo={() => actor.send({ type: 'remove.cancelled' })}
      />
    );
  }
  return (
    <button ref={trigger} type="button" className="button button--outline" disabled={!idle} aria-label={texts.remove(entry.patientName)} onClick={() => actor.send({ type: 'remove.asked', entryId: entry._id })}>
      {texts.removeLabel}
    </button>
  );
}

function DoctorWaitlist({ actor, doctorName, entries }: { readonly actor: DeskWaitlistActor; readonly doctorName: string; readonly entries: readonly DeskWaitlistEntry[] }) {
  const texts = useDeskMessages().waitlist;
  const label = texts.tableLabel(doctorName);
  const headingId = `waitlist-${entries[0]!.doctorId}`;
  return (
    <section className="desk-waitlist__doctor" aria-labelledby={headingId}>
      <h2 id={headingId} className="desk__subheading">
        {texts.doctorLabel(doctorName, entries.length)}
      </h2>
      <div className="admin-table__wrap" role="region" aria-label={label} tabIndex={0}>
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {[texts.order, texts.patient, texts.phone, texts.wants, texts.days, texts.offer, texts.actions].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={e._id}>
                <td data-label={texts.order}>{i + 1}</td>
                <th scope="row" data-label={texts.patient}>
                  {e.patientName}
                  {e.patientKind === 'desk' && <span className="admin-table__sub">{texts.noAccount}</span>}
                </th>
                <td data-label={texts.phone}>{e.phoneNumber === null ? '—' : formatPhone(e.phoneNumber)}</td>
                <td data-label={texts.wants}>
                  {texts.wantsText(texts.typeNames[e.consultationType], e.consultationType === 'Clinic Visit' ? e.location || texts.anyClinic : texts.online)}
                </td>
                <td data-label={texts.days}>{texts.daysText(formatClinicDate(e.fromDate), formatClinicDate(e.toDate))}</td>
                <td data-label={texts.offer}>
                  <OfferCell entry={e} />
                </td>
                <td data-label={texts.actions}>
                  <RemoveCell actor={actor} entry={e} doctorName={doctorName} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
