/**
 * The portal's own one-to-one video (VIDEO_PROVIDER=portal; contract/video.ts, docs/consultations.md).
 *
 * The two browsers exchange WebRTC signalling messages (offers, answers, ICE candidates) through
 * the server, over the channels the chat uses: a POST writes a message addressed to the other
 * side (video_signals) and announces it on the chat's NOTIFY channel (ids only, server/chat/hub.ts),
 * and each side reads its messages on a Server-Sent Events stream served by the chat's stream
 * (server/chat/stream.ts, topic `video`), counted under the chat's caps, ended with the session
 * and the part that opened it. The media never passes through the server: it goes browser to
 * browser, or through the clinic's TURN server (credentials: server/video/turn.ts).
 *
 * Who: only the appointment's patient and its doctor, only inside the join window
 * (services/consultations.ts joinWindow, stateAt); 404 for anybody else (admins too: an audit
 * reads the record, it takes no seat), as for an appointment that does not exist; 404 also with
 * VIDEO_PROVIDER=jitsi, where none of this exists.
 *
 * One seat per side: a tab joins with its own random id and takes its side's seat; a newer tab of
 * the same person takes it over, and the older one gets `replaced` (the page says "opened
 * elsewhere"), after which its stream ends, on whichever instance serves it (the message is
 * announced as any other); its recheck would end it too (its tab no longer holds the seat). A
 * replaced tab's POSTs and streams get 409.
 *
 * The waiting room: the patient's messages reach the doctor only once the doctor admitted them
 * (`admitted`, noted in the consultation record); before, the patient waits, and the doctor's
 * console shows that they wait. Nothing is recorded: the server keeps the signalling messages
 * (which carry the browsers' network addresses) until that side's next first join or for a day at
 * most (any join deletes older ones), and never sees a frame.
 */
import type { User } from '../../contract/auth.js';
import type { Consultation } from '../../contract/consultation.js';
import type { VideoJoin, VideoSent, VideoSignal, VideoSignalKind } from '../../contract/video.js';
import type { ChatHub, StreamTicket } from '../chat/hub.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import type { Database, Queryable } from '../db/database.js';
import { type ConsultationFacts, insertConsultationEvent } from '../repositories/consultations.js';
import { isSessionLive } from '../repositories/sessions.js';
import { insertAudit, patientActor } from '../repositories/staff.js';
import {
  deleteSignalsBefore,
  deleteStaleSignals,
  findCall,
  insertSignal,
  lastSignalId,
  lockCall,
  markAdmitted,
  signalsAfter,
  takeSeat,
  type VideoSide,
} from '../repositories/video.js';
import { iceServersFor } from '../video/turn.js';
import { consultationPartOf, joinWindow, stateAt } from './consultations.js';
import { ConflictError, NotFoundError, TooManyRequestsError } from './errors.js';
import { defineMessages } from './messageCodes.js';

export const videoMessages = defineMessages('video', {
  notFound: 'Appointment not found.',
  upcoming: 'The video opens shortly before the consultation starts.',
  over: 'This video consultation is over, cancelled or unpaid.',
  elsewhere: 'The consultation was opened in another tab or window.',
  notAdmitted: 'The doctor has not let you in yet.',
  tooManyStreams: 'This consultation is open in too many tabs or windows. Close one of them and try again.',
} as const);

type Side = VideoSide;
const otherSide = (side: Side): Side => (side === 'patient' ? 'doctor' : 'patient');

interface VideoContext {
  db: Database;
  now: () => Date;
  hub: ChatHub;
  config: ConsultationConfig;
  consultation: (user: User, id: string) => Promise<Consultation>;
}

/** The caller's side in a Video appointment of the portal's video; 404 for anybody and anything else. */
async function sideOf(ctx: VideoContext, user: User, id: string): Promise<{ facts: ConsultationFacts; side: Side }> {
  if (ctx.config.videoProvider !== 'portal') throw new NotFoundError(videoMessages.notFound);
  const { facts, as } = await consultationPartOf(ctx.db, user, id, (f) => f.consultationType === 'Video', videoMessages.notFound);
  if (as === 'admin') throw new NotFoundError(videoMessages.notFound);
  return { facts, side: as };
}

/** 409 unless the join window is open now. */
function assertOpen(ctx: VideoContext, facts: ConsultationFacts): void {
  const { state } = stateAt(facts, ctx.config, ctx.now());
  if (state === 'upcoming') throw new ConflictError(videoMessages.upcoming);
  if (state !== 'open') throw new ConflictError(videoMessages.over);
}

const tabOf = (call: { patientTab: string | null; doctorTab: string | null } | null, side: Side) =>
  call === null ? null : side === 'patient' ? call.patientTab : call.doctorTab;

/** Writes a signal for `to` and announces it at commit. */
async function send(ctx: VideoContext, tx: Queryable, appointmentId: string, to: Side, kind: VideoSignal['kind'], body: Record<string, unknown>): Promise<string> {
  const id = await insertSignal(tx, appointmentId, to, kind, body, ctx.now());
  await ctx.hub.announce(tx, appointmentId, id, 'video');
  return id;
}

async function join(ctx: VideoContext, user: User, id: string, tab: string): Promise<VideoJoin> {
  const { facts, side } = await sideOf(ctx, user, id);
  assertOpen(ctx, facts);
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const call = await lockCall(tx, facts.id, at);
    const held = tabOf(call, side);
    let after: string;
    if (held === tab) {
      // The same tab again (a reload of its credentials, a reconnect): it keeps its place in the stream.
      after = await lastSignalId(tx, facts.id, side);
    } else {
      await takeSeat(tx, facts.id, side, tab);
      // The older tab (if any) learns it was replaced; the new one starts after that.
      if (held !== null) await send(ctx, tx, facts.id, side, 'replaced', { tab });
      after = await lastSignalId(tx, facts.id, side);
      // What was addressed to an earlier tab is not this one's: forgotten (kept: nothing).
      if (held === null) await deleteSignalsBefore(tx, facts.id, side, after);
      // Everybody's signals older than any window: gone (they carry network addresses).
      await deleteStaleSignals(tx, at);
      await send(ctx, tx, facts.id, otherSide(side), 'peer', { as: side });
      await insertConsultationEvent(tx, { appointmentId: facts.id, kind: 'video.link', actorUserId: user._id, actorRole: side }, at);
    }
    return { after, admitted: call.admittedAt !== null, peerPresent: tabOf(call, otherSide(side)) !== null };
  });
  return {
    appointmentId: facts.id,
    as: side,
    tab,
    after: result.after,
    admitted: result.admitted,
    peerPresent: result.peerPresent,
    iceServers: iceServersFor(ctx.config.turn, `${facts.id}.${side}`, at),
    iceTransportPolicy: ctx.config.iceTransportPolicy,
    closesAt: joinWindow(facts, ctx.config).closesAt.toISOString(),
  };
}

/** 409 unless `tab` holds the caller's seat (a replaced tab may no longer send). */
async function assertSeat(ctx: VideoContext, appointmentId: string, side: Side, tab: string) {
  const call = await findCall(ctx.db, appointmentId);
  if (call === null || tabOf(call, side) !== tab) throw new ConflictError(videoMessages.elsewhere);
  return call;
}

async function signal(ctx: VideoContext, user: User, id: string, tab: string, kind: VideoSignalKind, body: Record<string, unknown>): Promise<VideoSent> {
  const { facts, side } = await sideOf(ctx, user, id);
  assertOpen(ctx, facts);
  const call = await assertSeat(ctx, facts.id, side, tab);
  // The waiting room: nothing of the patient's reaches the doctor before the doctor let them in.
  if (side === 'patient' && call.admittedAt === null && kind !== 'left') throw new ConflictError(videoMessages.notAdmitted);
  const sent = await ctx.db.transaction((tx) => send(ctx, tx, facts.id, otherSide(side), kind, body));
  return { id: sent };
}

/** The doctor's own seat in an open call; 404 for the patient (it is not theirs to do), 409 from a replaced tab. */
async function doctorInCall(ctx: VideoContext, user: User, id: string, tab: string): Promise<ConsultationFacts> {
  const { facts, side } = await sideOf(ctx, user, id);
  if (side !== 'doctor') throw new NotFoundError(videoMessages.notFound);
  assertOpen(ctx, facts);
  await assertSeat(ctx, facts.id, side, tab);
  return facts;
}

async function admit(ctx: VideoContext, user: User, id: string, tab: string): Promise<VideoSent> {
  const facts = await doctorInCall(ctx, user, id, tab);
  const at = ctx.now();
  const sent = await ctx.db.transaction(async (tx) => {
    await lockCall(tx, facts.id, at);
    await markAdmitted(tx, facts.id, at);
    await insertConsultationEvent(tx, { appointmentId: facts.id, kind: 'video.admitted', actorUserId: user._id, actorRole: 'doctor' }, at);
    return send(ctx, tx, facts.id, 'patient', 'admitted', {});
  });
  return { id: sent };
}

/** The doctor makes the Video a Call: the appointment's type, the record and the audit; the patient's page is told. */
async function switchToCall(ctx: VideoContext, user: User, id: string, tab: string): Promise<Consultation> {
  const facts = await doctorInCall(ctx, user, id, tab);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query("update appointments set consultation_type = 'Call' where id = $1 and consultation_type = 'Video'", [facts.id]);
    await insertConsultationEvent(tx, { appointmentId: facts.id, kind: 'video.switched', actorUserId: user._id, actorRole: 'doctor' }, at);
    await insertAudit(
      tx,
      { actorUserId: user._id, actor: user.email ?? patientActor(user), actorRole: 'doctor', action: 'video.switched', appointmentId: facts.id, details: { to: 'Call' } },
      at,
    );
    await send(ctx, tx, facts.id, 'patient', 'switched', {});
  });
  return ctx.consultation(user, facts.id);
}

/** How long a refused stream's browser is asked to wait (Retry-After). */
const streamRetrySeconds = 30;

async function openStream(
  ctx: VideoContext,
  caller: { user: User; sessionId: string },
  id: string,
  tab: string,
  address: string,
): Promise<{ appointmentId: string; ticket: StreamTicket; stillAllowed: () => Promise<boolean>; load: (after: string) => Promise<VideoSignal[]> }> {
  const { facts, side } = await sideOf(ctx, caller.user, id);
  assertOpen(ctx, facts);
  await assertSeat(ctx, facts.id, side, tab);
  const { config } = ctx;
  // Counted with the chat's streams, as a group of its own per account and call.
  const ticket = ctx.hub.admit(
    { userId: caller.user._id, appointmentId: `video ${facts.id}`, address },
    { perConversation: config.chatStreamsPerConversation, perClient: config.chatStreamsPerClient, total: config.chatStreamsTotal },
  );
  if (typeof ticket === 'string') throw new TooManyRequestsError(videoMessages.tooManyStreams, streamRetrySeconds);
  const stillAllowed = async (): Promise<boolean> => {
    if (!(await isSessionLive(ctx.db, caller.sessionId, ctx.now()))) return false;
    try {
      const now = await sideOf(ctx, caller.user, facts.id);
      if (now.side !== side || stateAt(now.facts, config, ctx.now()).state !== 'open') return false;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
    return tabOf(await findCall(ctx.db, facts.id), side) === tab;
  };
  const load = async (after: string): Promise<VideoSignal[]> =>
    (await signalsAfter(ctx.db, facts.id, side, after, 200)).map((s) => ({ id: s.id, kind: s.kind, body: s.body }));
  return { appointmentId: facts.id, ticket, stillAllowed, load };
}

export function createVideoService({
  db,
  now,
  hub,
  config = defaultConsultationConfig,
  consultation,
}: {
  db: Database;
  now: () => Date;
  hub: ChatHub;
  config?: ConsultationConfig;
  consultation: (user: User, id: string) => Promise<Consultation>;
}) {
  const ctx: VideoContext = { db, now, hub, config, consultation };
  return {
    /** POST /appointment/{id}/video/join. */
    join: (user: User, id: string, tab: string) => join(ctx, user, id, tab),
    /** POST /appointment/{id}/video/signal. */
    signal: (user: User, id: string, tab: string, kind: VideoSignalKind, body: Record<string, unknown>) => signal(ctx, user, id, tab, kind, body),
    /** POST /appointment/{id}/video/admit. */
    admit: (user: User, id: string, tab: string) => admit(ctx, user, id, tab),
    /** POST /appointment/{id}/video/switch. */
    switchToCall: (user: User, id: string, tab: string) => switchToCall(ctx, user, id, tab),
    /** GET /appointment/{id}/video/stream: checked before the stream starts. */
    openStream: (caller: { user: User; sessionId: string }, id: string, tab: string, address: string) => openStream(ctx, caller, id, tab, address),
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
