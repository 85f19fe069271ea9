-- Accounts (issue 3): users, their sessions, emailed one-time codes, proven addresses, and the
-- counters behind rate limits. Secrets are never stored in the clear: a password is an scrypt
-- hash, a session token its SHA-256, a code an HMAC under the server's secret.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

create table users (
  id uuid primary key default gen_random_uuid(),
  -- Stored lower case so that lookups and the unique constraint ignore case.
  email text not null,
  first_name text not null,
  -- May be blank for an account made by Google sign-in whose provider gave no family name.
  last_name text not null default '',
  -- null for a Google sign-up until the person completes the profile.
  age smallint,
  gender text,
  phone_number text,
  -- PHC string, e.g. $scrypt$ln=17,r=8,p=1$<salt>$<hash>: the parameters travel with the hash,
  -- so they can be raised later. null: no password yet (a Google sign-up).
  password_hash text,
  sign_in_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_key unique (email),
  constraint users_email_check check (
    email = lower(email) and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and length(email) <= 254
  ),
  constraint users_name_check check (btrim(first_name) <> '' and length(first_name) <= 200 and length(last_name) <= 200),
  constraint users_age_check check (age between 1 and 120),
  constraint users_gender_check check (gender in ('male', 'female')),
  constraint users_phone_number_check check (length(phone_number) between 1 and 20),
  constraint users_sign_in_method_check check (sign_in_method in ('manual', 'google')),
  -- A manual account always has a password; a Google one gets one through a password reset.
  constraint users_password_check check (sign_in_method = 'google' or password_hash is not null),
  constraint users_password_hash_check check (password_hash ~ '^\$[a-z0-9-]+\$' and length(password_hash) <= 500)
);

-- One row per login. The token is never stored, only its SHA-256 (hex).
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- Set by logout and by a password reset; a revoked session never works again.
  revoked_at timestamptz,
  constraint sessions_token_hash_key unique (token_hash),
  constraint sessions_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint sessions_expiry_check check (expires_at > created_at)
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expires_idx on sessions (expires_at);

-- The one live code per address: a new send replaces it, a right guess deletes it.
create table email_codes (
  email text primary key,
  -- HMAC-SHA256 (hex) of the address and the code, keyed by the server's secret.
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts smallint not null default 0,
  constraint email_codes_email_check check (email = lower(email) and length(email) <= 254),
  constraint email_codes_code_hash_check check (code_hash ~ '^[0-9a-f]{64}$'),
  constraint email_codes_failed_attempts_check check (failed_attempts >= 0),
  constraint email_codes_expiry_check check (expires_at > created_at)
);
create index email_codes_expires_idx on email_codes (expires_at);

-- An address proven by a right code, until expires_at. Registration or a password reset uses it up.
create table email_proofs (
  email text primary key,
  proven_at timestamptz not null,
  expires_at timestamptz not null,
  constraint email_proofs_email_check check (email = lower(email) and length(email) <= 254),
  constraint email_proofs_expiry_check check (expires_at > proven_at)
);
create index email_proofs_expires_idx on email_proofs (expires_at);

-- Fixed-window counters shared by every instance: `hits` in the window that ends at window_ends.
-- bucket names the limit and whom it counts, e.g. 'otp-send:email:a@b.example'.
create table rate_limits (
  bucket text primary key,
  hits integer not null,
  window_ends timestamptz not null,
  constraint rate_limits_bucket_check check (btrim(bucket) <> '' and length(bucket) <= 400),
  constraint rate_limits_hits_check check (hits >= 0)
);
create index rate_limits_window_ends_idx on rate_limits (window_ends);
