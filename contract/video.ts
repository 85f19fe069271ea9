/**
 * The portal's own one-to-one video (VIDEO_PROVIDER=portal; server/services/video.ts,
 * docs/consultations.md). The two browsers send each other WebRTC signalling messages through the
 * server; the media goes browser to browser, or through the clinic's TURN server.
 *
 *   POST /appointment/{id}/video/join             VideoJoinRequest -> VideoJoin
 *   GET  /appointment/{id}/video/stream?tab=...   Server-Sent Events: `message` events, each a VideoSignal
 *   POST /appointment/{id}/video/signal           VideoSignalRequest -> VideoSent
 *   POST /appointment/{id}/video/admit            VideoTabRequest -> VideoSent (the doctor)
 *   POST /appointment/{id}/video/switch           VideoTabRequest -> Consultation (the doctor: now a Call)
 *
 * 401 without a live token; 404 for anybody but the appointment's patient and its doctor (admins
 * too: an audit reads the record, it takes no seat); 409 outside the join window, for a tab that
 * another tab of the same person replaced, and for a patient who was not admitted yet.
 */
import * as t from 'io-ts';

/** A browser tab's own random id: 16 to 64 letters, digits, `-` or `_`. */
export const VideoTab = t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{16,64}$/.test(s), 'VideoTab');
export type VideoTab = t.TypeOf<typeof VideoTab>;

export const VideoJoinRequest = t.type({ tab: VideoTab }, 'VideoJoinRequest');
export type VideoJoinRequest = t.TypeOf<typeof VideoJoinRequest>;
export const VideoTabRequest = VideoJoinRequest;
export const VideoStreamQuery = t.type({ tab: VideoTab }, 'VideoStreamQuery');

/** An RTCIceServer as the browser takes it. */
export const IceServer = t.intersection([t.type({ urls: t.array(t.string) }), t.partial({ username: t.string, credential: t.string })], 'IceServer');
export type IceServer = t.TypeOf<typeof IceServer>;

export const VideoJoin = t.type(
  {
    appointmentId: t.string,
    /** The caller's side. */
    as: t.keyof({ patient: null, doctor: null }),
    tab: t.string,
    /** The stream starts after this signal id (what came before is not this tab's). */
    after: t.string,
    /** The doctor let the patient in. */
    admitted: t.boolean,
    /** The other side holds its seat (a tab joined). */
    peerPresent: t.boolean,
    /** STUN/TURN servers with this consultation's short-lived TURN credentials; [] without TURN. */
    iceServers: t.array(IceServer),
    /**
     * The RTCPeerConnection's iceTransportPolicy (VIDEO_ICE_POLICY): `all`, or `relay`: only
     * through the TURN server, so neither browser learns the other's network address.
     */
    iceTransportPolicy: t.keyof({ all: null, relay: null }),
    /** ISO instant: the join window closes (the call ends then). */
    closesAt: t.string,
  },
  'VideoJoin',
);
export type VideoJoin = t.TypeOf<typeof VideoJoin>;

/** What the browser may send the other side. */
export const VideoSignalKind = t.keyof({ offer: null, answer: null, candidate: null, left: null }, 'VideoSignalKind');
export type VideoSignalKind = t.TypeOf<typeof VideoSignalKind>;

/** An SDP or an ICE candidate as the browser made it: at most 12,000 characters once written out. */
export const VideoSignalBody = t.refinement(
  t.UnknownRecord,
  (b) => JSON.stringify(b).length <= 12_000,
  'VideoSignalBody',
);

export const VideoSignalRequest = t.type({ tab: VideoTab, kind: VideoSignalKind, body: VideoSignalBody }, 'VideoSignalRequest');
export type VideoSignalRequest = t.TypeOf<typeof VideoSignalRequest>;

/**
 * One message on the stream. Besides what the other side sent (offer, answer, candidate, left):
 * - peer: the other side's tab joined (`body.as`);
 * - admitted: the doctor let the patient in;
 * - replaced: another tab of the same person took the seat (`body.tab`): this one ends, "opened elsewhere";
 * - switched: the doctor made the consultation a Call: the video ends, the doctor calls.
 */
export const VideoSignal = t.type(
  {
    id: t.string,
    kind: t.keyof({ peer: null, admitted: null, replaced: null, switched: null, offer: null, answer: null, candidate: null, left: null }),
    body: t.UnknownRecord,
  },
  'VideoSignal',
);
export type VideoSignal = t.TypeOf<typeof VideoSignal>;

export const VideoSent = t.type({ id: t.string }, 'VideoSent');
export type VideoSent = t.TypeOf<typeof VideoSent>;
