import { createStore } from 'zustand/vanilla';
import type { ToastInput } from '@agency/contracts/client';

export interface Toast extends ToastInput {
  id: number;
}

/** Spec: one toast visible at a time; a new one replaces the older. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

interface ToastState {
  toasts: Toast[];
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const toastStore = createStore<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [{ ...toast, id }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export const toast = (input: ToastInput) => toastStore.getState().show(input);
