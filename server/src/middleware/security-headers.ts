import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet's defaults) with three changes:
 * - Referrer-Policy `same-origin`: our own pages keep the referrer; other sites get none.
 * - CSP `form-action` also allows APP_URL's origin: the sandbox checkout's Pay form redirects to
 *   the app's callback URL, which in development is another origin (the Vite server), and
 *   browsers apply form-action to a form's redirects too.
 * - CSP `upgrade-insecure-requests` only in production (served over HTTPS). Over plain HTTP in
 *   development and tests it would turn the page's own requests into HTTPS ones that fail.
 * The rest of helmet's CSP suits the built client and the sandbox pages: scripts only from our
 * origin (Vite emits no inline script), styles from our origin or inline (react-toastify inserts
 * its stylesheet; the sandbox pages carry a `<style>` block), images from our origin or `data:`.
 */
export const securityHeaders = ({
  appUrl,
  isProduction,
}: {
  appUrl: string;
  isProduction: boolean;
}): RequestHandler =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        formAction: ["'self'", new URL(appUrl).origin],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
