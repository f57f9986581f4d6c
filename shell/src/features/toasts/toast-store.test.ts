import { beforeEach, describe, expect, it } from 'vitest';
import { toast, toastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => toastStore.setState({ toasts: [] }));

  it('keeps one toast visible: a new one replaces the older', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const { toasts } = toastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive' });
  });

  it('dismisses by id', () => {
    const id = toast({ title: 'Bye' });
    toastStore.getState().dismiss(id);
    expect(toastStore.getState().toasts).toEqual([]);
  });
});
