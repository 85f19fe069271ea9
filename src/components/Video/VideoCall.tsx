/**
 * The portal's own video call (machines/videoCall; the server: server/services/video.ts), on the
 * patient's card and in the doctor's console: the device check (camera preview, microphone level,
 * the choice of devices, sound only, clear words when the browser refuses), the waiting room
 * (the patient: "The doctor will let you in"; the doctor: who waits, Admit), the call (the other
 * side large, this side small, the connection's quality from getStats, sound only, Leave; the
 * doctor: Switch to a call), and its end. Nothing is recorded; the page says so.
 *
 * This file holds the machine, the media and their effects; the parts of the page are in
 * ./VideoCallViews.tsx.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { fromPromise } from 'xstate';
import type { Consultation } from '../../../contract/consultation';
import type { VideoJoin } from '../../../contract/video';
import type { VideoCallEvent } from '../../../machines/videoCall/events';
import { selectAudioOnly, selectDeviceProblem, selectEnded, selectFailure, selectPeerPresent, selectQuality, selectSide, selectStage, type VideoStage } from '../../../machines/videoCall/selectors';
import { videoCallMachine } from '../../../machines/videoCall/videoCallMachine';
import { videoApi } from '../../api/video';
import type { Messages } from '../../i18n/messages';
import { callActor } from './callActor';
import { CallControls, CallEnded, CallFailed, DeviceCheck, LiveCall, WaitingRoom, type ChosenDevices } from './VideoCallViews';
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

/** The media of one call, kept across renders: the streams, the video elements, the chosen devices. */
interface CallMediaRefs {
  readonly local: RefObject<MediaStream | null>;
  readonly preview: RefObject<HTMLVideoElement | null>;
  readonly self: RefObject<HTMLVideoElement | null>;
  readonly remote: RefObject<HTMLVideoElement | null>;
  readonly remoteStream: RefObject<MediaStream | null>;
  readonly chosen: RefObject<ChosenDevices>;
}

function useCallMediaRefs(): CallMediaRefs {
  return {
    local: useRef<MediaStream | null>(null),
    preview: useRef<HTMLVideoElement | null>(null),
    self: useRef<HTMLVideoElement | null>(null),
    remote: useRef<HTMLVideoElement | null>(null),
    remoteStream: useRef<MediaStream | null>(null),
    chosen: useRef<ChosenDevices>({ camera: '', microphone: '' }),
  };
}

type TabInput = { appointmentId: string; tab: string; token: string };

/** The machine's actors, given the app's: the devices (getUserMedia), the video API, the call. */
function appActors(media: CallMediaRefs, setDevices: (devices: MediaDeviceInfo[]) => void, remoteChanged: () => void) {
  return {
    openDevices: fromPromise<void, { audioOnly: boolean }>(async ({ input }) => {
      stopTracks(media.local.current);
      media.local.current = null;
      const { camera, microphone } = media.chosen.current;
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: microphone ? { deviceId: { exact: microphone } } : true,
        video: input.audioOnly ? false : camera ? { deviceId: { exact: camera } } : { width: { ideal: 640 }, height: { ideal: 480 } },
      });
      media.local.current = stream;
      setDevices(await navigator.mediaDevices.enumerateDevices());
    }),
    joinCall: fromPromise<VideoJoin, TabInput>(({ input }) => orFail(videoApi.join(input.appointmentId, input.tab, input.token))),
    admit: fromPromise<void, TabInput>(async ({ input }) => {
      await orFail(videoApi.admit(input.appointmentId, input.tab, input.token));
    }),
    switchToCall: fromPromise<Consultation, TabInput>(({ input }) => orFail(videoApi.switchToCall(input.appointmentId, input.tab, input.token))),
    call: callActor(videoApi, {
      local: () => media.local.current,
      onRemote: (stream) => {
        media.remoteStream.current = stream;
        if (media.remote.current) media.remote.current.srcObject = stream;
        remoteChanged();
      },
    }),
  };
}

/** The video call machine of this tab (a random tab id), with the devices the browser lists. */
function useVideoCallActor(appointmentId: string, token: string, media: CallMediaRefs) {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [tab] = useState(() => crypto.randomUUID());
  const [, setRemoteTick] = useState(0);
  const actor = useActorRef(videoCallMachine.provide({ actors: appActors(media, setDevices, () => setRemoteTick((n) => n + 1)) }), {
    input: { appointmentId, token, tab },
  });
  return { actor, devices };
}

/** The preview and this side's small picture show the opened camera; the large one the other side. */
function useVideoElements(media: CallMediaRefs) {
  useEffect(() => {
    if (media.preview.current) media.preview.current.srcObject = media.local.current;
    if (media.self.current) media.self.current.srcObject = media.local.current;
    if (media.remote.current && media.remote.current.srcObject !== media.remoteStream.current) media.remote.current.srcObject = media.remoteStream.current;
  });
}

/** The microphone's level (0 to 100), while the device check shows. */
function useMicLevel(stage: VideoStage, local: RefObject<MediaStream | null>) {
  const [level, setLevel] = useState(0);
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
  return level;
}

/** The camera and microphone are let go when the call is over or the page goes. */
function useReleaseDevices(stage: VideoStage, local: RefObject<MediaStream | null>) {
  useEffect(() => () => stopTracks(local.current), []);
  useEffect(() => {
    if (stage === 'ended') stopTracks(local.current);
  }, [stage]);
}

export function VideoCall({ appointmentId, token, texts, waitingPerson, afterSwitch }: VideoCallProps) {
  const headingId = useId();
  const media = useCallMediaRefs();
  const { actor, devices } = useVideoCallActor(appointmentId, token, media);
  const send = (event: VideoCallEvent) => actor.send(event);
  const stage = useSelector(actor, selectStage);
  const problem = useSelector(actor, selectDeviceProblem);
  const audioOnly = useSelector(actor, selectAudioOnly);
  const peerPresent = useSelector(actor, selectPeerPresent);
  const quality = useSelector(actor, selectQuality);
  const ended = useSelector(actor, selectEnded);
  const side = useSelector(actor, selectSide);
  const failure = useSelector(actor, selectFailure);
  const checking = stage === 'checking' || stage === 'ready' || stage === 'refused';
  const inCall = ['waiting', 'admitting', 'admitted', 'connecting', 'live', 'reconnecting', 'switching'].includes(stage);
  useVideoElements(media);
  const level = useMicLevel(stage, media.local);
  useReleaseDevices(stage, media.local);

  return (
    <section className="video-call" aria-labelledby={headingId} data-stage={stage}>
      <h3 id={headingId}>{texts.heading}</h3>
      <p className="video-call__private">{texts.notRecorded}</p>
      {checking && (
        <DeviceCheck texts={texts} stage={stage} problem={problem} audioOnly={audioOnly} level={level} devices={devices} chosen={media.chosen} local={media.local} preview={media.preview} send={send} />
      )}
      {stage === 'joining' && <p role="status">{texts.joining}</p>}
      {(stage === 'waiting' || stage === 'admitting') && <WaitingRoom texts={texts} stage={stage} side={side} peerPresent={peerPresent} waitingPerson={waitingPerson} send={send} />}
      {(stage === 'admitted' || stage === 'connecting') && <p role="status">{texts.connecting}</p>}
      {stage === 'reconnecting' && (
        <p role="status" className="notice">
          {texts.reconnecting}
        </p>
      )}
      {inCall && <LiveCall texts={texts} stage={stage} audioOnly={audioOnly} quality={quality} remote={media.remote} self={media.self} />}
      {inCall && <CallControls texts={texts} stage={stage} side={side} audioOnly={audioOnly} send={send} />}
      {stage === 'ended' && ended && <CallEnded texts={texts} ended={ended} afterSwitch={afterSwitch} canRejoin={actor.getSnapshot().can({ type: 'rejoin', tab: '' })} send={send} />}
      {stage === 'failed' && <CallFailed texts={texts} failure={failure} send={send} />}
    </section>
  );
}
