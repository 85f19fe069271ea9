/**
 * The patient's record, for a logged-in caller (services/records.ts): My Remedies, the
 * documents, the data export, closing the account. 401 without a live bearer token, before
 * anything is read; a document of somebody else's appointment is 404, as one that does not exist.
 * Like every answer of a login-only endpoint, they are `cache-control: private, no-store`
 * (http/auth.ts registerPrivateAnswers): no proxy or browser cache keeps them.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { MessageAnswer } from '../../contract/auth.js';
import { AccountDeleteRequest, AccountDeletionAnswer, RecordIdParams, RemediesAnswer } from '../../contract/records.js';
import { loginRequired } from '../http/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';
import type { DownloadFile } from '../services/records.js';

/** A file answer (bytes or a stream), sent as it is. */
const fileAnswer = new t.Type<Buffer | Readable, Buffer | Readable, unknown>(
  'FileAnswer',
  (u): u is Buffer | Readable => u !== null && typeof u === 'object',
  (u, c) => t.failure(u, c),
  (a) => a,
);

function download(reply: FastifyReply, fileName: string, contentType: string): void {
  reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff');
}

const pdf = (reply: FastifyReply, file: DownloadFile) => {
  download(reply, file.fileName, 'application/pdf');
  return file.body;
};

export async function recordRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };

  app.get('/records/remedies', guarded, handle({ answer: RemediesAnswer }, (_input, request) => services.records.remedies(login.userOf(request))));

  app.get(
    '/records/appointments/:id/prescription.pdf',
    guarded,
    handle({ params: RecordIdParams, answer: fileAnswer }, async ({ params }, request, reply) =>
      pdf(reply, await services.records.prescription(login.userOf(request), params.id)),
    ),
  );

  app.get(
    '/records/appointments/:id/receipt.pdf',
    guarded,
    handle({ params: RecordIdParams, answer: fileAnswer }, async ({ params }, request, reply) =>
      pdf(reply, await services.records.appointmentReceipt(login.userOf(request), params.id)),
    ),
  );

  app.get(
    '/records/orders/:id/receipt.pdf',
    guarded,
    handle({ params: RecordIdParams, answer: fileAnswer }, async ({ params }, request, reply) =>
      pdf(reply, await services.records.orderReceipt(login.userOf(request), params.id)),
    ),
  );

  app.get(
    '/records/export.zip',
    guarded,
    handle({ answer: fileAnswer }, async (_input, request, reply) => {
      const zip = await services.records.exportZip(login.userOf(request));
      download(reply, zip.fileName, 'application/zip');
      return zip.stream;
    }),
  );

  app.get(
    '/records/account/deletion',
    guarded,
    handle({ answer: AccountDeletionAnswer }, (_input, request) => services.records.deletion(login.userOf(request))),
  );

  app.post(
    '/records/account/delete',
    guarded,
    handle({ body: AccountDeleteRequest, answer: MessageAnswer }, ({ body }, request) =>
      services.records.deleteAccount(login.userOf(request), body.otp),
    ),
  );
}
