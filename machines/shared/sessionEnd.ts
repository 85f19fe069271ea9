/**
 * A call refused for its login (401). The request base has already ended the session, once, and
 * the session has told the person (src/api/client.ts, machines/session/sessionMachine.ts), so a
 * machine takes its ordinary failure path. Only a flow that carries on once logged in again (the
 * booking: it asks for the login, then books on `login.succeeded`) tells this failure apart, with
 * this one guard.
 */
import { isUnauthorized } from '../failures.js';

export const sessionEnded = isUnauthorized;

/** The guard as a transition names it, over an invoked actor's error (`guard: onSessionEnded`). */
export const onSessionEnded = { type: 'sessionEnded', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;
