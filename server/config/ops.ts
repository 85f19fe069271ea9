/**
 * Operations: the operations port (server/ops/server.ts: /metrics, and the online backup of the
 * embedded database), METRICS_PORT, METRICS_HOST, METRICS_TOKEN, and SHUTDOWN_GRACE_SECONDS.
 */
import { problem, settings, variable } from './env.js';
import { listenAddress, secret, wholeNumber } from './variables.js';

export interface MetricsConfig {
  /** null: no operations port; 0: a free one. */
  port: number | null;
  host: string;
  token: string | null;
}

/** A port, `off` (null) or 0 (a free port picked at start). */
const opsPort = (name: string) =>
  variable(name, (value) => {
    if (value === undefined) return 0;
    if (value.toLowerCase() === 'off') return null;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= 0 && n <= 65535
      ? n
      : problem(`${name} must be a port number from 1 to 65535, 0 (a free port) or off (got "${value}")`);
  });

export const opsSettings = settings('ops', (_env, { take, fail }) => {
  const metrics: MetricsConfig = {
    port: take(opsPort('METRICS_PORT'), 0),
    host: take(listenAddress('METRICS_HOST', '127.0.0.1'), '127.0.0.1'),
    token: take(secret('METRICS_TOKEN', 32), null),
  };
  const shutdownGraceSeconds = take(wholeNumber('SHUTDOWN_GRACE_SECONDS', 1, 3600, 10), 10);
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(metrics.host) || metrics.host.startsWith('127.');
  if (metrics.port !== null && !loopback && metrics.token === null) {
    fail(`METRICS_HOST ${metrics.host} is reachable from other machines: set METRICS_TOKEN too (32+ characters), so only Prometheus reads the metrics`);
  }
  return { metrics, shutdownGraceSeconds };
});
