/**
 * POST /api/otp/send-otp and /api/otp/validate-otp (spec §7): email one-time codes. The rules
 * (limits, hashing, the same answer for every address) are in services/otp.ts.
 */
import type { FastifyInstance } from 'fastify';
import { otpEndpoints } from '../../contract/endpoints/index.js';
import { requestLanguage } from '../http/language.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function otpRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  route(app, otpEndpoints.send, {}, async ({ body }, request) => {
    const answer = await services.otp.send(body.email, request.ip, requestLanguage(request));
    await services.housekeeping.maybeSweep((error) => request.log.warn({ err: error }, 'housekeeping failed'));
    return answer;
  });

  route(app, otpEndpoints.validate, {}, ({ body }) => services.otp.validate(body.email, body.otp));
}
