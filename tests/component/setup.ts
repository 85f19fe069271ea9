/** Setup for the component tests (jsdom): clean the DOM between tests and fill in browser APIs jsdom lacks. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../../src/components/Toast/toast';

// Lazy routes and popups load in their own chunks: on a loaded 2-core CI machine that takes
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// The files share one jsdom per worker (vitest.config.ts): what a test leaves is cleared here.
afterEach(() => {
  cleanup();
  toast.clear();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A matchMedia that matches nothing; a test spies on it to match prefers-reduced-motion. */
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom does not scroll.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};
