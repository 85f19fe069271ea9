/**
 * Build only: writes the home route's first frame into index.html's `#root`, so a
 * phone on a slow link paints the header, the hero and its image while the app's JavaScript is
 * still arriving. The markup is the real components' (src/prerender/home.tsx, loaded through a
 * Vite server in SSR mode with this same config), exactly what the app's first render shows on a
 * first visit: English, the site options loading, nobody logged in. main.tsx's createRoot
 * replaces it on start (React empties the container), with the same boxes, so nothing shifts;
 * on another route or in another language the app's first frame simply takes its place. `#root`
 * carries `data-first-frame` until then (main.tsx takes it off), so tools and tests can tell the
 * prerendered frame from the running app.
 *
 * Links: the app's routes are hash routes (`#/ourtreatment`); the prerender's router writes
 * `/ourtreatment`, so each in-site route `href="/..."` (no dot: not a file such as the hero image
 * React preloads) is written `href="#/..."`, the same address a click on the app's link goes to.
 * The hero image is in the markup with `fetchpriority="high"` (React adds its preload), so
 * the browser fetches it as soon as the HTML arrives.
 *
 * On another route than home (the hash, which only the browser sees), the inline script of
 * ./firstFrameScripts.ts hides the home page's content before the first paint; the header and
 * the footer show, as on every route.
 *
 * The app's entry module is no longer a `<script type="module">`: it is fetched at once as a
 * `modulepreload` and run by a second inline script at the end of <body> after the first frame
 * is painted. Evaluating the bundle takes the main thread for 50-200 ms on a phone; before, it
 * often ran first and the frame waited for it (Lighthouse then counts the whole bundle's download
 * in the page's first and largest paints).
 *
 * `CLINIC_PRERENDER=off` builds without it (index.html's `#root` stays empty).
 */
import type { Plugin } from 'vite';
import { deepLinkScript, startAfterFirstPaintScript } from './firstFrameScripts.ts';

const ROOT_TAG = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The server's Content-Security-Policy (`style-src 'self'`) refuses style attributes written in
 * the HTML (the app's own, set through the DOM, are allowed). The only ones in the first frame are
 * the carousels' `transform:translateX(0%)`, which changes nothing: they are left out. Any other
 * would look different without it, so the build stops and says so.
 */
function withoutIdentityStyles(markup: string): string {
  const kept = markup.replace(/ style="transform:translateX\(0%\)"/g, '');
  const other = /style="[^"]*"/.exec(kept);
  if (other) throw new Error(`prerender: ${other[0]} in the home page's first frame would be refused by the CSP (style-src 'self')`);
  return kept;
}

export function prerenderHome(): Plugin {
  let root = process.cwd();
  let configFile: string | false = false;
  return {
    name: 'clinic:prerender-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile ?? false;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (process.env.CLINIC_PRERENDER === 'off') return html;
        if (!html.includes(ROOT_TAG)) throw new Error(`prerender: index.html has no ${ROOT_TAG}`);
        const { createServer } = await import('vite');
        // `apply: 'build'` keeps this plugin out of that server: it does not prerender itself.
        const server = await createServer({
          root,
          configFile,
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null },
        });
        try {
          const { renderHome } = (await server.ssrLoadModule('/src/prerender/home.tsx')) as { renderHome: () => string };
          const markup = withoutIdentityStyles(renderHome().replace(/ href="\/(?!\/)([^".]*)"/g, ' href="#/$1"'));
          const entry = ENTRY_SCRIPT.exec(html);
          if (!entry?.[1]) throw new Error('prerender: index.html has no entry module script');
          return (
            html
              // On another route the home page's own content stays hidden until the app starts.
              .replace('</title>', `</title>\n    <script>${deepLinkScript}</script>`)
              // The bundle is fetched at once and run after the first frame is painted.
              .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
              .replace(ROOT_TAG, `<div id="root" data-first-frame="">${markup}</div>`)
              .replace('</body>', `  <script>${startAfterFirstPaintScript(entry[1])}</script>\n  </body>`)
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}
