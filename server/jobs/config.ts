/**
 * Background work's settings: their type and defaults, and REMINDER_LEADS' form. JOBS,
 * REMINDER_LEADS, ADMIN_EMAIL, REFUND_SUMMARY_HOUR and MORNING_LIST_HOUR are read, and listed,
 * in server/config/jobs.ts (docs/operations.md "Background jobs").
 */
import { noTexts, type TextsConfig } from '../messaging/config.js';

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

/** `[1440, 120]` -> `24h,2h`, for logs and the CLI. */
export const formatLeads = (leads: readonly number[]) =>
  leads.length === 0 ? 'off' : leads.map((m) => (m % 60 === 0 ? `${m / 60}h` : `${m}m`)).join(',');
