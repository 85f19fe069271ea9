/**
 * The operations port: a second listener, on 127.0.0.1 by default (METRICS_HOST, METRICS_PORT),
 * never the public one. It serves
 *
 *   GET  /metrics   Prometheus text (a bearer of METRICS_TOKEN only, when that is set)
 *   POST /backup    the embedded database as a gzipped tarball (PGlite's dumpDataDir), for
 *                   `npm run clinic -- backup FILE`; a bearer of the ops token only
 *
 * The ops token is made at each start and written, with the port, to DATA_DIR/ops.json (mode
 * 0600, the server's user only), which is how the command line finds and proves itself to the
 * running server: whoever can read DATA_DIR can read the database anyway.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ConfigError, type MetricsConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { bearerMatches } from './http.js';
import type { Metrics } from './metrics.js';
import { type OpsFile, opsFile } from './opsFile.js';
import { schemaController } from '../http/schemaCompilers.js';


export interface OpsServerOptions {
  config: MetricsConfig & { port: number };
  metrics: Metrics;
  db: Database;
  /** DATA_DIR: where ops.json goes (embedded database only; null: not written). */
  dataDir: string | null;
  log: FastifyBaseLogger;
}

export interface OpsServer {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

const connectHost = (host: string) => (host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host);

export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const { config, metrics, db } = options;
  const opsToken = randomBytes(32).toString('base64url');
  const app = Fastify({ loggerInstance: options.log.child({ listener: 'ops' }), logController: new LogController({ disableRequestLogging: true }), schemaController });

  app.get('/metrics', async (request, reply) => {
    if (config.token !== null && !bearerMatches(request, config.token)) return reply.code(401).send({ message: 'Bearer METRICS_TOKEN required' });
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).send(body);
  });

  app.post('/backup', async (request, reply) => {
    if (!bearerMatches(request, opsToken)) return reply.code(401).send({ message: 'Bearer token from DATA_DIR/ops.json required' });
    if (!db.dumpDataDir) {
      return reply.code(409).send({ message: 'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump.' });
    }
    const started = Date.now();
    const dump = await db.dumpDataDir();
    request.log.info({ bytes: dump.size, ms: Date.now() - started }, 'backup taken');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', dump.size)
      .send(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream));
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new ConfigError([
        `Cannot listen on the operations port ${config.host}:${config.port} (${code}): set another METRICS_PORT, unset it for a free one, or METRICS_PORT=off`,
      ]);
    }
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  let written: string | null = null;
  if (options.dataDir !== null) {
    const file = opsFile(options.dataDir);
    const content: OpsFile = { pid: process.pid, host: connectHost(config.host), port, token: opsToken };
    // Written aside and renamed, so the command line never reads half a file.
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, `${JSON.stringify(content)}\n`, { mode: 0o600 });
    renameSync(draft, file);
    written = file;
  }
  return {
    app,
    port,
    async close() {
      if (written) rmSync(written, { force: true });
      await app.close();
    },
  };
}
