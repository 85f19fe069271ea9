/**
 * A modal dialog on the platform's `<dialog>` and `showModal()`: the page behind it is inert, so
 * Tab and Shift+Tab stay inside; focus moves in when it opens; Escape (the dialog's 'cancel'
 * event) or the backdrop asks `onClose`, and the view decides (the PopupProvider, or
 * useReturnFocus, then returns focus to the opener). The `<dialog>` covers the viewport (its
 * ::backdrop dims the page) and centres the panel; the toasts show in a region inside the top
 * dialog (`toast.setHost`), since outside it they would be inert.
 * Loaded only with a popup, so framer-motion's small LazyMotion bundle stays out of the home chunk.
 */
import { domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useMessages } from '../i18n/messages';
import { toast } from './toast';
import { ToastRegion } from './ToastRegion';
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
  const box = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  // The latest onClose, for the dialog's own events (set up once, when it opens).
  const close = useRef(onClose);
  close.current = onClose;

  // The <dialog> once shown modal: the toasts' region inside it shows them while it is the top one.
  const [shownModal, setShownModal] = useState<HTMLDialogElement | null>(null);
  useShownModal(box, close, setShownModal);

  useEffect(() => {
    // A preferred field that is still disabled (its data loading) cannot take focus: the first
    // control that can (Close, at worst) gets it instead, so focus never stays behind the dialog.
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)') ?? focusables(panel.current)[0];
    first?.focus();
  }, []);

  useKeepClearOfToasts(box);

  // Escape is the dialog's: a menu listening on the document behind it stays as it is.
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') event.stopPropagation();
  }

  return (
    <dialog
      ref={box}
      className="dialog-backdrop"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describeBody ? bodyId : undefined}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        // A press outside the panel lands on the <dialog> itself (its ::backdrop is the same target).
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <LazyMotion features={domAnimation} strict>
        <m.div
          ref={panel}
          className={wide ? 'dialog dialog--wide' : 'dialog'}
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
      </LazyMotion>
      {shownModal && <ToastRegion host={shownModal} />}
    </dialog>
  );
}

/** The modal dialogs shown, the last on top (where the toasts show). */
const shown: HTMLDialogElement[] = [];

/**
 * Shows the dialog modal while it is mounted. Escape fires 'cancel': the dialog stays open and
 * `onClose` is asked (the view unmounts it). Should the browser close it anyway (a second Escape
 * with no click between may not be cancelled), 'close' asks `onClose` too.
 */
function useShownModal(
  box: RefObject<HTMLDialogElement | null>,
  close: RefObject<() => void>,
  onShown: (dialog: HTMLDialogElement) => void,
) {
  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    shown.push(dialog);
    toast.setHost(dialog);
    onShown(dialog);
    let leaving = false;
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    const onClosed = () => {
      if (!leaving) close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      leaving = true;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      shown.splice(shown.indexOf(dialog), 1);
      toast.setHost(shown[shown.length - 1] ?? null);
      if (dialog.open) dialog.close();
    };
  }, [box, close, onShown]);
}

/**
 * Toasts show at the bottom of the screen, above the backdrop, and error toasts stay until
 * dismissed: the dialog keeps clear of them (the backdrop's bottom padding follows the toast area's
 * height), so a message never covers the form's buttons.
 */
function useKeepClearOfToasts(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    let toasts: HTMLElement | null = null;
    const update = () => {
      const area = toasts?.getBoundingClientRect();
      const clearance = area && area.height > 0 ? window.innerHeight - area.top : 0;
      box.current?.style.setProperty('--toast-clearance', `${Math.max(0, Math.round(clearance))}px`);
    };
    const observer = new ResizeObserver(update);
    // The toast area moves into the top dialog once it is shown: follow it there.
    const follow = () => {
      const now = document.querySelector<HTMLElement>('.toasts');
      if (now !== toasts) {
        observer.disconnect();
        toasts = now;
        if (toasts) observer.observe(toasts);
      }
      update();
    };
    follow();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    const stop = toast.subscribe(later);
    later();
    window.addEventListener('resize', update);
    return () => {
      stop();
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [box]);
}

function focusables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector));
}
