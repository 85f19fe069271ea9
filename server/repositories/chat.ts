/**
 * SQL of chat consultations (017_chat.sql): messages, photos (bytea) and read marks.
 * Message ids are bigints, handled as decimal text on both backends; within one conversation
 * they grow in commit order (lockConversation).
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

/**
 * Takes the conversation's lock (its appointment's row) for the rest of the transaction. Every
 * message is written under it (services/chat.ts), so the messages of one conversation get their
 * ids one commit after the other: id order is commit order (030_chat_delivery_limits.sql). NO KEY
 * UPDATE: the rows that merely refer to the appointment (a photo, a payment) are not held up.
 */
export async function lockConversation(q: Queryable, appointmentId: string): Promise<void> {
  await q.query('select 1 from appointments where id = $1 for no key update', [appointmentId]);
}

// An arbitrary constant naming "an account's chat photos" among advisory locks (migrate.ts has its own).
const photoSenderLockClass = 424_242_017;

/**
 * Takes the sender's photo lock for the rest of the transaction, so two photos of one account sent
 * at once are counted against its quotas one after the other. Taken before lockConversation,
 * always, so two such transactions never wait for each other in a circle.
 */
export async function lockPhotoSender(q: Queryable, userId: string): Promise<void> {
  await q.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [photoSenderLockClass, userId]);
}

/** Photos this account sent in this conversation, and in all conversations since `since`. */
export async function photosSent(q: Queryable, userId: string, appointmentId: string, since: Date): Promise<{ inConversation: number; since: number }> {
  const { rows } = await q.query<{ in_conversation: number; since: number }>(
    `select count(*) filter (where appointment_id = $2)::int as in_conversation,
            count(*) filter (where created_at > $3)::int as since
       from chat_messages
      where sender_user_id = $1 and photo_id is not null and (appointment_id = $2 or created_at > $3)`,
    [userId, appointmentId, since],
  );
  return { inConversation: rows[0]?.in_conversation ?? 0, since: rows[0]?.since ?? 0 };
}

export async function insertMessage(
  q: Queryable,
  m: { appointmentId: string; senderUserId: string; senderRole: ChatRole; text: string; photoId: string | null; clientId?: string | null },
  at: Date,
): Promise<ChatMessageRow> {
  // One statement: the conversation's lock is held until commit, so every round trip under it counts.
  const { rows } = await q.query<Row>(
    `with m as (
       insert into chat_messages (appointment_id, sender_user_id, sender_role, text, photo_id, created_at, client_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning id, sender_role, text, photo_id, created_at)
     select m.id::text as id, m.sender_role, m.text, m.photo_id, p.width, p.height, m.created_at
       from m left join chat_photos p on p.id = m.photo_id`,
    [m.appointmentId, m.senderUserId, m.senderRole, m.text, m.photoId, at, m.clientId ?? null],
  );
  return toMessage(rows[0]!);
}

/** The message this sender already sent in this conversation with this client id (migration 050), if any. */
export async function findMessageByClientId(q: Queryable, appointmentId: string, senderUserId: string, clientId: string): Promise<ChatMessageRow | null> {
  const { rows } = await q.query<Row>(`${select} where m.appointment_id = $1 and m.sender_user_id = $2 and m.client_id = $3`, [
    appointmentId,
    senderUserId,
    clientId,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
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
