/**
 * The app's HTTP side, in the order its hooks and routes must run: security headers on every
 * answer first, then the request log, metrics and probes (ops), then the API and the pages at the
 * root, and the built client last (its catch-all must not shadow a route). Fastify plugins
 * declared with fastify-plugin, like server/plugins/core.ts's, over what those decorate.
 */
import fp from 'fastify-plugin';
import { inlineSourcesOf } from '../http/inlineSources.js';
import { registerSecurityHeaders } from '../http/security.js';
import { registerClient } from '../http/static.js';
import { optOutPages } from '../messaging/optOut.js';
import { registerObservability } from '../ops/http.js';
import { paymentService } from '../payment/plugin.js';
import { googleSignIn } from '../routes/google.js';
import { apiRoutes } from '../routes/index.js';
import type { AppParts } from './options.js';

const fastify = '5.x';

/** helmet's headers, with the built index.html's inline sources allowed by their hashes (http/security.ts). */
export const securityHeadersPlugin = fp<AppParts>(
  async function securityHeaders(app, { options }) {
    await registerSecurityHeaders(app, inlineSourcesOf(options.clientDir));
  },
  { name: 'security-headers', fastify },
);

/**
 * The request log, metrics, /healthz and /readyz (ops/http.ts). With runJobs, /readyz reports
 * `jobs` not ready until the background jobs run.
 */
export const opsPlugin = fp<AppParts>(
  async function ops(app, { options, config }) {
    const { jobs } = app;
    const jobsCheck = options.runJobs
      ? [
          {
            name: 'jobs',
            check: async () => {
              if (!jobs.engine.running()) throw new Error('background jobs are not running');
            },
          },
        ]
      : [];
    registerObservability(app, {
      db: app.db,
      metrics: app.metrics,
      metricsToken: config.metrics?.token ?? null,
      readinessChecks: [...(options.readinessChecks ?? []), ...jobsCheck],
      ...(options.drain ? { drain: options.drain } : {}),
    });
  },
  { name: 'ops', fastify, dependencies: ['database', 'jobs', 'security-headers'] },
);

/** The API under /api, the payment service, Google sign-in and the opt-out pages. */
export const routesPlugin = fp<AppParts>(
  async function routes(app, { config, now }) {
    const { db, services } = app;
    await app.register(apiRoutes, { prefix: '/api', services, help: config.help });
    // Its own plugin, which can also run as its own process (server/payment/main.ts).
    await app.register(paymentService, { prefix: '/api/payment', services, provider: app.paymentProvider, publicUrl: config.http.publicUrl });
    // At the root, not under /api: the development identity provider also mounts /dev-idp.
    await app.register(googleSignIn, {
      publicUrl: config.http.publicUrl,
      oidc: config.oidc,
      db,
      accounts: {
        findOrCreateFromIdentity: (identity) => services.accounts.findOrCreateFromIdentity(identity),
        issueSession: (userId) => services.sessions.issue(userId),
      },
      now: () => now().getTime(),
    });
    // At the root: the address in reminders is PUBLIC_URL/optout/<token> (no login, no script).
    await app.register(optOutPages, { db, secrets: app.optOutSecrets, now });
  },
  { name: 'routes', fastify, dependencies: ['database', 'services', 'security-headers', 'ops'] },
);

/** The built client (http/static.ts), after every route. */
export const staticFilesPlugin = fp<AppParts>(
  async function staticFiles(app, { options }) {
    await registerClient(app, options.clientDir);
  },
  { name: 'static-files', fastify, dependencies: ['security-headers', 'routes'] },
);
