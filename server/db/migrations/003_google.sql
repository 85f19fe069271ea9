-- Google sign-in (issue 3, OpenID Connect): what one sign-in keeps between its requests, in the
-- database so that any instance can serve the next step (server/identity/store.ts).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- From GET /api/auth/google/start to its callback: the OIDC state, nonce and PKCE verifier of one
-- attempt. The browser holds a random attempt id in an httpOnly cookie; only its SHA-256 is here.
-- Ten minutes, deleted when the callback reads it.
create table google_login_attempts (
  id_hash text primary key,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint google_login_attempts_id_hash_check check (id_hash ~ '^[0-9a-f]{64}$'),
  constraint google_login_attempts_secrets_check check (
    length(state) between 1 and 200 and length(nonce) between 1 and 200 and length(code_verifier) between 43 and 128
  ),
  constraint google_login_attempts_expiry_check check (expires_at > created_at)
);
create index google_login_attempts_expires_idx on google_login_attempts (expires_at);

-- From the callback to POST /api/auth/google/exchange: a one-time code the app swaps for a
-- session, so our token never travels in an address. Only its SHA-256 is here. Sixty seconds,
-- deleted when it is used. user_id is the accounts' users.id, kept without a foreign key so this
-- table does not depend on the accounts schema (a code outliving its user is refused at exchange).
create table google_handoff_codes (
  code_hash text primary key,
  user_id text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint google_handoff_codes_code_hash_check check (code_hash ~ '^[0-9a-f]{64}$'),
  constraint google_handoff_codes_user_id_check check (btrim(user_id) <> '' and length(user_id) <= 100),
  constraint google_handoff_codes_expiry_check check (expires_at > created_at)
);
create index google_handoff_codes_expires_idx on google_handoff_codes (expires_at);
