/**
 * The video call machine's `call` actor (machines/videoCall): the signalling stream and the
 * RTCPeerConnection of one side, in the browser.
 *
 * - The stream (GET video/stream, resumed after the last signal id) brings the other side's
 *   messages; it is opened again after a dropped connection, two seconds later.
 * - The patient makes the offers (once admitted and the doctor is there: `negotiate`), each
 *   numbered; the doctor answers, naming the offer's number, and only the answer to the latest
 *   offer is taken (a restart's offer may cross the answer to an earlier one). Candidates that
 *   arrive before the offer or answer wait for it.
 * - The peer connection's ICE transport policy is the server's (VIDEO_ICE_POLICY: `relay` sends
 *   only through the TURN server, so neither side learns the other's address).
 * - A new tab of the other side (`peer` after a connection was made): a fresh peer connection.
 * - `restart`: joins again with the same tab (fresh TURN credentials), then an ICE restart (the
 *   patient offers with iceRestart), without a new link; the machine asks again while the
 *   connection is not back (a restart made while the network was down is lost).
 * - Quality: every two seconds from getStats, the round-trip time and the lost packets.
 * - When the actor stops (hang up, any end), it tells the other side `left` and closes.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import { fromCallback } from 'xstate';
import type { VideoSignal } from '../../../contract/video';
import type { Quality } from '../../../machines/videoCall/context';
import type { CallCommand, VideoCallEvent } from '../../../machines/videoCall/events';
import type { CallActorInput } from '../../../machines/videoCall/videoCallMachine';
import type { VideoApi } from '../../api/video';

export interface CallMedia {
  /** The camera and microphone opened by the device check. */
  local: () => MediaStream | null;
  /** The other side's media, for the page's video element. */
  onRemote: (stream: MediaStream | null) => void;
}

/** Round-trip time (seconds) and the share of lost packets, as one word. */
export function qualityOf(rtt: number | null, lostShare: number | null): Quality {
  if (rtt === null && lostShare === null) return 'unknown';
  const r = rtt ?? 0;
  const l = lostShare ?? 0;
  if (r < 0.3 && l < 0.02) return 'good';
  if (r < 0.6 && l < 0.08) return 'fair';
  return 'poor';
}

/** One side's call while the actor runs: what it was given and what it has learnt since. */
interface Call {
  readonly api: VideoApi;
  readonly media: CallMedia;
  readonly back: (e: VideoCallEvent) => void;
  readonly token: string;
  readonly id: string;
  /** The patient makes the offers; the doctor answers. */
  readonly offerer: boolean;
  readonly abort: AbortController;
  /** The seat: the tab, the ICE servers (renewed on `restart`). */
  join: CallActorInput['join'];
  /** The last signal's id, where the stream resumes. */
  last: string;
  /** The machine said the patient may offer (admitted, the doctor there). */
  negotiate: boolean;
  peerPresent: boolean;
  ended: boolean;
  /** Candidates that came before the offer or answer. */
  pending: RTCIceCandidateInit[];
  /** The number of the patient's latest offer (whose answer is the one taken). */
  offers: number;
  pc: RTCPeerConnection;
  /** The inbound packet counts at the last stats reading. */
  lastLost: number;
  lastReceived: number;
  /** The signals, handled one at a time in order. */
  queue: Promise<void>;
}

type SignalKind = 'offer' | 'answer' | 'candidate' | 'left';

/** Sends a signal to the other side from this tab (fire and forget). */
function send(call: Call, kind: SignalKind, body: Record<string, unknown>) {
  void call.api.send(call.id, call.join.tab, kind, body, call.token);
}

/** A new peer connection carrying this side's camera and microphone, receiving both. */
function openPeerConnection(join: CallActorInput['join'], media: CallMedia): RTCPeerConnection {
  const pc = new RTCPeerConnection(rtcConfiguration(join));
  const local = media.local();
  if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
  // Receive both even when this side sends sound only.
  if (!local?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });
  return pc;
}

/** The peer connection's ICE servers and transport policy, as the join answered them. */
function rtcConfiguration(join: CallActorInput['join']): RTCConfiguration {
  return { iceServers: join.iceServers, iceTransportPolicy: join.iceTransportPolicy };
}

/** Wires the call's current peer connection: the remote media, its candidates, its state. */
function watchPeerConnection(call: Call) {
  const current = call.pc;
  current.ontrack = (e) => call.media.onRemote(e.streams[0] ?? new MediaStream([e.track]));
  current.onicecandidate = (e) => {
    if (e.candidate) send(call, 'candidate', e.candidate.toJSON() as Record<string, unknown>);
  };
  current.onconnectionstatechange = () => {
    if (current !== call.pc || call.ended) return;
    const state = call.pc.connectionState;
    if (state === 'connecting') call.back({ type: 'call.connecting' });
    else if (state === 'connected') call.back({ type: 'call.connected' });
    else if (state === 'disconnected' || state === 'failed') call.back({ type: 'call.disconnected' });
  };
}

/** Closes the peer connection and starts again from a fresh one. */
function freshPeerConnection(call: Call) {
  call.pc.close();
  call.pending = [];
  call.pc = openPeerConnection(call.join, call.media);
  watchPeerConnection(call);
}

/** The patient's offer, once allowed to negotiate and the other side is there. */
async function offer(call: Call, iceRestart: boolean) {
  if (!call.offerer || !call.negotiate || !call.peerPresent) return;
  const description = await call.pc.createOffer({ iceRestart });
  await call.pc.setLocalDescription(description);
  call.offers += 1;
  send(call, 'offer', { type: description.type, sdp: description.sdp ?? '', n: call.offers });
}

/** Adds the candidates that waited for the remote description. */
async function flushCandidates(call: Call) {
  const waiting = call.pending;
  call.pending = [];
  for (const c of waiting) await call.pc.addIceCandidate(c).catch(() => undefined);
}

/** The doctor's answer to the patient's offer. */
async function answerOffer(call: Call, sdp: string, n: unknown) {
  await call.pc.setRemoteDescription({ type: 'offer', sdp });
  await flushCandidates(call);
  const answer = await call.pc.createAnswer();
  await call.pc.setLocalDescription(answer);
  send(call, 'answer', { type: answer.type, sdp: answer.sdp ?? '', n });
}

/** The other side's arrival (after a connection was made: another tab, so a fresh connection). */
async function peerArrived(call: Call) {
  call.peerPresent = true;
  call.back({ type: 'call.peer', present: true });
  if (call.pc.remoteDescription || call.pc.localDescription) freshPeerConnection(call);
  await offer(call, false);
}

/** The end of the call the server announced (another tab took the seat, or now a Call). */
function endedBy(call: Call, reason: 'elsewhere' | 'switched') {
  call.ended = true;
  call.back({ type: 'call.ended', reason });
}

/** One signal from the stream: presence, admission, the end, or the WebRTC negotiation. */
async function onSignal(call: Call, s: VideoSignal) {
  call.last = s.id;
  const body = s.body as Record<string, unknown>;
  switch (s.kind) {
    case 'peer':
      await peerArrived(call);
      break;
    case 'left':
      call.peerPresent = false;
      call.back({ type: 'call.peer', present: false });
      break;
    case 'admitted':
      call.back({ type: 'call.admitted' });
      break;
    case 'replaced':
      endedBy(call, 'elsewhere');
      break;
    case 'switched':
      endedBy(call, 'switched');
      break;
    case 'offer':
      if (!call.offerer) await answerOffer(call, String(body.sdp ?? ''), body.n);
      break;
    case 'answer':
      if (!call.offerer || call.pc.signalingState !== 'have-local-offer' || body.n !== call.offers) break;
      await call.pc.setRemoteDescription({ type: 'answer', sdp: String(body.sdp ?? '') });
      await flushCandidates(call);
      break;
    case 'candidate':
      if (call.pc.remoteDescription) await call.pc.addIceCandidate(body as RTCIceCandidateInit).catch(() => undefined);
      else call.pending.push(body as RTCIceCandidateInit);
      break;
  }
}

/** Queues a signal behind the ones before it (one at a time, in order). */
function enqueue(call: Call, s: VideoSignal) {
  call.queue = call.queue.then(() => onSignal(call, s)).catch(() => undefined);
}

/** Reads the signalling stream, again two seconds after a drop, until the call ends. */
async function readLoop(call: Call) {
  while (!call.abort.signal.aborted && !call.ended) {
    let end;
    try {
      end = await call.api.readStream(call.id, call.join.tab, call.last, call.token, (s) => enqueue(call, s), call.abort.signal);
    } catch {
      return; // aborted
    }
    if (call.ended || call.abort.signal.aborted) return;
    if (end.kind === 'changed' || (end.kind === 'failed' && end.failure._tag === 'HttpFailure' && end.failure.status === 409)) {
      // The window closed, the appointment changed or another tab took the seat.
      await call.queue;
      if (!call.ended) {
        call.ended = true;
        call.back({ type: 'call.ended', reason: 'over' });
      }
      return;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

type StatsEntry = { type: string; state?: string; nominated?: boolean; currentRoundTripTime?: number; packetsLost?: number; packetsReceived?: number };

/** The nominated pair's round-trip time and the inbound packets lost and received so far. */
function readStats(report: RTCStatsReport) {
  let rtt: number | null = null;
  let lost = 0;
  let received = 0;
  report.forEach((s: StatsEntry) => {
    if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated && typeof s.currentRoundTripTime === 'number') rtt = s.currentRoundTripTime;
    if (s.type === 'inbound-rtp') {
      lost += s.packetsLost ?? 0;
      received += s.packetsReceived ?? 0;
    }
  });
  return { rtt: rtt as number | null, lost, received };
}

/** Tells the machine the connection's quality since the last reading (while connected). */
function measureQuality(call: Call) {
  if (call.pc.connectionState !== 'connected') return;
  void call.pc.getStats().then((report) => {
    const { rtt, lost, received } = readStats(report);
    const dl = lost - call.lastLost;
    const dr = received - call.lastReceived;
    call.lastLost = lost;
    call.lastReceived = received;
    call.back({ type: 'call.quality', quality: qualityOf(rtt, dl + dr > 0 ? dl / (dl + dr) : null) });
  });
}

/** Fresh TURN credentials for the same seat, then an ICE restart. */
async function restart(call: Call) {
  const again = await call.api.join(call.id, call.join.tab, call.token);
  if (!isLeft(again)) {
    call.join = { ...again.right, after: call.last };
    call.pc.setConfiguration(rtcConfiguration(call.join));
  }
  if (call.offerer) await offer(call, true);
  else call.pc.restartIce();
}

/** The machine's commands: negotiate, sound only, restart. */
function onCommand(call: Call, command: CallCommand) {
  if (command.type === 'negotiate') {
    call.negotiate = true;
    void offer(call, false);
  } else if (command.type === 'audioOnly') {
    for (const track of call.media.local()?.getVideoTracks() ?? []) track.enabled = !command.on;
  } else if (command.type === 'restart') {
    void restart(call).catch(() => undefined);
  }
}

/** Leaves: tells the other side (unless the call already ended), stops the stream, closes. */
function close(call: Call) {
  if (!call.ended) send(call, 'left', {});
  call.ended = true;
  call.abort.abort();
  call.pc.close();
  call.media.onRemote(null);
}

export function callActor(api: VideoApi, media: CallMedia) {
  return fromCallback<CallCommand, CallActorInput>(({ input, sendBack, receive }) => {
    const { join, token } = input;
    const call: Call = {
      api,
      media,
      back: (e) => sendBack(e),
      token,
      id: join.appointmentId,
      offerer: join.as === 'patient',
      abort: new AbortController(),
      join,
      last: join.after,
      negotiate: false,
      peerPresent: join.peerPresent,
      ended: false,
      pending: [],
      offers: 0,
      pc: openPeerConnection(join, media),
      lastLost: 0,
      lastReceived: 0,
      queue: Promise.resolve(),
    };
    watchPeerConnection(call);
    const stats = setInterval(() => measureQuality(call), 2000);
    receive((command) => onCommand(call, command));
    void readLoop(call);
    return () => {
      clearInterval(stats);
      close(call);
    };
  });
}
