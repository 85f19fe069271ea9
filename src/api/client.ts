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
import { ApiError } from '../../contract/errors.js';
import { describeErrors, summarizeErrors } from '../../contract/report.js';
import type { ApiFailure, HttpFailure } from '../../machines/failures.js';
import { serverWords } from './serverWords.js';

// The failure union is written next to the machines that read it (machines/failures.ts).
export type { ApiFailure, DecodeFailure, HttpFailure, NetworkFailure } from '../../machines/failures.js';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  signal?: AbortSignal;
};

export type RequestFn = <A>(
  codec: t.Decoder<unknown, A>,
  path: string,
  options?: RequestOptions,
) => Promise<Either<ApiFailure, A>>;

export type ApiClient = { readonly request: RequestFn };

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

const defaultBase: string = import.meta.env.VITE_API_BASE ?? '/api';

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const fetchImpl = config.fetch ?? platformFetch;
  const base = (config.base ?? defaultBase).replace(/\/+$/, '');

  const request: RequestFn = async (codec, path, options = {}) => {
    const { method = 'GET', body, token, signal } = options;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    // The language the page is in (`<html lang>` follows the choice), for the mails a
    // call sends, such as the email code, instead of the browser's own preference.
    if (typeof document !== 'undefined' && document.documentElement.lang) headers['Accept-Language'] = document.documentElement.lang;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
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
    if (!response.ok) return left(httpFailure(response.status, json));
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

  return { request };
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
  const decoded = ApiError.decode(json);
  if (isLeft(decoded) || decoded.right.message.trim() === '') {
    // A proxy's HTML page or an empty body: nothing a person should read.
    return { _tag: 'HttpFailure', status, message: `The server answered with status ${status}.`, generic: true };
  }
  // The server's words in the language in use where the catalog knows them (./serverWords.ts);
  // the spec's messages, and the fields' problems (translated where they are shown), stay as they came.
  const message = serverWords(decoded.right.message);
  const { errors } = decoded.right;
  const failure: HttpFailure = errors ? { _tag: 'HttpFailure', status, message, errors } : { _tag: 'HttpFailure', status, message };
  const body = json as Record<string, unknown>;
  return Object.keys(body).some((key) => key !== 'message' && key !== 'errors') ? { ...failure, body } : failure;
}
