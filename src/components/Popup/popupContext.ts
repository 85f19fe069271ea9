/**
 * The popups' controls as the views reach them: `usePopup()` and the context behind it. Apart from
 * ./popups.tsx, which provides them and loads each popup's chunk, so that a popup it loads (Login,
 * Sign up) can open or close popups without importing its own loader.
 */
import { createContext, useContext } from 'react';
import type { PreviousBooking } from '../../../machines/booking/choices';

export type PopupKind = 'login' | 'signup' | 'booking' | 'help';

export interface PopupControls {
  /**
   * `previous`: the Book Appointment popup's kept choices (/paymentfail), or the header's location;
   * `soonest`: it opens on the soonest online doctors (the home page's "Consult online now").
   */
  readonly open: (kind: PopupKind, options?: { previous?: PreviousBooking | null; soonest?: boolean }) => void;
  /**
   * Closes every popup and takes their history entries back; `returnFocus: false` when the page
   * changes anyway (a link in the popup, the way to /payment): the entries are left to that page.
   */
  readonly close: (options?: { returnFocus?: boolean }) => void;
  /** Starts loading a popup's code before it is asked for. */
  readonly preload: (kind: PopupKind) => void;
  readonly current: PopupKind | null;
}

export const PopupContext = createContext<PopupControls | null>(null);

export function usePopup(): PopupControls {
  const controls = useContext(PopupContext);
  if (!controls) throw new Error('usePopup needs a <PopupProvider> above it');
  return controls;
}
