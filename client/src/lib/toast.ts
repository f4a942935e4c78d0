import type { ToastContent } from 'react-toastify';

/**
 * `toast.error / success / info` as react-toastify has them, with react-toastify (~10 KB) loaded
 * on the first toast rather than with every screen that can show one: it is not needed for a
 * screen's first paint (decision 0016). react-toastify queues a toast until its container (the
 * lazy components/layout/toasts.tsx) is mounted.
 */
const show =
  (kind: 'error' | 'success' | 'info') =>
  (content: ToastContent): void => {
    void import('react-toastify').then(({ toast }) => toast[kind](content));
  };

export const toast = { error: show('error'), success: show('success'), info: show('info') };
