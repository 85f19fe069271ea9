// Fastify's JSON-schema compilers load on first use (server/http/schemaCompilers.ts): none of our
// routes declares a schema, but one that did would still be validated and serialized.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { schemaController } from '../../server/http/schemaCompilers.js';

describe('schema compilers on first use', () => {
  it('validate a body and serialize an answer by their JSON schemas, as Fastify’s own would', async () => {
    const app = Fastify({ schemaController });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.body as { n: number }).n, secret: 'not in the schema' }),
    );
    try {
      const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ n: 2 }); // fast-json-stringify wrote only what the schema names
      const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/must be >= 1/);
    } finally {
      await app.close();
    }
  });
});
