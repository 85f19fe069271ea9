-- Issue 17: gettimeslot keeps doctors' day plans in memory (server/services/dayPlanCache.ts).
-- Every write to a table a day plan is read from is announced on the channel day_plans, so every
-- instance empties its cache, whoever wrote (another instance, the payment service on its own,
-- psql). Statement triggers: one notice per statement, sent at commit (none on rollback), and
-- PostgreSQL folds identical notices of one transaction into one. The payload names the table;
-- nothing personal travels.
-- Applied once, in a transaction, by server/db/migrate.ts. Never edit an applied migration.
create function announce_day_plan_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('day_plans', tg_table_name);
  return null;
end;
$$;

-- <table>_day_plans on each table a day plan reads (repositories/appointments.ts loadDaySchedule).
do $$
declare
  t text;
begin
  foreach t in array array['appointments', 'doctors', 'doctor_hours', 'doctor_online_hours', 'doctor_leave',
                           'doctor_locations', 'locations'] loop
    execute format('create trigger %I after insert or update or delete or truncate on %I
                      for each statement execute function announce_day_plan_change()', t || '_day_plans', t);
  end loop;
end;
$$;
