/**
 * What the built index.html carries inline (issue 17), and the Content-Security-Policy sources
 * that allow exactly that and nothing else.
 *
 * - The deep-link script. index.html carries the home page's first frame for every address, and
 *   the route is the address's hash, which only the browser sees: on another route (a link to
 *   /#/myappointment, say) this script marks the page `deep-link` before the first paint, and the
 *   home page's own content stays hidden (src/app/global.css) until the app shows the route's
 *   (main.tsx takes the mark off). The header and the footer, the same on every route, show at
 *   once either way.
 * - The start script: the app's bundle is fetched from the start (`modulepreload`) but runs only
 *   once the first frame is on screen, so its evaluation never holds the first paint.
 * - The entry's stylesheet (scripts/vite/inlineShellStyles.ts).
 *
 * Inline, not files: a file in <head> would hold the first paint for a round trip. The texts
 * are written by the build (scripts/vite/prerenderHome.ts); the server hashes what index.html
 * holds when it starts (./security.ts), so a rebuild needs a restart, as its new asset names do.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The home route: no hash, `#`, `#/`, with or without a query (`#/?location=Aundh`). */
export const deepLinkScript =
  "document.documentElement.classList.toggle('deep-link',!/^(#\\/?)?(\\?.*)?$/.test(location.hash))";

/**
 * Runs the app's entry module once the first frame, with the hero image, is on screen: React's
 * first render replaces the frame's elements, and a hero not yet painted by then would be
 * painted only as React's copy, after the whole bundle (the page's largest paint).
 * requestAnimationFrame runs just before a frame, the timeout just after it. It waits for the
 * hero at most a second; not at all on another route (the hero is hidden there) or in a hidden
 * tab (nothing is painted until it is shown). At the end of <body>: the frame is parsed by then.
 */
export function startAfterFirstPaintScript(entryUrl: string): string {
  const entry = JSON.stringify(entryUrl);
  return (
    `(function(){var d=document,i=d.querySelector('#root img[fetchpriority=high]'),g=0;` +
    `function s(){g||(g=1,import(${entry}))}` +
    `function p(){requestAnimationFrame(function(){setTimeout(s,0)})}` +
    `if(d.hidden)s();else if(!i||d.documentElement.classList.contains('deep-link'))p();` +
    `else{i.decode().then(p,p);setTimeout(s,1000)}})()`
  );
}

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
