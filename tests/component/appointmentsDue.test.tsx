/**
 * /myappointment for an appointment whose fee is to be paid at the clinic (the patient chose to
 * pay there, or the desk booked it so): it says so, with no Pay and no word of a lapsed hold.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unpaid } from '../machines/appointmentFakes';
import { showList } from './appointmentsSupport';

describe('an appointment to pay at the clinic', () => {
  it('says the fee is to be paid at the clinic, with no Pay and no lapsed hold', async () => {
    await showList([unpaid(10, { appointmentId: 'APT-D1', appointmentPaymentStatus: 'due', holdExpiresAt: null })]);
    const card = screen.getByText('APT-D1').closest('article') as HTMLElement;
    expect(within(card).getByText('Fee of ₹450.00 to be paid at the clinic.')).toBeTruthy();
    expect(within(card).queryByText(/^Fee not paid/)).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
