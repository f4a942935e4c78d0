import { ToastContainer } from 'react-toastify';

/**
 * Toasts sit top right and close after 5 s (docs/product-rules.md#messages). Loaded after first
 * paint.
 */
export const Toasts = () => (
  <ToastContainer position="top-right" autoClose={5000} newestOnTop theme="colored" />
);
