/**
 * The app's one error handler, and one error shape for the whole API (contract/errors.ts:
 * `{code, message, params?, errors?}`), in this order:
 *   - bad input (http/route.ts InvalidRequestError): 400 naming each field;
 *   - a service's refusal (services/errors.ts ServiceError: 400, 401, 403, 404, 409, 429, 502):
 *     its status, code, message and headers (401's WWW-Authenticate, 429's Retry-After); a
 *     ConflictWithBodyError sends its own body (the orphan rule's affected bookings) with its code;
 *   - a value the database refuses as bad data (SQLSTATE class 22, or a check constraint: 23514),
 *     bad input that slipped past the codecs: a 400 too, never a 500;
 *   - Fastify's own client errors (a body that is not JSON...): their 4xx in our shape;
 *   every 400 names at least one field in `errors` ('(body)' or '(request)' when no single field is to blame);
 *   - anything else: a plain 500 that shows nothing of the server's insides (the details go to the log).
 * The app's own refusals have the generic codes of contract/errors.ts (`request.invalid`,
 * `request.notFound`, `request.tooLarge`, `server.error`...).
 * No plugin sets a handler of its own, so every route (the API, the payment service) lands here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, genericErrorCode } from '../../contract/errors.js';
import { sqlState, violatedConstraint } from '../db/database.js';
import { ConflictWithBodyError, MailDeliveryError, PaymentProviderError, ServiceError, TextDeliveryError } from '../services/errors.js';
import { refusalOf } from '../services/messageCodes.js';
import { InvalidRequestError } from './route.js';

const invalidCode = genericErrorCode(400);
const invalid = (field: string, message: string): ApiError => ({ message: 'Invalid request', code: invalidCode, errors: [{ field, message }] });

/**
 * A refusal answered outside a service (a webhook, the Google hand-off): its message's registered
 * code (services/messageCodes.ts), else the generic code of its status.
 */
export function apiError(status: number, message: string, errors?: ApiError['errors']): ApiError {
  const refusal = refusalOf(message);
  const body: ApiError = { message, code: refusal?.code ?? genericErrorCode(status) };
  if (refusal?.params) body.params = refusal.params;
  if (errors) body.errors = errors;
  return body;
}

/** A service's refusal as its answer: a conflict's own body (its own code kept) or the error shape. */
function serviceAnswer(error: ServiceError): { message: string } {
  const refusal = { code: error.code, ...(error.params ? { params: error.params } : {}) };
  if (error instanceof ConflictWithBodyError) {
    const body = error.body as { message: string; code?: unknown };
    return typeof body.code === 'string' ? body : { ...body, ...refusal };
  }
  return { message: error.message, ...refusal, ...(error.errors ? { errors: [...error.errors] } : {}) };
}

/** Fastify's own client errors (a body that is not JSON, too large...) in our shape. */
function clientError(error: FastifyError): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid('(body)', 'must be valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('(body)', 'is required');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: 'The request is too large.', code: genericErrorCode(413) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: 'Send the request body as application/json.', code: genericErrorCode(415) };
    default:
      return error.statusCode === 400 ? invalid('(request)', 'is not valid') : { message: 'Invalid request', code: genericErrorCode(error.statusCode ?? 400) };
  }
}

/** Data exceptions (22xxx: NUL in text, a number or date out of range, ...) and check violations. */
export const isBadDataState = (state: string | undefined): boolean => state !== undefined && (state.startsWith('22') || state === '23514');

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The field a refused value most likely came from: the column when the driver names it, else
 * the check constraint's middle (`appointments_names_check` -> `names`), else the whole body.
 */
function badDataField(error: unknown): string {
  const { column, table } = error as { column?: unknown; table?: unknown };
  if (typeof column === 'string' && column !== '') return camelCase(column);
  const constraint = violatedConstraint(error);
  if (constraint) {
    const middle = constraint.replace(typeof table === 'string' ? new RegExp(`^${table}_`) : /^$/, '').replace(/_check$/, '');
    if (middle !== '') return camelCase(middle);
  }
  return '(body)';
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const notFoundPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title></head>
<body>
<main>
<h1>Page not found</h1>
<p>There is no page at this address.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (an address that is not valid
 * percent-encoding, FST_ERR_BAD_URL) never reach the error handler, so they are answered here in
 * our shape, naming the address as the field.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send(status === 400 ? invalid('(url)', 'is not a valid address') : ({ message: 'Invalid request', code: genericErrorCode(status) } satisfies ApiError));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof InvalidRequestError) {
      const body: ApiError = { message: error.message, code: invalidCode, errors: [...error.errors] };
      return reply.code(400).send(body);
    }
    if (error instanceof ServiceError) {
      if (error instanceof MailDeliveryError) request.log.warn({ err: error.cause }, 'mail could not be sent');
      if (error instanceof TextDeliveryError) request.log.warn({ err: error.cause }, 'text could not be sent');
      if (error instanceof PaymentProviderError) request.log.warn({ err: error.cause }, 'payment provider failed');
      return reply.code(error.status).headers(error.headers).send(serviceAnswer(error));
    }
    const state = sqlState(error);
    if (isBadDataState(state)) {
      // The SQLSTATE and constraint only: the statement's values may be personal data.
      request.log.warn({ sqlState: state, constraint: violatedConstraint(error) }, 'the database refused a value');
      return reply.code(400).send(invalid(badDataField(error), 'is not a value that can be stored'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(clientError(error));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong.', code: genericErrorCode(500) } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const path = request.url.split('?')[0]!.slice(0, 200);
      return reply
        .code(404)
        .send({ message: `No such API endpoint: ${request.method} ${path}`, code: genericErrorCode(404), params: { method: request.method, path } } satisfies ApiError);
    }
    return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notFoundPage);
  });
}
