import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store';
import ToastViewport from './toast-viewport';

describe('ToastViewport', () => {
  beforeEach(() => toastStore.setState({ toasts: [] }));
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', () => {
    render(<ToastViewport />);
    act(() => {
      toast({ title: 'First' });
    });
    expect(screen.getByText('First', { selector: '[data-variant] *' })).toBeInTheDocument();
    act(() => {
      toast({ title: 'Second', description: 'Replaces the first' });
    });
    expect(screen.queryByText('First', { selector: '[data-variant] *' })).toBeNull();
    expect(screen.getByText('Second', { selector: '[data-variant] *' })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-variant]')).toHaveLength(1);
  });

  it('closes itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(toastStore.getState().toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('closes with its close button', () => {
    render(<ToastViewport />);
    act(() => {
      toast({ title: 'Bye', variant: 'destructive' });
    });
    expect(document.querySelector('[data-variant="destructive"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('labels its viewport with the F8 hotkey', () => {
    render(<ToastViewport />);
    act(() => {
      toast({ title: 'Hi' });
    });
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', expect.stringContaining('F8'));
  });
});
