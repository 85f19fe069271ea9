/**
 * Development only: the live machines in Stately's inspector (@statelyai/inspect opens a window
 * at stately.ai/inspect), for analysts and developers. Switched on in `npm run dev` by
 * `VITE_INSPECT=1 npm run dev`, or by `?inspect` in the dev server's address (before the `#`).
 *
 * Never in a production build: there `import.meta.env.DEV` is false, `inspect` is undefined and
 * the dynamic import below is dropped, so the package is not bundled (docs/architecture.md).
 * Given to the root actors (`{ inspect }`: the session, site options, booking and the account
 * popups' actors); their children are inspected with them.
 */
import type { InspectionEvent } from 'xstate';

function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (!import.meta.env.DEV) return undefined;
  const wanted = import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).has('inspect');
  if (!wanted) return undefined;
  // The machines start before the package has loaded: their first events wait here.
  const early: InspectionEvent[] = [];
  let send: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    send = (event) => inspector.inspect.next?.(event);
    early.splice(0).forEach(send);
  });
  return (event) => (send ? send(event) : early.push(event));
}

export const inspect = devInspector();
