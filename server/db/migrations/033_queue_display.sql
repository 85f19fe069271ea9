-- The waiting room's displays and the patient's live place in the queue (server/queue,
-- docs/queue-display.md): the streams' end with the session that opened them, and the "you are
-- next but one" texts.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- A patient's live place (GET /appointment/{id}/queue/stream) lives no longer than the session
-- that opened it. When a session ends (logout, a password reset or a closed account revoke it; a
-- live one is deleted), every instance is told on the queue's channel at commit, with the
-- account's id only: {"u": user id}. Each instance checks that account's open streams again and
-- ends those whose session is gone (server/queue/hub.ts). The queue's own notices on the channel
-- are {"l": location id, "d": doctor id} (a queue changed) and {"x": display id} (a display link
-- was revoked): ids only, never a name.
create function announce_queue_session_end() returns trigger language plpgsql as $$
begin
  perform pg_notify('queue_changed', json_build_object('u', old.user_id)::text);
  return null;
end;
$$;

create trigger sessions_queue_revoked after update of revoked_at on sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function announce_queue_session_end();
create trigger sessions_queue_deleted after delete on sessions
  for each row when (old.revoked_at is null) execute function announce_queue_session_end();

-- "You are next but one": when a waiting patient has at most one patient before them, their
-- entry's notified_at is set and one job queued ('queue-next:<entry id>'), in one transaction, so
-- it happens once whichever instance sees it first. The job writes a row here per channel the
-- patient chose (their reminder channels) and this server has, then sends each once.
create table queue_texts (
  -- 'queue-next:<entry id>:<channel>'
  key text primary key,
  entry_id uuid not null references queue_entries (id) on delete cascade,
  channel text not null,
  -- queued: to be sent; sending: the provider is being asked; sent; dropped: the patient was
  -- called (or left the line) first, turned the channel off, or the server has no template for
  -- it; unknown: a send was interrupted and may have gone out, so it is not sent again.
  state text not null default 'queued',
  attempts integer not null default 0,
  -- The provider's id of the message, for support.
  provider_id text,
  note text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  constraint queue_texts_key_check check (length(key) <= 140),
  constraint queue_texts_channel_check check (channel in ('sms', 'whatsapp')),
  constraint queue_texts_state_check check (state in ('queued', 'sending', 'sent', 'dropped', 'unknown')),
  constraint queue_texts_note_check check (length(note) <= 500),
  constraint queue_texts_provider_id_check check (length(provider_id) <= 200)
);
create index queue_texts_entry_idx on queue_texts (entry_id);
