/**
 * The follow-up on a completed appointment's card (docs/follow-ups.md), as its machine
 * (machines/followUp/followUpMachine.ts) says: the doctor's follow-up in the prescription's words
 * and its due date; for one follow-up the soonest free slots with the same doctor (a tap opens the
 * Book Appointment popup on that slot, the first visit's type preselected); for a course the whole
 * series, each visit at its time or, on a clash, why not and the time proposed instead, confirmed
 * (with the teleconsultation consent for Chat, Video and Call), then booked at once; the booked
 * series stays shown with its .ics and Cancel all (asked once more before it cancels).
 */
import { useSelector } from '@xstate/react';
import { useContext, useId, useState } from 'react';
import type { FollowUpOccurrence, FollowUpOffer, FollowUpSlot } from '../../../contract/followUps';
import type { FamilyMember } from '../../../contract/people';
import { followUpWords } from '../../../contract/followUpWords';
import type { BookingPreset } from '../../../machines/followUp/followUpMachine';
import { selectBusy, selectCanBook, selectConsent, selectOffer, selectShowsSeries } from '../../../machines/followUp/selectors';
import type { CalendarFile } from '../../../machines/appointments/appointmentsMachine';
import { formatClinicDate, formatClinicTime, formatRupees } from '../../format/format';
import { useLanguage } from '../../i18n/languageChoice';
import { useMessages } from '../../i18n/messages';
import { PopupContext } from '../Popup/popupContext';
import { useFollowUpActor } from './provider';
import type { FollowUpServices } from './services';
import { AskAgain, useAskTrigger } from '../../ui/AskAgain';
import './FollowUp.css';

export interface FollowUpBlockProps {
  /** The completed appointment's `_id`. */
  readonly appointmentId: string;
  readonly token: string;
  readonly services: FollowUpServices;
  readonly offerDownload: (file: CalendarFile) => void;
  /** Visits were booked or cancelled: the appointments list loads again. */
  readonly onChanged: () => void;
  /** The family member the first visit was for (null: the account holder): the popup books for them again. */
  readonly member: FamilyMember | null;
}

type FollowUpActor = ReturnType<typeof useFollowUpActor>;

const when = (slot: { date: string; startTime: string }) => [formatClinicDate(slot.date), formatClinicTime(slot.startTime)] as const;

/** The slots by day, in the order given. */
function daysOf(slots: readonly FollowUpSlot[]): Array<[string, FollowUpSlot[]]> {
  const days = new Map<string, FollowUpSlot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return [...days];
}

/** One follow-up: the soonest free slots by day, each a button to the booking popup. */
function SlotChoice({ offer, actor, busy }: { offer: FollowUpOffer; actor: FollowUpActor; busy: boolean }) {
  const t = useMessages().followUp;
  const wanted = offer.occurrences[0]?.wanted;
  if (offer.slots.length === 0) {
    return (
      <p>
        {t.noSlots}{' '}
        {wanted && (
          // The popup opens on the due date with the doctor and type chosen; the patient picks any time it offers.
          <button type="button" className="button button--outline button--small" disabled={busy} onClick={() => actor.send({ type: 'slot.chosen', slot: wanted })}>
            {t.bookOther}
          </button>
        )}
      </p>
    );
  }
  return (
    <>
      <p>{t.soonest}</p>
      <ul className="follow-up__days" aria-label={t.slotsLabel}>
        {daysOf(offer.slots).map(([day, slots]) => (
          <li key={day} className="follow-up__day">
            <span className="follow-up__date">{formatClinicDate(day)}</span>
            <span className="follow-up__slots">
              {slots.map((slot) => (
                <button
                  key={slot.startTime}
                  type="button"
                  className="button button--outline follow-up__slot"
                  aria-label={t.slot(formatClinicDate(day), formatClinicTime(slot.startTime))}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'slot.chosen', slot })}
                >
                  {formatClinicTime(slot.startTime)}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A visit of the series: at its time, or why not and the time proposed instead; once booked, its state. */
function Visit({ occurrence }: { occurrence: FollowUpOccurrence }) {
  const messages = useMessages();
  const t = messages.followUp;
  if (occurrence.booked) {
    const status = messages.appointments.statusNames[occurrence.booked.status as keyof typeof messages.appointments.statusNames] ?? occurrence.booked.status;
    return (
      <li>
        <strong>{t.visit(occurrence.index, ...when(occurrence.booked))}</strong>
        <span className="follow-up__state">
          {' '}
          ({occurrence.booked.appointmentNumber}) {t.visitState(status, occurrence.booked.paymentStatus === 'paid')}
        </span>
      </li>
    );
  }
  // A clash names the time the rhythm wanted, then why not and the time proposed instead.
  return (
    <li className={occurrence.clash ? 'follow-up__clash' : undefined}>
      <strong>{t.visit(occurrence.index, ...when(occurrence.wanted))}</strong>
      {occurrence.clash && (
        <span className="follow-up__why">
          {' '}
          {occurrence.proposed ? t.clashInstead(t.clash[occurrence.clash], ...when(occurrence.proposed)) : t.clashNone(t.clash[occurrence.clash])}
        </span>
      )}
    </li>
  );
}

/** Confirming: what Book all makes, the consent where needed, Book all and Back. */
function Confirm({ offer, actor, busy }: { offer: FollowUpOffer; actor: FollowUpActor; busy: boolean }) {
  const { followUp: t, people } = useMessages();
  const consentId = useId();
  const consent = useSelector(actor, selectConsent);
  const canBook = useSelector(actor, selectCanBook);
  return (
    <div className="follow-up__confirm" role="group" aria-label={t.confirmHeading}>
      <p>
        <strong>{t.confirmHeading}</strong>
      </p>
      <p>{t.confirmEach(offer.times, formatRupees(offer.fee))}</p>
      {offer.consultationType !== 'Clinic Visit' && (
        <p className="people-consent">
          <input
            id={consentId}
            type="checkbox"
            checked={consent !== null}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'consent.changed', text: e.target.checked ? people.consent : null })}
          />
          <label htmlFor={consentId}>{people.consent}</label>
        </p>
      )}
      <p className="follow-up__actions">
        <button type="button" className="button button--primary" disabled={busy || !canBook} aria-busy={busy} onClick={() => actor.send({ type: 'course.book' })}>
          {busy ? t.booking : t.bookAll}
        </button>
        <button type="button" className="button button--outline" disabled={busy} onClick={() => actor.send({ type: 'course.back' })}>
          {t.back}
        </button>
      </p>
    </div>
  );
}

/**
 * The booked series' .ics and Cancel all, asked once more before it cancels. A single follow-up's
 * visit was booked the ordinary way: it has its own card's Add to calendar, Edit and Cancel.
 */
function BookedActions({ actor, busy, single }: { actor: FollowUpActor; busy: boolean; single: boolean }) {
  const t = useMessages().followUp;
  const [asking, setAsking] = useState(false);
  const trigger = useAskTrigger(asking);
  if (asking) {
    const cancelAll = () => {
      setAsking(false);
      actor.send({ type: 'series.cancelAll' });
    };
    return <AskAgain label={t.cancelAll} question={t.cancelAllSure} yes={t.cancelAllYes} no={t.cancelAllNo} onYes={cancelAll} onNo={() => setAsking(false)} />;
  }
  if (single) return null;
  return (
    <p className="follow-up__actions">
      <button type="button" className="button button--outline" disabled={busy} onClick={() => actor.send({ type: 'series.calendar' })}>
        {t.addAllToCalendar}
      </button>
      <button ref={trigger} type="button" className="button button--outline" disabled={busy} aria-busy={busy} onClick={() => setAsking(true)}>
        {busy ? t.cancelling : t.cancelAll}
      </button>
    </p>
  );
}

/** The series, proposed or booked, with what the state offers under it. */
function Series({ offer, actor, busy }: { offer: FollowUpOffer; actor: FollowUpActor; busy: boolean }) {
  const t = useMessages().followUp;
  const state = useSelector(actor, (s) => s.value);
  const blocked = offer.occurrences.some((o) => o.booked === null && o.proposed === null);
  return (
    <>
      {offer.state === 'booked' && <p className="follow-up__booked">{offer.times === 1 ? t.bookedOne : t.bookedHeading}</p>}
      <ol className="follow-up__series" aria-label={t.seriesLabel}>
        {offer.occurrences.map((o) => (
          <Visit key={o.index} occurrence={o} />
        ))}
      </ol>
      {(state === 'CourseProposed' || state === 'ClashShown') &&
        (blocked ? (
          <p className="notice">{t.blocked}</p>
        ) : (
          <p className="follow-up__actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'course.confirm' })}>
              {t.review}
            </button>
          </p>
        ))}
      {(state === 'Confirming' || state === 'Booking') && <Confirm offer={offer} actor={actor} busy={busy} />}
      {(state === 'Booked' || state === 'Cancelling') && <BookedActions actor={actor} busy={busy} single={offer.times === 1} />}
    </>
  );
}

export function FollowUpBlock({ appointmentId, token, services, offerDownload, onChanged, member }: FollowUpBlockProps) {
  const { followUp: t } = useMessages();
  const language = useLanguage();
  const headingId = useId();
  const popup = useContext(PopupContext);
  const openBooking = (preset: BookingPreset) =>
    popup?.open('booking', {
      previous: {
        choices: { location: preset.location, doctorEmail: preset.doctorEmail, consultationType: preset.consultationType, date: preset.date, time: preset.startTime },
        member,
      },
    });
  const actor = useFollowUpActor(services, { appointmentId, token }, { openBooking, offerDownload, changed: onChanged });
  const offer = useSelector(actor, selectOffer);
  const busy = useSelector(actor, selectBusy);
  const series = useSelector(actor, selectShowsSeries);
  const loading = useSelector(actor, (s) => s.matches('Loading'));
  const failed = useSelector(actor, (s) => s.matches('Failed'));
  const single = useSelector(actor, (s) => s.matches('OfferLoaded'));
  return (
    <section className="follow-up" aria-labelledby={headingId} aria-busy={busy}>
      <h4 id={headingId}>{t.heading}</h4>
      {offer && (
        <p>
          {t.asked(
            offer.doctorName,
            followUpWords({ kind: 'after', every: offer.every, unit: offer.unit, times: offer.times }, language) ?? '',
            formatClinicDate(offer.dueDate),
          )}
        </p>
      )}
      {loading && <p role="status">{t.loading}</p>}
      {failed && (
        <div role="alert">
          <p>{t.failed}</p>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'retry' })}>
            {t.tryAgain}
          </button>
        </div>
      )}
      {offer && single && <SlotChoice offer={offer} actor={actor} busy={busy} />}
      {offer && series && !loading && !failed && <Series offer={offer} actor={actor} busy={busy} />}
    </section>
  );
}
