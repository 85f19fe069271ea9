/**
 * The waiting room's display (#/display/<key>): a page of its own for a TV, without the site's
 * header and footer, in large type, its labels in English, हिन्दी and मराठी together. Per doctor:
 * the token called and its room, and the next in the line (tokens and first-name initials only:
 * that is all the server sends). When the connection drops it says so and keeps the last known
 * queue on screen, and catches up when it connects again (machines/queueDisplay).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { DisplayDoctor, DisplaySnapshot } from '../../contract/display';
import { queueDisplayMachine } from '../../machines/queueDisplay/queueDisplayMachine';
import { selectIsConnecting, selectIsRevoked, selectIsStale, selectQueue } from '../../machines/queueDisplay/selectors';
import { displayLanguages, queueMessages, type QueueMessages } from '../i18n/queueMessages';
import { displayStream, type DisplayStreamLogic } from './liveDisplay';
import './Display.css';

type Label = (m: QueueMessages['display']) => string;

/** One label in the display's three languages, one under the other. */
function Words({ say, className }: { readonly say: Label; readonly className?: string }) {
  return (
    <span className={`display-words ${className ?? ''}`}>
      {displayLanguages.map((language) => (
        <span key={language} lang={language} className={`display-words__${language}`}>
          {say(queueMessages[language].display)}
        </span>
      ))}
    </span>
  );
}

/**
 * One doctor's queue. A doctor who sees patients here today with nobody called or waiting is shown
 * too, as "No one waiting": a screen that left them out would tell the patients waiting to see
 * them (not yet checked in, or just arrived) that their doctor is not here.
 */
function DoctorQueue({ doctor }: { readonly doctor: DisplayDoctor }) {
  if (doctor.called === null && doctor.waiting === 0) {
    return (
      <section className="display-doctor display-doctor--empty" aria-label={doctor.doctorName}>
        <h2 className="display-doctor__name">{doctor.doctorName}</h2>
        <Words say={(m) => m.nobodyWaiting} className="display-doctor__idle" />
      </section>
    );
  }
  return (
    <section className="display-doctor" aria-label={doctor.doctorName}>
      <h2 className="display-doctor__name">{doctor.doctorName}</h2>
      <div className="display-doctor__called">
        <Words say={(m) => m.now} className="display-doctor__label" />
        {doctor.called ? (
          <p className="display-doctor__token" aria-live="polite">
            <span className="display-token">{doctor.called.token}</span>
            <span className="display-initial">{doctor.called.initial}</span>
            {doctor.called.room !== '' && <span className="display-room">→ {doctor.called.room}</span>}
          </p>
        ) : (
          <Words say={(m) => m.pleaseWait} className="display-doctor__idle" />
        )}
      </div>
      <div className="display-doctor__next">
        <Words say={(m) => m.next} className="display-doctor__label" />
        <ol className="display-next">
          {doctor.next.map((t) => (
            <li key={t.token}>
              <span className="display-token">{t.token}</span>
              <span className="display-initial">{t.initial}</span>
            </li>
          ))}
        </ol>
        <Words say={(m) => m.waiting(doctor.waiting)} className="display-doctor__count" />
      </div>
    </section>
  );
}

function Queue({ queue }: { readonly queue: DisplaySnapshot }) {
  if (queue.doctors.length === 0) return <Words say={(m) => m.noQueue} className="display-empty" />;
  return (
    <div className="display-doctors">
      {queue.doctors.map((doctor) => (
        <DoctorQueue key={doctor.doctorId} doctor={doctor} />
      ))}
    </div>
  );
}

/** The display of the link `displayKey`, following its queue with `stream` (the live one by default; a test's fake). */
export function Display({ displayKey, stream = displayStream() }: { readonly displayKey: string; readonly stream?: DisplayStreamLogic }) {
  const actor = useActorRef(queueDisplayMachine.provide({ actors: { stream } }), { input: { key: displayKey } });
  const queue = useSelector(actor, selectQueue);
  const stale = useSelector(actor, selectIsStale);
  const connecting = useSelector(actor, selectIsConnecting);
  const revoked = useSelector(actor, selectIsRevoked);
  useEffect(() => {
    document.title = queue ? `${queueMessages.en.display.title} · ${queue.location}` : queueMessages.en.display.title;
  }, [queue]);

  return (
    <main className={`display${stale ? ' display--stale' : ''}`}>
      <header className="display__header">
        <Words say={(m) => m.title} className="display__title" />
        {queue && <p className="display__location">{queue.location}</p>}
      </header>
      {stale && (
        <p className="display__banner" role="status">
          <Words say={(m) => m.stale} />
        </p>
      )}
      {revoked ? (
        <p className="display__message" role="alert">
          <Words say={(m) => m.revoked} />
        </p>
      ) : queue ? (
        <Queue queue={queue} />
      ) : (
        connecting && (
          <p className="display__message" role="status">
            <Words say={(m) => m.connecting} />
          </p>
        )
      )}
    </main>
  );
}

export default function DisplayPage() {
  const { key = '' } = useParams();
  return <Display displayKey={key} />;
}
