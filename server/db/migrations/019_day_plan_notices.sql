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

create trigger appointments_day_plans after insert or update or delete or truncate on appointments
  for each statement execute function announce_day_plan_change();
create trigger doctors_day_plans after insert or update or delete or truncate on doctors
  for each statement execute function announce_day_plan_change();
create trigger doctor_hours_day_plans after insert or update or delete or truncate on doctor_hours
  for each statement execute function announce_day_plan_change();
create trigger doctor_online_hours_day_plans after insert or update or delete or truncate on doctor_online_hours
  for each statement execute function announce_day_plan_change();
create trigger doctor_leave_day_plans after insert or update or delete or truncate on doctor_leave
  for each statement execute function announce_day_plan_change();
create trigger doctor_locations_day_plans after insert or update or delete or truncate on doctor_locations
  for each statement execute function announce_day_plan_change();
create trigger locations_day_plans after insert or update or delete or truncate on locations
  for each statement execute function announce_day_plan_change();
