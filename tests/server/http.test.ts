/**
 * The request decoding helper and the error handler, on a bare Fastify with test routes (the
 * issue's own routes take no body yet), and the log redaction.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageAnswer, SendOtpRequest } from '../../contract/auth.js';
import { intBetween } from '../../contract/primitives.js';
import { DoctorEmailParams } from '../../contract/site.js';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/database.js';
import { registerErrorHandling } from '../../server/http/errors.js';
import { handle } from '../../server/http/route.js';
import { noClientDir } from './helpers.js';

describe('request decoding', () => {
  let app: FastifyInstance;
  const write = vi.fn(async (_email: string) => undefined);

  beforeEach(async () => {
    write.mockClear();
    app = Fastify();
    registerErrorHandling(app);
    app.post(
      '/api/otp/:email',
      handle(
        {
          params: DoctorEmailParams,
          query: t.partial({ page: t.union([t.undefined, t.string]) }),
          body: SendOtpRequest,
          answer: MessageAnswer,
        },
        async ({ params, body }) => {
          await write(body.email);
          return { message: `sent to ${params.email}` };
        },
      ),
    );
    app.get('/api/page', handle({ query: t.type({ size: intBetween(1, 50) }), answer: MessageAnswer }, async () => ({ message: 'ok' })));
    await app.ready();
  });

  afterEach(() => app.close());

  it('hands decoded input to the handler and encodes its answer', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/otp/a@b.example', payload: { email: 'p@q.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'sent to a@b.example' });
    expect(write).toHaveBeenCalledWith('p@q.example');
  });

  it('answers 400 naming every bad field of params and body, and runs nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/otp/nope', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'request.invalid',
      message: 'Invalid request',
      errors: [
        { field: 'email', message: 'must be an email address like name@example.com' },
        { field: 'email', message: 'must be an email address like name@example.com' },
      ],
    });
    expect(write).not.toHaveBeenCalled();
  });

  it('names a missing body field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/otp/a@b.example', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'is required' }]);
    expect(write).not.toHaveBeenCalled();
  });

  it('answers a body that is not JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/otp/a@b.example',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'request.invalid', message: 'Invalid request', errors: [{ field: '(body)', message: 'must be valid JSON' }] });
    expect(write).not.toHaveBeenCalled();
  });

  it('answers a missing body and a body of the wrong type in the same shape', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/otp/a@b.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'request.invalid', message: 'Invalid request' });

    const text = await app.inject({
      method: 'POST',
      url: '/api/otp/a@b.example',
      headers: { 'content-type': 'text/xml' },
      payload: '<email/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'request.notJson', message: 'Send the request body as application/json.' });
    expect(write).not.toHaveBeenCalled();
  });

  it('decodes the query string too', async () => {
    expect((await app.inject('/api/page?size=10')).statusCode).toBe(400); // a string, not a number: the codec decides
    const res = await app.inject('/api/page?size=');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'size', message: 'must be a whole number from 1 to 50' }]);
  });
});

describe('logging', () => {
  it('keeps credentials out of the log', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) } as unknown as NodeJS.WritableStream;
    const unused = () => Promise.reject(new Error('unused'));
    const db: Database = { kind: 'pglite', query: unused, exec: unused, transaction: unused, close: async () => {} };
    const app = await buildApp({ db, clientDir: noClientDir, logger: { level: 'info', stream } });
    try {
      app.log.info(
        {
          req: { headers: { authorization: 'Bearer tok-in-header', cookie: 'sid=cookie-value' } },
          body: { email: 'p@q.example', password: 'hunter2-password', otp: '493817' },
          token: 'top-level-token',
          user: { session: { token: 'nested-token' } },
        },
        'something with secrets',
      );
      const logged = lines.join('');
      expect(logged).toContain('something with secrets');
      expect(logged).toContain('p@q.example');
      for (const secret of ['tok-in-header', 'cookie-value', 'hunter2-password', '493817', 'top-level-token', 'nested-token']) {
        expect(logged).not.toContain(secret);
      }
      expect(logged).toContain('[redacted]');
    } finally {
      await app.close();
    }
  });
});
