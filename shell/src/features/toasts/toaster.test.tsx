import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast, toastStore } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => toastStore.setState({ toasts: [] }));

  it('renders no viewport until there is a toast, then shows it', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast({ title: 'Sent' });
    });
    expect(await screen.findByText('Sent', { selector: '[data-variant] *' })).toBeInTheDocument();
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', expect.stringContaining('F8'));
  });

  it('shows a toast raised before it mounted', async () => {
    toast({ title: 'Early' });
    render(<Toaster />);
    expect(await screen.findByText('Early', { selector: '[data-variant] *' })).toBeInTheDocument();
  });
});
