/**
 * POST /api/otp/send-otp and /api/otp/validate-otp (spec §7): email one-time codes. The rules
 * (limits, hashing, the same answer for every address) are in services/otp.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MessageAnswer, SendOtpRequest, ValidateOtpRequest } from '../../contract/auth.js';
import { requestLanguage } from '../http/language.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function otpRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.post(
    '/otp/send-otp',
    handle({ body: SendOtpRequest, answer: MessageAnswer }, async ({ body }, request) => {
      const answer = await services.otp.send(body.email, request.ip, requestLanguage(request));
      await services.housekeeping.maybeSweep((error) => request.log.warn({ err: error }, 'housekeeping failed'));
      return answer;
    }),
  );

  app.post(
    '/otp/validate-otp',
    handle({ body: ValidateOtpRequest, answer: MessageAnswer }, ({ body }) => services.otp.validate(body.email, body.otp)),
  );
}
