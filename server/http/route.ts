/**
 * The one place requests are decoded. A route is registered from its endpoint in the contract
 * (contract/endpoints, `route` below), which names its method, its path and the codecs of its
 * params, query, body and answer; the handler only ever sees decoded, typed input. Bad input
 * becomes a 400 naming each field (server/http/errors.ts) before any service runs, so it
 * never writes anything.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { AnyEndpoint, DecodedOf } from '../../contract/endpoint.js';
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
  fn: (input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply) => Promise<A | FastifyReply>,
): RouteHandlerMethod {
  const handler: RouteHandlerMethod = async (request, reply) => {
    const input = decodeRequest(codecs, request);
    const answer = await fn(input, request, reply);
    // A handler that answered by itself (a refusal it words, a stream it took over) returns the reply.
    if (answer === reply || reply.sent) return reply;
    return reply.send(codecs.answer.encode(answer as A));
  };
  codecsOfHandler.set(handler, codecs as AnyRouteCodecs);
  return handler;
}

/** Where the API's endpoints live: a contract path `/x` is served at `/api/x`. */
export const apiRoot = '/api';

export interface EndpointRouteOptions extends RouteShorthandOptions {
  /**
   * The prefix the plugin registering the route is mounted at, `/api` unless told: the route is
   * registered at the endpoint's URL less this prefix (the payment service is mounted at
   * `/api/payment`, Google sign-in at the root, '').
   */
  mountedAt?: string;
}

/** What a route's handler is given: the endpoint's params, query and body, decoded. */
export type EndpointInput<E extends AnyEndpoint> = RouteInput<DecodedOf<E['params']>, DecodedOf<E['query']>, DecodedOf<E['body']>>;

/**
 * Registers `endpoint` (contract/endpoints): its method and path, its codecs decoding the input
 * and encoding the answer (`handle`), so the route repeats neither.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  fn: (input: EndpointInput<E>, request: FastifyRequest, reply: FastifyReply) => Promise<t.TypeOf<E['answer']> | FastifyReply>,
): void {
  const { mountedAt = apiRoot, ...routeOptions } = options;
  const url = `${apiRoot}${endpoint.path}`;
  if (!url.startsWith(mountedAt)) throw new Error(`${endpoint.method} ${url} is not under ${mountedAt}, where its plugin is mounted`);
  const codecs: RouteCodecs<t.TypeOf<E['answer']>, DecodedOf<E['params']>, DecodedOf<E['query']>, DecodedOf<E['body']>> = {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { query: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    answer: endpoint.answer,
  };
  app.route({ ...routeOptions, method: endpoint.method, url: url.slice(mountedAt.length), handler: handle(codecs, fn) });
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
