/**
 * An API endpoint, declared once: its method, its path under the API root (/api), and the codecs
 * of its params, query, body and answer. The server registers its route from it
 * (server/http/route.ts `route`) and the browser calls it with it (src/api/client.ts `call`), so
 * a path, a method or a codec cannot differ between the two sides.
 *
 * `kind` says what the answer is: 'json' (decoded with `answer`), 'file' (bytes the browser
 * saves or shows, named by Content-Disposition; `answer` only passes the server's value through)
 * or 'stream' (Server-Sent Events the server writes itself). `accept` is the Accept header the
 * browser sends for a file or a stream.
 */
import * as t from 'io-ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type EndpointKind = 'json' | 'file' | 'stream';

type Codec = t.Mixed;
type OptionalCodec = Codec | undefined;

export interface Endpoint<
  P extends OptionalCodec = OptionalCodec,
  Q extends OptionalCodec = OptionalCodec,
  B extends OptionalCodec = OptionalCodec,
  A extends Codec = Codec,
> {
  readonly method: Method;
  /** A template under the API root, e.g. `/appointment/delete/:userId/:appointmentId`. */
  readonly path: string;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly answer: A;
  readonly kind: EndpointKind;
  readonly accept?: string;
}

/** Any endpoint, whatever its codecs. */
export type AnyEndpoint = Endpoint<OptionalCodec, OptionalCodec, OptionalCodec, Codec>;

interface EndpointSpec<P extends OptionalCodec, Q extends OptionalCodec, B extends OptionalCodec, A extends Codec> {
  readonly method: Method;
  readonly path: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly answer: A;
  readonly kind?: EndpointKind;
  readonly accept?: string;
}

/**
 * An endpoint with its codecs' types kept. A `:name` in the path must be a prop of `params`
 * and the other way round (checked here, once, when the table loads).
 */
export function endpoint<A extends Codec, P extends OptionalCodec = undefined, Q extends OptionalCodec = undefined, B extends OptionalCodec = undefined>(
  spec: EndpointSpec<P, Q, B, A>,
): Endpoint<P, Q, B, A> {
  const names = [...pathNames(spec.path)].sort().join(', ');
  const props = spec.params === undefined ? '' : propsOf(spec.params)?.sort().join(', ');
  if (props !== undefined && names !== props) {
    throw new Error(`${spec.method} ${spec.path}: the path's parameters (${names}) are not the params codec's (${props})`);
  }
  return {
    method: spec.method,
    path: spec.path,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    answer: spec.answer,
    kind: spec.kind ?? 'json',
    ...(spec.accept === undefined ? {} : { accept: spec.accept }),
  };
}

/** The props of a `t.type` codec (undefined for a codec of another shape, which is not checked). */
function propsOf(codec: Codec): string[] | undefined {
  const props = (codec as { props?: unknown }).props;
  return props !== null && typeof props === 'object' ? Object.keys(props) : undefined;
}

/** The `:name` parts of a path template, in order. */
export function pathNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** What a codec takes on the wire (its output), or nothing when the endpoint has none. */
export type WireOf<C extends OptionalCodec> = C extends Codec ? t.OutputOf<C> : undefined;
/** What a codec decodes to, or nothing when the endpoint has none. */
export type DecodedOf<C extends OptionalCodec> = C extends Codec ? t.TypeOf<C> : undefined;

export type ParamsOf<E extends AnyEndpoint> = WireOf<E['params']>;
export type QueryOf<E extends AnyEndpoint> = WireOf<E['query']>;
export type BodyOf<E extends AnyEndpoint> = WireOf<E['body']>;
export type AnswerOf<E extends AnyEndpoint> = t.TypeOf<E['answer']>;

/** The path with each `:name` replaced by `params[name]`, escaped with encodeURIComponent. */
export function pathOf(endpoint: Pick<AnyEndpoint, 'path' | 'method'>, params?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` of the query's given values, in the order the caller wrote them; '' when none is given. */
export function queryOf(query?: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The endpoint among `endpoints` whose template `method path` matches, with its params (decoded
 * from the path); null when none does. For callers that are handed a path, such as a document's.
 */
export function matchEndpoint<E extends AnyEndpoint>(
  endpoints: readonly E[],
  method: Method,
  path: string,
): { endpoint: E; params: Record<string, string> } | null {
  for (const candidate of endpoints) {
    if (candidate.method !== method) continue;
    const names = pathNames(candidate.path);
    const pattern = new RegExp(`^${candidate.path.split(/:\w+/).map(escapeRegExp).join('([^/]+)')}$`);
    const found = pattern.exec(path);
    if (!found) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
    return { endpoint: candidate, params };
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The answer of a file or stream endpoint: the server's bytes (a string, a Buffer, a stream) sent
 * as they are. Nothing is decoded from it: the browser takes such an answer as a Blob or a stream.
 */
export const PassThrough = new t.Type<unknown, unknown, unknown>(
  'PassThrough',
  (_u): _u is unknown => true,
  (u, c) => t.failure(u, c, 'a file or a stream is not decoded'),
  (a) => a,
);
