/**
 * The patient's record, for a logged-in caller (services/records.ts): My Remedies, the
 * documents, the data export, closing the account. 401 without a live bearer token, before
 * anything is read; a document of somebody else's appointment is 404, as one that does not exist.
 * Like every answer of a login-only endpoint, they are `cache-control: private, no-store`
 * (http/auth.ts registerPrivateAnswers): no proxy or browser cache keeps them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';
import type { DownloadFile } from '../services/records.js';
import type { FhirRecordKind } from '../services/records/fhir.js';

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

  route(app, recordEndpoints.remedies, guarded, (_input, request) => services.records.remedies(login.userOf(request)));

  route(app, recordEndpoints.prescription, guarded, async ({ params }, request, reply) =>
    pdf(reply, await services.records.prescription(login.userOf(request), params.id)),
  );

  route(app, recordEndpoints.appointmentReceipt, guarded, async ({ params }, request, reply) =>
    pdf(reply, await services.records.appointmentReceipt(login.userOf(request), params.id)),
  );

  const fhir = (kind: FhirRecordKind) => async ({ params }: { params: { id: string } }, request: FastifyRequest, reply: FastifyReply) => {
    const file = await services.records.fhirRecord(login.userOf(request), params.id, kind);
    download(reply, file.fileName, 'application/fhir+json; charset=utf-8');
    return file.body;
  };
  route(app, recordEndpoints.consultationFhir, guarded, fhir('consultation'));
  route(app, recordEndpoints.prescriptionFhir, guarded, fhir('prescription'));
  route(app, recordEndpoints.receiptFhir, guarded, fhir('receipt'));

  route(app, recordEndpoints.orderReceipt, guarded, async ({ params }, request, reply) =>
    pdf(reply, await services.records.orderReceipt(login.userOf(request), params.id)),
  );

  route(app, recordEndpoints.exportZip, guarded, async (_input, request, reply) => {
    const zip = await services.records.exportZip(login.userOf(request));
    download(reply, zip.fileName, 'application/zip');
    return zip.stream;
  });

  route(app, recordEndpoints.deletion, guarded, (_input, request) => services.records.deletion(login.userOf(request)));

  route(app, recordEndpoints.deleteAccount, guarded, ({ body }, request) => services.records.deleteAccount(login.userOf(request), body.otp));
}
