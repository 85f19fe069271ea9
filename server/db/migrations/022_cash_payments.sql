-- Issue 14: a pharmacy order paid in cash gets a receipt like one paid online. When an admin marks a
-- Cash order Delivered, the money was taken at the pharmacy: a payments row with provider 'cash' is
-- recorded then, settled at once (status 'paid'), so the one receipt sequence, the refund list and
-- the data export treat it as any other payment (services/staffAdmin/orders.ts).
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
alter table payments drop constraint payments_provider_check;
alter table payments add constraint payments_provider_check check (provider in ('sandbox', 'phonepe', 'cash'));
