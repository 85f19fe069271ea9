/**
 * Failures a service reports on purpose, each with its HTTP status. The app's one error handler
 * (server/http/errors.ts) answers `status` with `{ code, message, params?, errors? }` (or a
 * conflict's own body, with its code) and the headers; the message is shown to the person, so it
 * must be fit to read.
 *
 * The code is the one its message is registered under (messageCodes.ts: each service's
 * `xMessages = defineMessages(...)`), so a throw site names the message only; a message no service
 * registered answers the generic code of its status (contract/errors.ts `genericErrorCode`).
 */
import { type ErrorParams, genericErrorCode } from '../../contract/errors.js';
import { type Refusal, refusalOf } from './messageCodes.js';

export class ServiceError extends Error {
  /** The refusal's stable code (contract/errors.ts). */
  readonly code: string;
  /** The values its message was made from, where it was made from some. */
  readonly params?: ErrorParams;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly { field: string; message: string }[],
    readonly headers: Readonly<Record<string, string>> = {},
    refusal: Refusal | undefined = refusalOf(message),
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = refusal?.code ?? genericErrorCode(status);
    if (refusal?.params) this.params = refusal.params;
  }
}

/**
 * 400: the request is well formed but cannot be done as asked (no proven address, a common
 * password...). `errors` is required and names at least one field (every 400 says which
 * field it is about, so the form can show it there).
 */
export class BadRequestError extends ServiceError {
  constructor(message: string, errors: readonly [{ field: string; message: string }, ...{ field: string; message: string }[]]) {
    super(400, message, errors);
    this.name = 'BadRequestError';
  }
}

/** 400 with `summary`, naming one `field` and what is wrong with it. */
export const badField = (field: string, message: string, summary: string): BadRequestError =>
  new BadRequestError(summary, [{ field, message }]);

/** 401: no bearer token, or one that is unknown, expired or revoked. */
export class UnauthorizedError extends ServiceError {
  constructor(message: string) {
    super(401, message, undefined, { 'www-authenticate': 'Bearer' });
    this.name = 'UnauthorizedError';
  }
}

/** 403: the caller is known but may not do this (a patient on a staff route, a doctor on an admin's). */
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super(403, message);
    this.name = 'ForbiddenError';
  }
}

/** 404: no such record, or one that is not the caller's (the two answer the same). */
export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

/** 409: the record exists already (an account for that email), or its state forbids the change. */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = 'ConflictError';
  }
}

/**
 * 409 whose answer says more than its message: `body` is sent as it is (the orphan rule's
 * affected bookings), with the error's code and params unless the body has a `code` of its own.
 */
export class ConflictWithBodyError<Body extends { message: string }> extends ConflictError {
  constructor(readonly body: Body) {
    super(body.message);
    this.name = 'ConflictWithBodyError';
  }
}

/** 429: a rate limit; `retryAfterSeconds` goes out as Retry-After. */
export class TooManyRequestsError extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
    this.name = 'TooManyRequestsError';
  }
}

/** 502: the mail server refused or could not be reached; `cause` is logged, never shown. */
export class MailDeliveryError extends ServiceError {
  constructor(message: string, cause: unknown) {
    super(502, message);
    this.name = 'MailDeliveryError';
    this.cause = cause;
  }
}

/** 502: the SMS or WhatsApp provider refused a code or could not be reached; `cause` is logged (its digits masked), never shown. */
export class TextDeliveryError extends ServiceError {
  constructor(message: string, cause: unknown) {
    super(502, message);
    this.name = 'TextDeliveryError';
    this.cause = cause;
  }
}

/** 502: the payment provider refused or could not be reached; `cause` is logged, never shown. */
export class PaymentProviderError extends ServiceError {
  constructor(message: string, cause?: unknown) {
    super(502, message);
    this.name = 'PaymentProviderError';
    this.cause = cause;
  }
}
