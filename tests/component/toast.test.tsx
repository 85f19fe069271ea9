import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { infoToastMs, toast } from '../../src/ui/toast';
import { ToastRegion } from '../../src/ui/ToastRegion';

describe('toasts', () => {
  it('shows info in a status region and errors in an alert region', () => {
    render(<ToastRegion />);
    act(() => {
      toast.info('Appointment booked successfully.');
      toast.error('Something went wrong.');
    });
    expect(within(screen.getByRole('status')).getByText('Appointment booked successfully.')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Something went wrong.')).toBeTruthy();
  });

  it('lets the person dismiss a toast, and info toasts leave by themselves', async () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => {
      toast.info('Saved.');
      toast.error('Failed to update appointment.');
    });
    act(() => vi.advanceTimersByTime(infoToastMs));
    expect(screen.queryByText('Saved.')).toBeNull();
    expect(screen.getByText('Failed to update appointment.')).toBeTruthy();
    vi.useRealTimers();
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to update appointment.')).toBeNull();
  });

  it('shows an error already on screen once (a refused login told twice), each info toast anew', async () => {
    render(<ToastRegion />);
    act(() => {
      toast.error('Please log in again.');
      toast.error('Please log in again.');
      toast.info('Welcome Asha!');
      toast.info('Welcome Asha!');
    });
    expect(within(screen.getByRole('alert')).getAllByText('Please log in again.')).toHaveLength(1);
    expect(within(screen.getByRole('status')).getAllByText('Welcome Asha!')).toHaveLength(2);
    // Dismissed, the same words are news again.
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    act(() => {
      toast.error('Please log in again.');
    });
    expect(within(screen.getByRole('alert')).getAllByText('Please log in again.')).toHaveLength(1);
  });
});
