/**
 * SQL of chat consultations (issue 13, 017_chat.sql): messages, photos (bytea) and read marks.
 * Message ids are bigints, handled as decimal text on both backends.
 */
import type { Queryable } from '../db/database.js';

export type ChatRole = 'patient' | 'doctor';

export interface ChatMessageRow {
  id: string;
  from: ChatRole;
  text: string;
  photo: { id: string; width: number; height: number } | null;
  at: Date;
}

interface Row {
  id: string;
  sender_role: ChatRole;
  text: string;
  photo_id: string | null;
  width: number | null;
  height: number | null;
  created_at: Date;
}

const select = `select m.id::text as id, m.sender_role, m.text, m.photo_id, p.width, p.height, m.created_at
                  from chat_messages m left join chat_photos p on p.id = m.photo_id`;

const toMessage = (r: Row): ChatMessageRow => ({
  id: r.id,
  from: r.sender_role,
  text: r.text,
  photo: r.photo_id === null ? null : { id: r.photo_id, width: r.width ?? 0, height: r.height ?? 0 },
  at: new Date(r.created_at),
});

/** Messages of one appointment with an id above `after` ('0': all), oldest first. */
export async function listMessages(q: Queryable, appointmentId: string, after = '0', limit = 1000): Promise<ChatMessageRow[]> {
  const { rows } = await q.query<Row>(`${select} where m.appointment_id = $1 and m.id > $2::bigint order by m.id limit $3`, [
    appointmentId,
    after,
    limit,
  ]);
  return rows.map(toMessage);
}

export async function insertMessage(
  q: Queryable,
  m: { appointmentId: string; senderUserId: string; senderRole: ChatRole; text: string; photoId: string | null },
  at: Date,
): Promise<ChatMessageRow> {
  const { rows } = await q.query<{ id: string }>(
    `insert into chat_messages (appointment_id, sender_user_id, sender_role, text, photo_id, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [m.appointmentId, m.senderUserId, m.senderRole, m.text, m.photoId, at],
  );
  const { rows: full } = await q.query<Row>(`${select} where m.id = $1::bigint`, [rows[0]!.id]);
  return toMessage(full[0]!);
}

export async function insertPhoto(
  q: Queryable,
  p: { appointmentId: string; contentType: string; width: number; height: number; data: Buffer },
  at: Date,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into chat_photos (appointment_id, content_type, width, height, data, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [p.appointmentId, p.contentType, p.width, p.height, p.data, at],
  );
  return rows[0]!.id;
}

export async function findPhoto(q: Queryable, appointmentId: string, photoId: string): Promise<{ contentType: string; data: Buffer } | null> {
  const { rows } = await q.query<{ content_type: string; data: Uint8Array }>(
    'select content_type, data from chat_photos where id = $1 and appointment_id = $2',
    [photoId, appointmentId],
  );
  const r = rows[0];
  return r ? { contentType: r.content_type, data: Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength) } : null;
}

/** Moves the read mark forward only (never back), to at most the last message there is. */
export async function markRead(q: Queryable, appointmentId: string, userId: string, upTo: string): Promise<void> {
  await q.query(
    `insert into chat_reads as r (appointment_id, user_id, last_read_id)
     values ($1, $2, least($3::bigint, coalesce((select max(id) from chat_messages where appointment_id = $1), 0)))
     on conflict (appointment_id, user_id) do update set last_read_id = greatest(r.last_read_id, excluded.last_read_id)`,
    [appointmentId, userId, upTo],
  );
}

/** Messages of the other party (`otherRole`) after this user's read mark. */
export async function unreadCount(q: Queryable, appointmentId: string, userId: string, otherRole: ChatRole): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from chat_messages m
      where m.appointment_id = $1 and m.sender_role = $3
        and m.id > coalesce((select last_read_id from chat_reads where appointment_id = $1 and user_id = $2), 0)`,
    [appointmentId, userId, otherRole],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Unread counts of many appointments for one reader, who is `readerRole` in all of them (the
 * patient's list, the doctor's lists). Appointments without unread messages are absent.
 */
export async function unreadCounts(q: Queryable, appointmentIds: readonly string[], userId: string, readerRole: ChatRole): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const otherRole: ChatRole = readerRole === 'patient' ? 'doctor' : 'patient';
  const { rows } = await q.query<{ appointment_id: string; n: number }>(
    `select m.appointment_id, count(*)::int as n from chat_messages m
       left join chat_reads r on r.appointment_id = m.appointment_id and r.user_id = $2
      where m.appointment_id = any($1::uuid[]) and m.sender_role = $3 and m.id > coalesce(r.last_read_id, 0)
      group by m.appointment_id`,
    [appointmentIds, userId, otherRole],
  );
  return new Map(rows.map((r) => [r.appointment_id, r.n]));
}

/** When the doctor first completed the appointment (the audit log's appointment.completed), or null. */
export async function completedAt(q: Queryable, appointmentId: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    `select min(at) as at from audit_log where appointment_id = $1 and action = 'appointment.completed'`,
    [appointmentId],
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
