/**
 * The waitlist as the desk reads it (reception and admins; GET /desk/waitlist through
 * machines/desk/waitlistList.ts): per doctor, in the order slots are offered, who waits (name,
 * phone), for what (type, clinic or any, online) and which days, and the slot out to them with
 * the time its hold lapses. Read only: the patients join, leave, take and decline in My
 * appointments; the desk answers the phone about it. Refresh reads it again.
 */
import { useSelector } from '@xstate/react';
import type { DeskWaitlistEntry } from '../../../contract/desk';
import { selectIsLoading, selectItems, selectListStatus } from '../../../machines/staffAdmin/adminListSelectors';
import { formatClinicDate, formatClinicInstant, formatClinicTime, formatPhone } from '../../format/format';
import { useDeskMessages } from '../../i18n/deskMessages';
import { LoadState } from '../parts';
import type { StaffServices } from '../services';
import { useDeskWaitlist } from './provider';
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
  const list = useDeskWaitlist(services);
  const status = useSelector(list, selectListStatus);
  const entries = useSelector(list, selectItems<DeskWaitlistEntry>);
  const loading = useSelector(list, selectIsLoading);
  return (
    <section className="desk desk-waitlist" aria-labelledby="waitlist-heading" aria-busy={loading}>
      <h1 id="waitlist-heading">{texts.heading}</h1>
      <p className="desk-waitlist__intro">{texts.intro}</p>
      <p className="desk-form__actions">
        <button type="button" className="button button--outline" disabled={loading} onClick={() => list.send({ type: 'list.refresh' })}>
          {texts.refresh}
        </button>
      </p>
      <LoadState status={status} loadingText={texts.loading} failureText={texts.failed} emptyText={texts.empty} onRetry={() => list.send({ type: 'list.retry' })} />
      {status === 'ready' &&
        byDoctor(entries).map((group) => <DoctorWaitlist key={group.doctorId} doctorName={group.doctorName} entries={group.entries} />)}
    </section>
  );
}

function DoctorWaitlist({ doctorName, entries }: { readonly doctorName: string; readonly entries: readonly DeskWaitlistEntry[] }) {
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
              {[texts.order, texts.patient, texts.phone, texts.wants, texts.days, texts.offer].map((h) => (
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
                </th>
                <td data-label={texts.phone}>{e.phoneNumber === null ? '—' : formatPhone(e.phoneNumber)}</td>
                <td data-label={texts.wants}>
                  {texts.wantsText(texts.typeNames[e.consultationType], e.consultationType === 'Clinic Visit' ? e.location || texts.anyClinic : texts.online)}
                </td>
                <td data-label={texts.days}>{texts.daysText(formatClinicDate(e.fromDate), formatClinicDate(e.toDate))}</td>
                <td data-label={texts.offer}>
                  {e.offer ? (
                    <span>
                      {texts.offerText(formatClinicDate(e.offer.date), formatClinicTime(e.offer.startTime))}
                      <span className="admin-table__sub">{e.offer.appointmentNumber}</span>
                      <span className="desk-waitlist__lapses">{texts.lapses(formatClinicInstant(e.offer.expiresAt) ?? '')}</span>
                    </span>
                  ) : (
                    texts.noOffer
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
