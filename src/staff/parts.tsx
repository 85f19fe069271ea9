/**
 * Pieces the console's own screens share (the admin screens have theirs in ./admin/parts.tsx):
 * what a screen shows while its data is not there, and one labelled fact of a record.
 */
import type { ReactNode } from 'react';
import { useStaffMessages } from '../i18n/staffMessages';

/**
 * Loading (a status), a failure with Try again (an alert), or the empty text; nothing once ready.
 */
export function LoadState({
  status,
  loadingText,
  failureText,
  emptyText,
  onRetry,
}: {
  readonly status: 'loading' | 'failed' | 'empty' | 'ready';
  readonly loadingText: string;
  readonly failureText: string;
  readonly emptyText?: string;
  readonly onRetry: () => void;
}) {
  const staff = useStaffMessages();
  switch (status) {
    case 'loading':
      return (
        <p role="status" className="staff-state">
          {loadingText}
        </p>
      );
    case 'failed':
      return (
        <div role="alert" className="staff-state">
          <p>{failureText}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            {staff.console.tryAgain}
          </button>
        </div>
      );
    case 'empty':
      return emptyText ? <p className="staff-state">{emptyText}</p> : null;
    case 'ready':
      return null;
  }
}

/** One term and its value in a `staff-facts` list. */
export function Fact({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
