/**
 * The Fastify application, composed of plugins (server/plugins), each declared with
 * fastify-plugin with the plugins it needs, decorating the app with what later ones read, and
 * closing what it opened in its own onClose: the database (instrumented), mail, the job engine,
 * the services, the background jobs (`app.jobs`), the live hub; then security headers, ops, the
 * routes and the built client, in that order. One error shape for all of it. It does not open
 * the database or listen: main.ts does that, and tests call buildApp with a prepared database
 * and use `app.inject`.
 */
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Config, loadConfig } from './config.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { recordRoutes } from './http/route.js';
import { loggerOptions } from './http/logger.js';
import { requestIdGenerator } from './ops/http.js';
import { schemaController } from './http/schemaCompilers.js';
import { databasePlugin, jobEnginePlugin, jobsPlugin, liveHubPlugin, mailPlugin, servicesPlugin } from './plugins/core.js';
import { opsPlugin, routesPlugin, securityHeadersPlugin, staticFilesPlugin } from './plugins/http.js';
import type { AppOptions, AppParts } from './plugins/options.js';
import { queuePlugin } from './queue/plugin.js';

export type { AppOptions } from './plugins/options.js';

/** Fastify's trustProxy from TRUST_PROXY: a number counts the proxies in front of us. */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

function createInstance(options: AppOptions, config: AppParts['config']): FastifyInstance {
  return Fastify({
    logger: loggerOptions(options.logger ?? false),
    // ajv and fast-json-stringify only if a route declares a JSON schema (none does).
    schemaController,
    // A trusted proxy's X-Request-Id, else our own; returned as x-request-id and on every log line.
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    // One line per request, written in server/ops/http.ts, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Errors before routing (a malformed address) in our shape too (http/errors.ts).
    frameworkErrors,
    // The API takes small JSON bodies only.
    bodyLimit: 100 * 1024,
    // Whose X-Forwarded-For to believe for request.ip (the rate limits count per client).
    trustProxy: trustProxyOption(config.trustProxy),
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig({});
  const parts: AppParts = { options, config, now: options.services?.now ?? (() => new Date()) };
  const app = createInstance(options, config);
  // The one error handler and the route list, at the root before any route (children inherit them).
  registerErrorHandling(app);
  recordRoutes(app);
  // The order matters: each needs the ones before it, and they close in the reverse order.
  for (const plugin of [databasePlugin, mailPlugin, jobEnginePlugin, servicesPlugin, jobsPlugin, liveHubPlugin, queuePlugin]) {
    await app.register(plugin, parts);
  }
  // Security headers first among the hooks, the client's catch-all after every route.
  for (const plugin of [securityHeadersPlugin, opsPlugin, routesPlugin, staticFilesPlugin]) {
    await app.register(plugin, parts);
  }
  await app.ready();
  return app;
}
