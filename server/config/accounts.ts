/** Accounts and sign-in: APP_SECRET, SESSION_DAYS, TRUST_PROXY and the rate limits (RATE_LIMIT_*). */
import { isIP } from 'node:net';
import { type AccountLimits, defaultLimits, formatRateLimit, type RateLimit, rateLimitSettings } from '../services/limits.js';
import { problem, settings, variable } from './env.js';
import { secret, wholeNumber } from './variables.js';

export interface AccountsConfig {
  /** APP_SECRET: keys the hashes of one-time codes; null: a secret made once and kept in the database. Never logged. */
  appSecret: string | null;
  /** SESSION_DAYS: how long a login lasts. */
  sessionDays: number;
}

/** false (nobody; the default), true (any proxy), a number of proxy hops, or proxy addresses and CIDR ranges. */
const trustProxy = (name: string) =>
  variable(name, (value) => {
    if (value === undefined || value.toLowerCase() === 'false') return false;
    if (value.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return hops >= 1 && hops <= 10 ? hops : problem(`${name} must count 1 to 10 proxies (got "${value}")`);
    }
    const entries = value.split(',').map((e) => e.trim()).filter((e) => e !== '');
    const isAddress = (e: string) => {
      const [ip, bits, extra] = e.split('/');
      if (extra !== undefined || !ip || isIP(ip) === 0) return false;
      if (bits === undefined) return true;
      const max = isIP(ip) === 4 ? 32 : 128;
      return /^\d+$/.test(bits) && Number(bits) <= max;
    };
    const badEntries = entries.filter((e) => !isAddress(e));
    return entries.length > 0 && badEntries.length === 0
      ? entries
      : problem(`${name} must be false, true, a number of proxies, or proxy addresses and CIDR ranges separated by commas (got "${value}")`);
  });

/**
 * A rate limit as `count/window`, the window in minutes or hours: `5/15m`, `200/1h`. The count is
 * capped per setting, the window from 1 minute to 24 hours. The strict limits (they stop password
 * guessing and code bombing) also may not allow more than their cap per 15 minutes: `20/1m` is no
 * way around `20`.
 */
export const rateLimit = (name: string, mostAllowed: number, strict: boolean, fallback: RateLimit) =>
  variable(name, (value) => {
    if (value === undefined) return fallback;
    const match = /^(\d+)\s*\/\s*(\d+)\s*(m|h)$/.exec(value);
    const max = Number(match?.[1]);
    const minutes = Number(match?.[2]) * (match?.[3] === 'h' ? 60 : 1);
    const paced = !strict || max * 15 <= mostAllowed * minutes;
    return match && max >= 1 && max <= mostAllowed && minutes >= 1 && minutes <= 24 * 60 && paced
      ? { max, windowMs: minutes * 60_000 }
      : problem(
          `${name} must be a count from 1 to ${mostAllowed} per window of 1 minute to 24 hours` +
            `${strict ? `, at most ${mostAllowed} per 15 minutes` : ''}, like ${formatRateLimit(fallback)} (got "${value}")`,
        );
  });

export const accountSettings = settings('accounts', (_env, { take }) => {
  const accounts: AccountsConfig = {
    appSecret: take(secret('APP_SECRET', 32), null),
    sessionDays: take(wholeNumber('SESSION_DAYS', 1, 365, 30), 30),
  };
  const proxies = take(trustProxy('TRUST_PROXY'), false);
  const limits: AccountLimits = { ...defaultLimits };
  for (const { name, key, mostAllowed, strict } of rateLimitSettings) {
    limits[key] = take(rateLimit(name, mostAllowed, strict, defaultLimits[key]), defaultLimits[key]);
  }
  return { accounts, trustProxy: proxies, limits };
});
