/** Security headers on every answer, pages and API alike. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Everything from our own origin and nothing else; the app has no inline scripts or styles. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Exactly the list above: helmet's defaults add upgrade-insecure-requests, which would
    // break the plain-http site on a laptop.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
  });
}
