/**
 * Mobile sign-in and the account's own phone and email (contract/endpoints/mobile.ts; service.ts):
 *
 *   GET  /auth/sign-in-options      what the login and sign-up popups offer (no login)
 *   POST /auth/mobile/send-code     a sign-in code to a number (no login; the same answer for any number)
 *   POST /auth/mobile/sign-in       the number and its code: a session, as a login's
 *   POST /auth/phone/send-code      signed in: a code to the number the account is to have
 *   PUT  /auth/phone                signed in: the new number with its code (and the password or an email code)
 *   PUT  /auth/email                signed in: the proven address becomes the account's
 *
 * The signed-in ones are the caller's own account only: there is nobody else's to name.
 */
import type { FastifyInstance } from 'fastify';
import { mobileEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function mobileRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };
  const { mobile } = services;

  route(app, mobileEndpoints.signInOptions, {}, async () => mobile.signInOptions());
  route(app, mobileEndpoints.sendSignInCode, {}, ({ body }, request) => mobile.sendSignInCode(body, request.ip));
  route(app, mobileEndpoints.signIn, {}, ({ body }) => mobile.signIn(body));
  route(app, mobileEndpoints.sendPhoneChangeCode, guarded, ({ body }, request) => mobile.sendPhoneChangeCode(login.userOf(request), body, request.ip));
  route(app, mobileEndpoints.sendCurrentPhoneCode, guarded, ({ body }, request) => mobile.sendCurrentPhoneCode(login.userOf(request), body, request.ip));
  route(app, mobileEndpoints.changePhone, guarded, ({ body }, request) => mobile.changePhone(login.userOf(request), body));
  route(app, mobileEndpoints.changeEmail, guarded, ({ body }, request) => mobile.changeEmail(login.userOf(request), body));
}
