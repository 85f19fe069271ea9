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
