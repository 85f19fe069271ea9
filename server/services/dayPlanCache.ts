/**
 * The day-plan cache of gettimeslot: a doctor's day at a place (hours, leave, the
 * holds of that date) kept in memory, so that the slot list under load costs no query at all.
 *
 * Safe only because every write that could change a plan empties it, on every instance:
 * - the database announces each write to the tables a plan is read from (appointments, doctors,
 *   doctor_hours, doctor_online_hours, doctor_leave, doctor_locations, locations) with
 *   NOTIFY day_plans, from statement triggers (migration 019), so writers elsewhere (another
 *   instance, the payment service on its own, psql) are seen; every instance LISTENs;
 * - writes through this process's database object empty it as soon as they return
 *   (`Database.onWrite`), before the request that wrote answers: a notice from PostgreSQL
 *   arrives a little later;
 * - a plan read while a write was announced is not kept (the generation counter): it may
 *   predate that write, whose notice has already gone by;
 * - while the LISTEN connection is down (notices lost) nothing is kept or served, and after it
 *   comes back the cache starts empty;
 * - an entry is read again after `maxAgeMs` whatever happens, so a notice lost some other way
 *   costs that long, and the read's time, at most: until that read returns (at most another
 *   `maxAgeMs`) the entry is still answered, so that the requests of a busy key do not all wait
 *   for it; a failed read drops it.
 * Holds lapse with time, not with a write: an entry keeps each hold with its expiry, and the
 * caller judges which are live with its clock at answer time (`liveHolders`). Booking itself
 * never reads from here: it re-reads the plan inside its transaction, under the doctor's lock.
 */
import type { Database } from '../db/database.js';
import type { DayPlan } from './schedule.js';

export const dayPlanChannel = 'day_plans';

export interface DayPlanCacheOptions {
  /** The longest an entry is served, whatever notices came (ms). */
  maxAgeMs?: number;
  /** The most entries kept (the oldest go first). */
  maxEntries?: number;
  clock?: () => number;
}

/**
 * Follows what changes the plans: this process's own writes (`onWrite`) and every instance's
 * (the triggers' NOTIFY on `dayPlanChannel`). `live` is told when notices can be relied on (the
 * listen is up) and when not (it dropped); nothing without listen. Returns how to stop.
 */
async function listenForChanges(db: Database, changed: () => void, live: (up: boolean) => void): Promise<(() => Promise<void>) | null> {
  if (!db.listen || !db.onWrite) return null;
  const unwatch = db.onWrite(changed);
  const unlisten = await db.listen(dayPlanChannel, changed, () => live(true), () => live(false));
  live(true);
  return async () => {
    unwatch();
    await unlisten();
  };
}

/** Keeps `entry` under `key` as the newest; past `maxEntries`, the oldest goes. */
function keepNewest<E>(entries: Map<string, E>, key: string, entry: E, maxEntries: number): void {
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
}

export function createDayPlanCache(options: DayPlanCacheOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 5_000;
  const clock = options.clock ?? Date.now;
  // Day plans, and the booking popup's schedules (services/popupSchedules.ts) under their own keys.
  const entries = new Map<string, { plan: unknown; at: number }>();
  // Reads in flight per key, shared by the requests that miss together (one query, not fifty).
  const loading = new Map<string, { generation: number; plan: Promise<unknown> }>();
  let generation = 0;
  let listening = false;
  let stopListening: (() => Promise<void>) | null = null;

  /** Something was written: nothing read before now may be kept or served. */
  function invalidate(): void {
    generation++;
    entries.clear();
    loading.clear();
  }

  return {
    /** Starts listening for the database's notices; until then (and without listen) nothing is cached. */
    async start(db: Database): Promise<void> {
      if (stopListening) return;
      stopListening = await listenForChanges(db, invalidate, (live) => {
        invalidate();
        listening = live;
      });
    },

    async close(): Promise<void> {
      listening = false;
      invalidate();
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },

    invalidate,

    /** Whether entries are kept and served now (listening for the database's notices). */
    serving: (): boolean => listening,

    /** The plan under `key`, read with `load` when it is not cached (or the cache is off). */
    async get<T = DayPlan | null>(key: string, load: () => Promise<T>): Promise<T> {
      if (!listening) return load();
      const kept = entries.get(key);
      const age = kept ? clock() - kept.at : Infinity;
      if (kept && age < maxAgeMs) return kept.plan as T;
      const pending = loading.get(key);
      // Past its age but no write since (a write empties the cache): answered while its refresh runs.
      if (pending && pending.generation === generation) return kept && age < 2 * maxAgeMs ? (kept.plan as T) : (pending.plan as Promise<T>);
      const started = generation;
      const plan = load();
      loading.set(key, { generation: started, plan });
      const refreshing = (async () => {
        try {
          const value = await plan;
          if (generation === started && listening) keepNewest(entries, key, { plan: value, at: clock() }, maxEntries);
          return value;
        } catch (error) {
          if (generation === started) entries.delete(key);
          throw error;
        } finally {
          if (loading.get(key)?.plan === plan) loading.delete(key);
        }
      })();
      if (kept && age < 2 * maxAgeMs) {
        refreshing.catch(() => undefined);
        return kept.plan as T;
      }
      return refreshing;
    },

    /** For tests and metrics. */
    size: () => entries.size,
  };
}
export type DayPlanCache = ReturnType<typeof createDayPlanCache>;

/** The holders of a cached plan still holding at `now`: paid, or unpaid within the hold. */
export function liveHolders(plan: DayPlan, now: Date): DayPlan['holders'] {
  return plan.holders.filter((h) => h.paid || (h.expiresAt !== null && Date.parse(h.expiresAt) > now.getTime()));
}
