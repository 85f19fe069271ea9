/**
 * Background work's settings (docs/operations.md "Background jobs"):
 *
 *   JOBS            on (default) | off: whether this instance runs the job engine's workers.
 *                   Every instance may run them (pg-boss hands each job to one); `off` is for an
 *                   instance that should only answer requests. Jobs are still queued by it.
 *   REMINDER_LEADS  how long before a paid appointment its reminders go out, comma separated,
 *                   each a whole number of hours (`24h`) or minutes (`90m`): default `24h,2h`;
 *                   `off` sends none. At most 5 leads, each from 1 minute to 14 days.
 *   ADMIN_EMAIL     the clinic's admin address: the daily summary of open refunds goes there.
 *                   Unset: no summary.
 *   REFUND_SUMMARY_HOUR  the clinic-time hour (0-23) from which the day's summary goes: 9.
 *   MORNING_LIST_HOUR    the clinic-time hour (0-23) from which doctors who asked for it get
 *                   the day's list of appointments: 7.
 *
 * And the reminder texts' (server/config/texts.ts).
 */
import { defaultJobsConfig, type JobsConfig, parseReminderLeads } from '../jobs/config.js';
import { type Env, problem, settings, variable } from './env.js';
import { textsSettings } from './texts.js';
import { isPlainEmail } from './variables.js';

const jobsSwitch = variable('JOBS', (value, asSet) => {
  const given = value?.toLowerCase() ?? 'on';
  return given === 'on' || given === 'off' ? given === 'on' : problem(`JOBS must be "on" or "off" (got "${asSet}")`);
});

const reminderLeads = variable('REMINDER_LEADS', (value) => {
  if (value === undefined) return defaultJobsConfig.reminderLeadsMinutes;
  const parsed = parseReminderLeads(value);
  return parsed.ok ? parsed.value : problem(parsed.problem);
});

const adminEmail = variable('ADMIN_EMAIL', (value, asSet) => {
  if (value === undefined) return null;
  return isPlainEmail(value) ? value : problem(`ADMIN_EMAIL must be one email address like admin@clinic.example (got "${asSet}")`);
});

/** A clinic-time hour setting: a whole number 0-23. */
const hour = (name: string, fallback: number) =>
  variable(name, (value, asSet) => {
    if (value === undefined) return fallback;
    return /^\d{1,2}$/.test(value) && Number(value) <= 23
      ? Number(value)
      : problem(`${name} must be an hour of the clinic's day, a whole number from 0 to 23 (got "${asSet}")`);
  });

export const jobsSettings = settings('jobs', (_env, { take, part }): JobsConfig => ({
  enabled: take(jobsSwitch, true),
  reminderLeadsMinutes: take(reminderLeads, defaultJobsConfig.reminderLeadsMinutes),
  adminEmail: take(adminEmail, null),
  refundSummaryHour: take(hour('REFUND_SUMMARY_HOUR', defaultJobsConfig.refundSummaryHour), defaultJobsConfig.refundSummaryHour),
  morningListHour: take(hour('MORNING_LIST_HOUR', defaultJobsConfig.morningListHour), defaultJobsConfig.morningListHour),
  texts: part(textsSettings),
}));

export const readJobsConfig = (env: Env) => jobsSettings.read(env);
