/**
 * A pharmacy order's payment comes back to /paymentsuccess?for=order or /paymentfail?for=order
 * (issue 5): the page speaks of the order, not of a booking, and the countdown ends on
 * /myappointment, without the booking's toast or popup.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './support';

beforeAll(async () => {
  await import('../../src/pages/Payment/PaymentResultPage');
});

describe('order payment result pages', () => {
  it('/paymentsuccess?for=order thanks for the order, and "Go now" leads to My appointments', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/paymentsuccess?for=order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order payment received' })).toBeTruthy();
    expect(screen.getByText(/Your pharmacy order shows as paid in My appointments/)).toBeTruthy();
    expect(screen.getByText('Going to My appointments in 5 seconds.')).toBeTruthy();
    expect(screen.queryByText(/appointment/i, { selector: 'h1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    await waitFor(() => expect(currentPath()).toBe('/myappointment'));
    expect(screen.queryByText('Appointment booked successfully.', { selector: '.toast__text' })).toBeNull();
  });

  it('/paymentfail?for=order says the order payment did not go through, and opens no booking popup', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/paymentfail?for=order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order payment not completed' })).toBeTruthy();
    expect(screen.getByText('Your payment for the pharmacy order did not go through. You can pay again from My appointments.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    await waitFor(() => expect(currentPath()).toBe('/myappointment'));
    expect(screen.queryByRole('dialog', { name: 'Book Appointment' })).toBeNull();
  });
});
