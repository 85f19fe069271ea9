-- Codes to the account's own verified number: 'phone-current', how an account proves a change
-- of its number (so that an open session alone cannot move the account's sign-in number to
-- somebody else's phone, server/mobile/service.ts), and 'account-close', how an account without
-- an email confirms its closing (server/services/records/account.ts). One live code per number,
-- account and purpose, as for a phone change.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table phone_codes drop constraint phone_codes_purpose_check;
alter table phone_codes add constraint phone_codes_purpose_check check (purpose in ('sign-in', 'phone-change', 'phone-current', 'account-close'));
create unique index phone_codes_current_key on phone_codes (phone, account_id) where purpose = 'phone-current';
create unique index phone_codes_close_key on phone_codes (phone, account_id) where purpose = 'account-close';
