/**
 * A modal dialog: labelled by its heading, focus moves in when it opens, Tab and Shift+Tab stay
 * inside, Escape or the backdrop closes it (the PopupProvider then returns focus).
 * Loaded only with a popup, so framer-motion's small LazyMotion bundle stays out of the home chunk.
 */
import { domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useMessages } from '../../i18n/messages';
import './Dialog.css';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /**
   * The body describes the dialog (aria-describedby), right for a short message. A form says
   * false: its labels would all be read out as the description.
   */
  readonly describeBody?: boolean;
  /** A wider panel, for a form with two columns. */
  readonly wide?: boolean;
  /** A click on the backdrop closes; a long form says false, so a stray click keeps what was typed. */
  readonly closeOnBackdrop?: boolean;
}

export function Dialog({ title, onClose, children, describeBody = true, wide = false, closeOnBackdrop = true }: DialogProps) {
  const messages = useMessages();
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();

  useEffect(() => {
    // A preferred field that is still disabled (its data loading) cannot take focus: the first
    // control that can (Close, at worst) gets it instead, so focus never stays behind the dialog.
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)') ?? focusables(panel.current)[0];
    first?.focus();
  }, []);

  useKeepClearOfToasts(backdrop);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <LazyMotion features={domAnimation} strict>
      <div
        ref={backdrop}
        className="dialog-backdrop"
        onMouseDown={(event) => {
          if (closeOnBackdrop && event.target === event.currentTarget) onClose();
        }}
      >
        <m.div
          ref={panel}
          className={wide ? 'dialog dialog--wide' : 'dialog'}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={describeBody ? bodyId : undefined}
          onKeyDown={onKeyDown}
          initial={reduceMotion ? false : { opacity: 0, y: 24, scale: 0.98 }}
          animate={{ opacity: 1, y: 0, scale: 1 }}
          transition={{ duration: 0.2, ease: 'easeOut' }}
        >
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label={messages.popup.close}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div id={bodyId} className="dialog__body">
            {children}
          </div>
        </m.div>
      </div>
    </LazyMotion>
  );
}

/**
 * Toasts show at the bottom of the screen, above the backdrop, and error toasts stay until
 * dismissed: the dialog keeps clear of them (the backdrop's bottom padding follows the toast area's
 * height), so a message never covers the form's buttons.
 */
function useKeepClearOfToasts(backdrop: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const toasts = document.querySelector<HTMLElement>('.toasts');
    if (!toasts || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const box = toasts.getBoundingClientRect();
      const clearance = box.height > 0 ? window.innerHeight - box.top : 0;
      backdrop.current?.style.setProperty('--toast-clearance', `${Math.max(0, Math.round(clearance))}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(toasts);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [backdrop]);
}

function focusables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector));
}
