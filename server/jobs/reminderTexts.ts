/** The reminders' text rows (reminder_texts, migration 025), as tests and the operator look at them. */
import type { Queryable } from '../db/database.js';
import type { TextChannel } from '../messaging/senders.js';
import type { TextState } from './reminders.js';

/** The texts of one appointment's reminders: what tests and the operator look at. */
export async function reminderTextRows(q: Queryable, appointmentId: string) {
  const { rows } = await q.query<{ key: string; channel: TextChannel; state: TextState; attempts: number; provider_id: string | null; note: string }>(
    `select t.key, t.channel, t.state, t.attempts, t.provider_id, t.note
       from reminder_texts t join reminder_sends r on r.key = t.reminder_key
      where r.appointment_id = $1 order by t.created_at, t.key`,
    [appointmentId],
  );
  return rows;
}
