/**
 * The page frame every route shares: skip link, header, main, footer and the toast area.
 * On navigation it scrolls to the top (or to the #section asked for) and moves focus to <main>,
 * so keyboard and screen-reader users start reading the new page.
 */
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { ToastRegion } from '../components/Toast/ToastRegion';
import { useMessages } from '../i18n/shell';

export function Layout() {
  const messages = useMessages();
  const main = useRef<HTMLElement>(null);
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
    main.current?.focus({ preventScroll: true });
    // Only the path matters here; the hash is read when the path changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <>
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          // The address hash is the router's; move focus instead of changing it.
          event.preventDefault();
          main.current?.focus();
          main.current?.scrollIntoView();
        }}
      >
        {messages.app.skipToContent}
      </a>
      <Header />
      <main id="main-content" ref={main} tabIndex={-1} className="app-main">
        <Suspense
          fallback={
            <p role="status" className="route-loading">
              {messages.app.loadingPage}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastRegion />
    </>
  );
}
