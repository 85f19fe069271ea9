/**
 * A Chat, Video or Call appointment in the console (India's telemedicine guidelines):
 * the person consulted (name, age, gender; for a minor the adult present), the doctor's
 * registration, the teleconsultation consent recorded at booking, and the consultation itself:
 * inside the join window the portal's own video (the device check, who waits and Admit, the call,
 * Switch to a call) or, with Jitsi, "Join video consultation" (a new tab), else when it opens; for a Call,
 * a tel: link to the person consulted at the time and "Note: no answer" so the clinic can follow
 * up; and the consultation record (who took part how, and when). Wired to the consultation
 * panel machine (machines/consultationJoin), as the patient's card is.
 */
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { AppointmentRecord } from '../../contract/appointments';
import type { Consultation } from '../../contract/consultation';
import {
  selectCanNote,
  selectConsultation,
  selectHasFailed,
  selectIsLoading,
  selectIsNoting,
} from '../../machines/consultationJoin/selectors';
import { clinicTimeAndDate, formatClinicDate, formatClinicRecorded, formatPhone, telHref } from '../format/format';
import { useStaffMessages } from '../i18n/staffMessages';
import { Fact, LoadState } from './parts';
import { VideoCall } from '../components/Video/VideoCall';
import { en } from '../i18n/messages';
import { useStaff } from './StaffContext';
import { useTeleconsultationActor, type TeleconsultationActors } from './provider';

export function Teleconsultation({ appointment, actors }: { appointment: AppointmentRecord; actors: TeleconsultationActors }) {
  const texts = useStaffMessages().teleconsultation;
  const headingId = useId();
  // Its calls and toasts are the provider's (a 401 is the request base's).
  const actor = useTeleconsultationActor(actors, appointment._id);
  const consultation = useSelector(actor, selectConsultation);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectHasFailed);

  return (
    <section className="staff-card staff-teleconsultation" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      {consultation === null && (
        <LoadState
          status={loading ? 'loading' : failed ? 'failed' : 'ready'}
          loadingText={texts.loading}
          failureText={texts.failed}
          onRetry={() => actor.send({ type: 'consultation.retry' })}
        />
      )}
      {consultation && <Body consultation={consultation} actor={actor} />}
    </section>
  );
}

type PanelActor = ReturnType<typeof useTeleconsultationActor>;

function Body({ consultation: c, actor }: { consultation: Consultation; actor: PanelActor }) {
  const staff = useStaffMessages();
  const texts = staff.teleconsultation;
  const genders = staff.detail.genders;
  // A closed account: the server sends the fact, not a name.
  const name = c.formerPatient ? staff.formerPatient : `${c.person.firstName} ${c.person.lastName}`.trim();
  const opens = clinicTimeAndDate(c.opensAt);
  const opensToday = opens !== null && opens.date === clinicTimeAndDate(new Date().toISOString())?.date;
  const opensText = opens
    ? opensToday
      ? texts.videoOpensAt(opens.time)
      : texts.videoOpensOn(formatClinicDate(opens.date), opens.time)
    : null;
  return (
    <>
      <dl className="staff-facts">
        <Fact label={texts.person} value={texts.personValue(name, c.person.age, genders[c.person.gender])} />
        <Fact label={texts.relation} value={c.person.relation === '' ? texts.accountHolder : c.person.relation} />
        {c.person.adultPresent && (
          <Fact label={texts.adultPresent} value={`${c.person.adultPresent.firstName} ${c.person.adultPresent.lastName}`.trim()} />
        )}
        <Fact
          label={texts.registration}
          value={c.registration.council && c.registration.number ? texts.registrationValue(c.registration.council, c.registration.number) : texts.noRegistration}
        />
        <Fact
          label={texts.consent}
          value={c.consent ? texts.consentValue(c.consent.text, formatClinicRecorded(c.consent.at) ?? c.consent.at) : texts.noConsent}
        />
      </dl>
      {c.state === 'unavailable' && c.reason && <p className="notice">{texts.unavailable[c.reason]}</p>}
      {c.state === 'closed' && <p>{texts.windowOver}</p>}
      {c.consultationType === 'Video' && c.state === 'open' && c.joinUrl && (
        <p>
          <a className="button button--primary" href={c.joinUrl} target="_blank" rel="noopener noreferrer">
            {texts.joinVideo} <span className="visually-hidden">{texts.opensInNewTab}</span>
          </a>
        </p>
      )}
      {c.consultationType === 'Video' && c.state === 'open' && c.portalVideo && (
        // The console is English (docs/i18n.md): the video's English texts.
        <PortalVideo consultation={c} name={name} />
      )}
      {c.consultationType === 'Video' && c.state === 'upcoming' && opensText && <p>{opensText}</p>}
      {c.consultationType === 'Call' && c.state === 'open' && c.person.phoneNumber !== '' && (
        <p>
          <a className="button button--primary" href={telHref(c.person.phoneNumber)}>
            {texts.callPerson(formatPhone(c.person.phoneNumber))}
          </a>
        </p>
      )}
      {c.consultationType === 'Call' && c.state === 'upcoming' && opens && (
        <p>{opensToday ? texts.callOpensAt(opens.time) : texts.callOpensOn(formatClinicDate(opens.date), opens.time)}</p>
      )}
      {c.consultationType === 'Call' && <NoAnswerForm actor={actor} />}
      {c.events.length > 0 && (
        <>
          <h3 className="staff-card__subheading">{texts.record}</h3>
          <ul>
            {c.events.map((e, index) => (
              <li key={`${e.at}-${index}`}>
                {texts.recordLine(texts.eventNames[e.kind], texts.roleNames[e.role] ?? e.role, formatClinicRecorded(e.at) ?? e.at)}
                {e.note !== '' && <> — {e.note}</>}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The portal's own video in the console; the facts above (the person, the consent) go with who waits. */
function PortalVideo({ consultation: c, name }: { consultation: Consultation; name: string }) {
  const texts = useStaffMessages().teleconsultation;
  const { token } = useStaff();
  const phone = c.person.phoneNumber;
  return (
    <VideoCall
      appointmentId={c.appointmentId}
      token={token}
      texts={en.video}
      waitingPerson={{
        name,
        details: <p>{c.consent ? texts.consentValue(c.consent.text, formatClinicRecorded(c.consent.at) ?? c.consent.at) : texts.noConsent}</p>,
      }}
      afterSwitch={
        phone !== '' && (
          <p>
            <a className="button button--primary" href={telHref(phone)}>
              {texts.callPerson(formatPhone(phone))}
            </a>
          </p>
        )
      }
    />
  );
}

function NoAnswerForm({ actor }: { actor: PanelActor }) {
  const texts = useStaffMessages().teleconsultation;
  const canNote = useSelector(actor, selectCanNote);
  const noting = useSelector(actor, selectIsNoting);
  const [note, setNote] = useState('');
  const fieldId = useId();
  if (!canNote && !noting) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'call.noanswer', note: note.trim() });
    setNote('');
  };
  return (
    <form className="staff-noanswer" onSubmit={submit} aria-label={texts.noAnswerHeading}>
      <p>
        <label htmlFor={fieldId}>{texts.noAnswerNote}</label>
        <input id={fieldId} type="text" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </p>
      <p>
        <button type="submit" className="button button--outline" disabled={noting} aria-busy={noting}>
          {noting ? texts.noting : texts.noAnswer}
        </button>
      </p>
    </form>
  );
}
