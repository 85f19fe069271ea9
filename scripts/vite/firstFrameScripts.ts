/**
 * The two inline scripts the build writes into index.html (./prerenderHome.ts). The
 * server allows them, and the inlined stylesheet (./inlineShellStyles.ts), by the hashes of what
 * index.html holds when it starts (server/http/inlineSources.ts); nothing else inline.
 *
 * Inline, not files: a file in <head> would hold the first paint for a round trip.
 */

/**
 * The deep-link script, in <head>. index.html carries the home page's first frame for every
 * address, and the route is the address's hash, which only the browser sees: on another route (a
 * link to /#/myappointment, say) it marks the page `deep-link` before the first paint, and the home
 * page's own content stays hidden (src/app/global.css) until the app shows the route's (main.tsx
 * takes the mark off). The header and the footer, the same on every route, show at once either way.
 * The home route: no hash, `#`, `#/`, with or without a query (`#/?location=Aundh`).
 */
export const deepLinkScript =
  "document.documentElement.classList.toggle('deep-link',!/^(#\\/?)?(\\?.*)?$/.test(location.hash))";

/**
 * The start script, at the end of <body> (the frame is parsed by then). The app's bundle is
 * fetched from the start (`modulepreload`); this runs it once the first frame, with the hero
 * image, is on screen: React's first render replaces the frame's elements, and a hero not yet
 * painted by then would be painted only as React's copy, after the whole bundle (the page's
 * largest paint). requestAnimationFrame runs just before a frame, the timeout just after it. It
 * waits for the hero at most a second; not at all on another route (the hero is hidden there) or
 * in a hidden tab (nothing is painted until it is shown).
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
