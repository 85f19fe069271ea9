/**
 * The parts of the video call's page (./VideoCall.tsx), each drawn from the machine's stage and
 * sending the person's choices back: the device check, the waiting room, the call with its
 * controls, its end and a failure.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import type { ApiFailure } from '../../../machines/failures';
import type { DeviceProblem, EndReason, Quality } from '../../../machines/videoCall/context';
import type { VideoCallEvent } from '../../../machines/videoCall/events';
import type { VideoStage } from '../../../machines/videoCall/selectors';
import type { Messages } from '../../i18n/messages';

type Texts = Messages['video'];
type Send = (event: VideoCallEvent) => void;

/** The devices chosen in the device check ('' for the browser's own choice). */
export interface ChosenDevices {
  camera: string;
  microphone: string;
}

export interface DeviceCheckProps {
  readonly texts: Texts;
  readonly stage: VideoStage;
  readonly problem: DeviceProblem | null;
  readonly audioOnly: boolean;
  /** The microphone's level, 0 to 100. */
  readonly level: number;
  readonly devices: MediaDeviceInfo[];
  readonly chosen: RefObject<ChosenDevices>;
  readonly local: RefObject<MediaStream | null>;
  readonly preview: RefObject<HTMLVideoElement | null>;
  readonly send: Send;
}

/** The device check: camera preview, microphone level, the choice of devices, sound only, Join. */
export function DeviceCheck({ texts, stage, problem, audioOnly, level, devices, chosen, local, preview, send }: DeviceCheckProps) {
  const cameraId = useId();
  const micId = useId();
  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const microphones = devices.filter((d) => d.kind === 'audioinput');
  const choose = (which: 'camera' | 'microphone', value: string) => {
    chosen.current = { ...chosen.current, [which]: value };
    send({ type: 'devices.change' });
  };
  return (
    <div className="video-call__check">
      <h4>{texts.checkHeading}</h4>
      {stage === 'checking' && <p role="status">{texts.checking}</p>}
      {stage === 'refused' && problem && (
        <p role="alert" className="notice">
          {texts.problems[problem]}{' '}
          <button type="button" className="button button--outline" onClick={() => send({ type: 'devices.retry' })}>
            {texts.tryAgain}
          </button>
        </p>
      )}
      {!audioOnly && stage !== 'refused' && <video ref={preview} className="video-call__preview" aria-label={texts.preview} autoPlay playsInline muted />}
      {stage === 'ready' && (
        <>
          <p className="video-call__level">
            <label htmlFor={`${micId}-level`}>{texts.micLevel}</label>{' '}
            <meter id={`${micId}-level`} min={0} max={100} value={level} />
          </p>
          {!audioOnly && (
            <DeviceChoice id={cameraId} label={texts.camera} devices={cameras} value={chosen.current.camera || (local.current?.getVideoTracks()[0]?.getSettings().deviceId ?? '')} onChoose={(v) => choose('camera', v)} />
          )}
          <DeviceChoice id={micId} label={texts.microphone} devices={microphones} value={chosen.current.microphone || (local.current?.getAudioTracks()[0]?.getSettings().deviceId ?? '')} onChoose={(v) => choose('microphone', v)} />
        </>
      )}
      <p>
        <label>
          <input type="checkbox" checked={audioOnly} onChange={() => send({ type: 'audioOnly.toggle' })} /> {texts.audioOnly}
        </label>
      </p>
      <p>
        <button type="button" className="button button--primary" disabled={stage !== 'ready'} onClick={() => send({ type: 'join' })}>
          {texts.join}
        </button>
      </p>
    </div>
  );
}

/** A choice of camera or microphone (nothing when the browser lists none). */
function DeviceChoice({ id, label, devices, value, onChoose }: { id: string; label: string; devices: MediaDeviceInfo[]; value: string; onChoose: (deviceId: string) => void }) {
  if (devices.length === 0) return null;
  return (
    <p>
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChoose(e.target.value)}>
        {devices.map((d, i) => (
          <option key={d.deviceId || i} value={d.deviceId}>
            {d.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
    </p>
  );
}

export interface WaitingRoomProps {
  readonly texts: Texts;
  readonly stage: VideoStage;
  readonly side: 'patient' | 'doctor' | null;
  readonly peerPresent: boolean;
  readonly waitingPerson?: { name: string; details: ReactNode };
  readonly send: Send;
}

/** The waiting room: the patient waits to be let in; the doctor sees who waits, and Admit. */
export function WaitingRoom({ texts, stage, side, peerPresent, waitingPerson, send }: WaitingRoomProps) {
  if (side === 'patient') {
    return (
      <p role="status" className="video-call__waiting">
        {texts.waitingPatient}
      </p>
    );
  }
  if (side !== 'doctor') return null;
  return (
    <div className="video-call__waiting" role="status">
      {peerPresent ? <p>{texts.patientWaits(waitingPerson?.name ?? '')}</p> : <p>{texts.waitingDoctorAlone}</p>}
      {waitingPerson?.details}
      {peerPresent && (
        <p>
          <button type="button" className="button button--primary" disabled={stage === 'admitting'} aria-busy={stage === 'admitting'} onClick={() => send({ type: 'admit' })}>
            {stage === 'admitting' ? texts.admitting : texts.admit}
          </button>
        </p>
      )}
    </div>
  );
}

export interface LiveCallProps {
  readonly texts: Texts;
  readonly stage: VideoStage;
  readonly audioOnly: boolean;
  readonly quality: Quality;
  readonly remote: RefObject<HTMLVideoElement | null>;
  readonly self: RefObject<HTMLVideoElement | null>;
}

/** The call: the other side large, this side small, the connection's quality (hidden until live). */
export function LiveCall({ texts, stage, audioOnly, quality, remote, self }: LiveCallProps) {
  return (
    <div className="video-call__stage" hidden={!(stage === 'live' || stage === 'reconnecting' || stage === 'switching')}>
      <video ref={remote} className="video-call__remote" aria-label={texts.remoteVideo} autoPlay playsInline />
      {!audioOnly && <video ref={self} className="video-call__self" aria-label={texts.localVideo} autoPlay playsInline muted />}
      <p className={`video-call__quality video-call__quality--${quality}`} role="status">
        {texts.quality[quality]}
      </p>
    </div>
  );
}

export interface CallControlsProps {
  readonly texts: Texts;
  readonly stage: VideoStage;
  readonly side: 'patient' | 'doctor' | null;
  readonly audioOnly: boolean;
  readonly send: Send;
}

/** The call's buttons: sound only or camera on, the doctor's Switch to a call, Leave. */
export function CallControls({ texts, stage, side, audioOnly, send }: CallControlsProps) {
  return (
    <p className="video-call__controls">
      {(stage === 'live' || stage === 'reconnecting') && (
        <button type="button" className="button button--outline" aria-pressed={audioOnly} onClick={() => send({ type: 'audioOnly.toggle' })}>
          {audioOnly ? texts.cameraOn : texts.soundOnly}
        </button>
      )}
      {side === 'doctor' && (stage === 'live' || stage === 'switching') && (
        <button type="button" className="button button--outline" disabled={stage === 'switching'} onClick={() => send({ type: 'switchToCall' })}>
          {stage === 'switching' ? texts.switching : texts.switchToCall}
        </button>
      )}
      <button type="button" className="button button--danger" onClick={() => send({ type: 'hangUp' })}>
        {texts.hangUp}
      </button>
    </p>
  );
}

/** The call's end: why, what follows a switch to a Call, or Join again (in this page: a new device check and a new tab's seat). */
export function CallEnded({ texts, ended, afterSwitch, canRejoin, send }: { texts: Texts; ended: EndReason; afterSwitch?: ReactNode; canRejoin: boolean; send: Send }) {
  return (
    <div role="status">
      <p>{texts.ended[ended]}</p>
      {ended === 'switched' && afterSwitch}
      {canRejoin && (
        <p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'rejoin', tab: crypto.randomUUID() })}>
            {texts.rejoin}
          </button>
        </p>
      )}
    </div>
  );
}

/** A failure to join, admit or switch: the server's words where it said why, else ours; Try again. */
export function CallFailed({ texts, failure, send }: { texts: Texts; failure: ApiFailure | null; send: Send }) {
  const words = failure?._tag === 'HttpFailure' && !failure.generic ? failure.message : texts.failed;
  return (
    <p role="alert">
      {words}{' '}
      <button type="button" className="button button--outline" onClick={() => send({ type: 'retry' })}>
        {texts.tryAgain}
      </button>
    </p>
  );
}
