/**
 * Who calls: the one place routes learn it (the patient's, the payment service's, the staff
 * console's). Each guard throws a ServiceError the app's error handler (http/errors.ts) answers:
 * 401 `{message}` with `WWW-Authenticate: Bearer` when the bearer token is missing, unknown,
 * expired or revoked (services/sessions.ts); 403 for a role that may not (services/staff.ts).
 *
 * Routes guard with a preHandler, so an anonymous or unentitled caller is refused before the body
 * is read and learns nothing from validation:
 *
 *   const login = loginRequired(services);
 *   app.post('/appointment/add', { preHandler: login.preHandler },
 *     handle({ body, answer }, ({ body }, request) => services.appointments.create(login.userOf(request), body)));
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../contract/auth.js';
import { NotFoundError, ServiceError } from '../services/errors.js';
import { deskMessages } from '../desk/messages.js';
import type { Services } from '../services/index.js';
import type { AuthenticatedUser } from '../services/sessions.js';
import { assertAdmin, type Staff } from '../services/staff.js';

/**
 * Requests whose answer is one person's: they asked who calls (every guard below, and every
 * route that reads the caller, goes through `requireSession`), whether or not a live token came.
 */
const personalRequests = new WeakSet<FastifyRequest>();

/** The value below, on every answer that is one person's. */
export const privateAnswerCacheControl = 'private, no-store';

/**
 * No browser or proxy keeps a personal answer: every answer to a request that carries
 * credentials (an Authorization header, live or not), and every answer of an endpoint that asks
 * who calls (its 401 included), gets `cache-control: private, no-store`. One onSend hook for
 * the whole app, run after the route and the error handler have set their headers, so no route
 * sets it itself and none can forget it. Called from registerSecurityHeaders (http/security.ts),
 * before any route is registered. Answers written on the raw response (the chat's event stream)
 * set it themselves.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined || personalRequests.has(request)) {
      reply.header('cache-control', privateAnswerCacheControl);
    }
    return payload;
  });
}

/** The live session (user and session id) whose bearer token (`Authorization: Bearer <token>`) the request carries; 401 otherwise. */
export function requireSession(services: Services, request: FastifyRequest): Promise<AuthenticatedUser> {
  personalRequests.add(request);
  return services.sessions.authenticate(request.headers.authorization);
}

/** The user whose bearer token the request carries; 401 otherwise. */
export async function requireUser(services: Services, request: FastifyRequest): Promise<User> {
  return (await requireSession(services, request)).user;
}

/** The caller when the token is optional: no header, or one that is not live, is an anonymous caller (null), not a 401. */
export async function optionalUser(services: Services, request: FastifyRequest): Promise<User | null> {
  if (request.headers.authorization === undefined) return null;
  try {
    return await requireUser(services, request);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) return null;
    throw error;
  }
}

/** A preHandler that finds who calls (or throws), and `of(request)` for the handler after it. */
function guard<Caller extends object>(name: string, find: (request: FastifyRequest) => Promise<Caller>) {
  const callers = new WeakMap<FastifyRequest, Caller>();
  return {
    preHandler: async (request: FastifyRequest): Promise<void> => {
      callers.set(request, await find(request));
    },
    of: (request: FastifyRequest): Caller => {
      const caller = callers.get(request);
      if (!caller) throw new Error(`${name}: the preHandler did not run`);
      return caller;
    },
  };
}

/** 401 unless a live bearer token; `userOf(request)` is its user. */
export function loginRequired(services: Services) {
  const { preHandler, of } = guard('loginRequired', (request) => requireUser(services, request));
  return { preHandler, userOf: of };
}

/** 401 (no live token), then 403 (not staff: a patient, or a doctor without a doctor record); `staffOf(request)` is the staff member. */
export function staffRequired(services: Services) {
  const { preHandler, of } = guard('staffRequired', async (request) => services.staff.authorize(await requireUser(services, request)));
  return { preHandler, staffOf: of };
}

/**
 * The front desk's guard: 401 (no live token), then 404 for anybody who is not staff (a patient:
 * the desk is not theirs to probe, contract/endpoints/desk.ts); `staffOf(request)` is the staff member.
 */
export function deskRequired(services: Services) {
  const { preHandler, of } = guard('deskRequired', async (request) => {
    const user = await requireUser(services, request);
    try {
      return await services.staff.authorize(user);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 403) throw new NotFoundError(deskMessages.notFound);
      throw error;
    }
  });
  return { preHandler, staffOf: of };
}

/** As staffRequired, then 403 for a doctor: admins only. The services check the role again. */
export function adminRequired(services: Services) {
  const { preHandler, of } = guard('adminRequired', async (request): Promise<Staff> => {
    const staff = await services.staff.authorize(await requireUser(services, request));
    assertAdmin(staff);
    return staff;
  });
  return { preHandler, staffOf: of };
}
