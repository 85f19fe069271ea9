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
 */
import type { Env } from '../config.js';
import { noTexts, readTextsConfig, type TextsConfig } from '../messaging/config.js';

export interface JobsConfig {
  enabled: boolean;
  /** Minutes before the appointment's start, largest first, no repeats. */
  reminderLeadsMinutes: readonly number[];
  /** ADMIN_EMAIL: null sends no refund summary. */
  adminEmail: string | null;
  /** REFUND_SUMMARY_HOUR, clinic time. */
  refundSummaryHour: number;
  /** MORNING_LIST_HOUR, clinic time. */
  morningListHour: number;
  /** Reminders by SMS (SMS_PROVIDER, MSG91_*) and WhatsApp (WHATSAPP_*): server/messaging/config.ts. */
  texts: TextsConfig;
}

export const defaultJobsConfig: JobsConfig = {
  enabled: true,
  reminderLeadsMinutes: [24 * 60, 2 * 60],
  adminEmail: null,
  refundSummaryHour: 9,
  morningListHour: 7,
  texts: noTexts,
};

/** A clinic-time hour setting: a whole number 0-23, or a problem naming the variable. */
function readHour(env: Env, name: string, fallback: number, problems: string[]): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (/^\d{1,2}$/.test(value) && Number(value) <= 23) return Number(value);
  problems.push(`${name} must be an hour of the clinic's day, a whole number from 0 to 23 (got "${env[name]}")`);
  return fallback;
}

const maxLeadMinutes = 14 * 24 * 60;

/** `24h,2h` -> [1440, 120]; a problem (naming the variable) when it is not of that form. */
export function parseReminderLeads(value: string): { ok: true; value: number[] } | { ok: false; problem: string } {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'off' || trimmed === 'none') return { ok: true, value: [] };
  const parts = trimmed.split(',').map((p) => p.trim());
  const minutes: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,5})\s*(h|m)$/.exec(part);
    const n = match ? Number(match[1]) * (match[2] === 'h' ? 60 : 1) : NaN;
    if (!match || n < 1 || n > maxLeadMinutes) {
      return {
        ok: false,
        problem: `REMINDER_LEADS must be leads like "24h,2h" or "30m" (hours or minutes, 1 minute to 14 days each) or "off" (got "${value}")`,
      };
    }
    if (!minutes.includes(n)) minutes.push(n);
  }
  if (minutes.length > 5) return { ok: false, problem: `REMINDER_LEADS takes at most 5 leads (got ${minutes.length})` };
  return { ok: true, value: minutes.sort((a, b) => b - a) };
}

export function readJobsConfig(env: Env): { value: JobsConfig; problems: string[] } {
  const problems: string[] = [];
  const jobsRaw = env.JOBS?.trim().toLowerCase() || 'on';
  let enabled = true;
  if (jobsRaw === 'off') enabled = false;
  else if (jobsRaw !== 'on') problems.push(`JOBS must be "on" or "off" (got "${env.JOBS}")`);
  let reminderLeadsMinutes = defaultJobsConfig.reminderLeadsMinutes;
  const leadsRaw = env.REMINDER_LEADS?.trim();
  if (leadsRaw) {
    const parsed = parseReminderLeads(leadsRaw);
    if (parsed.ok) reminderLeadsMinutes = parsed.value;
    else problems.push(parsed.problem);
  }
  let adminEmail: string | null = null;
  const admin = env.ADMIN_EMAIL?.trim();
  if (admin) {
    if (admin.length <= 254 && /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(admin)) adminEmail = admin;
    else problems.push(`ADMIN_EMAIL must be one email address like admin@clinic.example (got "${env.ADMIN_EMAIL}")`);
  }
  const refundSummaryHour = readHour(env, 'REFUND_SUMMARY_HOUR', defaultJobsConfig.refundSummaryHour, problems);
  const morningListHour = readHour(env, 'MORNING_LIST_HOUR', defaultJobsConfig.morningListHour, problems);
  const texts = readTextsConfig(env);
  problems.push(...texts.problems);
  return { value: { enabled, reminderLeadsMinutes, adminEmail, refundSummaryHour, morningListHour, texts: texts.value }, problems };
}

/** `[1440, 120]` -> `24h,2h`, for logs and the CLI. */
export const formatLeads = (leads: readonly number[]) =>
  leads.length === 0 ? 'off' : leads.map((m) => (m % 60 === 0 ? `${m / 60}h` : `${m}m`)).join(',');
