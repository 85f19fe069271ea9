/**
 * The video call machine's `call` actor (machines/videoCall): the signalling stream and the
 * RTCPeerConnection of one side, in the browser.
 *
 * - The stream (GET video/stream, resumed after the last signal id) brings the other side's
 *   messages; it is opened again after a dropped connection, two seconds later.
 * - The patient makes the offers (once admitted and the doctor is there: `negotiate`); the doctor
 *   answers. Candidates that arrive before the offer or answer wait for it.
 * - A new tab of the other side (`peer` after a connection was made): a fresh peer connection.
 * - `restart`: joins again with the same tab (fresh TURN credentials), then an ICE restart (the
 *   patient offers with iceRestart), without a new link.
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

export function callActor(api: VideoApi, media: CallMedia) {
  return fromCallback<CallCommand, CallActorInput>(({ input, sendBack, receive }) => {
    const back = (e: VideoCallEvent) => sendBack(e);
    let join = input.join;
    const { token } = input;
    const id = join.appointmentId;
    const offerer = join.as === 'patient';
    const abort = new AbortController();
    let last = join.after;
    let negotiate = false;
    let peerPresent = join.peerPresent;
    let ended = false;
    let pending: RTCIceCandidateInit[] = [];
    let pc: RTCPeerConnection;
    let lastLost = 0;
    let lastReceived = 0;

    const send = (kind: 'offer' | 'answer' | 'candidate' | 'left', body: Record<string, unknown>) => {
      void api.send(id, join.tab, kind, body, token);
    };

    const fresh = () => {
      pc?.close();
      pending = [];
      pc = new RTCPeerConnection({ iceServers: join.iceServers });
      const local = media.local();
      if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
      // Receive both even when this side sends sound only.
      if (!local?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });
      pc.ontrack = (e) => media.onRemote(e.streams[0] ?? new MediaStream([e.track]));
      pc.onicecandidate = (e) => {
        if (e.candidate) send('candidate', e.candidate.toJSON() as Record<string, unknown>);
      };
      const current = pc;
      pc.onconnectionstatechange = () => {
        if (current !== pc || ended) return;
        const state = pc.connectionState;
        if (state === 'connecting') back({ type: 'call.connecting' });
        else if (state === 'connected') back({ type: 'call.connected' });
        else if (state === 'disconnected' || state === 'failed') back({ type: 'call.disconnected' });
      };
    };

    const offer = async (iceRestart: boolean) => {
      if (!offerer || !negotiate || !peerPresent) return;
      const description = await pc.createOffer({ iceRestart });
      await pc.setLocalDescription(description);
      send('offer', { type: description.type, sdp: description.sdp ?? '' });
    };

    const flush = async () => {
      const waiting = pending;
      pending = [];
      for (const c of waiting) await pc.addIceCandidate(c).catch(() => undefined);
    };

    const onSignal = async (s: VideoSignal) => {
      last = s.id;
      const body = s.body as Record<string, unknown>;
      switch (s.kind) {
        case 'peer':
          peerPresent = true;
          back({ type: 'call.peer', present: true });
          // Another tab of the other side: start again from a fresh connection.
          if (pc.remoteDescription || pc.localDescription) fresh();
          await offer(false);
          break;
        case 'left':
          peerPresent = false;
          back({ type: 'call.peer', present: false });
          break;
        case 'admitted':
          back({ type: 'call.admitted' });
          break;
        case 'replaced':
          ended = true;
          back({ type: 'call.ended', reason: 'elsewhere' });
          break;
        case 'switched':
          ended = true;
          back({ type: 'call.ended', reason: 'switched' });
          break;
        case 'offer': {
          if (offerer) break;
          await pc.setRemoteDescription({ type: 'offer', sdp: String(body.sdp ?? '') });
          await flush();
          const answer = await pc.createAnswer();
          await pc.setLocalDescription(answer);
          send('answer', { type: answer.type, sdp: answer.sdp ?? '' });
          break;
        }
        case 'answer':
          if (!offerer || pc.signalingState !== 'have-local-offer') break;
          await pc.setRemoteDescription({ type: 'answer', sdp: String(body.sdp ?? '') });
          await flush();
          break;
        case 'candidate':
          if (pc.remoteDescription) await pc.addIceCandidate(body as RTCIceCandidateInit).catch(() => undefined);
          else pending.push(body as RTCIceCandidateInit);
          break;
      }
    };

    // One signal at a time, in order.
    let queue = Promise.resolve();
    const enqueue = (s: VideoSignal) => {
      queue = queue.then(() => onSignal(s)).catch(() => undefined);
    };

    const readLoop = async () => {
      while (!abort.signal.aborted && !ended) {
        let end;
        try {
          end = await api.readStream(id, join.tab, last, token, enqueue, abort.signal);
        } catch {
          return; // aborted
        }
        if (ended || abort.signal.aborted) return;
        if (end.kind === 'changed' || (end.kind === 'failed' && end.failure._tag === 'HttpFailure' && end.failure.status === 409)) {
          // The window closed, the appointment changed or another tab took the seat.
          await queue;
          if (!ended) {
            ended = true;
            back({ type: 'call.ended', reason: 'over' });
          }
          return;
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
    };

    const stats = setInterval(() => {
      if (pc.connectionState !== 'connected') return;
      void pc.getStats().then((report) => {
        let rtt: number | null = null;
        let lost = 0;
        let received = 0;
        report.forEach((s: { type: string; state?: string; nominated?: boolean; currentRoundTripTime?: number; packetsLost?: number; packetsReceived?: number }) => {
          if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated && typeof s.currentRoundTripTime === 'number') rtt = s.currentRoundTripTime;
          if (s.type === 'inbound-rtp') {
            lost += s.packetsLost ?? 0;
            received += s.packetsReceived ?? 0;
          }
        });
        const dl = lost - lastLost;
        const dr = received - lastReceived;
        lastLost = lost;
        lastReceived = received;
        back({ type: 'call.quality', quality: qualityOf(rtt, dl + dr > 0 ? dl / (dl + dr) : null) });
      });
    }, 2000);

    receive((command) => {
      if (command.type === 'negotiate') {
        negotiate = true;
        void offer(false);
      } else if (command.type === 'audioOnly') {
        for (const track of media.local()?.getVideoTracks() ?? []) track.enabled = !command.on;
      } else if (command.type === 'restart') {
        void (async () => {
          // Fresh TURN credentials for the same seat, then an ICE restart.
          const again = await api.join(id, join.tab, token);
          if (!isLeft(again)) {
            join = { ...again.right, after: last };
            pc.setConfiguration({ iceServers: join.iceServers });
          }
          if (offerer) await offer(true);
          else pc.restartIce();
        })().catch(() => undefined);
      }
    });

    fresh();
    void readLoop();
    return () => {
      clearInterval(stats);
      if (!ended) send('left', {});
      ended = true;
      abort.abort();
      pc.close();
      media.onRemote(null);
    };
  });
}
