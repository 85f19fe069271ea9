/** Logger options: pino through Fastify, with secrets kept out of the log. */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

// Headers and fields that carry credentials, wherever a log call puts them.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  ...['password', 'otp', 'token'].flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

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
    ...(options.stream ? { stream: options.stream } : {}),
  };
}
