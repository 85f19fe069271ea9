-- Chat consultations: delivery in commit order, streams that end with their session, and what a
-- photo may cost the disk (server/services/chat.ts, server/chat/hub.ts; docs/operations.md,
-- "Chat" and "Security").
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- Commit order. A message is written under its appointment's row lock (repositories/chat.ts,
-- lockConversation), so the messages of one conversation take their ids one transaction after
-- the other: within a conversation, id order is commit order, and a stream that sends "the rows
-- after the last id I sent" never skips one that commits late. That needs every id handed out in
-- the order it was asked for, across connections: one value at a time from the sequence, never a
-- block of them per connection (CACHE above 1 would let a later transaction take a smaller id).
alter table chat_messages alter column id set cache 1;

-- A stored photo is at most 1 MB (chatPhotoStoredMaxBytes): the service re-encodes smaller until
-- it is. NOT VALID: checked for every photo written from now on; older photos stay as they are.
alter table chat_photos add constraint chat_photos_stored_size_check check (octet_length(data) <= 1048576) not valid;

-- The photo quotas count a sender's photos in a conversation and over the last day.
create index chat_messages_sender_photos_idx on chat_messages (sender_user_id, created_at) where photo_id is not null;

-- A stream lives no longer than the session and the part that opened it. When a session ends
-- (logout, a password reset or a closed account revoke it; a live one is deleted) or an account's
-- role changes, every instance is told on the chat's channel, at commit, with the account's id
-- only: {"u": user id}. Each instance then checks that account's open streams again and ends those
-- whose session or part is gone (server/chat/hub.ts).
create function announce_chat_session_end() returns trigger language plpgsql as $$
begin
  perform pg_notify('chat_message', json_build_object('u', old.user_id)::text);
  return null;
end;
$$;

create trigger sessions_chat_revoked after update of revoked_at on sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function announce_chat_session_end();
create trigger sessions_chat_deleted after delete on sessions
  for each row when (old.revoked_at is null) execute function announce_chat_session_end();

create function announce_chat_role_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('chat_message', json_build_object('u', new.id)::text);
  return null;
end;
$$;

create trigger users_chat_role after update of role on users
  for each row when (old.role is distinct from new.role) execute function announce_chat_role_change();
