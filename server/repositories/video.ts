/**
 * SQL of the portal's own video (049_video_signalling.sql): each side's seat (the tab that holds
 * it), the doctor's admission, and the signalling messages addressed to one side.
 */
import type { Queryable } from '../db/database.js';

export type VideoSide = 'patient' | 'doctor';
export type SignalKind = 'peer' | 'left' | 'replaced' | 'admitted' | 'offer' | 'answer' | 'candidate' | 'switched';

export interface VideoCallRow {
  patientTab: string | null;
  doctorTab: string | null;
  admittedAt: Date | null;
}

interface CallRow {
  patient_tab: string | null;
  doctor_tab: string | null;
  admitted_at: Date | null;
}

const toCall = (r: CallRow): VideoCallRow => ({ patientTab: r.patient_tab, doctorTab: r.doctor_tab, admittedAt: r.admitted_at });

/** The call's row, made at the first join and locked for the rest of the transaction. */
export async function lockCall(q: Queryable, appointmentId: string, now: Date): Promise<VideoCallRow> {
  await q.query('insert into video_calls (appointment_id, created_at) values ($1, $2) on conflict (appointment_id) do nothing', [appointmentId, now]);
  const { rows } = await q.query<CallRow>('select patient_tab, doctor_tab, admitted_at from video_calls where appointment_id = $1 for update', [appointmentId]);
  return toCall(rows[0]!);
}

export async function findCall(q: Queryable, appointmentId: string): Promise<VideoCallRow | null> {
  const { rows } = await q.query<CallRow>('select patient_tab, doctor_tab, admitted_at from video_calls where appointment_id = $1', [appointmentId]);
  return rows[0] ? toCall(rows[0]) : null;
}

export async function takeSeat(q: Queryable, appointmentId: string, side: VideoSide, tab: string): Promise<void> {
  await q.query(`update video_calls set ${side === 'patient' ? 'patient_tab' : 'doctor_tab'} = $2 where appointment_id = $1`, [appointmentId, tab]);
}

export async function markAdmitted(q: Queryable, appointmentId: string, now: Date): Promise<void> {
  await q.query('update video_calls set admitted_at = coalesce(admitted_at, $2) where appointment_id = $1', [appointmentId, now]);
}

/** Stored for `to`; answers its id. */
export async function insertSignal(q: Queryable, appointmentId: string, to: VideoSide, kind: SignalKind, body: Record<string, unknown>, now: Date): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'insert into video_signals (appointment_id, to_role, kind, body, at) values ($1, $2, $3, $4, $5) returning id::text as id',
    [appointmentId, to, kind, JSON.stringify(body), now],
  );
  return rows[0]!.id;
}

/** The newest signal id for `to` ('0': none): a new tab's stream starts after it. */
export async function lastSignalId(q: Queryable, appointmentId: string, to: VideoSide): Promise<string> {
  const { rows } = await q.query<{ id: string | null }>('select max(id)::text as id from video_signals where appointment_id = $1 and to_role = $2', [appointmentId, to]);
  return rows[0]?.id ?? '0';
}

/** A join forgets what was sent to that side before (an earlier tab's offers and candidates). */
export async function deleteSignalsBefore(q: Queryable, appointmentId: string, to: VideoSide, upTo: string): Promise<void> {
  await q.query('delete from video_signals where appointment_id = $1 and to_role = $2 and id <= $3', [appointmentId, to, upTo]);
}

export async function signalsAfter(
  q: Queryable,
  appointmentId: string,
  to: VideoSide,
  after: string,
  limit: number,
): Promise<Array<{ id: string; kind: SignalKind; body: Record<string, unknown> }>> {
  const { rows } = await q.query<{ id: string; kind: SignalKind; body: Record<string, unknown> }>(
    'select id::text as id, kind, body from video_signals where appointment_id = $1 and to_role = $2 and id > $3 order by id limit $4',
    [appointmentId, to, after, limit],
  );
  return rows;
}

/** Signals older than any join window can be (a day): never needed again, and they hold network addresses. */
export async function deleteStaleSignals(q: Queryable, now: Date): Promise<void> {
  await q.query('delete from video_signals where at < $1', [new Date(now.getTime() - 24 * 3_600_000)]);
}
