-- The dispensary (docs/dispensary.md): the clinic's catalogue of remedies, its stock per location
-- with every movement kept, and pharmacy orders built from catalogue items (with tax and pickup
-- or home delivery) instead of a bare total.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.

-- One thing the dispensary sells: a remedy in one form, potency and pack, at one price (rupees,
-- as every amount column). The name is printed as the doctor's prescription prints it (in
-- capitals, docs/records.md). Archived items are kept (old orders point at them) but no longer
-- offered.
create table catalogue_items (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  -- pills, globules, dilution, mother_tincture, tablets, ointment, drops
  form text not null,
  -- '30C', '200C', '1M', '6X', 'Q' (mother tincture); '' where a form has none.
  potency text not null default '',
  -- As the pack is sold: '2 dram', '30 ml', '450 pills'.
  pack text not null,
  price numeric(10, 2) not null,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint catalogue_items_text_check check (
    btrim(name) <> '' and length(name) <= 200 and length(potency) <= 20 and btrim(pack) <> '' and length(pack) <= 50
  ),
  constraint catalogue_items_form_check check (
    form in ('pills', 'globules', 'dilution', 'mother_tincture', 'tablets', 'ointment', 'drops')
  ),
  constraint catalogue_items_price_check check (price >= 0)
);
-- One live item per name, form, potency and pack.
create unique index catalogue_items_live_key on catalogue_items (lower(name), form, potency, lower(pack)) where archived_at is null;
create index catalogue_items_name_idx on catalogue_items (lower(name) text_pattern_ops) where archived_at is null;

-- What a location holds of an item now, and the level at or below which it is low. The quantity
-- never goes below zero: a dispensing that would is refused (the row is taken under its lock).
create table stock_levels (
  item_id uuid not null references catalogue_items (id) on delete restrict,
  location_id uuid not null references locations (id) on delete restrict,
  quantity integer not null default 0,
  low_at integer not null default 5,
  updated_at timestamptz not null default now(),
  primary key (item_id, location_id),
  constraint stock_levels_quantity_check check (quantity >= 0 and quantity <= 1000000),
  constraint stock_levels_low_at_check check (low_at >= 0 and low_at <= 1000000)
);

-- Every change of a stock level, by whom and why: received (+), dispensed (-, for an order),
-- adjusted (+ or -, with a note: a count, a breakage, an expiry). The level is the sum of its
-- movements; both are written in one transaction.
create table stock_movements (
  id bigint generated always as identity primary key,
  item_id uuid not null references catalogue_items (id) on delete restrict,
  location_id uuid not null references locations (id) on delete restrict,
  kind text not null,
  change integer not null,
  order_id uuid references orders (id) on delete restrict,
  note text not null default '',
  actor_user_id uuid references users (id) on delete set null,
  at timestamptz not null,
  constraint stock_movements_kind_check check (kind in ('received', 'dispensed', 'adjusted')),
  constraint stock_movements_change_check check (
    change <> 0 and (kind <> 'received' or change > 0) and (kind <> 'dispensed' or (change < 0 and order_id is not null))
  ),
  constraint stock_movements_note_check check (length(note) <= 500)
);
create index stock_movements_item_idx on stock_movements (item_id, location_id, at desc);
-- An order's item is dispensed once, however often Dispense is clicked and on however many
-- instances: the second insert fails here.
create unique index stock_movements_dispensed_key on stock_movements (order_id, item_id) where kind = 'dispensed';

-- An order's lines: the catalogue item (null for a line written by hand) and, as they were when
-- the order was made, its name, form, potency, pack and unit price, so an order reads the same
-- after the catalogue changes.
create table order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  position integer not null,
  item_id uuid references catalogue_items (id) on delete restrict,
  name text not null,
  form text not null default '',
  potency text not null default '',
  pack text not null default '',
  quantity integer not null,
  unit_price numeric(10, 2) not null,
  constraint order_items_position_key unique (order_id, position),
  constraint order_items_text_check check (
    btrim(name) <> '' and length(name) <= 200 and length(form) <= 50 and length(potency) <= 20 and length(pack) <= 50
  ),
  constraint order_items_quantity_check check (quantity between 1 and 99),
  constraint order_items_price_check check (unit_price >= 0)
);

-- Where an order is filled and how it reaches the patient. location_id: the clinic's location
-- whose dispensary fills it (pharmacy_id keeps its name, as the spec's Order shows). subtotal,
-- tax and delivery_fee add up to total_price; tax_rate_bp is the rate applied, in basis points
-- (1800 = 18 %). Orders from before the dispensary keep nulls here and their total as typed.
alter table orders add column location_id uuid references locations (id) on delete restrict;
alter table orders add column fulfilment text not null default 'pickup';
alter table orders add column delivery_address text not null default '';
alter table orders add column subtotal numeric(10, 2);
alter table orders add column tax_rate_bp integer;
alter table orders add column tax numeric(10, 2);
alter table orders add column delivery_fee numeric(10, 2) not null default 0;
alter table orders add column dispensed_at timestamptz;
alter table orders add constraint orders_fulfilment_check check (fulfilment in ('pickup', 'delivery'));
alter table orders add constraint orders_delivery_check check (
  length(delivery_address) <= 500 and (fulfilment <> 'delivery' or btrim(delivery_address) <> '')
);
alter table orders add constraint orders_amounts_check check (
  (subtotal is null or subtotal >= 0) and (tax is null or tax >= 0) and delivery_fee >= 0
  and (tax_rate_bp is null or tax_rate_bp between 0 and 10000)
);
