/**
 * The Fastify application: security headers, the API under /api, the built client, and one
 * error shape. It does not open the database or listen: main.ts does that, and tests call
 * buildApp with a prepared database and use `app.inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import { registerErrorHandling } from './http/errors.js';
import { type LogOptions, loggerOptions } from './http/logger.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerClient } from './http/static.js';
import { apiRoutes } from './routes/index.js';
import { createServices } from './services/index.js';

export interface AppOptions {
  /** Migrated (and seeded) database; the app does not close it. */
  db: Database;
  /** Absolute path of the built client (index.html, assets/). When it has no index.html, `/` answers 503. */
  clientDir: string;
  /** false (the default) logs nothing: tests. */
  logger?: LogOptions | false;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    // The API takes small JSON bodies only.
    bodyLimit: 100 * 1024,
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(apiRoutes, { prefix: '/api', services: createServices(options.db) });
  await registerClient(app, options.clientDir);
  await app.ready();
  return app;
}
