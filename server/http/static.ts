/**
 * The built single-page app (vite build output in CLIENT_DIR). Routing is by hash, so the only
 * page is index.html at `/`. Vite writes .br and .gz copies next to each asset; they are sent
 * as they are to browsers that accept them.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const immutableCache = 'public, max-age=31536000, immutable';

export const notBuiltMessage =
  'The website is not built yet. Run `npm run build` (or `npm start`, which builds what is missing), then restart the server.\n';

export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  // The address a prescription's QR code holds (server/documents/verification.ts) is short and
  // without a hash, so every camera app opens it; the page itself is the app's #/verify/<code>.
  app.get<{ Params: { code: string } }>('/verify/:code', (request, reply) => {
    const { code } = request.params;
    if (!/^[A-Za-z2-7-]{1,40}$/.test(code)) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').redirect(`/#/verify/${code}`, 302);
  });
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'client not built: / answers 503 until `npm run build` has run');
    app.get('/', (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuiltMessage),
    );
    return;
  }

  const assetsDir = path.join(clientDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    // An array: with preCompressed, @fastify/static looks up a string index as "no index" and answers 404.
    index: ['index.html'],
    // Our own Cache-Control below instead of send's default max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Files under assets/ carry a content hash in their name: a change is a new name.
      // Everything else (index.html, favicon, media) is revalidated with its ETag on each use.
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? immutableCache : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
