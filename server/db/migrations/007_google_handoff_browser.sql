-- Google sign-in (issue 10): a handoff code works only in the browser that finished the sign-in.
-- The callback gives that browser a random secret in an httpOnly cookie and keeps its SHA-256 with
-- the code; the exchange compares them (server/identity/store.ts). A code without it is refused.
-- Codes live sixty seconds: those issued before this migration are dropped rather than kept unbound.
delete from google_handoff_codes;
alter table google_handoff_codes add column browser_hash text not null
  constraint google_handoff_codes_browser_hash_check check (browser_hash ~ '^[0-9a-f]{64}$');
