import type { MouseEvent } from 'react';

/**
 * "Skip to content": the first stop of Tab on every page (the app's layout and the landing
 * page's first-load shell), to the page's main region. No router here: the shell has none.
 */
export const SkipLink = () => {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href="#main" onClick={onClick}>
      Skip to content
    </a>
  );
};
