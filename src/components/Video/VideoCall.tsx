/**
 * The portal's own video call (machines/videoCall; the server: server/services/video.ts), on the
 * patient's card and in the doctor's console: the device check (camera preview, microphone level,
 * the choice of devices, sound only, clear words when the browser refuses), the waiting room
 * (the patient: "The doctor will let you in"; the doctor: who waits, Admit), the call (the other
 * side large, this side small, the connection's quality from getStats, sound only, Leave; the
 * doctor: Switch to a call), and its end. Nothing is recorded; the page says so.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { Consultation } from '../../../contract/consultation';
import type { VideoJoin } from '../../../contract/video';
import { selectAudioOnly, selectDeviceProblem, selectEnded, selectFailure, selectPeerPresent, selectQuality, selectSide, selectStage } from '../../../machines/videoCall/selectors';
import { videoCallMachine } from '../../../machines/videoCall/videoCallMachine';
import { videoApi } from '../../api/video';
import type { Messages } from '../../i18n/messages';
import { callActor } from './callActor';
import './Video.css';

export interface VideoCallProps {
  readonly appointmentId: string;
  readonly token: string;
  readonly texts: Messages['video'];
  /** The doctor's console: who waits, and what to show with them (the consent, the person consulted). */
  readonly waitingPerson?: { name: string; details: ReactNode };
  /** What to show once the doctor switched the consultation to a Call (the Call's own words or tel: link). */
  readonly afterSwitch?: ReactNode;
}

/** The answer, or a rejection with the ApiFailure (as the app's actors reject). */
async function orFail<A>(answer: Promise<Either<unknown, A>>): Promise<A> {
  const a = await answer;
  if (isLeft(a)) throw a.left;
  return a.right;
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function VideoCall({ appointmentId, token, texts, waitingPerson, afterSwitch }: VideoCallProps) {
  const headingId = useId();
  const cameraId = useId();
  const micId = useId();
  const local = useRef<MediaStream | null>(null);
  const preview = useRef<HTMLVideoElement | null>(null);
  const self = useRef<HTMLVideoElement | null>(null);
  const remote = useRef<HTMLVideoElement | null>(null);
  const remoteStream = useRef<MediaStream | null>(null);
  const chosen = useRef({ camera: '', microphone: '' });
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [level, setLevel] = useState(0);
  const [tab] = useState(() => crypto.randomUUID());
  const [, setRemoteTick] = useState(0);

  const actor = useActorRef(
    videoCallMachine.provide({
      actors: {
        openDevices: fromPromise<void, { audioOnly: boolean }>(async ({ input }) => {
          stopTracks(local.current);
          local.current = null;
          const { camera, microphone } = chosen.current;
          const stream = await navigator.mediaDevices.getUserMedia({
            audio: microphone ? { deviceId: { exact: microphone } } : true,
            video: input.audioOnly ? false : camera ? { deviceId: { exact: camera } } : { width: { ideal: 640 }, height: { ideal: 480 } },
          });
          local.current = stream;
          setDevices(await navigator.mediaDevices.enumerateDevices());
        }),
        joinCall: fromPromise<VideoJoin, { appointmentId: string; tab: string; token: string }>(({ input }) => orFail(videoApi.join(input.appointmentId, input.tab, input.token))),
        admit: fromPromise<void, { appointmentId: string; tab: string; token: string }>(async ({ input }) => {
          await orFail(videoApi.admit(input.appointmentId, input.tab, input.token));
        }),
        switchToCall: fromPromise<Consultation, { appointmentId: string; tab: string; token: string }>(({ input }) =>
          orFail(videoApi.switchToCall(input.appointmentId, input.tab, input.token)),
        ),
        call: callActor(videoApi, {
          local: () => local.current,
          onRemote: (stream) => {
            remoteStream.current = stream;
            if (remote.current) remote.current.srcObject = stream;
            setRemoteTick((n) => n + 1);
          },
        }),
      },
    }),
    { input: { appointmentId, token, tab } },
  );
  const stage = useSelector(actor, selectStage);
  const problem = useSelector(actor, selectDeviceProblem);
  const audioOnly = useSelector(actor, selectAudioOnly);
  const peerPresent = useSelector(actor, selectPeerPresent);
  const quality = useSelector(actor, selectQuality);
  const ended = useSelector(actor, selectEnded);
  const side = useSelector(actor, selectSide);
  const failure = useSelector(actor, selectFailure);
  // The server's words where it said why (outside the window, another tab), else ours.
  const failureWords = failure?._tag === 'HttpFailure' && !failure.generic ? failure.message : texts.failed;
  const checking = stage === 'checking' || stage === 'ready' || stage === 'refused';
  const inCall = ['waiting', 'admitting', 'admitted', 'connecting', 'live', 'reconnecting', 'switching'].includes(stage);

  // The preview and this side's small picture show the opened camera.
  useEffect(() => {
    if (preview.current) preview.current.srcObject = local.current;
    if (self.current) self.current.srcObject = local.current;
    if (remote.current && remote.current.srcObject !== remoteStream.current) remote.current.srcObject = remoteStream.current;
  });

  // The microphone's level, while the device check shows.
  useEffect(() => {
    if (stage !== 'ready' || !local.current || local.current.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(local.current).connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 200)));
    }, 100);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [stage]);

  // The camera and microphone are let go when the call is over or the page goes.
  useEffect(() => () => stopTracks(local.current), []);
  useEffect(() => {
    if (stage === 'ended') stopTracks(local.current);
  }, [stage]);

  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const microphones = devices.filter((d) => d.kind === 'audioinput');
  const choose = (which: 'camera' | 'microphone', value: string) => {
    chosen.current = { ...chosen.current, [which]: value };
    actor.send({ type: 'devices.change' });
  };

  return (
    <section className="video-call" aria-labelledby={headingId} data-stage={stage}>
      <h3 id={headingId}>{texts.heading}</h3>
      <p className="video-call__private">{texts.notRecorded}</p>

      {checking && (
        <div className="video-call__check">
          <h4>{texts.checkHeading}</h4>
          {stage === 'checking' && <p role="status">{texts.checking}</p>}
          {stage === 'refused' && problem && (
            <p role="alert" className="notice">
              {texts.problems[problem]}{' '}
              <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'devices.retry' })}>
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
              <input type="checkbox" checked={audioOnly} onChange={() => actor.send({ type: 'audioOnly.toggle' })} /> {texts.audioOnly}
            </label>
          </p>
          <p>
            <button type="button" className="button button--primary" disabled={stage !== 'ready'} onClick={() => actor.send({ type: 'join' })}>
              {texts.join}
            </button>
          </p>
        </div>
      )}

      {stage === 'joining' && <p role="status">{texts.joining}</p>}

      {(stage === 'waiting' || stage === 'admitting') && side === 'patient' && (
        <p role="status" className="video-call__waiting">
          {texts.waitingPatient}
        </p>
      )}
      {(stage === 'waiting' || stage === 'admitting') && side === 'doctor' && (
        <div className="video-call__waiting" role="status">
          {peerPresent ? <p>{texts.patientWaits(waitingPerson?.name ?? '')}</p> : <p>{texts.waitingDoctorAlone}</p>}
          {waitingPerson?.details}
          {peerPresent && (
            <p>
              <button type="button" className="button button--primary" disabled={stage === 'admitting'} aria-busy={stage === 'admitting'} onClick={() => actor.send({ type: 'admit' })}>
                {stage === 'admitting' ? texts.admitting : texts.admit}
              </button>
            </p>
          )}
        </div>
      )}
      {(stage === 'admitted' || stage === 'connecting') && <p role="status">{texts.connecting}</p>}
      {stage === 'reconnecting' && (
        <p role="status" className="notice">
          {texts.reconnecting}
        </p>
      )}

      {inCall && (
        <div className="video-call__stage" hidden={!(stage === 'live' || stage === 'reconnecting' || stage === 'switching')}>
          <video ref={remote} className="video-call__remote" aria-label={texts.remoteVideo} autoPlay playsInline />
          {!audioOnly && <video ref={self} className="video-call__self" aria-label={texts.localVideo} autoPlay playsInline muted />}
          <p className={`video-call__quality video-call__quality--${quality}`} role="status">
            {texts.quality[quality]}
          </p>
        </div>
      )}
      {inCall && (
        <p className="video-call__controls">
          {(stage === 'live' || stage === 'reconnecting') && (
            <button type="button" className="button button--outline" aria-pressed={audioOnly} onClick={() => actor.send({ type: 'audioOnly.toggle' })}>
              {audioOnly ? texts.cameraOn : texts.soundOnly}
            </button>
          )}
          {side === 'doctor' && (stage === 'live' || stage === 'switching') && (
            <button type="button" className="button button--outline" disabled={stage === 'switching'} onClick={() => actor.send({ type: 'switchToCall' })}>
              {stage === 'switching' ? texts.switching : texts.switchToCall}
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => actor.send({ type: 'hangUp' })}>
            {texts.hangUp}
          </button>
        </p>
      )}

      {stage === 'ended' && ended && (
        <div role="status">
          <p>{texts.ended[ended]}</p>
          {ended === 'switched' && afterSwitch}
          {(ended === 'hungUp' || ended === 'elsewhere') && (
            <p>
              {/* A fresh page: a fresh device check and seat (the window's end closes it anyway). */}
              <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
                {texts.rejoin}
              </button>
            </p>
          )}
        </div>
      )}
      {stage === 'failed' && (
        <p role="alert">
          {failureWords}{' '}
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'retry' })}>
            {texts.tryAgain}
          </button>
        </p>
      )}
    </section>
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
