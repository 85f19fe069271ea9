/**
 * The built SPA as the server sends it, from a small fixture build (not a real one): caching,
 * precompressed files, security headers, 404 and 503 pages. No database is involved, so these
 * run once rather than per backend.
 */
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/database.js';
// What index.html holds inline is allowed by its hash, and nothing else inline.
import { deepLinkScript, startAfterFirstPaintScript } from '../../scripts/vite/firstFrameScripts.ts';

const unused = () => Promise.reject(new Error('static tests use no database'));
const noDatabase: Database = { kind: 'pglite', query: unused, exec: unused, transaction: unused, close: async () => {} };

const startScript = startAfterFirstPaintScript('/assets/index-B7xq2Lm9.js');
const inlineStyle = 'body{margin:0}.hero>img{width:100%}';
const indexHtml =
  `<!doctype html><html lang="en"><head><title>Clinic</title><script>${deepLinkScript}</script>` +
  `<link rel="modulepreload" crossorigin href="/assets/index-B7xq2Lm9.js"><style>${inlineStyle}</style></head>` +
  `<body><div id="root"></div><script>${startScript}</script></body></html>\n`;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const csp =
  `default-src 'self';script-src 'self' ${hash(deepLinkScript)} ${hash(startScript)};style-src 'self' ${hash(inlineStyle)};` +
  "img-src 'self' data: blob: https://drive.google.com https://*.googleusercontent.com;frame-src 'self' https://drive.google.com;" +
  "media-src 'self';font-src 'self';" +
  "connect-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";

let root: string;
let clientDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-client-'));
  clientDir = path.join(root, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  const write = (name: string, content: string | Buffer) => writeFileSync(path.join(clientDir, name), content);
  // What vite build and vite-plugin-compression2 leave behind: each file with .br and .gz next to it.
  for (const [name, content] of [
    ['index.html', indexHtml],
    ['assets/index-B7xq2Lm9.js', script],
  ] as const) {
    write(name, content);
    write(`${name}.br`, brotliCompressSync(content));
    write(`${name}.gz`, gzipSync(content));
  }
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp({ db: noDatabase, clientDir });
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves index.html at / with no-cache and the security headers', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(indexHtml);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(csp);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends the brotli file to a browser that accepts it', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it('serves hashed assets as immutable for a year, precompressed', async () => {
    const url = '/assets/index-B7xq2Lm9.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files outside assets/ with their ETag', async () => {
    const first = await app.inject('/favicon.svg');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers a path that is not a file with a small HTML page linking home', async () => {
    for (const url of ['/myappointment', '/assets/missing-123.js', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/package.json']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<a href="/">');
      expect(res.headers['content-security-policy']).toBe(csp);
    }
  });
});

describe('before the client is built', () => {
  it('answers / with 503 and says how to build it', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-client-'));
    const unbuilt = await buildApp({ db: noDatabase, clientDir: empty });
    try {
      const res = await unbuilt.inject('/');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain('npm run build');
      // No index.html, nothing inline to allow.
      expect(res.headers['content-security-policy']).toContain("script-src 'self';style-src 'self';");
      // The API is still served (here its database fails, as the stub does).
      expect((await unbuilt.inject('/api/nothing')).statusCode).toBe(404);
    } finally {
      await unbuilt.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
