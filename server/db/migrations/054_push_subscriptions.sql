-- Web Push (docs/app.md, "Web Push"; server/push/repository.ts): one row per device that asked
-- for reminders, by the push service's endpoint (unique: one device, one account at a time; a
-- later login on the device takes it over). p256dh and auth are the browser's keys (base64url)
-- the payload is encrypted to. session_id: the login it came with; logging that device out
-- removes the row. Gone with the account when it is closed (server/repositories/records.ts).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  session_id uuid references sessions (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) <= 1000),
  p256dh text not null check (length(p256dh) between 80 and 100),
  auth text not null check (length(auth) between 16 and 32),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);
create index push_subscriptions_session_idx on push_subscriptions (session_id);
