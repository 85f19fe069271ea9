/**
 * A doctor's signature image (contract/signatures.ts; the rules: ./service.ts):
 *
 *   GET    /staff/doctors/{id}/signature   the PNG (204 No Content: none on file)
 *   PUT    /staff/doctors/{id}/signature   the image's bytes as the body
 *   DELETE /staff/doctors/{id}/signature
 *
 * 401 without a live token, 403 for a patient's; 404 for a doctor not the caller's own (admins:
 * every doctor's). Never cached: cache-control private, no-store.
 */
import type { FastifyInstance } from 'fastify';
import { signatureEndpoints } from '../../contract/endpoints/index.js';
import { signatureMaxUploadBytes } from '../../contract/signatures.js';
import { staffRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

// A little more than the limit, so a slightly larger upload gets the service's 400 with the reason.
const uploadLimit = signatureMaxUploadBytes + 512 * 1024;
const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export async function signatureRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = staffRequired(services);
  const guarded = { preHandler: guard.preHandler };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // Only inside this plugin: the image's raw bytes (the app's bodyLimit is 100 kB).
  app.addContentTypeParser(imageTypes, { parseAs: 'buffer', bodyLimit: uploadLimit }, (_request, body, done) => done(null, body));

  route(app, signatureEndpoints.signature, guarded, async ({ params }, request, reply) => {
    const png = await services.signatures.image(guard.staffOf(request), params.id);
    // None on file is an answer, not a failure: a 404 would be logged by the browser as an error.
    if (!png) return reply.code(204).send();
    reply.header('content-type', 'image/png');
    return png;
  });

  route(app, signatureEndpoints.putSignature, { ...guarded, bodyLimit: uploadLimit }, ({ params }, request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    return services.signatures.put(guard.staffOf(request), params.id, body);
  });

  route(app, signatureEndpoints.deleteSignature, guarded, ({ params }, request) => services.signatures.remove(guard.staffOf(request), params.id));
}
