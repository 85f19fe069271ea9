/**
 * A checked-in Clinic Visit's place in today's queue, on its card: the token, then "2 before you,
 * about 15 minutes", "You are next", "Please go to Room 2", live (machines/queuePlace). Nothing
 * before check-in, nor for a missed visit. Only today's Clinic Visits mount it (AppointmentCard).
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { CallbackActorLogic, PromiseActorLogic } from 'xstate';
import type { QueuePlace } from '../../../contract/display';
import type { QueuePlaceEvent } from '../../../machines/queuePlace/context';
import { queuePlaceMachine } from '../../../machines/queuePlace/queuePlaceMachine';
import { selectPlace } from '../../../machines/queuePlace/selectors';
import { useQueueMessages, type QueueMessages } from '../../i18n/queueMessages';

type Ids = { appointmentId: string; token: string };

/** The place's calls: the real ones in src/app/liveQueuePlace.ts, fakes in tests. */
export interface QueuePlaceActors {
  readonly loadPlace: PromiseActorLogic<QueuePlace, Ids>;
  readonly stream: CallbackActorLogic<QueuePlaceEvent, Ids>;
}

/** The place in words; null when there is nothing to say. */
export function placeWords(place: QueuePlace, texts: QueueMessages['place']): string | null {
  switch (place.status) {
    case 'waiting':
      return place.before === 0 ? texts.next : texts.before(place.before, place.minutes);
    case 'called':
      return texts.called(place.room);
    case 'done':
      return texts.seen;
    default:
      return null;
  }
}

export function QueuePlaceLine({ appointmentId, token, actors }: { readonly appointmentId: string; readonly token: string; readonly actors: QueuePlaceActors }) {
  const texts = useQueueMessages().place;
  const actor = useActorRef(queuePlaceMachine.provide({ actors }), { input: { appointmentId, token } });
  const place = useSelector(actor, selectPlace);
  const words = place ? placeWords(place, texts) : null;
  if (!place || words === null || place.status === 'notCheckedIn') return null;
  return (
    <section className="appointment-card__queue" aria-label={texts.heading}>
      <p role="status">
        <strong>{texts.token(place.token)}</strong> <span>{words}</span>
      </p>
    </section>
  );
}
