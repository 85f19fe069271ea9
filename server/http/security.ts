/** Security headers on every answer, pages and API alike. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { InlineSources } from './inlineSources.js';

/**
 * Everything from our own origin and nothing else, but for the clinic's Google Drive media (the
 * staff console stores Drive share links; contract/mediaLink.ts turns them into a thumbnail,
 * https://drive.google.com/thumbnail?..., which redirects to an image on *.googleusercontent.com,
 * or a video preview, https://drive.google.com/file/d/.../preview, shown in an iframe). The app
 * has no inline style attributes; index.html's inline scripts and stylesheet are allowed by
 * their hashes (./inlineSources.ts), added by the site's server. `blob:` images are the chat's
 * photos (issue 13): fetched with the bearer token and shown through object URLs the page itself
 * made (an `<img src>` cannot carry the token).
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://drive.google.com', 'https://*.googleusercontent.com'],
  frameSrc: ["'self'", 'https://drive.google.com'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** `inline`: the hashes of what the built index.html holds inline (./inlineSources.ts), for the site's server. */
export async function registerSecurityHeaders(app: FastifyInstance, inline: InlineSources = { scriptSrc: [], styleSrc: [] }): Promise<void> {
  await app.register(helmet, {
    // Exactly the list above: helmet's defaults add upgrade-insecure-requests, which would
    // break the plain-http site on a laptop.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy,
        scriptSrc: [...contentSecurityPolicy.scriptSrc, ...inline.scriptSrc],
        styleSrc: [...contentSecurityPolicy.styleSrc, ...inline.styleSrc],
      },
    },
    // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
  });
}
