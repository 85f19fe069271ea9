/**
 * What load balancers, Prometheus and operators read on the public port: `/healthz`, `/readyz`,
 * the request id header, one JSON log line per request, request metrics, and `/metrics` when
 * METRICS_TOKEN is set (a bearer token; without one the public port has no /metrics at all:
 * the loopback operations port serves it, server/ops/server.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { loadMigrations } from '../db/migrate.js';
import type { Drain } from './drain.js';
import type { Metrics } from './metrics.js';

/**
 * One thing /readyz waits for besides the database (the job queue, once it lands): resolves
 * when ready, throws (with a message fit for the answer) when not. Never personal data.
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

// What a proxy's request id may look like (nginx's $request_id, a UUID, a trace id): no spaces,
// no '@', short, so nothing else rides on it into the log.
const wellFormedId = /^[A-Za-z0-9._:-]{1,100}$/;

/** Whether the connection's peer is a proxy whose headers we believe (TRUST_PROXY). */
export function trustsPeer(trust: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  // true: anybody; a number of hops: the peer is the first proxy by definition.
  if (trust === true || typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    const [ip, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Fastify's genReqId: a trusted proxy's well-formed X-Request-Id, else a new UUID. */
export function requestIdGenerator(trust: Config['trustProxy']): (req: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && wellFormedId.test(incoming) && trusted(req.socket?.remoteAddress)) return incoming;
    return randomUUID();
  };
}

const quietRoutes = new Set(['/healthz', '/readyz', '/metrics']);

/** Compared by hash, so the time taken says nothing about the token. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerMatches(request: Pick<FastifyRequest, 'headers'>, token: string): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') && sameToken(header.slice(7), token);
}

export interface ObservabilityOptions {
  db: Database;
  metrics: Metrics;
  /** METRICS_TOKEN: null keeps /metrics off the public port. */
  metricsToken: string | null;
  readinessChecks?: readonly ReadinessCheck[];
  /** Once it is draining (SIGTERM), /readyz answers 503 so no new work is sent here. */
  drain?: Drain;
}

export function registerObservability(app: FastifyInstance, options: ObservabilityOptions): void {
  const { db, metrics } = options;
  const expected = loadMigrations().map((m) => m.name);
  let migrated = false;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // One line per request (Fastify's own two are switched off in app.ts), with the route's
  // pattern; probes and scrapes at debug, so a load balancer does not fill the log. Its fields are
  // the request as the logger's serializer writes it (method, the URL without emails, codes or
  // tokens, host, address: server/http/logger.ts), the route and numbers: nothing the redaction
  // paths could find. So it goes through a child without them: their wildcard paths (`*.password`,
  // `*.*.token`...) cost about a third of a cached gettimeslot's throughput (bench slots).
  // Every other log call keeps them.
  const requestLines = app.log.child({}, { redact: { paths: [], censor: '[redacted]' } });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? null;
    const seconds = reply.elapsedTime / 1000;
    metrics.observeRequest(request.method, route, reply.statusCode, seconds);
    const line = { reqId: request.id, req: request, route, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (route !== null && quietRoutes.has(route)) requestLines.debug(line, 'request completed');
    else requestLines.info(line, 'request completed');
  });

  const noStore = { 'cache-control': 'no-store' };

  // The process answers; no database: a slow database must not get a live process killed.
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const failures: Record<string, string> = {};
    if (options.drain?.draining) failures.shutdown = 'shutting down';
    try {
      if (!migrated) {
        const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
        const applied = new Set(rows.map((r) => r.name));
        const missing = expected.filter((name) => !applied.has(name));
        if (missing.length > 0) failures.migrations = `not applied: ${missing.join(', ')}`;
        else migrated = true; // migrations never go away while we run
      } else {
        await db.query('select 1');
      }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database check failed');
      failures.database = 'unreachable';
    }
    for (const { name, check } of options.readinessChecks ?? []) {
      try {
        await check();
      } catch (error) {
        failures[name] = error instanceof Error ? error.message : String(error);
      }
    }
    const ready = Object.keys(failures).length === 0;
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send(ready ? { status: 'ready' } : { status: 'not ready', failures });
  });

  if (options.metricsToken !== null) {
    const token = options.metricsToken;
    app.get('/metrics', async (request, reply) => {
      // Same answer as an unknown path: the public port does not say metrics exist.
      if (!bearerMatches(request, token)) return reply.callNotFound();
      const { contentType, body } = await metrics.scrape();
      return reply.headers({ ...noStore, 'content-type': contentType }).send(body);
    });
  }
}
