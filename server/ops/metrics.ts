/**
 * Prometheus metrics (prom-client), one registry per app so tests can build many apps side by
 * side. Served only on the loopback operations port or behind METRICS_TOKEN (server/ops/server.ts),
 * never openly on the public port.
 *
 * Labels are bounded: a route's pattern (`/api/auth/getUser/:email`), never its raw URL, and
 * outcomes from fixed lists, so no email, id or token ever becomes a label value.
 */
import client from 'prom-client';
import type { Database, Queryable } from '../db/database.js';

export const bookingOutcomes = ['booked', 'slot_taken'] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];
export const mailOutcomes = ['sent', 'failed'] as const;
export type MailOutcome = (typeof mailOutcomes)[number];

/** What services report where an outcome is decided (services/index.ts passes it on). */
export interface ServiceObserver {
  booking(outcome: BookingOutcome): void;
  /** A payment checkout opened, or a settle's outcome (paid, refund, failed, pending, mismatch, unknown). */
  payment(outcome: string): void;
  mail(outcome: MailOutcome): void;
}

export const noObserver: ServiceObserver = { booking() {}, payment() {}, mail() {} };

export interface MetricsOptions {
  /** prom-client's default process metrics (CPU, memory, handles, GC, event-loop lag): main.ts only. */
  processMetrics?: boolean;
}

type PoolStats = NonNullable<ReturnType<NonNullable<Database['poolStats']>>>;

/** The app's counters and histograms, registered in `registry`. */
function instruments(registry: client.Registry) {
  return {
    requests: new client.Counter({
      name: 'clinic_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    requestSeconds: new client.Histogram({
      name: 'clinic_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    bookings: new client.Counter({
      name: 'clinic_bookings_total',
      help: 'Bookings made (booked) and lost to another booking of the slot (slot_taken)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    payments: new client.Counter({
      name: 'clinic_payments_total',
      help: 'Payment checkouts (checkout_opened, provider_error) and settled payments (paid, refund, failed, pending, mismatch, unknown)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    mails: new client.Counter({
      name: 'clinic_mails_total',
      help: 'Mails handed to the mail server (or written to the outbox), by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    querySeconds: new client.Histogram({
      name: 'clinic_db_query_duration_seconds',
      help: 'Database statements and whole transactions, by kind (query, exec, transaction)',
      labelNames: ['kind'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    queryErrors: new client.Counter({
      name: 'clinic_db_query_errors_total',
      help: 'Database statements that failed (constraint violations included)',
      registers: [registry],
    }),
  };
}

/** The PostgreSQL pool's gauges, read from `stats` at each scrape (nothing on PGlite). */
function poolGauges(registry: client.Registry, stats: () => PoolStats | undefined): void {
  const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const now = stats();
        if (now) this.set(read(now));
      },
    });
  gauge('clinic_db_pool_connections', 'PostgreSQL pool: open connections', (s) => s.total);
  gauge('clinic_db_pool_idle_connections', 'PostgreSQL pool: idle connections', (s) => s.idle);
  gauge('clinic_db_pool_waiting_requests', 'PostgreSQL pool: queries waiting for a connection', (s) => s.waiting);
}

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new client.Registry();
  if (options.processMetrics) client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const { requests, requestSeconds, bookings, payments, mails, querySeconds, queryErrors } = instruments(registry);
  let pool: Database['poolStats'];
  poolGauges(registry, () => pool?.());

  async function timed<T>(kind: 'query' | 'exec' | 'transaction', fn: () => Promise<T>): Promise<T> {
    const end = querySeconds.startTimer({ kind });
    try {
      return await fn();
    } catch (error) {
      if (kind !== 'transaction') queryErrors.inc();
      throw error;
    } finally {
      end();
    }
  }

  const timedQueryable = (q: Queryable): Queryable => ({
    query: (sql, params) => timed('query', () => q.query(sql, params)),
    exec: (sql) => timed('exec', () => q.exec(sql)),
  });

  return {
    registry,
    /** The same database, with every statement and transaction timed. */
    instrumentDatabase(db: Database): Database {
      pool = db.poolStats?.bind(db);
      return {
        ...db,
        ...timedQueryable(db),
        kind: db.kind,
        transaction: (fn) => timed('transaction', () => db.transaction((tx) => fn(timedQueryable(tx)))),
        close: () => db.close(),
      };
    },
    /** One answered request; `route` is the matched pattern, or null when no route matched. */
    observeRequest(method: string, route: string | null, status: number, seconds: number) {
      const labels = { method, route: route ?? '(no route)' };
      requests.inc({ ...labels, status: String(status) });
      requestSeconds.observe(labels, seconds);
    },
    observer: {
      booking: (outcome) => bookings.inc({ outcome }),
      payment: (outcome) => payments.inc({ outcome }),
      mail: (outcome) => mails.inc({ outcome }),
    } satisfies ServiceObserver,
    /** The text Prometheus scrapes, and its content type. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
