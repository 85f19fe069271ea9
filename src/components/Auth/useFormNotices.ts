import { useEffect, useRef } from 'react';
import type { NoticeEvent } from '../../../machines/session/notices';
import { toast } from '../Toast/toast';
import { focusFirstError, fieldErrorsFor, type FieldErrors, type FieldKey } from './fields';
import { showNotice, type AccountNotice } from './notices';

/** An actor that emits account notices (the login, registration and forgot-password machines). */
interface NoticeSource {
  on(type: 'notice', handler: (event: NoticeEvent<AccountNotice>) => void): { unsubscribe(): void };
}

/**
 * Shows a form's machine notices: each as a toast, and, when it is about fields, as their errors,
 * moving focus to the first of them (in `order`, inputs with ids `${idPrefix}-${field}`).
 *
 * One toast per form at a time: a new notice replaces the form's previous one (error toasts stay
 * until dismissed, and a pile of them would cover the form), and the form's error toast leaves
 * with the form (a success toast stays and fades by itself).
 */
export function useFormNotices(
  actor: NoticeSource,
  idPrefix: string,
  order: readonly FieldKey[],
  add: (errors: FieldErrors) => void,
): void {
  const latest = useRef({ idPrefix, order, add });
  latest.current = { idPrefix, order, add };

  useEffect(() => {
    let shown: { id: number; error: boolean } | null = null;
    const subscription = actor.on('notice', (event) => {
      if (shown) toast.dismiss(shown.id);
      shown = { id: showNotice(event), error: event.tone === 'error' };
      const errors = fieldErrorsFor(event.notice);
      if (Object.keys(errors).length === 0) return;
      latest.current.add(errors);
      focusFirstError(latest.current.idPrefix, latest.current.order, errors);
    });
    return () => {
      subscription.unsubscribe();
      if (shown?.error) toast.dismiss(shown.id);
    };
  }, [actor]);
}
