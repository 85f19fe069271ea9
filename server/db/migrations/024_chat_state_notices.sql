-- Issue 13: a Chat appointment's conversation changes state when the doctor completes it, the
-- patient or the clinic cancels or moves it, or its payment settles. Every open chat stream of that
-- appointment is told at once (server/chat/hub.ts: an `event: changed`, then the stream ends and the
-- browser loads the conversation again), on every instance, whoever wrote the change. The payload
-- is ids only, on the chat's own channel, sent at commit (none on rollback).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create function announce_chat_state() returns trigger language plpgsql as $$
begin
  if new.status is distinct from old.status or new.payment_status is distinct from old.payment_status
     or new.date is distinct from old.date or new.start_time is distinct from old.start_time then
    perform pg_notify('chat_message', json_build_object('a', new.id, 's', 1)::text);
  end if;
  return null;
end;
$$;

create trigger appointments_chat_state after update on appointments
  for each row when (new.consultation_type = 'Chat') execute function announce_chat_state();
