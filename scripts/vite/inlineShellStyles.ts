/**
 * Build only: the entry's stylesheet (the shell's and the home page's styles, about
 * 4 KiB gzip) goes into index.html as a `<style>` element instead of a `<link>`, so the first
 * paint no longer waits for a second round trip (Lighthouse counted 150-160 ms of render-blocking
 * on a simulated phone). The server allows exactly that text by its hash
 * (server/http/inlineSources.ts reads index.html at start).
 *
 * The `<link>` stays, `disabled`: a disabled stylesheet link is neither fetched nor applied, but
 * Vite's loader of lazy chunks (which lists the entry's stylesheet among every chunk's
 * dependencies) looks for a `link[rel=stylesheet]` with that address before it adds one. Without
 * it, the first lazy route would load the same styles again, after its own sheet, and the global
 * rules would win over the route's. A browser test checks that the file is never requested.
 */
import type { Plugin } from 'vite';

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/** Inline CSS resolves `url(...)` against the page, not the stylesheet: only absolute ones are safe. */
function assertInlinable(fileName: string, css: string): void {
  if (/<\/style/i.test(css)) throw new Error(`inline styles: ${fileName} contains "</style"`);
  const relative = /url\(\s*['"]?(?![a-z]+:|\/|#)([^'")]+)/i.exec(css);
  if (relative) throw new Error(`inline styles: ${fileName} refers to ${relative[1]}, relative to the stylesheet`);
}

export function inlineShellStyles(): Plugin {
  return {
    name: 'clinic:inline-shell-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(ENTRY_STYLESHEET, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') throw new Error(`inline styles: ${fileName} is not in the bundle`);
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          assertInlinable(fileName, css);
          return `<style>${css}</style>\n    ${link.replace(/>$/, ' disabled>')}`;
        });
      },
    },
  };
}
