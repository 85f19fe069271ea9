/**
 * The one way the browser talks to the API: send, then decode the answer with its contract codec.
 *
 * `request` resolves to an Either and never rejects for a failed call:
 * - Left NetworkFailure: no answer arrived (offline, DNS, refused, or the caller's timeout signal fired);
 * - Left HttpFailure: the server answered with a non-2xx status;
 * - Left DecodeFailure: a 2xx answer that is not what the contract says;
 * - Right: the decoded answer.
 *
 * Aborting is not a failure: when the caller's signal aborts (the machine that asked left the
 * state, the page went away), the promise REJECTS with `signal.reason` (an `AbortError`
 * DOMException unless the caller gave another reason). Nobody is waiting for that answer any
 * more, so no view should show anything for it; a fromPromise actor that was stopped drops it.
 * A signal made by `AbortSignal.timeout()` is the exception: its `TimeoutError` is a
 * NetworkFailure, because the person did wait and should be told.
 */
import type * as t from 'io-ts';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { pathOf, queryOf, type AnyEndpoint, type AnswerOf } from '../../contract/endpoint.js';
import { ApiRefusal, genericErrorCode } from '../../contract/errors.js';
import { describeErrors, summarizeErrors } from '../../contract/report.js';
import type { ApiFailure, HttpFailure } from '../../machines/failures.js';
import { tellLoginRefused } from './loginRefused.js';
import { serverWords } from './serverWords.js';

// The failure union is written next to the machines that read it (machines/failures.ts).
export type { ApiFailure, DecodeFailure, HttpFailure, NetworkFailure } from '../../machines/failures.js';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its type as Content-Type (a photo's bytes), instead of a JSON body. */
  content?: { data: Blob; type: string };
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  signal?: AbortSignal;
};

export type RequestFn = <A>(
  codec: t.Decoder<unknown, A>,
  path: string,
  options?: RequestOptions,
) => Promise<Either<ApiFailure, A>>;

/** What a call of an endpoint names: its params and body when it has them, its query, who asks. */
export type CallOptions<E extends AnyEndpoint> = (E['params'] extends t.Mixed ? { params: t.OutputOf<E['params']> } : { params?: undefined }) &
  (E['query'] extends t.Mixed ? { query?: t.OutputOf<E['query']> } : { query?: undefined }) &
  (E['body'] extends t.Mixed ? { body: t.OutputOf<E['body']> } : { body?: undefined }) & {
    content?: { data: Blob; type: string };
    /** Sent as `Authorization: Bearer <token>` when given. */
    token?: string | null;
    signal?: AbortSignal;
  };

/** What a file or stream call adds: headers beyond Accept and Authorization, and the cache mode. */
export type OpenOptions<E extends AnyEndpoint> = CallOptions<E> & { headers?: Record<string, string>; cache?: RequestCache };

/** A file the API answered with: what to call it and its bytes. */
export type DownloadedFile = { fileName: string; content: Blob };

export type ApiClient = {
  readonly request: RequestFn;
  /** An endpoint's JSON call (contract/endpoints): its path filled from `params`, its answer decoded with its codec. */
  call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>): Promise<Either<ApiFailure, AnswerOf<E>>>;
  /** An endpoint's answer as it came (a file's bytes, a stream), or the failure as `call` gives it. */
  open<E extends AnyEndpoint>(endpoint: E, options: OpenOptions<E>): Promise<Either<ApiFailure, Response>>;
  /** A file endpoint's bytes, named by its Content-Disposition (`fallbackName` when it names none). */
  download<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>, fallbackName: string): Promise<Either<ApiFailure, DownloadedFile>>;
};

export type ApiClientConfig = {
  /** Defaults to the platform's fetch (see `platformFetch`). */
  fetch?: typeof fetch;
  /** Defaults to VITE_API_BASE, '/api' unless the build says otherwise. */
  base?: string;
};

/** What a view shows for a failed call: the server's own words when it sent some, else the view's text. */
export function failureMessage(failure: ApiFailure, fallback: string): string {
  return failure._tag === 'HttpFailure' && !failure.generic && failure.message.trim() !== ''
    ? failure.message
    : fallback;
}

/** True for the rejection `request` gives when its signal aborts (see the top of this file). */
export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

// cross-fetch's browser entry is a whole XMLHttpRequest polyfill (3.6 kB gzip once minified) that
// no browser we support runs, since they all have fetch (as Node 20 does): it is loaded, from its
// own chunk, only where there is none.
const platformFetch: typeof fetch = (input, init) =>
  typeof globalThis.fetch === 'function'
    ? globalThis.fetch(input, init)
    : import('cross-fetch').then((crossFetch) => crossFetch.fetch(input, init));

/** Where the API is: VITE_API_BASE, '/api' unless the build says otherwise. Every call and page address starts here. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api';

/**
 * A failed answer as `request` and `open` give it. A 401 to a call that carried a token (the login
 * expired or was revoked) is also told to ./loginRefused.ts's listeners: the session ends there,
 * once, for every machine; a call without a token (a wrong password at login) is not told.
 */
function refusal(status: number, json: unknown, token: string | null | undefined): HttpFailure {
  const failure = httpFailure(status, json);
  if (status === 401 && token) tellLoginRefused(failure);
  return failure;
}

/** The headers of every call: what it accepts, the bearer token when there is one. */
function headersFor(accept: string, token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const fetchImpl = config.fetch ?? platformFetch;
  // Computed once: every call, JSON, file or stream, goes to this base.
  const base = (config.base ?? apiBase).replace(/\/+$/, '');
  const urlOf = (path: string) => `${base}${path.startsWith('/') ? path : `/${path}`}`;

  const request: RequestFn = async (codec, path, options = {}) => {
    const { method = 'GET', body, content, token, signal } = options;
    const headers = headersFor('application/json', token);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (content !== undefined) headers['Content-Type'] = content.type;
    // The language the page is in (`<html lang>` follows the choice), for the mails a
    // call sends, such as the email code, instead of the browser's own preference.
    if (typeof document !== 'undefined' && document.documentElement.lang) headers['Accept-Language'] = document.documentElement.lang;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(urlOf(path), {
        method,
        headers,
        body: content !== undefined ? content.data : body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      throwIfAborted(signal);
      // Still aborted here means a timeout (see throwIfAborted).
      const message = signal?.aborted
        ? 'The server took too long to answer.'
        : error instanceof Error
          ? error.message
          : String(error);
      return left({ _tag: 'NetworkFailure', message });
    }
    // An abort that lands after the body arrived still means nobody wants the answer.
    throwIfAborted(signal);

    const json = parseJson(text);
    if (!response.ok) return left(refusal(response.status, json, token));
    if (json === invalidJson) {
      const errors = [{ field: '(body)', message: 'is not JSON' }];
      return left({ _tag: 'DecodeFailure', message: summarizeErrors(errors), errors });
    }
    const decoded = codec.decode(json);
    if (isLeft(decoded)) {
      const errors = describeErrors(decoded.left);
      return left({ _tag: 'DecodeFailure', message: summarizeErrors(errors), errors });
    }
    return right(decoded.right);
  };

  const urlPathOf = (endpoint: AnyEndpoint, options: { params?: unknown; query?: unknown }) =>
    `${pathOf(endpoint, options.params)}${queryOf(options.query)}`;

  function call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>): Promise<Either<ApiFailure, AnswerOf<E>>> {
    const { body, content, token, signal } = options as CallOptions<AnyEndpoint> & { body?: unknown };
    return request(endpoint.answer as t.Decoder<unknown, AnswerOf<E>>, urlPathOf(endpoint, options), {
      method: endpoint.method,
      ...(body === undefined ? {} : { body }),
      ...(content === undefined ? {} : { content }),
      ...(token ? { token } : {}),
      signal,
    });
  }

  async function open<E extends AnyEndpoint>(endpoint: E, options: OpenOptions<E>): Promise<Either<ApiFailure, Response>> {
    const { content, token, signal, headers: extra, cache } = options;
    const headers = { ...headersFor(endpoint.accept ?? 'application/json', token), ...extra };
    if (content !== undefined) headers['Content-Type'] = content.type;
    try {
      const response = await fetchImpl(urlOf(urlPathOf(endpoint, options)), {
        ...(endpoint.method === 'GET' ? {} : { method: endpoint.method }),
        headers,
        ...(content === undefined ? {} : { body: content.data }),
        ...(cache === undefined ? {} : { cache }),
        signal,
      });
      if (!response.ok) return left(refusal(response.status, parseJson(await response.text()), token));
      return right(response);
    } catch (error) {
      // Aborted by the caller: nobody wants the answer (see the top of this file).
      if (signal?.aborted && isAbortError(signal.reason)) throw signal.reason;
      return left({ _tag: 'NetworkFailure', message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function download<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>, fallbackName: string): Promise<Either<ApiFailure, DownloadedFile>> {
    const answer = await open(endpoint, options as OpenOptions<E>);
    if (isLeft(answer)) return answer;
    const content = await answer.right.blob();
    return right({ fileName: attachmentFileName(answer.right.headers.get('content-disposition'), fallbackName), content });
  }

  return { request, call, open, download };
}

/** The client the app uses; tests make their own with `createApiClient({ fetch })`. */
export const apiClient: ApiClient = createApiClient();
export const { request } = apiClient;

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted && !isTimeout(signal.reason)) throw signal.reason;
}

function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | null)?.name === 'TimeoutError';
}

const invalidJson = Symbol('invalid JSON');

/** An empty body is `undefined` (a codec for "no answer" accepts it); text that is not JSON is `invalidJson`. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidJson;
  }
}

/** A failed file download's body (text) as the request helper reports a failed JSON call. */
export function httpFailureOfText(status: number, text: string): HttpFailure {
  return httpFailure(status, parseJson(text));
}

/** The file name of `Content-Disposition: attachment; filename="..."` when it is a plain one, else `fallback`. */
export function attachmentFileName(disposition: string | null, fallback: string): string {
  const name = /filename="([^"\\/]+)"/i.exec(disposition ?? '')?.[1]?.trim();
  return name ? name : fallback;
}

function httpFailure(status: number, json: unknown): HttpFailure {
  const decoded = ApiRefusal.decode(json);
  if (isLeft(decoded) || decoded.right.message.trim() === '') {
    // A proxy's HTML page or an empty body: nothing a person should read.
    return { _tag: 'HttpFailure', status, message: `The server answered with status ${status}.`, generic: true };
  }
  // The refusal in the language in use, by its code (./serverWords.ts); an answer without one (not
  // from this API) counts as its status's generic code. The spec's messages stay as they came.
  const { code, params, errors, message: english } = decoded.right;
  const message = serverWords({ code: code ?? genericErrorCode(status), message: english, ...(params ? { params } : {}) });
  const failure: HttpFailure = {
    _tag: 'HttpFailure',
    status,
    message,
    ...(code !== undefined ? { code } : {}),
    ...(params ? { params } : {}),
    // A field named with the refusal's own sentence (a photo past a quota) says it as the message does;
    // the fields' other problems stay as they came (translated where they are shown).
    ...(errors ? { errors: errors.map((e) => (e.message === english ? { ...e, message } : e)) } : {}),
  };
  const body = json as Record<string, unknown>;
  return Object.keys(body).some((key) => !refusalKeys.has(key)) ? { ...failure, body } : failure;
}

const refusalKeys = new Set(['code', 'message', 'params', 'errors']);
