/**
 * Fastify's JSON-schema compilers (ajv for validation, fast-json-stringify for answers), loaded
 * when a route first declares a schema instead of when Fastify is made. Our routes decode and
 * encode with io-ts (./route.ts) and declare none, so ajv's some 90 modules are never loaded:
 * Fastify itself requires them in its constructor, a part of every start (issue 17's restart).
 */
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

// Fastify's own dependencies, found from Fastify's folder as Fastify finds them.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

type CompilerFactory = (...args: never[]) => unknown;

/** A factory that requires `id` (which exports a function making the factory) on its first call. */
function onFirstUse(id: string): CompilerFactory {
  let factory: ((...args: unknown[]) => unknown) | undefined;
  return (...args) => {
    factory ??= (fromFastify(id) as () => (...args: unknown[]) => unknown)();
    return factory(...args);
  };
}

export const schemaController = {
  compilersFactory: {
    buildValidator: onFirstUse('@fastify/ajv-compiler'),
    buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
