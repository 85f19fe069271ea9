/** Security headers on every answer, pages and API alike. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { InlineSources } from './inlineSources.js';
import { registerPrivateAnswers } from './auth.js';

/**
 * Everything from our own origin and nothing else, but for the clinic's Google Drive media (the
 * staff console stores Drive share links; contract/mediaLink.ts turns them into a thumbnail,
 * https://drive.google.com/thumbnail?..., which redirects to an image on *.googleusercontent.com,
 * or a video preview, https://drive.google.com/file/d/.../preview, shown in an iframe). The app
 * has no inline style attributes; index.html's inline scripts and stylesheet are allowed by
 * their hashes (./inlineSources.ts), added by the site's server. `blob:` images are the chat's
 * photos: fetched with the bearer token and shown through object URLs the page itself
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
  const headers = helmetHeaders({
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
  // On the raw response, as helmet itself would: the chat's event stream writes its head there.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Personal answers: private, no-store (http/auth.ts).
  registerPrivateAnswers(app);
}

/**
 * The headers helmet sets with these options, worked out once. Every one of ours is the same on
 * every answer (no directive is a function of the request), and @fastify/helmet rebuilt helmet's
 * middleware for each request: parsing the policy again was 7 % of a gettimeslot.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {}, // X-Powered-By, which Node's own server never sets
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // helmet's middleware runs synchronously; one that did not would leave every answer bare.
  if (headers.length === 0) throw new Error('helmet set no security headers');
  return headers;
}
