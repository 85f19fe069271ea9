/**
 * The one inline script of index.html (issue 17, scripts/vite/prerenderHome.ts). index.html
 * carries the home page's first frame for every address, and the route is the address's hash,
 * which only the browser sees: on another route (a link to /#/myappointment, say) this script
 * marks the page `deep-link` before the first paint, and the home page's own content stays hidden
 * (src/app/global.css) until the app shows the route's (main.tsx takes the mark off). The header
 * and the footer, the same on every route, show at once either way.
 *
 * Inline, not a file: a file in <head> would hold the first paint for a round trip. The CSP
 * allows exactly this text by its hash (server/http/security.ts), and nothing else inline.
 */
import { createHash } from 'node:crypto';

/** The home route: no hash, `#`, `#/`, with or without a query (`#/?location=Aundh`). */
export const deepLinkScript =
  "document.documentElement.classList.toggle('deep-link',!/^(#\\/?)?(\\?.*)?$/.test(location.hash))";

/** The CSP source that allows it. */
export const deepLinkScriptSource = `'sha256-${createHash('sha256').update(deepLinkScript).digest('base64')}'`;
