/**
 * Fastify's JSON-schema compilers (ajv for validation, fast-json-stringify for answers), loaded
 * when a route first declares a schema instead of when Fastify is made. Our routes decode and
 * encode with io-ts (./route.ts) and declare none, so ajv's some 90 modules are never loaded:
 * Fastify itself requires them in its constructor, a part of every start (and of the restart
 * within 1 s that npm run bench checks).
 */
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type CompilerFactory = (...args: never[]) => unknown;

/**
 * A factory that requires `id` (which exports a function making the factory) on its first call,
 * from Fastify's folder, as Fastify itself would find it.
 */
function onFirstUse(id: string): CompilerFactory {
  type Factory = (...args: unknown[]) => unknown;
  let factory: Factory | undefined;
  return (...args) => {
    factory ??= (createRequire(createRequire(import.meta.url).resolve('fastify'))(id) as () => Factory)();
    return factory(...args);
  };
}

export const schemaController = {
  compilersFactory: {
    buildValidator: onFirstUse('@fastify/ajv-compiler'),
    buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
