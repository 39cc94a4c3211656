import { afterEach, describe, expect, it } from 'vitest';
import { showToast, toastStore } from './toast-store';

afterEach(() => toastStore.setState({ toasts: [] }));

describe('toast store', () => {
  it('shows a toast once while an identical one is on screen, and again once it is dismissed', () => {
    const failure = {
      tone: 'error' as const,
      title: 'Could not refresh data',
      message: 'The platform could not be reached.',
    };
    const first = showToast(failure);
    expect(showToast(failure)).toBe(first);
    expect(toastStore.getState().toasts).toHaveLength(1);

    showToast({ ...failure, message: 'Another reason.' });
    expect(toastStore.getState().toasts).toHaveLength(2);

    toastStore.getState().actions.toastDismissed(first);
    expect(showToast(failure)).not.toBe(first);
    expect(toastStore.getState().toasts.map((toast) => toast.message)).toEqual(['Another reason.', failure.message]);
  });
});
