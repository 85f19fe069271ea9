/** Logger options: pino through Fastify, with secrets kept out of the log. */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

// Fields that carry credentials, wherever a log call puts them: passwords, one-time codes, session
// tokens, the server's secret, mail server URLs (they may hold a password). Not `code`: errors
// carry theirs (ECONNREFUSED, SQLSTATE) there, and the log needs them.
const secretFields = [
  'password',
  'newPassword',
  'confirmPassword',
  'otp',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'appSecret',
  'smtpUrl',
  'databaseUrl',
];

// Headers and fields that carry credentials, wherever a log call puts them.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

// Query parameters whose values are credentials (an OpenID Connect callback carries `code`).
const secretParams = new Set([...secretFields.map((f) => f.toLowerCase()), 'code', 'state', 'id_token', 'access_token']);

const emailLike = /@|%40/i;

/**
 * A request URL fit for the log: a path segment holding an email address (GET
 * /api/auth/getUser/{email}) becomes `[email]`, a reminder's opt-out token (/optout/{token}: it
 * turns a patient's channel off, so it is a credential) `[token]`, a waiting-room display's key
 * (/api/display/{key}: whoever has it sees the queue) `[key]`, and the values of secret or
 * email-bearing query parameters `[redacted]`.
 */
export function scrubUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const scrubbedPath = path
    .split('/')
    .map((segment, i, segments) =>
      emailLike.test(segment)
        ? '[email]'
        : i === 2 && segments[1] === 'optout'
          ? '[token]'
          : i === 3 && segments[1] === 'api' && segments[2] === 'display'
            ? '[key]'
            : segment,
    )
    .join('/');
  if (queryAt === -1) return scrubbedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep it as it is
      }
      return secretParams.has(decoded.toLowerCase()) || emailLike.test(value) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${scrubbedPath}?${query}`;
}

/** Fastify's request serializer, with the URL scrubbed. A log call's own `req` object passes as it is. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  if (typeof request?.url !== 'string' || typeof request.method !== 'string') {
    return request as unknown as Record<string, unknown>;
  }
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

export interface LogOptions {
  level: LogLevel;
  /** Where log lines go (tests capture them); standard output when absent. */
  stream?: NodeJS.WritableStream;
}

export function loggerOptions(options: LogOptions | false): FastifyServerOptions['logger'] {
  if (options === false) return false;
  return {
    level: options.level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(options.stream ? { stream: options.stream } : {}),
  };
}
