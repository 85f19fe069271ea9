-- A chat message's client id: the app makes one per message it writes and sends it again, the
-- same, when it repeats a send whose answer it never got (offline, a dropped connection; docs/app.md).
-- The server then answers the message it already has instead of adding a second one.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table chat_messages add column client_id uuid;

-- One message per client id of a sender in a conversation (the service looks it up under the
-- conversation's lock first; this keeps it so whatever runs).
create unique index chat_messages_client_id_key on chat_messages (appointment_id, sender_user_id, client_id) where client_id is not null;
