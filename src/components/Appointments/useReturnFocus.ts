/**
 * The popups of /myappointment are not opened through the PopupProvider, so they return focus
 * themselves: to the element that had it when the popup first rendered (the button that opened
 * it), when the popup closes, if that element is still in the page.
 */
import { useEffect, useState } from 'react';

export function useReturnFocus(): void {
  // Read while rendering: before the dialog's own effect moves focus inside it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
