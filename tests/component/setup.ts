/** Setup for the component tests (jsdom): clean the DOM between tests and fill in browser APIs jsdom lacks. */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../../src/components/Toast/toast';

afterEach(() => {
  cleanup();
  toast.clear();
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
