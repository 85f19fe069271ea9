/**
 * The page frames. `Layout`, the public site's, every route but the staff console shares: skip
 * link, header, main, footer and the toast area. `BareLayout`, the staff console's: only the toast
 * area and the lazy route's loading text, since the console draws its own bar and main
 * (src/staff/StaffFrame.tsx) with the same skip link and focus rule (`SkipLink`, `useFocusOnNavigation`).
 * On navigation a frame scrolls to the top (or to the #section asked for) and moves focus to <main>,
 * so keyboard and screen-reader users start reading the new page.
 */
import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { ToastRegion } from '../ui/ToastRegion';
import { useMessages } from '../i18n/shell';

/** After each change of path (not the first render, nor a #section), the top of the page and focus on `main` (unless a popup holds it). */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // A page asked for with a #section scrolls there and focuses it itself.
    if (hash) return;
    window.scrollTo(0, 0);
    // A popup opened with the new page (the login after a password reset) keeps the focus: the
    // page behind a modal <dialog> is inert, so `main` cannot take it (src/ui/Dialog.tsx).
    main.current?.focus({ preventScroll: true });
    // Only the path matters here; the hash is read when the path changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** "Skip to content": focus moves to `main` (the address hash is the router's, so it is left alone). */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const messages = useMessages();
  return (
    <a
      className="skip-link"
      href="#main-content"
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
        main.current?.scrollIntoView();
      }}
    >
      {messages.app.skipToContent}
    </a>
  );
}

/** A lazily loaded route, with the loading text while its chunk comes. */
function RouteSuspense({ children }: { children: ReactNode }) {
  const messages = useMessages();
  return (
    <Suspense
      fallback={
        <p role="status" className="route-loading">
          {messages.app.loadingPage}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <SkipLink main={main} />
      <Header />
      <main id="main-content" ref={main} tabIndex={-1} className="app-main">
        <RouteSuspense>
          <Outlet />
        </RouteSuspense>
      </main>
      <Footer />
      <ToastRegion />
    </>
  );
}

/** The staff console's frame: its route draws the rest (no public header, menu, Book button or footer). */
export function BareLayout() {
  return (
    <>
      <RouteSuspense>
        <Outlet />
      </RouteSuspense>
      <ToastRegion />
    </>
  );
}
