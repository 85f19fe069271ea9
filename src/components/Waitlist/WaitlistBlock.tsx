/**
 * "My waitlist" on /myappointment (docs/waitlist.md): the patient's entries, each with a Leave
 * button, a slot held for an entry with its Decline button (./OfferPanel.tsx), and the join form
 * (./JoinForm.tsx), opened filled in when the patient came from the booking popup's "Join the
 * waitlist" link. The waitlist machine renders here; the page loads this block as a chunk of its own.
 * While there are entries the list is followed live (./WaitlistLive.tsx): a slot offered to the
 * patient shows, with a toast, without a reload.
 */
import { usePwaMessages } from '../../i18n/pwaMessages';
import { useOffline } from '../../pwa/useOffline';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { WaitlistEntry } from '../../../contract/waitlist';
import type { JoinDraft } from '../../../machines/waitlistOffer/join';
import {
  selectEntries,
  selectFormOpen,
  selectIsBusy,
  selectIsLoading,
  selectLeavingId,
  selectLoadFailed,
} from '../../../machines/waitlistOffer/selectors';
import { formatClinicDate } from '../../format/format';
import { useMessages } from '../../i18n/messages';
import { JoinForm } from './JoinForm';
import { OfferPanel } from './OfferPanel';
import { WaitlistLive } from './WaitlistLive';
import { useWaitlistActor } from './provider';
import type { WaitlistServices } from './services';
import './Waitlist.css';

export interface WaitlistBlockProps {
  readonly token: string;
  readonly services: WaitlistServices;
  /** Today in clinic time: the form's first day. */
  readonly today: string;
  /** The booking popup's choices ("Join the waitlist"); null: the form opens empty, when asked. */
  readonly prefill: Partial<JoinDraft> | null;
  /** The session's appointments: an offered hold is on it, and paid there it is taken. */
  readonly appointments: readonly AppointmentRecord[];
  /** A held slot came or went: the appointments list loads again. */
  readonly onChanged: () => void;
}

type WaitlistActor = ReturnType<typeof useWaitlistActor>;

function EntryCard({ entry, actor, props }: { entry: WaitlistEntry; actor: WaitlistActor; props: WaitlistBlockProps }) {
  const { waitlist: t, booking } = useMessages();
  const busy = useSelector(actor, selectIsBusy);
  const leaving = useSelector(actor, selectLeavingId) === entry._id;
  const place = entry.consultationType === 'Clinic Visit' ? entry.location || t.anyClinic : t.online;
  const paid = entry.offer !== null && props.appointments.some((a) => a._id === entry.offer!.appointmentId && a.appointmentPaymentStatus === 'paid');
  return (
    <article className="waitlist__entry">
      <h3 className="waitlist__doctor">{entry.doctorName}</h3>
      <p>{t.what(booking.consultationTypeNames[entry.consultationType], place)}</p>
      <p>{t.days(formatClinicDate(entry.fromDate), formatClinicDate(entry.toDate))}</p>
      {entry.offer ? (
        <OfferPanel
          key={entry.offer.appointmentId}
          entryId={entry._id}
          offer={entry.offer}
          paid={paid}
          token={props.token}
          services={props.services}
          onChanged={() => {
            props.onChanged();
            actor.send({ type: 'waitlist.refresh' });
          }}
        />
      ) : (
        <p className="waitlist__waiting">{t.waiting}</p>
      )}
      <p className="waitlist__actions">
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={t.leaveFor(entry.doctorName)}
          disabled={busy}
          onClick={() => actor.send({ type: 'entry.leave', id: entry._id })}
        >
          {leaving ? t.leaving : t.leave}
        </button>
      </p>
    </article>
  );
}

export default function WaitlistBlock(props: WaitlistBlockProps) {
  const { waitlist: t } = useMessages();
  const headingId = useId();
  const actor = useWaitlistActor(props.services, { token: props.token, today: props.today, prefill: props.prefill }, { changed: props.onChanged });
  const entries = useSelector(actor, selectEntries);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const formOpen = useSelector(actor, selectFormOpen);
  const busy = useSelector(actor, selectIsBusy);
  const offline = useOffline();
  const offlineNotice = usePwaMessages().offline;
  return (
    <section className="waitlist" aria-labelledby={headingId} aria-busy={loading || busy}>
      {entries.length > 0 && props.services.followWaitlist && (
        <WaitlistLive token={props.token} follow={props.services.followWaitlist} onList={(list) => actor.send({ type: 'waitlist.pushed', list })} />
      )}
      <h2 id={headingId}>{t.heading}</h2>
      <p className="waitlist__intro">{t.intro}</p>
      {loading && <p role="status">{t.loading}</p>}
      {failed && (
        <div role={offline ? 'status' : 'alert'}>
          {/* Offline: the notice the rest of the app says, not a failure of the waitlist's own. */}
          <p>{offline ? offlineNotice : t.failed}</p>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'waitlist.retry' })}>
            {t.tryAgain}
          </button>
        </div>
      )}
      {!loading && !failed && entries.length === 0 && <p>{t.empty}</p>}
      {entries.length > 0 && (
        <ul className="waitlist__list" aria-label={t.listLabel}>
          {entries.map((entry) => (
            <li key={entry._id}>
              <EntryCard entry={entry} actor={actor} props={props} />
            </li>
          ))}
        </ul>
      )}
      {formOpen ? (
        <JoinForm actor={actor} />
      ) : (
        !loading &&
        !failed && (
          <p>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => actor.send({ type: 'join.open' })}>
              {t.joinOpen}
            </button>
          </p>
        )
      )}
    </section>
  );
}
