import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  message?: string;
  /** One thing to do about it, such as Undo; the toast closes once it is done. */
  action?: { label: string; run: () => void };
}

interface ToastState {
  toasts: Toast[];
  actions: {
    toastShown: (toast: Omit<Toast, 'id'>) => number;
    toastDismissed: (id: number) => void;
  };
}

/** More than this and the oldest go first: a burst of failures should not bury the page. */
const MAX_TOASTS = 4;
let nextId = 1;

const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  actions: {
    toastShown: (toast) => {
      // Several queries failing for one cause (the platform is down) say the same thing: say it once.
      const same = get().toasts.find(
        (shown) => shown.tone === toast.tone && shown.title === toast.title && shown.message === toast.message,
      );
      if (same) return same.id;
      const id = nextId++;
      set(({ toasts }) => ({ toasts: [...toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
      return id;
    },
    toastDismissed: (id) => set(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) })),
  },
}));

export const useToasts = () => useToastStore((state) => state.toasts);
export const useToastActions = () => useToastStore((state) => state.actions);

/** For code outside React, such as the QueryCache error handler. */
export const showToast = (toast: Omit<Toast, 'id'>): number => useToastStore.getState().actions.toastShown(toast);

/** For tests. */
export const toastStore = useToastStore;
