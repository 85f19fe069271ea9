-- The owner's view (docs/insights.md, server/insights/repository.ts) reads daily figures kept
-- here instead of grouping every appointment of the period:
--   insights_visits: confirmed bookings (repository.ts confirmedBooking, word for word) counted
--     by visit date, location, doctor, type, channel and status;
--   insights_lead: the same bookings except walk-ins, counted by visit date, location, doctor,
--     type and lead days (booking's clinic date to visit date, at least 0);
--   insights_first_visits: each person's (user_id, family_member_id) first confirmed booking that
--     was not cancelled (repository.ts seenBefore), so that "returning" is a comparison, not a
--     probe per person.
-- Statement triggers on appointments keep them: the rows the statement changed (its transition
-- tables) are counted out under their old figures and in under their new ones, so a move, a
-- cancellation or a change of payment state moves its count in the same transaction, whoever
-- wrote it (either instance, either backend, psql). Counts are added with upserts (they commute:
-- two writers at once both land), taken in key order; a person's first visit is read again from
-- appointments under a transaction advisory lock on the person's share (one of 256: a statement
-- that writes many people takes at most 256 locks), so of two writers the later reads
-- the earlier's committed rows. Rows whose count falls to 0 are deleted.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create table insights_visits (
  day date not null,
  location_id uuid,
  doctor_id uuid not null,
  consultation_type text not null,
  booked_via text not null,
  status text not null,
  n integer not null,
  constraint insights_visits_key unique nulls not distinct (day, location_id, doctor_id, consultation_type, booked_via, status)
);

create table insights_lead (
  day date not null,
  location_id uuid,
  doctor_id uuid not null,
  consultation_type text not null,
  lead_days integer not null,
  n integer not null,
  constraint insights_lead_key unique nulls not distinct (day, location_id, doctor_id, consultation_type, lead_days)
);

create table insights_first_visits (
  user_id uuid not null,
  family_member_id uuid,
  first_date date not null,
  constraint insights_first_visits_key unique nulls not distinct (user_id, family_member_id)
);

create function insights_confirmed(via text, payment text, status text, hold timestamptz) returns boolean
  language sql immutable as $$
  select via <> 'online' or payment in ('paid', 'due', 'refund') or status in ('Completed', 'Missed')
      or (status = 'Cancelled' and hold is null)
$$;

create function insights_seen(via text, payment text, status text) returns boolean
  language sql immutable as $$
  select status <> 'Cancelled' and (via <> 'online' or payment in ('paid', 'due', 'refund') or status in ('Completed', 'Missed'))
$$;

create function insights_lead_days(day date, created timestamptz) returns integer
  language sql immutable as $$
  select greatest(0, day - (created at time zone 'Asia/Kolkata')::date)
$$;

-- The rows the statement changed, each with its sign: -1 as it was, +1 as it is.
create function insights_appointments_changed() returns trigger language plpgsql as $$
declare
  cols constant text := 'date as day, location_id, doctor_id, consultation_type, booked_via, status, payment_status, hold_expires_at, created_at, user_id, family_member_id';
  changes text;
begin
  changes := case tg_op
    when 'INSERT' then format('select 1 as sign, %s from new_rows', cols)
    when 'DELETE' then format('select -1 as sign, %s from old_rows', cols)
    else format('select -1 as sign, %s from old_rows union all select 1, %s from new_rows', cols, cols) end;

  execute format($q$
    with changes as (%s), delta as (
      select day, location_id, doctor_id, consultation_type, booked_via, status, sum(sign)::int as n
        from changes
       where insights_confirmed(booked_via, payment_status, status, hold_expires_at)
       group by 1, 2, 3, 4, 5, 6
      having sum(sign) <> 0
       order by 1, 2, 3, 4, 5, 6
    )
    insert into insights_visits as v select * from delta
      on conflict on constraint insights_visits_key do update set n = v.n + excluded.n$q$, changes);

  execute format($q$
    with changes as (%s), delta as (
      select day, location_id, doctor_id, consultation_type, insights_lead_days(day, created_at) as lead_days, sum(sign)::int as n
        from changes
       where insights_confirmed(booked_via, payment_status, status, hold_expires_at) and booked_via <> 'walkin'
       group by 1, 2, 3, 4, 5
      having sum(sign) <> 0
       order by 1, 2, 3, 4, 5
    )
    insert into insights_lead as l select * from delta
      on conflict on constraint insights_lead_key do update set n = l.n + excluded.n$q$, changes);

  -- The people whose first visit may have changed: whose seen visits' dates changed (a write that
  -- leaves them as they were, such as a prescription's, takes no lock), one share at a time.
  execute format($q$
    select pg_advisory_xact_lock(k) from (
      select distinct 53000 + abs(hashtext(user_id::text || '/' || coalesce(family_member_id::text, '')) %% 256) as k
        from (select user_id, family_member_id from (%s) as changes where insights_seen(booked_via, payment_status, status)
               group by user_id, family_member_id, day having sum(sign) <> 0) as moved
       order by 1) as people$q$, changes);
  -- Read again after the locks: a statement of its own sees what the writers before committed.
  execute format($q$
    with people as (
      select distinct user_id, family_member_id from (%s) as changes where insights_seen(booked_via, payment_status, status)
       group by user_id, family_member_id, day having sum(sign) <> 0
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
      select user_id, family_member_id, first_date from firsts where first_date is not null order by 1, 2
      on conflict on constraint insights_first_visits_key do update set first_date = excluded.first_date$q$, changes);

  delete from insights_visits where n = 0;
  delete from insights_lead where n = 0;
  return null;
end;
$$;

create trigger appointments_insights_insert after insert on appointments
  referencing new table as new_rows for each statement execute function insights_appointments_changed();
create trigger appointments_insights_update after update on appointments
  referencing old table as old_rows new table as new_rows for each statement execute function insights_appointments_changed();
create trigger appointments_insights_delete after delete on appointments
  referencing old table as old_rows for each statement execute function insights_appointments_changed();

-- The appointments there are now.
insert into insights_visits
  select date, location_id, doctor_id, consultation_type, booked_via, status, count(*)::int
    from appointments where insights_confirmed(booked_via, payment_status, status, hold_expires_at)
   group by 1, 2, 3, 4, 5, 6;
insert into insights_lead
  select date, location_id, doctor_id, consultation_type, insights_lead_days(date, created_at), count(*)::int
    from appointments where insights_confirmed(booked_via, payment_status, status, hold_expires_at) and booked_via <> 'walkin'
   group by 1, 2, 3, 4, 5;
insert into insights_first_visits
  select user_id, family_member_id, min(date)
    from appointments where insights_seen(booked_via, payment_status, status)
   group by 1, 2;

-- The rows a statement brought to 0, found without reading the table.
create index insights_visits_empty_idx on insights_visits (day) where n = 0;
create index insights_lead_empty_idx on insights_lead (day) where n = 0;

-- The people seen in a period (repository.ts patientCounts) and the money of an unfiltered
-- period (moneyGroups) read from these alone (index-only scans): a year is ~90k visits and ~70k
-- payments, which read from the tables' pages cost most of a year's answer.
create index appointments_seen_day_idx on appointments (date) include (user_id, family_member_id, location_id, doctor_id, consultation_type)
  where status <> 'Cancelled'
    and (booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed'));
create index payments_settled_money_idx on payments (settled_at) include (purpose, provider, counter_method, amount_paise)
  where status in ('paid', 'refund');
drop index payments_settled_idx;

-- The people seen from p_from to p_to (repository.ts patientCounts) and how many of them came
-- before: a function only to run without JIT, whose compiling cost PostgreSQL more than the
-- statement (a year: ~200 -> ~130 ms at 1M appointments).
create function insights_people(p_from date, p_to date, p_location uuid, p_doctor uuid, p_type text)
  returns table (seen integer, returned integer) language sql stable set jit = off as $$
  with people as (
    select a.user_id, a.family_member_id from appointments a
     where a.date between p_from and p_to
       and (p_location is null or a.location_id = p_location) and (p_doctor is null or a.doctor_id = p_doctor)
       and (p_type is null or a.consultation_type = p_type)
       and a.status <> 'Cancelled' and (a.booked_via <> 'online' or a.payment_status in ('paid', 'due', 'refund') or a.status in ('Completed', 'Missed'))
     group by 1, 2)
  select count(*)::int, (count(*) filter (where f.first_date < p_from))::int
    from people p
    left join insights_first_visits f on f.user_id = p.user_id and f.family_member_id is not distinct from p.family_member_id
$$;
