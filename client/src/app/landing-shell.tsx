import type { TPageData } from '@vendo/shared/schemas/page-data';
import type { TSiteInfo } from '@vendo/shared/schemas/site';
import { StrictMode, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { ChatLink } from '@/components/layout/chat-link';
import { SkipLink } from '@/components/layout/skip-link';
import { LinkContext, type TAppLinkProps, type TRenderLink } from '@/components/ui/app-link';
import { LandingPage } from '@/features/landing/components/landing-page';
import { SiteFooter } from '@/features/landing/components/site-footer';
import { PageDataContext, usePageData } from '@/lib/page-data';

/**
 * A visitor's first load of / (decision 0016): the landing page with neither the router nor the
 * store, so the page paints once React and this bundle are in. The site's details come with the
 * page (lib/page-data.ts); the Vite dev server embeds none, so then they are fetched.
 * A link starts the app at its address (main.tsx): `navigate` loads the app's chunk, which
 * renders the router in place of this shell.
 */
export const LandingShell = ({ navigate }: { navigate: (to: string) => void }) => {
  const [site, setSite] = useState<TSiteInfo | undefined>(usePageData('site'));

  useEffect(() => {
    if (site) return;
    let live = true;
    fetch('/api/v1/site')
      .then((res) => (res.ok ? (res.json() as Promise<TSiteInfo>) : undefined))
      .then((value) => live && value && setSite(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [site]);

  const [shellLink] = useState<TRenderLink>(() => ({ to, children, ...rest }: TAppLinkProps) => (
    <a
      href={to}
      {...rest}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // A new tab or window is the browser's business; a plain click stays in this page.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        if (event.altKey || event.defaultPrevented) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  ));

  return (
    <LinkContext.Provider value={shellLink}>
      <SkipLink />
      <LandingPage userName={null} loggedIn={false} footer={<SiteFooter site={site} />} />
      <ChatLink chatUrl={site?.chatUrl} inAccount={false} />
    </LinkContext.Provider>
  );
};

/**
 * The shell as main.tsx renders it and the server renders it for / (entry-server.tsx): one
 * tree for both, so the browser can attach to the server's markup.
 */
export const landingShell = (navigate: (to: string) => void, pageData: TPageData): ReactNode => (
  <StrictMode>
    <PageDataContext value={pageData}>
      <LandingShell navigate={navigate} />
    </PageDataContext>
  </StrictMode>
);
