/**
 * A Video or Call appointment's consultation on its /myappointment card, wired to the
 * consultation panel machine (machines/consultationJoin): while the join window is open, the
 * portal's own video in the card (src/components/Video, VIDEO_PROVIDER=portal) or "Join video
 * consultation" (a Jitsi room in a new tab, VIDEO_PROVIDER=jitsi), else when it opens; for a
 * Call, who calls the person consulted on which number and when. The server decides what is
 * open; the machine asks again when the window opens or closes.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { Consultation } from '../../../contract/consultation';
import {
  selectConsultation,
  selectHasFailed,
  selectIsLoading,
} from '../../../machines/consultationJoin/selectors';
import { useMessages } from '../../i18n/messages';
import { useConsultationJoinActor } from './provider';
import { clinicTimeAndDate, formatClinicDate, formatClinicTime, formatPhone } from '../../format/format';
import { VideoCall } from '../Video/VideoCall';

export type LoadConsultation = PromiseActorLogic<Consultation, { appointmentId: string; token: string }>;

export interface ConsultationPanelProps {
  readonly appointment: AppointmentRecord;
  readonly token: string;
  readonly loadConsultation: LoadConsultation;
}

export function ConsultationPanel({ appointment, token, loadConsultation }: ConsultationPanelProps) {
  const messages = useMessages();
  const texts = messages.consultation;
  const headingId = useId();
  const actor = useConsultationJoinActor(loadConsultation, { appointmentId: appointment._id, token });
  const consultation = useSelector(actor, selectConsultation);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectHasFailed);

  // Nothing to do in a consultation that is over, cancelled, unpaid or completed: the card says the rest.
  if (consultation?.state === 'unavailable' || consultation?.state === 'closed') return null;
  return (
    <section className="appointment-card__consultation" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.heading}</h3>
      {loading && consultation === null && <p role="status">{texts.loading}</p>}
      {failed && (
        <p role="alert">
          {texts.failed}{' '}
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'consultation.retry' })}>
            {texts.tryAgain}
          </button>
        </p>
      )}
      {consultation && <ConsultationBody consultation={consultation} token={token} />}
    </section>
  );
}

function ConsultationBody({ consultation, token }: { consultation: Consultation; token: string }) {
  const messages = useMessages();
  const texts = messages.consultation;
  if (consultation.consultationType === 'Video' && consultation.state === 'open' && consultation.portalVideo) {
    // The portal's own video, in the card itself; switched to a Call, the Call's words.
    return (
      <VideoCall
        appointmentId={consultation.appointmentId}
        token={token}
        texts={messages.video}
        afterSwitch={<p>{texts.callText(consultation.doctorName, formatPhone(consultation.person.phoneNumber), formatClinicTime(consultation.startTime))}</p>}
      />
    );
  }
  if (consultation.consultationType === 'Video') {
    if (consultation.state === 'open' && consultation.joinUrl) {
      return (
        <p>
          <a className="button button--primary" href={consultation.joinUrl} target="_blank" rel="noopener noreferrer">
            {texts.joinVideo} <span className="visually-hidden">{messages.appointments.opensInNewTab}</span>
          </a>
        </p>
      );
    }
    if (consultation.state === 'upcoming') {
      const opens = clinicTimeAndDate(consultation.opensAt);
      if (!opens) return null;
      return (
        <p>
          {/* Today: the time says it all; another day also says which. */}
          {opens.date === clinicTimeAndDate(new Date().toISOString())?.date
            ? texts.videoOpensAt(opens.time)
            : texts.videoOpensOn(formatClinicDate(opens.date), opens.time)}
        </p>
      );
    }
    return null;
  }
  if (consultation.consultationType === 'Call' && (consultation.state === 'upcoming' || consultation.state === 'open')) {
    return (
      <p>
        {texts.callText(consultation.doctorName, formatPhone(consultation.person.phoneNumber), formatClinicTime(consultation.startTime))}{' '}
        {texts.callOnDate(formatClinicDate(consultation.date))}
      </p>
    );
  }
  return null;
}
