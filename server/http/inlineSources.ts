/**
 * What the built index.html carries inline: two scripts and the entry's stylesheet,
 * written by the build (scripts/vite/firstFrameScripts.ts, inlineShellStyles.ts). The
 * Content-Security-Policy (./security.ts) allows exactly those texts by their sha256, read here
 * once when the server starts, so a new build needs a restart, as its new asset names do.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export interface InlineSources {
  scriptSrc: string[];
  styleSrc: string[];
}

/** The hashes of every inline `<script>` and `<style>` of the built index.html; none when it is not built. */
export function inlineSourcesOf(clientDir: string): InlineSources {
  let html: string;
  try {
    html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  } catch {
    return { scriptSrc: [], styleSrc: [] };
  }
  const bodies = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => sha256Source(match[1] ?? ''));
  return {
    // Inline only: `<script type="module" src=...>` has a `src` and no text of its own.
    scriptSrc: bodies(/<script>([\s\S]*?)<\/script>/g),
    styleSrc: bodies(/<style>([\s\S]*?)<\/style>/g),
  };
}
