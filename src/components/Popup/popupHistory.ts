/**
 * The popups follow the browser's history, as a page would: a popup that opens adds an entry
 * (the same address, its layer count in the entry's state), so the phone's Back closes it instead
 * of leaving the page under it; a link to another page (any entry with fewer layers) closes it
 * too. A popup over a popup (the login the booking asks for) is one more layer and one more entry:
 * Back closes it first, and the booking shows again.
 *
 * A popup closed from inside the app (Close, Escape, a login) takes its entries back, so the next
 * Back leaves the page as it would have; one closed because the page changes anyway (a link in
 * it, the way to /payment) leaves its entry to the new page. An entry of a popup that is no
 * longer open (reached again by Back or Forward, or after a reload) becomes a plain entry of its
 * page: a popup is opened by the person, never by the history.
 *
 * `historyStep` is the whole rule, a pure function; `usePopupHistory` applies it to the router.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What the history must do so that the open popups and the current entry agree. */
export type HistoryStep =
  | { readonly kind: 'none' }
  /** A popup opened: its entry is pushed once any navigation made with it has rendered. */
  | { readonly kind: 'open' }
  /** The entry of a popup that opened, on top of the current one. */
  | { readonly kind: 'push'; readonly layers: number }
  /** Popups closed from inside the app: their entries go (history.go(-by)). */
  | { readonly kind: 'back'; readonly by: number }
  /** The history moved to an entry with fewer layers (Back, a link): close down to them. */
  | { readonly kind: 'close'; readonly to: number }
  /** The history moved to an entry of a popup no longer open: it becomes a plain entry. */
  | { readonly kind: 'replace'; readonly layers: number };

export interface HistoryState {
  /** The layers open when the last step was taken. */
  readonly before: number;
  /** The layers open now (0: none; 2: the login popup over the booking). */
  readonly layers: number;
  /** The layers the current history entry was made for. */
  readonly entry: number;
  /** The history moved since the last step (Back, Forward, a link, a navigation). */
  readonly moved: boolean;
  /** The popups were closed because the page changes anyway: their entries stay for it. */
  readonly leaving: boolean;
  /**
   * An opening's entry: 'waiting' until the router has shown any navigation made with the
   * opening (React Router renders a location as a transition, after the popup's own update, so
   * "Go now" on /paymentfail or a password reset would otherwise push the old page); then 'due'.
   */
  readonly opening: 'no' | 'waiting' | 'due';
}

export function historyStep({ before, layers, entry, moved, leaving, opening }: HistoryState): HistoryStep {
  if (opening === 'waiting') return { kind: 'none' };
  if (opening === 'due' && layers > entry) return { kind: 'push', layers };
  if (layers > before && layers > entry) return { kind: 'open' };
  if (moved) {
    if (entry < layers) return { kind: 'close', to: entry };
    if (entry > layers) return { kind: 'replace', layers };
    return { kind: 'none' };
  }
  // Closed from inside the app: only in the step that closed them, never on a later render.
  if (layers < before && layers < entry && !leaving) return { kind: 'back', by: entry - layers };
  return { kind: 'none' };
}

const stateKey = 'popupLayers';

/** The layers an entry was made for (0 for every entry the popups did not make). */
export function layersOf(state: unknown): number {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[stateKey] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

function withLayers(state: unknown, layers: number): Record<string, unknown> {
  const rest = typeof state === 'object' && state !== null ? { ...(state as Record<string, unknown>) } : {};
  delete rest[stateKey];
  return layers > 0 ? { ...rest, [stateKey]: layers } : rest;
}

/**
 * Keeps the router's history in step with `layers`, the popups open now. `closeTo` closes the
 * popups above a number of layers (`leftPage`: the history went to another page, so focus is not
 * given back on this one). The answer, `leaving`, is to be called when the popups close because
 * the page changes anyway, before that navigation.
 */
export function usePopupHistory(layers: number, closeTo: (layers: number, options: { leftPage: boolean }) => void): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const seen = useRef<{ layers: number; key: string | null; pathname: string | null }>({ layers: 0, key: null, pathname: null });
  const leavingNow = useRef(false);
  const latestClose = useRef(closeTo);
  latestClose.current = closeTo;
  // Openings asked for, pushed, and shown in a transition (which comes after the router's).
  const asked = useRef(0);
  const pushed = useRef(0);
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const entry = layersOf(location.state);
    const before = seen.current;
    const opening = asked.current === pushed.current ? 'no' : shown === asked.current ? 'due' : 'waiting';
    const step = historyStep({ before: before.layers, layers, entry, moved: before.key !== location.key, leaving: leavingNow.current, opening });
    if (opening === 'due') pushed.current = asked.current;
    if (layers < before.layers) leavingNow.current = false;
    seen.current = { layers, key: location.key, pathname: location.pathname };
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    switch (step.kind) {
      case 'open': {
        const opened = ++asked.current;
        startTransition(() => setShown(opened));
        return;
      }
      case 'push':
        void navigate(here, { state: withLayers(location.state, step.layers) });
        return;
      case 'replace':
        void navigate(here, { replace: true, state: withLayers(location.state, step.layers) });
        return;
      case 'back':
        void navigate(-step.by);
        return;
      case 'close':
        latestClose.current(step.to, { leftPage: before.pathname !== null && before.pathname !== location.pathname });
        return;
      case 'none':
        return;
    }
  }, [layers, location, navigate, shown]);

  return useCallback(() => {
    leavingNow.current = true;
  }, []);
}
