/**
 * The one place requests are decoded. A route names the contract codecs of its params, query
 * and body, and of its answer; the handler only ever sees decoded, typed input. Bad input
 * becomes a 400 naming each field (server/http/errors.ts) before any service runs, so it
 * never writes anything.
 */
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { FieldError } from '../../contract/errors.js';
import { describeErrors } from '../../contract/report.js';

export class InvalidRequestError extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super('Invalid request');
    this.name = 'InvalidRequestError';
  }
}

export interface RouteCodecs<A, P, Q, B> {
  params?: t.Decoder<unknown, P>;
  query?: t.Decoder<unknown, Q>;
  body?: t.Decoder<unknown, B>;
  /** The handler must return this codec's type; it is encoded on the way out. */
  answer: t.Encoder<A, unknown>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

function decodePart<X>(codec: t.Decoder<unknown, X> | undefined, value: unknown, errors: FieldError[]): X {
  if (!codec) return undefined as X; // parts a route does not declare are not read
  const result = codec.decode(value);
  if (isLeft(result)) {
    errors.push(...describeErrors(result.left));
    return undefined as X;
  }
  return result.right;
}

export function decodeRequest<A, P, Q, B>(codecs: RouteCodecs<A, P, Q, B>, request: FastifyRequest): RouteInput<P, Q, B> {
  const errors: FieldError[] = [];
  const input = {
    params: decodePart(codecs.params, request.params, errors),
    query: decodePart(codecs.query, request.query, errors),
    body: decodePart(codecs.body, request.body, errors),
  };
  if (errors.length > 0) throw new InvalidRequestError(errors);
  return input;
}

/** A Fastify handler that decodes its input with the route's codecs and encodes its answer. */
export function handle<A, P = undefined, Q = undefined, B = undefined>(
  codecs: RouteCodecs<A, P, Q, B>,
  fn: (input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply) => Promise<A>,
): RouteHandlerMethod {
  return async (request, reply) => {
    const input = decodeRequest(codecs, request);
    const answer = await fn(input, request, reply);
    return reply.send(codecs.answer.encode(answer));
  };
}
