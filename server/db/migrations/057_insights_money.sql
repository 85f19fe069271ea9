-- The owner's view's money (docs/insights.md "Speed"), kept per day like its visits (053):
--   insights_money: per clinic day of the movement, the appointment's location, doctor and type,
--     kind (fees, pharmacy, refunds) and mode (online, cash, upi, card, other): the paise and the
--     number of movements, exactly as repository.ts moneyGroups defined them over the rows.
-- A movement is a settled payment (paid or refund, by the clinic date of settled_at) or a refund
-- recorded as paid back (refund_resolutions, by the clinic date of resolved_at, for the amount of
-- the payment, else the order's total, else the appointment's fee). Its location, doctor and type
-- are its appointment's (an order's: its consultation's), which a move changes; so statement
-- triggers on all four tables keep it: the movements that involve the rows a statement changed are
-- counted out as they were and in as they are (an update only for the rows whose figures' columns
-- changed: a payment's status checks or a refund's note take nothing).
--
-- Deadlocks: every trigger upserts its rows sorted by key, so two statements at once take the kept
-- rows in one order. A kept row that falls to 0 is left at 0 (readers skip it) rather than deleted
-- by a sweep of every empty row, which would take rows out of that order (053's triggers swept;
-- they are replaced below). Two transactions of several statements can still meet in opposite
-- orders: server/db/postgres.ts runs a transaction again when PostgreSQL ends it as a deadlock.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table insights_money (
  day date not null,
  location_id uuid,
  doctor_id uuid not null,
  consultation_type text not null,
  kind text not null,
  mode text not null,
  paise bigint not null,
  n integer not null,
  constraint insights_money_key unique nulls not distinct (day, location_id, doctor_id, consultation_type, kind, mode)
);

-- The movements, as (day, location_id, doctor_id, consultation_type, kind, mode, paise), over the
-- relations named (a table, or the rows a statement changed), only those that involve `changed`
-- ('p' payments, 'r' refund_resolutions, 'o' orders, 'a' appointments: all of them). Each path
-- joins on one id of its own, so a statement's few rows are index lookups.
create function insights_money_sql(p text, r text, o text, a text, changed text) returns text
  language plpgsql immutable as $$
declare
  mode constant text := $s$case when p.provider in ('phonepe', 'sandbox') then 'online' when p.provider = 'cash' then 'cash' else p.counter_method end$s$;
  paid constant text := $s$(p.settled_at at time zone 'Asia/Kolkata')::date, a.location_id, a.doctor_id, a.consultation_type,
    case p.purpose when 'appointment' then 'fees' else 'pharmacy' end, $s$ || mode || ', p.amount_paise';
  settled constant text := $s$p.status in ('paid', 'refund') and p.settled_at is not null$s$;
  back constant text := $s$(r.resolved_at at time zone 'Asia/Kolkata')::date, a.location_id, a.doctor_id, a.consultation_type, 'refunds', $s$;
  paths text[] := '{}';
begin
  if changed in ('p', 'a') then
    paths := paths || format('select %s from %s p join %s a on a.id = p.appointment_id where %s', paid, p, a, settled);
  end if;
  if changed in ('p', 'o', 'a') then
    paths := paths || format('select %s from %s p join %s o on o.id = p.order_id join %s a on a.id = o.appointment_id where %s', paid, p, o, a, settled);
  end if;
  if changed in ('r', 'a') then
    paths := paths || format($s$select %s 'other', round(a.consultation_fee * 100)::bigint from %s r join %s a on a.id = r.appointment_id$s$, back, r, a);
  end if;
  if changed in ('r', 'o', 'a') then
    paths := paths || format($s$select %s 'other', round(o.total_price * 100)::bigint from %s r join %s o on o.id = r.order_id join %s a on a.id = o.appointment_id$s$, back, r, o, a);
  end if;
  if changed in ('r', 'p', 'a') then
    paths := paths || format('select %s %s, p.amount_paise from %s r join %s p on p.id = r.payment_id join %s a on a.id = p.appointment_id', back, mode, r, p, a);
  end if;
  if changed in ('r', 'p', 'o', 'a') then
    paths := paths || format('select %s %s, p.amount_paise from %s r join %s p on p.id = r.payment_id join %s o on o.id = p.order_id join %s a on a.id = o.appointment_id',
      back, mode, r, p, o, a);
  end if;
  return array_to_string(paths, ' union all ');
end;
$$;

-- A movement with its sign: -1 as it was, +1 as it is.
create type insights_movement as (
  sign integer, day date, location_id uuid, doctor_id uuid, consultation_type text, kind text, mode text, paise bigint
);

-- The movements added to insights_money in key order.
create function insights_money_add(p_moves insights_movement[]) returns void language plpgsql as $$
begin
  insert into insights_money as m
    select c.day, c.location_id, c.doctor_id, c.consultation_type, c.kind, c.mode, sum(c.sign * c.paise)::bigint, sum(c.sign)::int
      from unnest(p_moves) as c where c.paise is not null
     group by 1, 2, 3, 4, 5, 6
    having sum(c.sign) <> 0 or sum(c.sign * c.paise) <> 0
     order by 1, 2, 3, 4, 5, 6
    on conflict on constraint insights_money_key do update set paise = m.paise + excluded.paise, n = m.n + excluded.n;
end;
$$;

-- For each of the four tables: insights_money_of_<table>(sign, rows), the movements that involve
-- those rows (insights_money_sql's paths with the rows in place of the table), and the trigger
-- function insights_money_<table>, which passes it the rows a statement changed (an update's: only
-- those whose figures' columns changed). Made here from insights_money_sql so that the paths are
-- written once, and static SQL so that PL/pgSQL plans them once per connection.
do $do$
declare
  t record;
  moved text;
begin
  for t in select * from (values
      ('payments', 'p', 'status, settled_at, amount_paise, purpose, provider, counter_method, appointment_id, order_id'),
      ('refund_resolutions', 'r', 'payment_id, appointment_id, order_id, resolved_at'),
      ('orders', 'o', 'appointment_id, total_price'),
      ('appointments', 'a', 'location_id, doctor_id, consultation_type, consultation_fee')) as v (name, letter, cols)
  loop
    execute format($f$
      create function insights_money_of_%1$s(p_sign integer, p_rows %1$s[]) returns setof insights_movement language plpgsql stable as $b$
      begin
        return query select p_sign, m.* from (%2$s) as m;
      end;
      $b$$f$, t.name, insights_money_sql(
        case t.letter when 'p' then 'unnest(p_rows)' else 'payments' end, case t.letter when 'r' then 'unnest(p_rows)' else 'refund_resolutions' end,
        case t.letter when 'o' then 'unnest(p_rows)' else 'orders' end, case t.letter when 'a' then 'unnest(p_rows)' else 'appointments' end, t.letter));
    moved := format('select row(x.*)::%s from %%s x join %%s y on y.id = x.id where (x.%s) is distinct from (y.%s)', t.name, replace(t.cols, ', ', ', x.'), replace(t.cols, ', ', ', y.'));
    execute format($f$
      create function insights_money_%1$s() returns trigger language plpgsql as $b$
      begin
        if tg_op = 'INSERT' then
          perform insights_money_add(array(select m from insights_money_of_%1$s(1, array(select row(x.*)::%1$s from new_rows x)) as m));
        elsif tg_op = 'DELETE' then
          perform insights_money_add(array(select m from insights_money_of_%1$s(-1, array(select row(x.*)::%1$s from old_rows x)) as m));
        else
          perform insights_money_add(array(
            select m from insights_money_of_%1$s(-1, array(%2$s)) as m
            union all
            select m from insights_money_of_%1$s(1, array(%3$s)) as m));
        end if;
        return null;
      end;
      $b$$f$, t.name, format(moved, 'old_rows', 'new_rows'), format(moved, 'new_rows', 'old_rows'));
  end loop;
end;
$do$;

-- A new order or appointment has no money yet (payments and refunds name it after), and neither can
-- be deleted while any names it (on delete restrict): their updates are what moves money.
create trigger payments_insights_money_insert after insert on payments
  referencing new table as new_rows for each statement execute function insights_money_payments();
create trigger payments_insights_money_update after update on payments
  referencing old table as old_rows new table as new_rows for each statement execute function insights_money_payments();
create trigger payments_insights_money_delete after delete on payments
  referencing old table as old_rows for each statement execute function insights_money_payments();
create trigger refund_resolutions_insights_money_insert after insert on refund_resolutions
  referencing new table as new_rows for each statement execute function insights_money_refund_resolutions();
create trigger refund_resolutions_insights_money_update after update on refund_resolutions
  referencing old table as old_rows new table as new_rows for each statement execute function insights_money_refund_resolutions();
create trigger refund_resolutions_insights_money_delete after delete on refund_resolutions
  referencing old table as old_rows for each statement execute function insights_money_refund_resolutions();
create trigger orders_insights_money_update after update on orders
  referencing old table as old_rows new table as new_rows for each statement execute function insights_money_orders();
-- Named to fire before appointments_insights_update (triggers fire in name order): a statement
-- takes the kept money rows, then the visits, the lead days and the people's shares, always so.
create trigger appointments_insights_money_update after update on appointments
  referencing old table as old_rows new table as new_rows for each statement execute function insights_money_appointments();

-- The money there is now.
do $$
begin
  execute format($q$
    insert into insights_money
      select day, location_id, doctor_id, consultation_type, kind, mode, sum(paise)::bigint, count(*)::int
        from (%s) as m (day, location_id, doctor_id, consultation_type, kind, mode, paise)
       where paise is not null
       group by 1, 2, 3, 4, 5, 6$q$,
    insights_money_sql('payments', 'refund_resolutions', 'orders', 'appointments', 'a'));
end;
$$;

-- The people seen in a period, whole clinic (repository.ts patientCounts): each person's days with
-- a seen visit (a confirmed booking not cancelled: insights_seen), each with the person's seen day
-- before it. A person was seen from `from` to `to` when one of their days there follows a day
-- before `from` or none: so the period's people are a count over its days (one index-only range,
-- no grouping by person), and the returning ones those whose day before is not none.
create table insights_seen_days (
  user_id uuid not null,
  family_member_id uuid,
  day date not null,
  n integer not null,
  prev_day date,
  constraint insights_seen_days_key unique nulls not distinct (user_id, family_member_id, day)
);
insert into insights_seen_days
  select user_id, family_member_id, date, count(*)::int, lag(date) over (partition by user_id, family_member_id order by date)
    from appointments where insights_seen(booked_via, payment_status, status)
   group by user_id, family_member_id, date;
create index insights_seen_days_day_idx on insights_seen_days (day) include (prev_day);

-- 053's appointments trigger, again: the same counts, upserted in key order, a row at 0 left at 0
-- (no sweep of empty rows, see Deadlocks above), and the seen days too. Its statements are static
-- SQL over the changed rows passed as an array, so PL/pgSQL plans them once per connection
-- instead of at every statement (053's were built as text and planned at each one: most of a
-- booking's time on the embedded database).
create type insights_change as (
  sign integer, day date, location_id uuid, doctor_id uuid, consultation_type text, booked_via text, status text,
  payment_status text, hold_expires_at timestamptz, created_at timestamptz, user_id uuid, family_member_id uuid
);

create function insights_appointments_apply(p_changes insights_change[]) returns void language plpgsql as $$
begin
  insert into insights_visits as v
    select c.day, c.location_id, c.doctor_id, c.consultation_type, c.booked_via, c.status, sum(c.sign)::int
      from unnest(p_changes) as c
     where insights_confirmed(c.booked_via, c.payment_status, c.status, c.hold_expires_at)
     group by 1, 2, 3, 4, 5, 6
    having sum(c.sign) <> 0
     order by 1, 2, 3, 4, 5, 6
    on conflict on constraint insights_visits_key do update set n = v.n + excluded.n;

  insert into insights_lead as l
    select c.day, c.location_id, c.doctor_id, c.consultation_type, insights_lead_days(c.day, c.created_at), sum(c.sign)::int
      from unnest(p_changes) as c
     where insights_confirmed(c.booked_via, c.payment_status, c.status, c.hold_expires_at) and c.booked_via <> 'walkin'
     group by 1, 2, 3, 4, 5
    having sum(c.sign) <> 0
     order by 1, 2, 3, 4, 5
    on conflict on constraint insights_lead_key do update set n = l.n + excluded.n;

  -- The people whose seen visits' dates changed (a write that leaves them as they were, such as a
  -- prescription's, takes no lock), one share at a time in share order; then read again after the
  -- locks: a statement of its own sees what the writers before committed.
  perform pg_advisory_xact_lock(k) from (
    select distinct 53000 + abs(hashtext(m.user_id::text || '/' || coalesce(m.family_member_id::text, '')) % 256) as k
      from (select c.user_id, c.family_member_id from unnest(p_changes) as c where insights_seen(c.booked_via, c.payment_status, c.status)
             group by c.user_id, c.family_member_id, c.day having sum(c.sign) <> 0) as m
     order by 1) as shares;

  with people as (
    select distinct c.user_id, c.family_member_id from unnest(p_changes) as c where insights_seen(c.booked_via, c.payment_status, c.status)
     group by c.user_id, c.family_member_id, c.day having sum(c.sign) <> 0
  ), firsts as (
    select p.user_id, p.family_member_id,
           (select min(b.date) from appointments b
             where b.user_id = p.user_id and b.family_member_id is not distinct from p.family_member_id
               and b.status <> 'Cancelled'
               and (b.booked_via <> 'online' or b.payment_status in ('paid', 'due', 'refund') or b.status in ('Completed', 'Missed'))) as first_date
      from people p
  ), gone as (
    delete from insights_first_visits f using firsts
     where firsts.first_date is null and f.user_id = firsts.user_id and f.family_member_id is not distinct from firsts.family_member_id
  )
  insert into insights_first_visits as f
    select firsts.user_id, firsts.family_member_id, firsts.first_date from firsts where firsts.first_date is not null order by 1, 2
    on conflict on constraint insights_first_visits_key do update set first_date = excluded.first_date;

  -- The same people's seen days, chained again (each day with the day before it), under the same
  -- locks: written as they now are, the rows that changed only.
  with delta as (
    select c.user_id, c.family_member_id, c.day, sum(c.sign)::int as n from unnest(p_changes) as c
     where insights_seen(c.booked_via, c.payment_status, c.status)
     group by 1, 2, 3 having sum(c.sign) <> 0
  ), people as (
    select distinct delta.user_id, delta.family_member_id from delta
  ), kept as (
    select s.* from insights_seen_days s join people p on s.user_id = p.user_id and s.family_member_id is not distinct from p.family_member_id
  ), days as (
    select counted.user_id, counted.family_member_id, counted.day, sum(counted.n)::int as n
      from (select k.user_id, k.family_member_id, k.day, k.n from kept k union all select d.user_id, d.family_member_id, d.day, d.n from delta d) as counted
     group by 1, 2, 3 having sum(counted.n) > 0
  ), chained as (
    select d.user_id, d.family_member_id, d.day, d.n, lag(d.day) over (partition by d.user_id, d.family_member_id order by d.day) as prev_day from days d
  ), gone as (
    delete from insights_seen_days s using kept k
     where s.user_id = k.user_id and s.family_member_id is not distinct from k.family_member_id and s.day = k.day
       and not exists (select 1 from chained c where c.user_id = k.user_id and c.family_member_id is not distinct from k.family_member_id and c.day = k.day)
  )
  insert into insights_seen_days as s
    select c.user_id, c.family_member_id, c.day, c.n, c.prev_day from chained c
     where not exists (select 1 from kept k where k.user_id = c.user_id and k.family_member_id is not distinct from c.family_member_id
                          and k.day = c.day and k.n = c.n and k.prev_day is not distinct from c.prev_day)
     order by 1, 2, 3
    on conflict on constraint insights_seen_days_key do update set n = excluded.n, prev_day = excluded.prev_day;
end;
$$;

-- An appointment's row as a change, with its sign: -1 as it was, +1 as it is.
create function insights_change_of(p_sign integer, a appointments) returns insights_change language sql immutable as $$
  select row(p_sign, a.date, a.location_id, a.doctor_id, a.consultation_type, a.booked_via, a.status, a.payment_status, a.hold_expires_at,
             a.created_at, a.user_id, a.family_member_id)::insights_change
$$;

drop trigger appointments_insights_insert on appointments;
drop trigger appointments_insights_update on appointments;
drop trigger appointments_insights_delete on appointments;
drop function insights_appointments_changed();
-- The rows a statement changed, as they were and as they are.
create function insights_appointments_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform insights_appointments_apply(array(select insights_change_of(1, row(x.*)::appointments) from new_rows x));
  elsif tg_op = 'DELETE' then
    perform insights_appointments_apply(array(select insights_change_of(-1, row(x.*)::appointments) from old_rows x));
  else
    perform insights_appointments_apply(array(
      select insights_change_of(-1, row(x.*)::appointments) from old_rows x
      union all
      select insights_change_of(1, row(x.*)::appointments) from new_rows x));
  end if;
  return null;
end;
$$;
create trigger appointments_insights_insert after insert on appointments
  referencing new table as new_rows for each statement execute function insights_appointments_changed();
create trigger appointments_insights_update after update on appointments
  referencing old table as old_rows new table as new_rows for each statement execute function insights_appointments_changed();
create trigger appointments_insights_delete after delete on appointments
  referencing old table as old_rows for each statement execute function insights_appointments_changed();

drop index insights_visits_empty_idx;
drop index insights_lead_empty_idx;
-- The view no longer reads money by its instants: 051's and 053's indexes for that go.
drop index payments_settled_money_idx;
drop index refund_resolutions_resolved_idx;
