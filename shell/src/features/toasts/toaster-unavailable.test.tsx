import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store';
import { Toaster } from './toaster';

vi.mock('./toast-viewport', () => {
  throw new Error('ChunkLoadError: Loading chunk toasts failed');
});

describe('Toaster without its code', () => {
  beforeEach(() => toastStore.setState({ toasts: [] }));

  it('still shows the message, plainly, and closes it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Toaster />);
    act(() => {
      toast({ title: 'Quote Request Submitted', description: 'We will be in touch' });
    });
    expect(await screen.findByText('Quote Request Submitted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We will be in touch');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });
});
