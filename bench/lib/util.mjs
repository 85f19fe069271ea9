// Small helpers shared by the figures of `npm run bench`.
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once; their results in order. */
export async function limited(tasks, limit) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];


export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/** gzip level 9, as the build precompresses its assets. */
export function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

export function brotliSize(buffer) {
  return brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * The scripts an HTML page loads at once: <script src> and <link rel="modulepreload" href>,
 * in document order, without duplicates. Addresses as written in the page.
 */
export function initialScripts(htmlPath) {
  const html = readFileSync(htmlPath, 'utf8');
  const found = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const value = (m) => (m ? (m[2] ?? m[3] ?? m[4]) : undefined);
    if (/^<script/i.test(tag)) {
      const src = value(attr('src'));
      if (src) found.push(src);
    } else {
      const rel = (value(attr('rel')) ?? '').toLowerCase().split(/\s+/);
      const href = value(attr('href'));
      if (href && rel.includes('modulepreload')) found.push(href);
    }
  }
  return [...new Set(found)];
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** A positive number from the environment, or `fallback` when unset; anything else throws. */
export function positiveNumberEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return n;
}

/** positiveNumberEnv, rounded to a whole number (counts). */
export const positiveEnv = (name, fallback) => Math.round(positiveNumberEnv(name, fallback));
