/**
 * Which popup is open. Popups are loaded lazily (their own chunks), so the home page does not
 * pay for them; `preloadPopup` fetches the chunk early when a pointer or focus gets near a button.
 * Focus returns to the element that opened the popup when it closes.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type PopupKind = 'login' | 'signup' | 'booking';

interface PopupControls {
  readonly open: (kind: PopupKind) => void;
  readonly close: () => void;
  readonly current: PopupKind | null;
}

const PopupContext = createContext<PopupControls | null>(null);

const loadSoonDialog = () => import('./SoonDialog');
const SoonDialog = lazy(loadSoonDialog);

/** Start loading the popup's code (on hover or focus of a button that opens it). */
export function preloadPopup(): void {
  void loadSoonDialog();
}

export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PopupKind | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const open = useCallback((kind: PopupKind) => {
    const active = document.activeElement;
    returnFocusTo.current = active instanceof HTMLElement ? active : null;
    setCurrent(kind);
  }, []);

  const close = useCallback(() => setCurrent(null), []);

  // Once the popup is gone from the page, give focus back where it came from.
  useEffect(() => {
    if (current !== null) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }, [current]);

  const controls = useMemo(() => ({ open, close, current }), [open, close, current]);

  return (
    <PopupContext.Provider value={controls}>
      {children}
      {current !== null && (
        <Suspense fallback={null}>
          <SoonDialog kind={current} onClose={close} />
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupControls {
  const controls = useContext(PopupContext);
  if (!controls) throw new Error('usePopup needs a <PopupProvider> above it');
  return controls;
}
