-- A staff member's desk queue stream (GET /desk/queue/stream) lasts no longer than the role that
-- opened it. When an account's role changes (an admin takes it away or gives another), every
-- instance is told on the queue's channel at commit, with the account's id only: {"u": user id},
-- as for a session's end (033_queue_display.sql); each checks that account's open streams again at
-- once and ends those it may no longer hold (server/queue/hub.ts). The chat's channel has its own
-- such trigger (030_chat_delivery_limits.sql).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create function announce_queue_role_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('queue_changed', json_build_object('u', new.id)::text);
  return null;
end;
$$;

create trigger users_queue_role after update of role on users
  for each row when (old.role is distinct from new.role) execute function announce_queue_role_change();
