import { useCallback, useEffect, useRef } from 'react';
import type { NoticeEvent } from '../../../machines/shared/notices';
import { toast } from '../../ui/toast';
import { focusFirstError, fieldErrorsFor, saidOnFields, type FieldErrors, type FieldKey } from './fields';
import { showNotice, type AccountNotice } from './notices';

/** Shows one of a form machine's notices (the login, registration and forgot-password machines' `notify`). */
export type FormNotify = (event: Pick<NoticeEvent<AccountNotice>, 'tone' | 'notice'>) => void;

/**
 * Shows a form's machine notices (the returned function is the machine's `notify` action, given by
 * ./provider.ts): each as a toast, and, when it is about fields, as their errors,
 * moving focus to the first of them (in `order`, inputs with ids `${idPrefix}-${field}`).
 *
 * One toast per form at a time: a new notice replaces the form's previous one (error toasts stay
 * until dismissed, and a pile of them would cover the form), and the form's error toast leaves
 * with the form (a success toast stays and fades by itself).
 *
 * A refusal of the contract's rules that every named field shows (`saidOnFields`) gets
 * no toast at all, only the fields and the focus; and an error toast about fields goes away once
 * the person has edited every field it named (`errors`, the form's current field errors, no
 * longer has any of them): the problem it names is being fixed where it is shown.
 */
export function useFormNotices(
  idPrefix: string,
  order: readonly FieldKey[],
  add: (errors: FieldErrors) => void,
  errors?: FieldErrors,
): FormNotify {
  const latest = useRef({ idPrefix, order, add });
  latest.current = { idPrefix, order, add };
  const shown = useRef<{ id: number; error: boolean; fields: FieldKey[] } | null>(null);

  const notify = useCallback<FormNotify>((event) => {
    if (shown.current) toast.dismiss(shown.current.id);
    shown.current = null;
    const fieldErrors = fieldErrorsFor(event.notice);
    if (!saidOnFields(event.notice, fieldErrors)) {
      shown.current = { id: showNotice(event), error: event.tone === 'error', fields: Object.keys(fieldErrors) as FieldKey[] };
    }
    if (Object.keys(fieldErrors).length === 0) return;
    latest.current.add(fieldErrors);
    focusFirstError(latest.current.idPrefix, latest.current.order, fieldErrors);
  }, []);

  // The form's error toast leaves with the form.
  useEffect(
    () => () => {
      if (shown.current?.error) toast.dismiss(shown.current.id);
      shown.current = null;
    },
    [],
  );

  // The error toast goes once none of the fields it was about is marked any more.
  useEffect(() => {
    const current = shown.current;
    if (!errors || !current?.error || current.fields.length === 0) return;
    if (current.fields.some((field) => errors[field] !== undefined)) return;
    toast.dismiss(current.id);
    shown.current = null;
  }, [errors]);

  return notify;
}
