/**
 * The one place requests are decoded. A route names the contract codecs of its params, query
 * and body, and of its answer; the handler only ever sees decoded, typed input. Bad input
 * becomes a 400 naming each field (server/http/errors.ts) before any service runs, so it
 * never writes anything.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
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

type AnyRouteCodecs = RouteCodecs<unknown, unknown, unknown, unknown>;
const codecsOfHandler = new WeakMap<RouteHandlerMethod, AnyRouteCodecs>();

/** A Fastify handler that decodes its input with the route's codecs and encodes its answer. */
export function handle<A, P = undefined, Q = undefined, B = undefined>(
  codecs: RouteCodecs<A, P, Q, B>,
  fn: (input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply) => Promise<A>,
): RouteHandlerMethod {
  const handler: RouteHandlerMethod = async (request, reply) => {
    const input = decodeRequest(codecs, request);
    const answer = await fn(input, request, reply);
    return reply.send(codecs.answer.encode(answer));
  };
  codecsOfHandler.set(handler, codecs as AnyRouteCodecs);
  return handler;
}

/** A route as the app registered it, with its codecs when `handle` built its handler. */
export interface RegisteredRoute {
  readonly method: string;
  /** With its prefix, e.g. `/api/staff/doctors/:id`. */
  readonly url: string;
  readonly codecs: AnyRouteCodecs | undefined;
}

const routesOfApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Keeps a list of every route registered on `app` from now on (call it before the routes), so
 * tests can walk them all (tests/server/fuzz.test.ts) and a new route is covered by itself.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routesOfApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, codecs: codecsOfHandler.get(route.handler as RouteHandlerMethod) });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routesOfApp.get(app) ?? [];
}
