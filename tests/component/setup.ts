/** Setup for the component tests (jsdom): clean the DOM between tests and fill in browser APIs jsdom lacks. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../../src/ui/toast';

// Lazy routes and popups load in their own chunks: on a loaded 2-core CI machine that takes
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// The files share one jsdom per worker (vitest.config.ts): what a test leaves is cleared here.
afterEach(() => {
  cleanup();
  // Each toast still shown goes, with its timer.
  for (const { id } of toast.getSnapshot()) toast.dismiss(id);
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

/**
 * A stand-in for `<dialog>`'s modal API, which jsdom lacks: showModal() sets `open` and moves focus
 * in, close() clears it and fires 'close'; Escape pressed inside the top modal dialog fires a
 * cancelable 'cancel' on it (after the keydown, as the browser's default action) and closes it
 * unless cancelled. Of the page behind made inert, what it keeps is that focus() does nothing
 * outside the top modal dialog (the app counts on it: src/app/Layout.tsx); that Tab stays inside
 * is checked in the browser suite (tests/e2e/app.test.ts, "the popups").
 */
function polyfillDialogForJsdom(): void {
  if (typeof HTMLDialogElement === 'undefined' || typeof HTMLDialogElement.prototype.showModal === 'function') return;
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    modals.push(this);
    (this.querySelector<HTMLElement>('[autofocus]') ?? this).focus?.();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  const topModal = () => modals.filter((d) => d.isConnected && d.hasAttribute('open')).at(-1);
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusUnlessInert(this: HTMLElement, options?: FocusOptions) {
    const top = topModal();
    if (top && !top.contains(this)) return;
    focus.call(this, options);
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event) {
    const result = dispatch.call(this, event);
    const top = topModal();
    if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape' && !event.defaultPrevented && top && this instanceof Node && top.contains(this)) {
      const cancel = new Event('cancel', { cancelable: true });
      if (dispatch.call(top, cancel)) top.close();
    }
    return result;
  };
}
polyfillDialogForJsdom();
