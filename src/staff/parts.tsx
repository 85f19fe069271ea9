/**
 * Pieces the console's own screens share (the admin screens have theirs in ./admin/parts/):
 * what a screen shows while its data is not there, one labelled fact of a record, and the words
 * for the facts of a record every list shows alike (who the patient is, where the fee stands).
 */
import type { ReactNode } from 'react';
import type { AppointmentRecord } from '../../contract/appointments';
import { getStaffMessages, useStaffMessages } from '../i18n/staffMessages';

/**
 * The patient as staff read them: "Former patient" for a closed account (the server sends the
 * fact, `formerPatient`, and no name), else the record's names.
 */
export const patientNameOf = (a: Pick<AppointmentRecord, 'firstName' | 'lastName' | 'formerPatient'>): string =>
  a.formerPatient ? getStaffMessages().formerPatient : `${a.firstName} ${a.lastName}`.trim();

/**
 * Where the fee stands: its refund state when the server gives one (a cancelled or refunded fee:
 * refund pending, refunded, paid and not refundable), else its payment state.
 */
export const feeStateOf = (a: Pick<AppointmentRecord, 'appointmentPaymentStatus' | 'refundState'>): string => {
  const staff = getStaffMessages();
  return a.refundState ? staff.refundStates[a.refundState] : staff.paymentNames[a.appointmentPaymentStatus];
};

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
