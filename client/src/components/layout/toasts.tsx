import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';

/**
 * Toasts sit top right (docs/product-rules.md#messages). A success or notice closes after 10 s,
 * paused while the pointer is over it or the window is in the background; an error stays until
 * its close button is pressed: on a phone nothing can hover to keep it, and an error is what a
 * slow reader (large text, a screen reader) must not miss. Loaded after first paint.
 */
export const Toasts = () => {
  useEffect(
    () =>
      toast.onChange((item) => {
        if (item.status === 'added' && item.type === 'error')
          toast.update(item.id, { autoClose: false });
      }),
    [],
  );
  return (
    <ToastContainer
      position="top-right"
      autoClose={10_000}
      newestOnTop
      theme="colored"
      closeButton
      pauseOnFocusLoss
    />
  );
};
