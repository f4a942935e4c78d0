import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page's main heading; else, once the page has had `waited` ms to render its heading (its
 * code may still be loading), its main region; else null.
 */
const pageTarget = (waited: number): HTMLElement | null =>
  document.querySelector<HTMLElement>('main h1') ??
  document.querySelector<HTMLElement>('h1') ??
  (waited > 1500 ? document.querySelector<HTMLElement>('main') : null);

const focusQuietly = (target: HTMLElement) => {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
};

/**
 * After a change of page (not the first load: the browser starts at the top of the page then),
 * focus moves to the new page's main heading, so Tab goes on from the page, not from the link
 * that was pressed in the menu, and a screen reader reads where it is; a polite live region
 * also says the page's name. Lazy pages render after the route changes, so it waits up to 5 s
 * for a heading. A field of the new page or a dialog that took focus meanwhile keeps it.
 */
export const RouteAnnouncer = () => {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    let timer = 0;
    const attempt = () => {
      const target = pageTarget(Date.now() - started);
      // Something on the new page took focus already (a field with autofocus, a dialog): keep it.
      const active = document.activeElement;
      const taken =
        active instanceof HTMLElement &&
        active !== document.body &&
        active.closest('main, [aria-modal="true"]') !== null;
      if (target && !taken) {
        focusQuietly(target);
        setMessage(target.textContent?.trim() || document.title);
      } else if (target) {
        setMessage(target.textContent?.trim() || document.title);
      } else if (!taken && Date.now() - started < 5000) {
        timer = window.setTimeout(attempt, 100);
      }
    };
    // After the page has rendered (and after a closing drawer gave focus back to its button).
    timer = window.setTimeout(attempt, 50);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
};
