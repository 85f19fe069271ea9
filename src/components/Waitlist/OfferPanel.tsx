/**
 * A slot held for a waitlist entry: when and where, until when, and Decline. Its machine
 * (machines/waitlistOffer/waitlistOfferMachine.ts) lapses it when the hold ends, and takes it once
 * the appointments list shows the hold paid (`paid`).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { WaitlistOffer } from '../../../contract/waitlist';
import { selectOfferPhase } from '../../../machines/waitlistOffer/selectors';
import { formatClinicDate, formatClinicInstant, formatClinicTime } from '../../format/format';
import { useMessages } from '../../i18n/messages';
import { useWaitlistOfferActor } from './provider';
import type { WaitlistServices } from './services';

export interface OfferPanelProps {
  readonly entryId: string;
  readonly offer: WaitlistOffer;
  /** The appointments list shows the hold paid. */
  readonly paid: boolean;
  readonly token: string;
  readonly services: WaitlistServices;
  readonly onChanged: () => void;
}

export function OfferPanel({ entryId, offer, paid, token, services, onChanged }: OfferPanelProps) {
  const { waitlist: t, availability } = useMessages();
  const actor = useWaitlistOfferActor(services, { entryId, offer, token }, { changed: onChanged });
  const phase = useSelector(actor, selectOfferPhase);
  useEffect(() => {
    if (paid) actor.send({ type: 'offer.paid' });
  }, [paid, actor]);
  const place = offer.location === '' ? availability.locationOnline : offer.location;
  if (phase === 'taken' || phase === 'declined' || phase === 'lapsed') {
    return (
      <p role="status" className="waitlist__offer-over">
        {t[phase]}
      </p>
    );
  }
  return (
    <div className="waitlist__offer" role="group" aria-label={t.offerHeading}>
      <p className="waitlist__offer-heading">
        <strong>{t.offerHeading}</strong>
      </p>
      <p>{t.offerWhen(formatClinicDate(offer.date), formatClinicTime(offer.startTime), place)}</p>
      <p>{t.offerUntil(formatClinicInstant(offer.expiresAt) ?? '', offer.appointmentNumber)}</p>
      <p className="waitlist__actions">
        <button type="button" className="button button--outline" disabled={phase === 'declining'} onClick={() => actor.send({ type: 'offer.decline' })}>
          {phase === 'declining' ? t.declining : t.decline}
        </button>
      </p>
    </div>
  );
}
