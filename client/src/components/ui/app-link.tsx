import { createContext, useContext, type ReactNode } from 'react';

export type TAppLinkProps = {
  to: string;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
};

/** Draws a link: the router's, or the landing shell's anchor. */
export type TRenderLink = (props: TAppLinkProps) => ReactNode;

const plainLink: TRenderLink = ({ to, children, ...rest }) => (
  <a href={to} {...rest}>
    {children}
  </a>
);

/**
 * The link the landing page's pieces use (landing page, brand, footer). In the app it is the
 * router's Link (app/app-layout.tsx provides it); in the landing shell, which has no router
 * (app/landing-shell.tsx), an anchor that starts the app on click. By default a plain anchor.
 */
export const LinkContext = createContext<TRenderLink>(plainLink);

export const AppLink = (props: TAppLinkProps) => useContext(LinkContext)(props);
