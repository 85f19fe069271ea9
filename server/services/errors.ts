/**
 * Failures a service reports on purpose. The HTTP layer turns them into status codes
 * (server/http/errors.ts); their message is shown to the person, so it must be fit to read.
 */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/**
 * A refusal with its HTTP status (the accounts issue on). The API's error handler
 * (server/routes/index.ts) answers `status` with `{ message, errors? }` and the headers.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly { field: string; message: string }[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** 400: the request is well formed but cannot be done as asked (no proven address, a common password...). */
export class BadRequestError extends ServiceError {
  constructor(message: string, errors?: readonly { field: string; message: string }[]) {
    super(400, message, errors);
    this.name = 'BadRequestError';
  }
}

/** 401: no bearer token, or one that is unknown, expired or revoked. */
export class UnauthorizedError extends ServiceError {
  constructor(message: string) {
    super(401, message, undefined, { 'www-authenticate': 'Bearer' });
    this.name = 'UnauthorizedError';
  }
}

/** 409: the record exists already (an account for that email). */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = 'ConflictError';
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

/** 502: the payment provider refused or could not be reached; `cause` is logged, never shown. */
export class PaymentProviderError extends ServiceError {
  constructor(message: string, cause?: unknown) {
    super(502, message);
    this.name = 'PaymentProviderError';
    this.cause = cause;
  }
}
